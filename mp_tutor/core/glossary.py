"""The glossary pages: every game's names of things, one page per language.

``docs/<lang>/GLOSSARY.md`` lists each term in that language with the English name and, where
the rulebook gives it, the German one; ``docs/GLOSSARY.md`` lists every language side by
side. The pages are generated from the games' glossary files (``data/glossary.toml``):

    python -m mp_tutor.core.glossary           # write the pages
    python -m mp_tutor.core.glossary --check   # are they up to date? (exit 1 if not)
"""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

from .i18n import DEFAULT_LANGUAGE, HEADING, LANGUAGES, Term, render, t
from .registry import get_game, known_games

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GERMAN = "de"
#: prefixes of the kinds that hold grammatical forms of another kind (not listed on the pages)
FORMS = ("the_", "in_")
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "nl": "Nederlands", "de": "Deutsch"}


def _terms(game: str) -> dict[str, list[str]]:
    path = get_game(game).chapter_dir.parent / "data" / "glossary.toml"
    if not path.is_file():
        return {}
    raw = tomllib.loads(path.read_text("utf-8"))
    # "the_<kind>" and "in_<kind>" are the same names in the forms a sentence needs
    return {kind: list(terms) for kind, terms in raw.items()
            if not kind.startswith(FORMS) and kind != HEADING}


def page(lang: str) -> str:
    """The glossary page of ``lang`` (Markdown)."""
    if lang == DEFAULT_LANGUAGE:
        cols = [*LANGUAGES, GERMAN]
    else:
        cols = [lang, DEFAULT_LANGUAGE, GERMAN]
    title = render(t("Glossary"), lang)
    command = "`python -m mp_tutor.core.glossary`"
    if lang == DEFAULT_LANGUAGE:
        intro = t("The names of the games' things in every language of the tutor, side by side, "
                  "and the German name where the rulebook gives it. Generated from the games' "
                  "glossary files by {command}.", command=command)
    else:  # each translation names its own language ("en français", "in het Nederlands")
        intro = t("The names of the games' things in this page's language, with the English "
                  "and, where the rulebook gives it, the German name. Generated from the games' "
                  "glossary files by {command}.", command=command)
    lines = [f"# {title}", "", render(intro, lang), ""]
    for game in known_games():
        terms = _terms(game)
        if not terms:
            continue
        lines += [f"## {render(get_game(game).title, lang)}", ""]
        for kind in terms:  # in the order of the glossary file
            lines += [f"### {_heading(game, kind, lang)}", "",
                      "| " + " | ".join(LANGUAGE_NAMES.get(c, c) for c in cols) + " |",
                      "|" + "---|" * len(cols)]
            for ident in terms[kind]:
                names = []
                for c in cols:
                    name = Term(kind, ident).render(c) if c != GERMAN else _german(game, kind, ident)
                    names.append(name or "")
                lines.append("| " + " | ".join(names) + " |")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _raw(game: str) -> dict[str, dict[str, dict[str, str]]]:
    path = get_game(game).chapter_dir.parent / "data" / "glossary.toml"
    return tomllib.loads(path.read_text("utf-8"))


def _german(game: str, kind: str, ident: str) -> str:
    return str(_raw(game).get(kind, {}).get(ident, {}).get(GERMAN, ""))


def _heading(game: str, kind: str, lang: str) -> str:
    """The heading of a kind of terms in ``lang`` (the game's ``[heading.<kind>]``)."""
    names = _raw(game).get(HEADING, {}).get(kind, {})
    return names.get(lang) or names.get(DEFAULT_LANGUAGE) or kind.replace("_", " ").capitalize()


def path_of(lang: str) -> Path:
    return DOCS / "GLOSSARY.md" if lang == DEFAULT_LANGUAGE else DOCS / lang / "GLOSSARY.md"


def stale() -> list[Path]:
    """Glossary pages that differ from what the glossary files give."""
    return [path_of(lang) for lang in LANGUAGES
            if not path_of(lang).is_file() or path_of(lang).read_text("utf-8") != page(lang)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m mp_tutor.core.glossary", description=__doc__)
    ap.add_argument("--check", action="store_true", help="only check the pages are up to date")
    args = ap.parse_args(argv)
    if args.check:
        bad = stale()
        for p in bad:
            print(f"{p.relative_to(ROOT)}: out of date")
        return 1 if bad else 0
    for lang in LANGUAGES:
        p = path_of(lang)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(page(lang), "utf-8")
        print(p.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
