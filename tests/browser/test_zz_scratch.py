import pytest
from keys import map_top, open_chapter
from ui import settle

STATE = """() => { const o = document.querySelector('.jp-WindowedPanel-outer');
  const c = document.querySelector('.mp-board .mp-coach');
  return {scroll: o.scrollTop, height: o.scrollHeight, coach: c ? c.getBoundingClientRect().height : null,
          active: document.activeElement ? document.activeElement.className.baseVal ?? document.activeElement.className : null}; }"""

@pytest.mark.browser
def test_scratch(open_notebook, run_all, lab_command, screenshot):
    page = open_chapter(open_notebook, "14-full-game.ipynb", "s14.ipynb", (1024, 768), run_all, lab_command)
    page.evaluate("""() => { const o = document.querySelector('.jp-WindowedPanel-outer');
      window.__log = []; o.addEventListener('scroll', () => window.__log.push([Math.round(performance.now()), o.scrollTop, new Error().stack.split('\\n').length])); }""")
    print("start", map_top(page), page.evaluate(STATE))
    page.locator(".mp-board button.mp-hint").first.click()
    page.locator(".mp-board .mp-coach-hint[data-state='ready']").first.wait_for(timeout=60_000)
    settle(page, 300)
    print("ready", map_top(page), page.evaluate(STATE))
    page.locator(".mp-board button.mp-coach-close").first.click()
    page.wait_for_timeout(50)
    print("closed+50", map_top(page), page.evaluate(STATE))
    settle(page, 500)
    print("closed", map_top(page), page.evaluate(STATE))
    print(page.evaluate("() => window.__log"))
