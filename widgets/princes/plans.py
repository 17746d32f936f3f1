"""The labels of every chapter's first board, placed ahead: ``plans.json`` of
:mod:`mp_tutor.princes.svg.labels`.

Placing the map's labels is most of the first map's time in the browser's Python, and that
map is what every chapter's first cell draws. So the plans of every chapter's first board,
in each language, are computed here and shipped; the board still computes any other plan
(after a move, in large print, a lesson file of a teacher's own) and keeps it in memory.

    python -m mp_tutor.widgets.princes.plans            # write plans.json
    python -m mp_tutor.widgets.princes.plans --check    # exit 1 if it is not up to date

``tests/widgets/test_map.py`` checks it is up to date: every plan in it recomputed, and every
chapter's first board in it. A change to what the labels show (a district's name in a
catalog, a chapter's position) or to how they are placed (``labels.py``, ``fit.py``, the
fonts, the regions) needs it written again.
"""

from __future__ import annotations

import json
import sys

from mp_tutor.core.i18n import LANGUAGES, get_language, set_language
from mp_tutor.core.lessons import chapters_of
from mp_tutor.princes.svg import labels
from mp_tutor.princes.svg.fit import large_print

from ..lesson_panel import LessonPanel


def first_boards() -> set[labels.PlanArgs]:
    """The plans that drawing every princes chapter's first board asks for, in each
    language (the panel made as the chapter's first cell makes it, no progress kept)."""
    lang = get_language()
    try:
        with labels.asked() as got:
            for code in LANGUAGES:
                set_language(code)
                for chapter in chapters_of("princes", code).values():
                    LessonPanel(chapter, progress=False)
    finally:
        set_language(lang)
    return got


def table_text(wanted: set[labels.PlanArgs]) -> str:
    """The text of ``plans.json`` with the plans ``wanted`` computed afresh (one a line)."""
    lang = get_language()
    lines = []
    try:
        for args in sorted(wanted, key=labels.plan_key):
            d, name, sub, bonus, pieces, tag, code, large = args
            set_language(code)
            with large_print(large):
                plan = labels.compute_plan(d, name, sub, bonus, pieces, tag)
            lines.append(f"{json.dumps(labels.plan_key(args))}: "
                         f"{json.dumps(labels.plan_json(plan), ensure_ascii=False)}")
    finally:
        set_language(lang)
    return ('{"about": "the labels of every chapter\'s first board, placed ahead: python -m '
            'mp_tutor.widgets.princes.plans",\n"plans": {\n' + ",\n".join(lines) + "\n}}\n")


def main(argv: list[str] | None = None) -> int:
    """Write ``plans.json`` (``--check``: exit 1 if it is not up to date)."""
    args = sys.argv[1:] if argv is None else argv
    text = table_text(first_boards())
    if "--check" in args:
        ok = labels.PLANS.exists() and labels.PLANS.read_bytes() == text.encode()
        print(f"{labels.PLANS.name} is {'up to date' if ok else 'stale: run without --check'}")
        return 0 if ok else 1
    labels.PLANS.write_bytes(text.encode())
    labels.shipped.cache_clear()
    print(f"wrote {labels.PLANS} ({len(json.loads(text)['plans'])} plans)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
