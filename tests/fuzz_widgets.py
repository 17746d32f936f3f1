"""The fuzzing kit's widget half: hostile strings in chapter and scenario files, shown on the
widgets, and the oracle that finds a tag or an event handler a browser would build from them.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from typing import Any

from fuzz_core import Fuzzer, toml_doc, toml_value

from mp_tutor.core.scenarios import ScenarioError

# ---------------------------------------------------------------------------------------
# Hostile strings in scenario and chapter files, rendered by the widgets
# ---------------------------------------------------------------------------------------
MARKUP = ("<img src=x onerror=alert(1)>", "'\"><svg onload=alert(1)>", "</script><script>x()",
          "</text><b>&amp;", "<iframe src=javascript:alert(1)>", "{answer}<a href=x>", "&<>'\"",
          "<!-- -->--><style>", "]]><x>", "<b onmouseover='y'>")
#: string fields a teacher or author writes, in a chapter (one per line) and a scenario
CHAPTER_STRINGS = ("title", "section", "summary", "recap", "instruction", "hint", "done",
                   "question", "reveal")
SCENARIO_STRINGS = ("title", "description", "rulebook", "say")


def hostile_text(rng: random.Random, base: str = "") -> str:
    """``base`` with one or two markup payloads in it (at the start, end or inside)."""
    payload = "".join(rng.choice(MARKUP) for _ in range(rng.randrange(1, 3)))
    cut = rng.randrange(len(base) + 1)
    return base[:cut] + payload + base[cut:]


def markup_problems(values: list[str]) -> str:
    """The first string a browser would build a tag or an event handler from, or ''."""
    from test_markup_safety import Checker  # the widget tests' parser (tests/widgets)

    for value in values:
        checker = Checker()
        checker.feed(value)
        bad = {"img", "script", "svg", "iframe", "x"} & set(checker.tags)
        if value.lstrip().startswith("<svg"):  # a picture: its own svg element is fine
            bad.discard("svg")
            bad = bad if checker.tags.count("svg") < 2 else bad | {"svg"}
        if bad or checker.events:
            return f"{sorted(bad)} {checker.events}: {value[:200]}"
    return ""


def _hostile_lines(rng: random.Random, text: str, keys: tuple[str, ...]) -> str:
    """Some ``key = "..."`` lines of a TOML text with a payload in their string."""
    def edit(m: re.Match[str]) -> str:
        if rng.random() < 0.4:
            return m.group(0)
        return f"{m.group(1)} = {toml_value(hostile_text(rng, json.loads(m.group(2))))}"
    return re.sub(rf'^({"|".join(keys)}) = ("(?:[^"\\]|\\.)*")$', edit, text, flags=re.M)


def escape_problem(fz: Fuzzer, rng: random.Random) -> tuple[str, str]:
    """A chapter or a scenario with payloads in its string fields, shown on the widgets (a
    lesson with a hint and a solved task; a tutor presenting the script): ``("unescaped",
    detail)`` if a string the browser renders as markup holds a payload's tag or handler."""
    from mp_tutor.widgets import LessonPanel, Tutor

    from mp_tutor.core.lessons import LessonError, load_chapter_text

    try:
        if rng.random() < 0.5:
            path = rng.choice(sorted(fz.info.chapter_dir.glob("*.toml")))
            chapter = load_chapter_text(path.name, _hostile_lines(
                rng, path.read_text("utf-8"), CHAPTER_STRINGS), fz.info)
            root: Any = LessonPanel(chapter)
            root.show_hint()
            root.solve()
            what = f"chapter {path.name}"
        else:
            path = rng.choice(fz.shipped)
            doc = tomllib.loads(path.read_text("utf-8"))
            for key in SCENARIO_STRINGS[:3]:
                if key in doc["scenario"] and rng.random() < 0.7:
                    doc["scenario"][key] = hostile_text(rng, doc["scenario"][key])
            for step in doc.get("script", []):
                step["say"] = hostile_text(rng, step.get("say", ""))
            root = Tutor(fz.info.read_scenario(path.name, toml_doc(doc)).build())
            root.present()
            for _ in range(rng.randrange(4)):
                root.board.presenter.forward()
            what = f"scenario {path.name}"
    except (ScenarioError, LessonError) as exc:  # e.g. a field made too long: refused by name
        return ("refused", exc.field) if exc.field else ("crash", f"no field: {exc}")
    except Exception as exc:  # noqa: BLE001
        return "crash", f"widgets: {type(exc).__name__}: {exc}"
    problem = markup_problems(widget_html(root))
    return ("unescaped", f"{what}: {problem}") if problem else ("accepted", "")


def widget_html(root: Any) -> list[str]:
    from widget_state import html_values

    return html_values(root)


__all__ = [name for name in dir() if not name.startswith("_")]
