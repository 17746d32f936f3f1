"""A French and a Dutch chapter in a real JupyterLab, done by clicking; the language menu.

The French chapter 04 (at 1024x768) and the Dutch chapter 00 (at 1400x900) are opened from
``notebooks/fr`` and ``notebooks/nl``, run as a learner runs them, and their tasks done by
clicking the map and the decision panel. The test reads what the learner reads: the lesson,
the decision panel and the district names on the map are in the chapter's language (no
English word of the lesson panel's buttons is left). Then the board's language menu switches
the French chapter to Dutch and back: the lesson's title, its tasks and the panel follow,
and the tasks already done stay done.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mp_tutor.widgets  # noqa: F401 - the widgets' catalogs
import pytest
from test_chapters import check_view, click, district, done_count, wait_done
from ui import settle

from mp_tutor.core.i18n import render, t

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
BUTTONS = ("Hint", "Show me", "Restart")


def words(text: str, lang: str) -> str:
    """A sentence of the lesson panel in ``lang`` (it must have been translated)."""
    out = render(t(text), lang)
    assert out != text, f"{text!r} is not translated into {lang}"
    return out


def buttons_in(page: Any, lang: str) -> None:
    """The lesson panel's buttons are in ``lang`` (no English button left)."""
    shown = {b.strip() for b in page.locator(".mp-lesson-side button").all_inner_texts()}
    translated = {b: render(t(b), lang) for b in BUTTONS}  # Dutch says "Hint" too
    assert set(translated.values()) <= shown, shown
    assert not {b for b, x in translated.items() if x != b} & shown, shown
    assert any(x != b for b, x in translated.items()), f"no button translated into {lang}"


def side_text(page: Any) -> str:
    return page.locator(".mp-lesson-side").first.inner_text()


def map_names(page: Any) -> str:
    """The district names on the map, lines joined by spaces."""
    return " ".join(page.evaluate("""() => [...document.querySelectorAll(
        '.mp-board .mp-picture .mp-dname')].map(n => {
            const lines = [...n.querySelectorAll('tspan')].map(t => t.textContent.trim());
            return (lines.length ? lines.join(' ') : n.textContent).trim(); })"""))


def choose_language(page: Any, code: str) -> None:
    """Pick a language in the board's menu and wait until the lesson panel has changed."""
    before = side_text(page)
    page.locator(".mp-board select.mp-language").first.select_option(code)
    page.wait_for_function(
        "(b) => document.querySelector('.mp-lesson-side').innerText !== b", arg=before,
        timeout=20_000)
    settle(page, 300)


def open_chapter(page: Any, run_all: Any) -> None:
    run_all(page)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible", timeout=60_000)
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)


@pytest.mark.browser
def test_french_chapter_by_clicking_then_the_language_menu(open_notebook, run_all, screenshot,
                                                            console_messages) -> None:
    page = open_notebook(NOTEBOOKS / "fr" / "04-production.ipynb", name="fr-04-production.ipynb",
                         viewport=(1024, 768))
    open_chapter(page, run_all)
    where = "chapter 04 in French at 1024x768"
    check_view(page, where, [])
    text = side_text(page)
    assert "Les quartiers de Production" in text, text
    buttons_in(page, "fr")
    assert "Plantation de Coca" in map_names(page), map_names(page)
    assert page.locator(".mp-board select.mp-language").first.input_value() == "fr"
    screenshot(page, "chapter_04_fr_1024x768_start")

    click(page, district("coca_plantation"), where)
    wait_done(page, 1)
    assert "produisent" in page.locator(".mp-decision-panel").first.inner_text()
    click(page, "button.mp-produce-confirm", where)
    wait_done(page, 2)

    choose_language(page, "nl")  # halfway through: the lesson goes on in Dutch
    assert "De productiewijken" in side_text(page)
    buttons_in(page, "nl")
    assert "cocaplantage" in map_names(page).lower(), map_names(page)
    assert done_count(page) == 2
    screenshot(page, "chapter_04_nl_after_menu_1024x768")
    choose_language(page, "fr")
    assert "Les quartiers de Production" in side_text(page)

    click(page, "button.mp-produce-confirm", where)  # Yellow: 1
    click(page, "button.mp-produce-confirm", where)  # Red: 2
    wait_done(page, 3)
    check_view(page, f"{where}, done", [])
    screenshot(page, "chapter_04_fr_1024x768_done")
    assert words("All tasks done: well played!", "fr") in side_text(page)
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors


@pytest.mark.browser
def test_dutch_chapter_by_clicking(open_notebook, run_all, screenshot, console_messages) -> None:
    page = open_notebook(NOTEBOOKS / "nl" / "00-start-here.ipynb", name="nl-00-start-here.ipynb",
                         viewport=(1400, 900))
    open_chapter(page, run_all)
    where = "chapter 00 in Dutch at 1400x900"
    check_view(page, where, [])
    assert page.locator(".mp-board select.mp-language").first.input_value() == "nl"
    screenshot(page, "chapter_00_nl_1400x900_start")
    click(page, district("corn_terraces"), where)
    wait_done(page, 1)
    click(page, "button.mp-produce-confirm", where)
    wait_done(page, 2)
    click(page, district("llamas_meadow"), where)
    click(page, "button.mp-produce-confirm", where)
    wait_done(page, 3)
    buttons_in(page, "nl")
    assert words("All tasks done: well played!", "nl") in side_text(page)
    screenshot(page, "chapter_00_nl_1400x900_done")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors



def toolbar(page: Any) -> dict[str, list[dict[str, Any]]]:
    """The board toolbar's buttons and menus as shown: text, top, and the text's lines."""
    return page.evaluate("""() => {
        const shown = (sel) => [...document.querySelectorAll(sel)].filter(b => b.offsetParent !== null)
            .map(b => { const r = b.getBoundingClientRect(), cs = getComputedStyle(b);
                const lh = parseFloat(cs.lineHeight) || 1.2 * parseFloat(cs.fontSize);
                const pad = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
                return {text: b.innerText, top: Math.round(r.top),
                        lines: Math.round((r.height - pad - 2) / lh)}; });
        return {buttons: shown('.mp-board .mp-toolbar .mp-buttons > button'),
                menus: shown('.mp-board .mp-toolbar .mp-menus > select')}; }""")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_toolbar_buttons_on_one_row_at_1400(open_notebook, run_all, screenshot, lang) -> None:
    """At 1400 px (the side column beside the board), the toolbar's buttons (Undo, Redo, Next,
    Present) keep one row and one line each, in French and Dutch; the menus (view, language)
    follow them, together, on the same row or the next."""
    page = open_notebook(NOTEBOOKS / lang / "04-production.ipynb", name=f"{lang}-04-toolbar.ipynb",
                         viewport=(1400, 900))
    open_chapter(page, run_all)
    screenshot(page, f"toolbar_{lang}_04_1400x900")
    bar = toolbar(page)
    present = words("Present", lang)
    assert any(present == b["text"].strip() for b in bar["buttons"]), bar
    assert len({b["top"] for b in bar["buttons"]}) == 1, bar
    assert all(b["lines"] == 1 for b in bar["buttons"]), bar
    assert len(bar["menus"]) == 2 and len({m["top"] for m in bar["menus"]}) == 1, bar
    assert bar["menus"][0]["top"] >= bar["buttons"][0]["top"], bar
