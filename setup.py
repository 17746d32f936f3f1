"""Build hook: compile the gettext catalogs (.po -> .mo) whenever the package is built or
installed (also for editable installs), and install the tutor's own JupyterLab extension
(``labextension/``, prebuilt: see ``labextension/prebuilt.py``) under
``share/jupyter/labextensions/``. Everything else is in pyproject.toml."""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from labextension import prebuilt  # noqa: E402 - the source tree is on the path now
from mp_tutor.core.catalogs import compile_all  # noqa: E402


class BuildPy(build_py):
    """``build_py`` that first compiles every ``locale/<lang>/LC_MESSAGES/messages.po``."""

    def run(self) -> None:
        for mo in compile_all():
            self.announce(f"compiled {mo}", level=2)
        super().run()


def labextension_files() -> list[tuple[str, list[str]]]:
    """The prebuilt extension, written into build/labextension/, as setup()'s data_files."""
    entry = prebuilt.write(HERE / "build" / "labextension" / prebuilt.NAME)
    built = entry.parents[1].relative_to(HERE).as_posix()
    return [(prebuilt.INSTALL_DIR, [f"{built}/package.json"]),
            (f"{prebuilt.INSTALL_DIR}/static", [f"{built}/static/{entry.name}"])]


setup(cmdclass={"build_py": BuildPy}, data_files=labextension_files())
