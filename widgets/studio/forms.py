"""The studio's form: one control per value of the position a game lets a teacher edit
(:class:`~mp_tutor.core.editing.Field`), changed by typing or choosing, each change sent to
the draft (the engine checks it; a refused value goes back to what the position holds).

>>> from mp_tutor.core.editing import Field, FieldKind, Position
>>> from mp_tutor.core.i18n import t
>>> box = FieldBox(Field("players.{each}.goods.coca", t("coca"), FieldKind.NUMBER, 0, 99), "Blue",
...                lambda path, value: None)
>>> box.path, box.control.description
('players.Blue.goods.coca', 'coca')
>>> box.show(4); box.control.value
4
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from mp_tutor.core.editing import Field, FieldKind, Position
from mp_tutor.core.i18n import render, t

from ..layout import STUDIO_ROWS, STUDIO_WIDTH

#: ``send(path, value)``: a value the teacher gave (the studio checks and keeps it)
Send = Callable[[str, object], None]
_WIDE = {"description_width": "initial"}


def full(height: str = "") -> w.Layout:
    """A layout that takes the panel's width (each control its own: a layout is shared by
    reference, and one control hidden would hide every control sharing it)."""
    return w.Layout(width=STUDIO_WIDTH, height=height or None)


def first_option(control: w.Dropdown | w.ToggleButtons | w.Select) -> None:
    """Choose the first option of a control that has none of its options chosen."""
    values = [v for _, v in control.options]
    if control.value not in values and values:
        control.value = values[0]


#: the studio's parts, in the order a teacher uses them, and their names
MODES = ("position", "script", "lesson", "save")
_MODE_NAMES = {"position": t("Position"), "script": t("Script"), "lesson": t("Lesson"),
               "save": t("Save")}


def mode_label(mode: str) -> str:
    """A part of the studio as its button reads: its number and name ('2 · Script')."""
    return render(t("{n} · {part}", n=MODES.index(mode) + 1, part=_MODE_NAMES[mode]))


def fact_words(path: str, value: object = None) -> str:
    """A fact of the engine as a teacher reads it: its path's parts (not the code's dots and
    underscores), and its value.

    >>> fact_words("districts.coca_plantation.incas.Red", 2)
    'districts › coca plantation › incas › Red = 2'
    """
    said = " › ".join(part.replace("_", " ") for part in path.split("."))
    return said if value is None else f"{said} = {value}"


def _choices(field: Field, position: Position | None = None) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = [(render(c.label), c.value) for c in field.offered(position)]
    if field.optional:
        out.insert(0, (render(t("(none)")), None))
    return out


class FieldBox:
    """One field's control for one item of its group (``item``: a player's colour...)."""

    def __init__(self, field: Field, item: str, send: Send, position: Position | None = None
                 ) -> None:
        self.field = field
        self.position = position
        self.path = field.at(item)
        self._give = send
        self._quiet = False
        label = render(field.label)
        if field.kind is FieldKind.NUMBER:
            self.control: w.ValueWidget = w.IntText(description=label, style=_WIDE,
                                                    layout=full())
        elif field.kind is FieldKind.FLAG:
            self.control = w.Checkbox(description=label, indent=False)
        elif field.kind is FieldKind.CHOICE:
            self.control = w.Dropdown(description=label, options=_choices(field, position), style=_WIDE,
                                      layout=full())
        else:
            self.control = w.SelectMultiple(description=label, options=_choices(field, position),
                                            rows=min(max(STUDIO_ROWS[0], len(field.choices)),
                                                     STUDIO_ROWS[1]), style=_WIDE,
                                            layout=full())
        if field.help:
            self.control.tooltip = render(field.help)
        self.control.add_class("mp-studio-field")
        self.control.add_class(f"mp-field-{self.path.replace('.', '-')}")
        self.control.observe(self._changed, "value")

    def show(self, value: object) -> None:
        """Show the position's ``value`` (without sending it back)."""
        self._quiet = True
        try:
            if self.field.kind is FieldKind.SET:
                known = {v for _, v in _choices(self.field, self.position)}
                picked = value if isinstance(value, list) else []
                self.control.value = tuple(v for v in picked if v in known)
            elif self.field.kind is FieldKind.FLAG:
                self.control.value = bool(value)
            elif self.field.kind is FieldKind.NUMBER:
                self.control.value = value if isinstance(value, int) else 0
            else:
                options = [v for _, v in _choices(self.field, self.position)]
                self.control.value = value if value in options else (None if None in options
                                                                     else options[0])
        finally:
            self._quiet = False

    def _changed(self, change: dict[str, object]) -> None:
        if self._quiet:
            return
        value = change["new"]
        if self.field.kind is FieldKind.SET and isinstance(value, tuple):
            value = list(value)
        self._give(self.path, value)


def field_boxes(fields: Sequence[Field], item: str, send: Send,
                position: Position | None = None) -> list[FieldBox]:
    """The controls of ``fields`` for one item of their group (``position``: the one they
    edit, which some choices depend on)."""
    return [FieldBox(f, item, send, position) for f in fields]


__all__ = ["MODES", "FieldBox", "fact_words", "Send", "field_boxes", "first_option", "full", "mode_label"]
