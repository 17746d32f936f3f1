"""The message catalogs of the tutor: extract, update and compile them (with Babel).

Every package with texts a learner reads has a ``locale`` folder: ``messages.pot`` (the
template, extracted from the code), ``<lang>/LC_MESSAGES/messages.po`` (what a translator
edits) and ``messages.mo`` (compiled when the package is built or installed, git-ignored).
Messages are the English sentences given to ``t()``/``tn()`` in the code, the sections and
statements of ``rules.toml`` files and the texts of scenario files.

    python -m mp_tutor.core.catalogs extract   # write every messages.pot
    python -m mp_tutor.core.catalogs update    # merge the templates into every .po file
    python -m mp_tutor.core.catalogs compile   # .po -> .mo (also run by the build)
    python -m mp_tutor.core.catalogs check     # complete, same placeholders, compiled?
    python -m mp_tutor.core.catalogs init de   # start a new language

This module needs Babel (a build and test requirement, not needed to run the tutor).
"""

from __future__ import annotations

import argparse
import io
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import TypeAlias

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .i18n import DOMAIN, LANGUAGES
from .rules import statement_template

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"t": None, "tn": (1, 2), "say": None}
_PLACEHOLDER = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)\}")


def packages() -> list[tuple[Path, Path]]:
    """(source folder, locale folder) of every package that has texts."""
    found = [ROOT / "mp_tutor" / "core"]
    found += sorted(p.parent.parent for p in (ROOT / "mp_tutor").glob("*/data/rules.toml"))
    found += [ROOT / "mp_tutor" / "coach", ROOT / "mp_tutor" / "studio", ROOT / "widgets"]
    return [(f.resolve(), f.resolve() / "locale") for f in found if f.is_dir()]


#: a message found in the sources: a text, or its forms (singular, plural) for ``tn``
Message: TypeAlias = "str | tuple[str, ...]"


def _python_messages(folder: Path) -> Iterator[tuple[str, int, Message, list[str]]]:
    for path in sorted(folder.rglob("*.py")):
        if "locale" in path.parts:
            continue
        for lineno, message, comments, _ctx in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            yield str(path.relative_to(ROOT)), lineno, message, comments


def _toml_messages(folder: Path) -> Iterator[tuple[str, int, Message, list[str]]]:
    """Rule sections and statements, scenario titles, descriptions and steps."""
    for rules in (folder / "data" / "rules.toml", folder / "rules.toml"):
        if rules.is_file():
            yield from _rules_messages(rules)
    for path in sorted(folder.glob("**/scenarios/*.toml")):
        raw = tomllib.loads(path.read_text("utf-8"))
        rel = str(path.relative_to(ROOT))
        meta = raw.get("scenario", {})
        for key in ("title", "description", "rulebook"):
            if isinstance(meta.get(key), str) and meta[key].strip():
                yield rel, 0, meta[key].strip(), [f"scenario {key}"]
        for i, step in enumerate(raw.get("script", [])):
            if isinstance(step.get("say"), str) and step["say"].strip():
                yield rel, 0, step["say"].strip(), [f"script[{i}].say"]


def _rules_messages(rules: Path) -> Iterator[tuple[str, int, Message, list[str]]]:
    raw = tomllib.loads(rules.read_text("utf-8"))
    rel = str(rules.relative_to(ROOT))
    for name, text in raw.get("sections", {}).items():
        yield rel, 0, text, [f"section {name}"]
    for rid, spec in raw.get("rules", {}).items():
        yield rel, 0, statement_template(spec["text"]), [f"rule {rid}"]


def template(folder: Path) -> Catalog:
    """The messages of one package, as a catalog template."""
    cat = Catalog(project="mp-tutor", domain=DOMAIN, fuzzy=False)
    for rel, lineno, message, comments in [*_python_messages(folder), *_toml_messages(folder)]:
        ident: str | tuple[str, ...] = message if isinstance(message, str) else tuple(message)
        cat.add(ident, locations=[(rel, lineno)], auto_comments=comments)
    return cat


def _write(path: Path, data: bytes) -> None:
    """Write a catalog unless only its creation date would change (no churn in git)."""

    def body(raw: bytes) -> list[bytes]:
        return [line for line in raw.splitlines() if not line.startswith(b'"POT-Creation-Date:')]

    if not path.is_file() or body(path.read_bytes()) != body(data):
        path.write_bytes(data)


def _po_path(locale: Path, lang: str) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> list[Path]:
    out = []
    for folder, locale in packages():
        cat = template(folder)
        if not len(cat):
            continue
        locale.mkdir(exist_ok=True)
        path = locale / f"{DOMAIN}.pot"
        buf = io.BytesIO()
        write_po(buf, cat, omit_header=False, sort_output=True, width=100, include_lineno=False)
        _write(path, buf.getvalue())
        out.append(path)
    return out


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


