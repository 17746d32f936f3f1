"""The pieces of a notebook (nbformat 4.5) the tutor writes: cells, outputs, the kernel.

>>> md("c1", "# Title")["source"]
['# Title']
>>> code("c2", "print(1)", check=True)["metadata"]
{'tags': ['nbval-check-output']}
"""

from __future__ import annotations

from pathlib import Path
from typing import NotRequired, TypedDict

from ..i18n import DEFAULT_LANGUAGE
from ..registry import GameInfo
from ..views import JSON

REPO = Path(__file__).resolve().parents[3]
#: the folder of every notebook the tutor writes (a learner's copy is ``my-notebooks/``)
NOTEBOOKS = REPO / "notebooks"

CHECK = "nbval-check-output"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"



class Output(TypedDict):
    """An output of an executed code cell (nbformat 4): printed text (a ``stream``), data..."""

    output_type: str
    name: NotRequired[str]
    text: NotRequired[list[str]]
    data: NotRequired[dict[str, JSON]]
    metadata: NotRequired[dict[str, JSON]]
    execution_count: NotRequired[int | None]


class Cell(TypedDict):
    """A notebook cell (nbformat 4.5): markdown, or code with its outputs."""

    cell_type: str
    id: str
    metadata: dict[str, JSON]
    source: list[str]
    execution_count: NotRequired[int | None]
    outputs: NotRequired[list[Output]]


class Notebook(TypedDict):
    """A notebook (nbformat 4.5 JSON)."""

    cells: list[Cell]
    metadata: dict[str, JSON]
    nbformat: int
    nbformat_minor: int


KERNEL: dict[str, JSON] = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def notebook_dir(info: GameInfo, lang: str = DEFAULT_LANGUAGE) -> Path:
    """Where a game's notebooks in ``lang`` go: ``notebooks/[<lang>/][<game>/]``."""
    rel = Path(info.notebook_dir or f"notebooks/{info.name}")
    if lang == DEFAULT_LANGUAGE:
        return REPO / rel
    return NOTEBOOKS / lang / rel.relative_to("notebooks")


def _lines(text: str) -> list[str]:
    text = text.strip("\n")
    out = text.split("\n")
    return [line + "\n" for line in out[:-1]] + [out[-1]]


def md(cid: str, text: str) -> Cell:
    return {"cell_type": "markdown", "id": cid, "metadata": {}, "source": _lines(text)}


def code(
    cid: str,
    text: str,
    *,
    check: bool = False,
    tags: tuple[str, ...] = (),
    hidden: bool = False,
    hide_output: bool = False,
) -> Cell:
    meta: dict[str, JSON] = {}
    all_tags: list[JSON] = [*tags, *([CHECK] if check else [])]
    if all_tags:
        meta["tags"] = all_tags
    if hidden or hide_output:
        jupyter: dict[str, JSON] = {}
        if hidden:
            jupyter["source_hidden"] = True
        if hide_output:
            jupyter["outputs_hidden"] = True
        meta["jupyter"] = jupyter
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": cid,
        "metadata": meta,
        "outputs": [],
        "source": _lines(text),
    }


def in_language(cell: Cell, lang: str) -> Cell:
    """A markdown cell that says the language its text is written in (JupyterLab's page says
    "en", so a screen reader would read French or Dutch with English sounds); the Markdown
    inside is read as Markdown (the HTML block ends at the blank line after it).

    >>> in_language(md("x", "# Titre"), "fr")["source"]
    ['<div lang="fr">\\n', '\\n', '# Titre\\n', '\\n', '</div>']
    >>> in_language(md("x", "# Title"), "en")["source"]
    ['# Title']
    """
    if lang == DEFAULT_LANGUAGE or cell["cell_type"] != "markdown":
        return cell
    text = "".join(cell["source"])
    return {**cell, "source": _lines(f'<div lang="{lang}">\n\n{text}\n\n</div>')}


__all__ = ["CHECK", "KERNEL", "NOTEBOOKS", "REPO", "WIDGET_MIME", "Cell", "Notebook", "Output",
           "code", "in_language", "md", "notebook_dir"]
