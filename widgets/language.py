"""The words of the board's controls and its language menu."""

from __future__ import annotations

from mp_tutor.core.errors import shown
from mp_tutor.core.i18n import LANGUAGES, get_language, render, t

#: each language named in itself (the menu of the board)
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "nl": "Nederlands"}


def check_language(code: object) -> None:
    """Refuse a language the tutor does not have."""
    if code not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {shown(code)}")


def language_menu() -> list[list[str]]:
    """The board's language menu: ``[code, name]`` pairs, none if there is only one."""
    menu = [[c, LANGUAGE_NAMES.get(c, c)] for c in LANGUAGES]
    return menu if menu[1:] else []


def labels() -> dict[str, str]:
    """The words of the board's controls, in the current language (``lang``: its code, which
    the browser gives the board and its panels as their ``lang``)."""
    return {"lang": get_language()} | {k: render(v) for k, v in {
        "undo": t("Undo"), "redo": t("Redo"), "next": t("Next"), "present": t("Present"),
        "exit": t("Exit presentation"), "back": t("Back"), "forward": t("Forward"),
        "ok": t("OK"), "cancel": t("Cancel"), "log": t("What happened"), "view": t("View"),
        "dismiss": t("Dismiss"), "rule": t("Rule"), "bot": t("bot"), "language": t("Language"),
        "hint": t("Coach's hint"), "why": t("Why?"), "cost": t("What did that cost?"),
        "close": t("Close"), "play_hint": t("Play this move"), "why_tip": t("Ask the coach why this bot made this move"),
        "cost_tip": t("Compare your move with the coach's best choice"),
        "reasons_for": t("For this move:"), "drawbacks": t("Drawbacks:"),
    }.items()}


__all__ = ["LANGUAGE_NAMES", "check_language", "labels", "language_menu"]