def update(langs: tuple[str, ...] = LANGUAGES[1:]) -> list[Path]:
    """Merge each template into its languages' .po files (new messages empty, old ones kept)."""
    out = []
    for _folder, locale in packages():
        pot = locale / f"{DOMAIN}.pot"
        if not pot.is_file():
            continue
        tmpl = _read(pot)
        for lang in langs:
            po = _po_path(locale, lang)
            po.parent.mkdir(parents=True, exist_ok=True)
            cat = _read(po, lang) if po.is_file() else Catalog(locale=lang, domain=DOMAIN)
            cat.update(tmpl, no_fuzzy_matching=True)
            buf = io.BytesIO()
            write_po(buf, cat, sort_output=True, width=100, ignore_obsolete=True, include_lineno=False,
                     include_previous=False)
            _write(po, buf.getvalue())
            out.append(po)
    return out


def compile_all(folders: list[tuple[Path, Path]] | None = None) -> list[Path]:
    """Compile every ``.po`` into its ``.mo`` (skipping the fuzzy and empty ones)."""
    out = []
    for _folder, locale in folders or packages():
        for po in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            cat = _read(po, po.parent.parent.name)
            buf = io.BytesIO()
            write_mo(buf, cat, use_fuzzy=False)
            mo = po.with_suffix(".mo")
            if not mo.is_file() or mo.read_bytes() != buf.getvalue():
                mo.write_bytes(buf.getvalue())
            out.append(mo)
    return out


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def problems(langs: tuple[str, ...] = LANGUAGES[1:]) -> list[str]:
    """Every missing or fuzzy translation, placeholder mismatch, stale template or .mo."""
    bad = []
    for folder, locale in packages():
        tmpl = template(folder)
        if not len(tmpl):
            continue
        pot = locale / f"{DOMAIN}.pot"
        have = {m.id for m in _read(pot) if m.id} if pot.is_file() else set()
        want = {m.id for m in tmpl if m.id}
        if have != want:
            bad.append(f"{pot.relative_to(ROOT)}: out of date (run: python -m "
                       "mp_tutor.core.catalogs extract update)")
        for lang in langs:
            po = _po_path(locale, lang)
            if not po.is_file():
                bad.append(f"{po.relative_to(ROOT)}: missing")
                continue
            cat = _read(po, lang)
            for msg in tmpl:
                if not msg.id:
                    continue
                tr = cat.get(msg.id)
                where = f"{po.relative_to(ROOT)}: {str(msg.id)[:60]!r}"
                if tr is None or not tr.string or (isinstance(tr.string, tuple)
                                                   and not all(tr.string)):
                    bad.append(f"{where}: not translated")
                    continue
                if tr.fuzzy:
                    bad.append(f"{where}: fuzzy")
                ids = [msg.id] if isinstance(msg.id, str) else list(msg.id)
                strings = [tr.string] if isinstance(tr.string, str) else list(tr.string)
                need = set().union(*(placeholders(i) for i in ids))
                for s in strings:
                    if placeholders(s) - need or (placeholders(ids[0]) - placeholders(s)
                                                  and "{n}" not in ids[0] + s):
                        bad.append(f"{where}: placeholders {sorted(placeholders(s))} differ "
                                   f"from {sorted(need)}")
                        break
            mo = po.with_suffix(".mo")
            buf = io.BytesIO()
            write_mo(buf, cat, use_fuzzy=False)
            if not mo.is_file() or mo.read_bytes() != buf.getvalue():
                bad.append(f"{mo.relative_to(ROOT)}: not compiled (run: python -m "
                           "mp_tutor.core.catalogs compile)")
    return bad


def init(lang: str) -> list[Path]:
    """Start the catalogs of a new language (empty translations)."""
    return update((lang,))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m mp_tutor.core.catalogs", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("commands", nargs="+",
                    help="extract, update, compile, check, or init <lang>")
    args = ap.parse_args(argv)
    cmds = list(args.commands)
    while cmds:
        cmd = cmds.pop(0)
        if cmd == "extract":
            for p in extract():
                print(p.relative_to(ROOT))
        elif cmd == "update":
            for p in update():
                print(p.relative_to(ROOT))
        elif cmd == "compile":
            for p in compile_all():
                print(p.relative_to(ROOT))
        elif cmd == "check":
            bad = problems()
            for b in bad:
                print(b)
            if bad:
                return 1
            print("all catalogs complete")
        elif cmd == "init" and cmds:
            for p in init(cmds.pop(0)):
                print(p.relative_to(ROOT))
        else:
            ap.error(f"unknown command {cmd!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
