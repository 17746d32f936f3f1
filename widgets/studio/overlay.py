"""What a click on the board does in the studio (a session's overlay): set up the position
with the tool chosen, or draw a mark on the step being annotated.

Both offer every place they apply to as a click target of the picture (a button named by
what the click does, reached by the keyboard like any target), and say in the status line
what a click does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mp_tutor.core.editing import EditSpec, Refused
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import render, t
from mp_tutor.core.scenarios import MARK_COLOURS, Mark
from mp_tutor.core.views import Target

from .forms import mode_label

if TYPE_CHECKING:  # the studio drives its overlays
    from .studio import Studio


@dataclass
class Tool:
    """The tool chosen for clicks on the board: ``id`` (a tool of the game's editing spec),
    ``who`` (the player or piece it is used for) and ``remove`` (a click takes away)."""

    id: str = ""
    who: str = ""
    remove: bool = False


class EditOverlay:
    """Position mode: a click on a place changes the position with the tool chosen."""

    def __init__(self, studio: Studio, spec: EditSpec) -> None:
        self.studio = studio
        self.spec = spec
        self.tool = Tool(spec.tools[0].id if spec.tools else "")

    def targets(self, game: BaseGame) -> Mapping[str, Target]:
        if not self.tool.id:
            return {}
        tool = self.spec.tool(self.tool.id)
        position, who = self.studio.draft.position, self.tool.who
        out = {place: self.spec.target(place, render(tool.says(place, who, self.tool.remove)))
               for place in tool.places(position, who)}
        for place, (item, says) in tool.picked(position, who).items():
            out[place] = replace(self.spec.target(place, render(says)), selected=item == who)
        return out

    def click(self, target: str) -> bool:
        session = self.studio.board.session
        if not self.tool.id:
            return session.fail("", render(t("Choose what a click on the board does (in "
                                             "{mode}), or set the position up with the form.",
                                             mode=mode_label("position"))), target)
        tool = self.spec.tool(self.tool.id)
        pick = tool.picked(self.studio.draft.position, self.tool.who).get(target)
        if pick is not None:  # the click chooses what the next clicks use (a priest, a card)
            self.tool.who = pick[0]
            self.studio.panes["position"].update()
            session.refresh()
            return True
        made = tool.change(self.studio.draft.position, target, self.tool.who, self.tool.remove)
        if not isinstance(made, Mapping):
            return session.fail("", render(made), target)
        return self.studio.edit(dict(made))

    def marks(self) -> tuple[Mark, ...]:
        return ()

    def status(self) -> str:
        if not self.tool.id:
            return render(t("Set up the position with the form."))
        tool = self.spec.tool(self.tool.id)
        items = dict(tool.each(self.studio.draft.position)) if tool.each else {}
        who = f" ({render(items[self.tool.who])})" if self.tool.who in items else ""
        what = (t("Click a place to take away: {tool}{who}.", tool=tool.label, who=who)
                if self.tool.remove and tool.counts else
                t("Click a place to add: {tool}{who}.", tool=tool.label, who=who)
                if tool.counts else t("Click a place for: {tool}{who}.", tool=tool.label, who=who))
        return render(t("Setting up the position. {what}", what=what))


class MarkOverlay:
    """Drawing on a step: a click highlights a place, or (arrows) two clicks draw an arrow
    from the first place to the second; a mark drawn again is taken away."""

    def __init__(self, studio: Studio, spec: EditSpec) -> None:
        self.studio = studio
        self.spec = spec
        self.step = 0
        self.arrow = True
        self.colour = MARK_COLOURS[0]
        #: the first end of an arrow, picked ("" until then)
        self.picked = ""

    def _says(self, place: str) -> str:
        name = self.spec.place_name(place)
        if not self.arrow:
            return render(t("{place}: mark this place", place=name))
        if not self.picked:
            return render(t("{place}: start an arrow here", place=name))
        if place == self.picked:
            return render(t("{place}: the arrow starts here (click another place)", place=name))
        return render(t("{place}: end the arrow here", place=name))

    def targets(self, game: BaseGame) -> Mapping[str, Target]:
        places = self.studio.draft.position.game_type.position.places
        out = {}
        for place in places:
            target = self.spec.target(place, self._says(place))
            out[place] = target
        return out

    def click(self, target: str) -> bool:
        if target not in self.studio.draft.position.game_type.position.places:
            return self.studio.board.session.fail("", render(t(
                "Marks go on the board's places.")), target)
        if self.arrow and not self.picked:
            self.picked = target
            self.studio.board.session.refresh()
            return True
        if self.arrow and target == self.picked:
            self.picked = ""
            self.studio.board.session.refresh()
            return True
        mark = Mark(self.picked, target, self.colour) if self.arrow else Mark(target, "",
                                                                              self.colour)
        self.picked = ""
        self.studio.draft.mark(self.step, mark)
        self.studio.changed()
        return True

    def marks(self) -> tuple[Mark, ...]:
        steps = self.studio.draft.steps
        drawn = steps[self.step].marks if self.step < len(steps) else ()
        return (*drawn, Mark(self.picked, "", self.colour)) if self.picked else drawn

    def status(self) -> str:
        n = self.step + 1
        if not self.arrow:
            return render(t("Drawing on step {n}: click a place to mark it (again: to take the "
                            "mark away).", n=n))
        if self.picked:
            return render(t("Drawing on step {n}: click where the arrow ends.", n=n))
        return render(t("Drawing on step {n}: click where an arrow starts.", n=n))


def refused_text(refused: Refused) -> str:
    """A refusal as the studio shows it: the reason, and the field of the file."""
    return render(t("Not possible: {why}", why=refused.message))


__all__ = ["EditOverlay", "MarkOverlay", "Tool", "refused_text"]
