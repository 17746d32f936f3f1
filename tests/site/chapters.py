"""A chapter of the classroom site opened in a browser, and what its cells show: shared by
the site tests (``tests/site/test_site.py``) and the sweep of every notebook
(``benchmarks/sweep_site.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import pytest
from harness import wait_for_autorun, wait_for_kernel_idle, watch_console
from playwright.sync_api import TimeoutError as PlaywrightTimeout


@dataclass
class Chapter:
    """A chapter opened in the site: its page, its path and every URL it requested."""

    path: str
    page: Any
    origin: str
    requests: list[str] = field(default_factory=list)

    def foreign_requests(self) -> list[str]:
        """Requests to anything but the site's own server (blob: and data: URLs of the page
        are its own memory)."""
        own = (self.origin + "/", f"blob:{self.origin}/", "data:")
        return [u for u in self.requests if not u.startswith(own)]


def open_in_site(ctx: Any, site_url: str, path: str, *, timeout: float = 240,
                 kernel: bool = True) -> Chapter:
    """Open ``path`` of the site in a new page of ``ctx``, recording its requests; wait for
    the notebook and (unless ``kernel=False``) for its kernel to be idle."""
    chapter = Chapter(path=path, page=ctx.new_page(), origin=site_url)
    ctx.on("request", lambda r: chapter.requests.append(r.url))
    page = chapter.page
    page.set_default_timeout(timeout * 1000)
    watch_console(page)
    page.goto(f"{site_url}/lab/index.html?path={quote(path)}")
    page.wait_for_function("() => !!window.jupyterapp", timeout=timeout * 1000)
    page.evaluate("() => window.jupyterapp.restored")
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.wait_for(
        state="visible")
    # the notebook's contents are read (its cells are all in the model, not a first empty one)
    page.evaluate("async () => { const w = window.jupyterapp.shell.currentWidget;"
                  " if (w && w.context) await w.context.ready; }")
    if kernel:
        wait_for_kernel_idle(page, timeout=timeout)
        wait_for_autorun(page, path, timeout=timeout)
    return chapter


#: every code cell's error and stderr outputs, read from the notebook's model (so a cell
#: scrolled out of view is read too)
CELL_ERRORS_JS = """() => {
  const nb = window.jupyterapp.shell.currentWidget.content.model;
  const out = [];
  for (let i = 0; i < nb.cells.length; i++) {
    const c = nb.cells.get(i);
    if (c.type !== 'code') continue;
    const first = c.sharedModel.getSource().split('\\n')[0].slice(0, 80);
    if (c.executionCount === null) out.push({cell: i + 1, first, errors: ['did not run']});
    const bad = c.outputs.toJSON().filter(o => o.output_type === 'error'
      || (o.output_type === 'stream' && o.name === 'stderr'));
    if (bad.length) out.push({cell: i + 1, first, errors: bad.map(o => o.output_type === 'error'
      ? `${o.ename}: ${o.evalue}` : [].concat(o.text).join('').slice(-600))});
  }
  return out;
}"""


#: what the cells show as text (the first lines of each code cell's outputs)
CELL_TEXTS_JS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.widgets;
  return cells.map((c, i) => [i + 1, c.model.type, c.node.querySelector('.jp-OutputArea')
    ? c.node.querySelector('.jp-OutputArea').innerText.trim().slice(0, 300) : ''])
    .filter(([, type, text]) => type === 'code' && text);
}"""


def shown_or_fail(chapter: Any, selector: str, what: str, timeout: float = 60_000) -> None:
    """Wait for ``selector``; if it never shows, fail naming the chapter and what its cells
    and the board's error bar show instead."""
    try:
        chapter.page.locator(selector).first.wait_for(state="visible", timeout=timeout)
    except PlaywrightTimeout:
        cells = chapter.page.evaluate(CELL_TEXTS_JS)
        errors = chapter.page.locator(".mp-board .mp-error-text").all_inner_texts()
        pytest.fail(f"{chapter.path}: {what} not shown within {timeout / 1000:.0f} s; the "
                    f"board says {errors}; the cells show:\n"
                    + "\n".join(f"  cell {i}: {text!r}" for i, _, text in cells), pytrace=False)


def cell_errors(chapter: Chapter) -> list[str]:
    """One line per code cell that did not run or shows an error or stderr output:
    ``path: cell N ('first line'): errors``."""
    return [f"{chapter.path}: cell {b['cell']} ({b['first']!r}): {' | '.join(b['errors'])}"
            for b in chapter.page.evaluate(CELL_ERRORS_JS)]
