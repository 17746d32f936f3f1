"""Build hook: compile the gettext catalogs (.po -> .mo) whenever the package is built or
installed (also for editable installs). Everything else is in pyproject.toml."""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mp_tutor.core.catalogs import compile_all  # noqa: E402 - the source tree is on the path now


class BuildPy(build_py):
    """``build_py`` that first compiles every ``locale/<lang>/LC_MESSAGES/messages.po``."""

    def run(self) -> None:
        for mo in compile_all():
            self.announce(f"compiled {mo}", level=2)
        super().run()


setup(cmdclass={"build_py": BuildPy})
