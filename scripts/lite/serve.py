"""Serve the built classroom site on 127.0.0.1 for a try-out (``bash scripts/site.sh --serve``).

Any static web host serves the site as well; this one only makes sure of the types a
browser insists on (``.wasm`` as ``application/wasm`` for streaming compilation, ``.mjs``
as JavaScript) and listens on the loopback address only::

    python scripts/lite/serve.py site 8000
"""

from __future__ import annotations

import argparse
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".ipynb": "application/json", ".whl": "application/zip",
         ".toml": "text/plain; charset=utf-8", ".md": "text/markdown; charset=utf-8"}


class Handler(SimpleHTTPRequestHandler):
    """Static files with the types above; a quiet log unless asked."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    verbose = False

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        if self.verbose:
            super().log_message(format, *args)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("port", type=int, nargs="?", default=8000)
    ap.add_argument("--log", action="store_true", help="print every request")
    args = ap.parse_args(argv)
    if not (args.folder / "index.html").exists():
        print(f"serve.py: {args.folder} has no index.html (build it: bash scripts/site.sh)",
              file=sys.stderr)
        return 2
    Handler.verbose = args.log
    handler = functools.partial(Handler, directory=str(args.folder))
    with ThreadingHTTPServer(("127.0.0.1", args.port), handler) as httpd:
        port = httpd.server_address[1]
        print(f"Serving {args.folder}/ at http://127.0.0.1:{port}/ (Ctrl-C stops)\n"
              f"  start here: http://127.0.0.1:{port}/lab/index.html?path=00-start-here.ipynb\n"
              f"  put chapters back as shipped: http://127.0.0.1:{port}/reset/", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
