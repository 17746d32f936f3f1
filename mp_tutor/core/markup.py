"""One escaping helper for every piece of HTML or SVG the tutor builds.

Text and attribute values are always escaped (quotes included) unless they are
:class:`Markup` already, i.e. built by :func:`el` or :func:`join` themselves; attribute
values are always double-quoted. Nothing else in the project writes markup by hand.

>>> str(el("b", "<img src=x onerror=alert(1)>"))
'<b>&lt;img src=x onerror=alert(1)&gt;</b>'
>>> str(el("li", "it's", data_task="a'b\\"c", cls="done"))
'<li data-task="a&#x27;b&quot;c" class="done">it&#x27;s</li>'
>>> str(el("p", el("i", "x"), " & y"))
'<p><i>x</i> &amp; y</p>'
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable
from functools import lru_cache


class Markup(str):
    """A string of markup that is safe as it is (it was built by this module)."""

    __slots__ = ()

    def __add__(self, other: object) -> Markup:
        return Markup(str.__add__(self, escape(other)))

    def __radd__(self, other: object) -> Markup:
        return Markup(str.__add__(escape(other), self))


def escape(value: object) -> Markup:
    """``value`` as text inside markup (``Markup`` is kept as it is)."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape("" if value is None else str(value), quote=True))


@lru_cache(maxsize=512)
def _attr_name(name: str) -> str:
    name = "class" if name in ("cls", "class_") else name.rstrip("_").replace("_", "-")
    if not name or not all(c.isalnum() or c in "-:" for c in name) or name.lower().startswith("on"):
        raise ValueError(f"not an allowed attribute name: {name!r}")
    return name


def attrs(**values: object) -> Markup:
    """Attributes, each quoted and escaped (``None`` and ``False`` leave one out)."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            text = ""
        elif type(value) is int:
            text = str(value)
        elif type(value) is float:
            text = f"{value:.1f}".rstrip("0").rstrip(".")
        else:
            text = html.escape(str(value), quote=True)
        out.append(f' {_attr_name(name)}="{text}"')
    return Markup("".join(out))


VOID = frozenset({"br", "hr", "input", "img", "wbr"})
#: the namespace of an SVG picture (its ``xmlns``)
SVG_NS = "http://www.w3.org/2000/svg"


def el(tag: str, *children: object, **attributes: object) -> Markup:
    """An element: ``el("text", "Coca", x=10, cls="name")``; children are escaped unless Markup."""
    if not tag.replace("-", "").isalnum():
        raise ValueError(f"not a tag name: {tag!r}")
    inner = join(children)
    if tag in VOID:
        return Markup(f"<{tag}{attrs(**attributes)}>")
    return Markup(f"<{tag}{attrs(**attributes)}>{inner}</{tag}>")


def join(parts: Iterable[object], sep: str = "") -> Markup:
    """Several pieces (text is escaped) joined into one piece of markup."""
    out = []
    for p in parts:
        if p is None:
            continue
        if isinstance(p, (list, tuple)):
            out.append(join(p))
        else:
            out.append(escape(p))
    return Markup(escape(sep).join(out))


def clickable(name: str, target: bool, label: object = None,
              near: Iterable[str] = ()) -> dict[str, object]:
    """The attributes of a place of a picture a learner may click (for :func:`el`).

    A target of the decision now is ``data-target`` (focusable, a button, with ``label``);
    any other place is a ``data-spot``: the board still sends its click, so the learner is
    told why it means nothing now, instead of a click that does nothing. ``near``: the places
    next to it on the game's board (``data-next``): the arrow keys go to the one that lies
    their way, as a learner who sees the board reads it.

    >>> clickable("r1c2", True, "put the priest here")["data_target"]
    'r1c2'
    >>> clickable("r1c2", False)
    {'data_spot': 'r1c2'}
    >>> clickable("north", True, near=["east", "west"])["data_next"]
    'east west'
    """
    if not target:
        return {"data_spot": name}
    out: dict[str, object] = {"data_target": name, "role": "button", "tabindex": 0}
    if near:
        out["data_next"] = " ".join(near)
    return out if label is None else {**out, "aria_label": label}


def data_url(data: bytes, kind: str) -> str:
    """A ``data:`` address holding ``data`` (a link that downloads a file the kernel wrote,
    where files live in the browser; a picture put in a page as an image).

    >>> data_url(b"x = 1", "application/toml")
    'data:application/toml;base64,eCA9IDE='
    """
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


def svg_image(svg: str) -> Markup:
    """An SVG picture as an HTML ``<img>``: its text alternative is the picture's own title (its
    first ``<title>``), and its styles stay inside it (an SVG put in a page as it is would
    restyle the page's other pictures).

    >>> svg_image('<svg xmlns="http://www.w3.org/2000/svg"><title>A &amp; B</title></svg>')[:51]
    '<img alt="A &amp; B" src="data:image/svg+xml;base64'
    """
    title = re.search(r"<title>(.*?)</title>", svg, re.S)
    return el("img", alt=html.unescape(title.group(1)) if title else "",
              src=data_url(svg.encode("utf-8"), "image/svg+xml"))


__all__ = ["SVG_NS", "Markup", "attrs", "clickable", "data_url", "el", "escape", "join",
           "svg_image"]
