"""The tutor's own JupyterLab plugins (``remoteEntry.js`` beside this file) as a prebuilt
("federated") JupyterLab extension, ``mp-tutor-course``: one piece of code for the installed
tutor and the classroom site.

- ``setup.py`` installs it with the package under ``share/jupyter/labextensions/`` (a wheel's
  data files), where JupyterLab started from the same Python finds it;
- an editable install (``pip install -e``) installs no data files, so ``scripts/_venv.sh``
  (``scripts/tutor.sh`` and ``scripts/test.sh``, whose browser tests start JupyterLab from
  ``.venv``) runs ``python labextension/prebuilt.py install`` after every install check: it
  writes the extension into the running Python's ``share/jupyter/labextensions/`` when what
  is there is not this version;
- ``scripts/lite/build.py`` writes it into the classroom site's lite dir.

JupyterLab serves an extension's ``static/`` files as never changing (cached for good), so the
entry file is named by its contents: a new version gets a new name, and no browser keeps an
old one. Only the standard library is used (``setup.py`` runs it before anything is
installed).

>>> import tempfile
>>> entry = write(Path(tempfile.mkdtemp()) / NAME)
>>> entry.parent.name, entry.name.startswith("remoteEntry."), entry.suffix
('static', True, '.js')
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: the extension's name (its folder under ``share/jupyter/labextensions/``)
NAME = "mp-tutor-course"
#: where JupyterLab looks for it, relative to the installing Python's prefix
INSTALL_DIR = f"share/jupyter/labextensions/{NAME}"


def entry_name() -> str:
    """The entry file's name: ``remoteEntry.<the first 12 hex digits of its sha256>.js``."""
    digest = hashlib.sha256((HERE / "remoteEntry.js").read_bytes()).hexdigest()[:12]
    return f"remoteEntry.{digest}.js"


def write(dest: Path) -> Path:
    """Write the prebuilt extension into ``dest`` (emptied first): ``package.json`` naming
    its entry file and ``static/remoteEntry.<hash>.js``; return the entry file's path."""
    shutil.rmtree(dest, ignore_errors=True)
    (dest / "static").mkdir(parents=True)
    entry = dest / "static" / entry_name()
    shutil.copyfile(HERE / "remoteEntry.js", entry)
    package = json.loads((HERE / "package.json").read_text("utf-8"))
    package["jupyterlab"]["_build"]["load"] = f"static/{entry.name}"
    (dest / "package.json").write_text(json.dumps(package, indent=2) + "\n", "utf-8")
    return entry


def install(prefix: Path = Path(sys.prefix)) -> bool:
    """Write the extension under ``prefix`` (this Python's) unless this version is there;
    True when it was written."""
    dest = prefix / INSTALL_DIR
    if (dest / "static" / entry_name()).is_file() and (dest / "package.json").is_file():
        return False
    write(dest)
    return True


def main(argv: list[str]) -> int:
    """``python labextension/prebuilt.py install``: see :func:`install`."""
    if argv != ["install"]:
        print(f"usage: {sys.executable} {__file__} install", file=sys.stderr)
        return 2
    if install():
        print(f"+ JupyterLab extension {NAME} installed in {Path(sys.prefix) / INSTALL_DIR}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


__all__ = ["INSTALL_DIR", "NAME", "entry_name", "install", "write"]
