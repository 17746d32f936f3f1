"""Helpers: every synced trait of a widget tree, as the browser would receive it."""

from __future__ import annotations

import json
from typing import Any

from ipywidgets.widgets.widget import Widget, _instances

PREFIX = "IPY_MODEL_"


def synced_states(root: Widget) -> list[dict[str, Any]]:
    """The synced state of ``root`` and every widget it refers to (children, marks, axes...),
    in the order they are reached; model ids are replaced by that order, so two trees built
    the same way compare equal."""
    order: dict[str, int] = {}
    states: list[dict[str, Any]] = []

    def visit(widget: Widget) -> int:
        mid = widget.model_id
        if mid in order:
            return order[mid]
        order[mid] = len(order)
        states.append({})
        index = order[mid]
        state = widget.get_state()
        states[index] = json.loads(json.dumps(_walk(state, visit), default=str))
        return index

    def _walk(value: Any, visit_fn: Any) -> Any:
        if isinstance(value, str) and value.startswith(PREFIX):
            return f"<widget {visit_fn(_instances[value[len(PREFIX):]])}>"
        if isinstance(value, Widget):
            return f"<widget {visit_fn(value)}>"
        if isinstance(value, dict):
            return {k: _walk(v, visit_fn) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [_walk(v, visit_fn) for v in value]
        if hasattr(value, "tolist"):
            return value.tolist()
        return value

    visit(root)
    return states


def html_values(root: Widget) -> list[str]:
    """Every string of a widget tree that the browser renders as markup."""
    out: list[str] = []

    def collect(value: Any, name: str, widget: str) -> None:
        if isinstance(value, str):
            if (widget in ("HTMLModel", "HTMLMathModel") and name == "value") or name in ("svg", "side"):
                out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                collect(v, name, widget)
        elif isinstance(value, list):
            for v in value:
                collect(v, name, widget)

    for state in synced_states(root):
        for name, value in state.items():
            collect(value, name, state.get("_model_name", ""))
    return out
