"""Hostile text in scenarios and chapters is shown as text, never as markup.

Every string field a teacher or author writes (titles, descriptions, script ``say``,
task ids, instructions, hints, done texts, quiz questions and reveals) gets a payload with
a tag, an event handler, both quotes and a script end; every string the browser renders
as markup (HTML widgets' values, the board's pictures) must contain none of it unescaped.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from mp_tutor.widgets import LessonPanel, Tutor
from widget_state import html_values

from mp_tutor.core.lessons import load_chapter_text
from mp_tutor.core.markup import el
from mp_tutor.core.registry import get_game

PAYLOAD = "x<img src=x onerror=alert(1)>'\"</script><b>&"
INFO = get_game("princes")
ROOT = Path(__file__).resolve().parents[2]


class Checker(HTMLParser):
    """Collects what a browser would build from a string."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.events: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.events += [name for name, _ in attrs if name.lower().startswith("on")]


def assert_safe(values: list[str]) -> None:
    for value in values:
        checker = Checker()
        checker.feed(value)
        assert "img" not in checker.tags and "script" not in checker.tags, value[:300]
        assert not checker.events, value[:300]


def toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def hostile_chapter() -> str:
    text = (ROOT / "mp_tutor/princes/chapters/04-production.toml").read_text("utf-8")
    for key in ("title", "section", "instruction", "hint", "done", "question", "reveal"):
        text = re.sub(rf'^{key} = "(.*)"$', lambda m, k=key: f"{k} = {toml_string(m.group(1) + PAYLOAD)}",
                      text, flags=re.M)
    text = re.sub(r'^id = "enter"$', f"id = {toml_string('enter' + PAYLOAD[:40])}", text, flags=re.M)
    text = re.sub(r'^reveal = "(.*)"$', lambda m: f"reveal = {toml_string(PAYLOAD + ' {answer}')}",
                  text, flags=re.M)
    return text


def test_the_payload_breaks_naive_markup() -> None:
    """The checker is meaningful: unescaped, the payload makes a tag and a handler."""
    naive = Checker()
    naive.feed(f"<li data-task='{PAYLOAD}'>{PAYLOAD}</li>")
    assert "img" in naive.tags and naive.events
    assert_safe([str(el("li", PAYLOAD, data_task=PAYLOAD))])


def test_hostile_chapter_renders_as_text() -> None:
    chapter = load_chapter_text("hostile.toml", hostile_chapter(), INFO)
    assert PAYLOAD in chapter.title and PAYLOAD[:40] in chapter.tasks[0].id
    lesson = LessonPanel(chapter)
    lesson.show_hint()
    lesson.act("produce 2")  # refused: the engine's reason and the hostile hint
    lesson.board.click("potters_quarter")  # off task: refused before it is applied
    lesson.solve()  # the first task: its hostile done text
    quiz = lesson.quiz(chapter.quizzes[0].id)
    quiz.reveal("3")
    values = html_values(lesson) + html_values(quiz)
    assert_safe(values)
    joined = "\n".join(values)
    assert "&lt;img src=x onerror=alert(1)&gt;" in joined  # the text is there, escaped
    assert "data-task=\"enter" in joined and "&#x27;" in joined


def test_hostile_scenario_renders_as_text_and_presents() -> None:
    text = (ROOT / "mp_tutor/princes/scenarios/temple-of-the-sun.toml").read_text("utf-8")
    text = re.sub(r'^title = "(.*)"$', lambda m: f"title = {toml_string(PAYLOAD)}", text, flags=re.M)
    text = re.sub(r'^rulebook = "(.*)"$', lambda m: f"rulebook = {toml_string(PAYLOAD)}", text,
                  flags=re.M)
    text = text.replace('say = """', f'say = """{PAYLOAD.replace(chr(34), "")}')
    scenario = INFO.read_scenario("hostile.toml", text)
    assert PAYLOAD in scenario.title
    tutor = Tutor(scenario.build())
    assert tutor.present()
    tutor.board.presenter.forward()
    assert PAYLOAD.replace('"', "")[:20] in tutor.board.presentation["text"]  # shown as text
    assert_safe(html_values(tutor))


def test_the_browser_code_puts_text_in_with_text_content_only() -> None:
    """innerHTML is only ever given the pictures built in Python with the escaping helper."""
    for path in (ROOT / "widgets").rglob("*.js"):
        for line in path.read_text("utf-8").splitlines():
            if "innerHTML" in line:
                assert re.search(r"(picture\.innerHTML = model\.get\(\"svg\"\)|card\.innerHTML = svg;)",
                                 line), f"{path.name}: {line.strip()}"
