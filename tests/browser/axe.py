"""axe-core for the browser tests, from npm, pinned, checked and cached (git-ignored).

``axe_source()`` returns the text of ``axe.min.js``: from ``.cache/axe-core-<version>/`` if
it is there, else ``npm pack axe-core@<version>`` (the npm registry) into that folder, its
integrity checked against the pinned one before it is used. Without npm or the registry the
tests that need it are skipped, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

VERSION = "4.10.2"
#: the registry's dist.integrity of axe-core@4.10.2
INTEGRITY = ("sha512-RE3mdQ7P3FRSe7eqCWoeQ/Z9QXrtniSjp1wUjt5nRC3WIpz5rSCve6o3fsZ2aCpJtrZjSZgjwXA"
             "oTO5k4tEI0w==")
CACHE = Path(__file__).resolve().parents[2] / ".cache" / f"axe-core-{VERSION}"


def _fail_or_skip(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} [CI=true, so this is a failure]", pytrace=False)
    pytest.skip(reason)


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def axe_source() -> str:
    """The text of axe-core's ``axe.min.js`` (fetched once, then cached)."""
    script = CACHE / "axe.min.js"
    if script.is_file():
        return script.read_text("utf-8")
    npm = shutil.which("npm")
    if npm is None:
        _fail_or_skip("the accessibility tests need npm (for axe-core); apt-get install npm")
    CACHE.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run([npm, "pack", f"axe-core@{VERSION}", "--silent"], cwd=CACHE, check=True,
                       capture_output=True, timeout=180)
    except (subprocess.SubprocessError, OSError) as exc:
        _fail_or_skip(f"npm pack axe-core@{VERSION} failed: {exc}")
    tgz = CACHE / f"axe-core-{VERSION}.tgz"
    data = tgz.read_bytes()
    if _integrity(data) != INTEGRITY:
        tgz.unlink()
        pytest.fail(f"axe-core-{VERSION}.tgz does not match its pinned integrity", pytrace=False)
    with tarfile.open(tgz) as tar:
        member = tar.extractfile("package/axe.min.js")
        assert member is not None
        script.write_bytes(member.read())
    return script.read_text("utf-8")


def run_axe(page, selector: str, incomplete: bool = False) -> list[dict]:
    """axe-core's violations (every impact) inside the elements matching ``selector``; with
    ``incomplete``, also what it could not decide (``"incomplete": true``)."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=axe_source())
    return page.evaluate("""async ([sel, incomplete]) => {
        const found = Array.from(document.querySelectorAll(sel));
        const out = [];
        const types = incomplete ? ['violations', 'incomplete'] : ['violations'];
        for (const el of found) {
            const r = await window.axe.run(el, {resultTypes: types});
            for (const [kind, list] of [['violations', r.violations], ['incomplete', r.incomplete]]) {
                if (!types.includes(kind)) continue;
                for (const v of list) out.push({id: v.id, impact: v.impact, help: v.help,
                    incomplete: kind === 'incomplete',
                    nodes: v.nodes.slice(0, 4).map(n => [n.target.join(' '), n.failureSummary])});
            }
        }
        return out;
    }""", [selector, incomplete])


__all__ = ["VERSION", "axe_source", "run_axe"]


if __name__ == "__main__":  # scripts/test.sh: fetch it once before the tests run in parallel
    import sys

    try:
        axe_source()
        print(f"+ axe-core {VERSION} in {CACHE}")
    except BaseException as exc:  # noqa: BLE001 - pytest's skip/fail outcomes
        print(f"axe-core {VERSION} could not be had: {exc}")
        sys.exit(1 if os.environ.get("CI") == "true" else 0)
