// The classroom site in Firefox ESR (Debian's firefox-esr), driven by puppeteer-core over
// WebDriver BiDi (Playwright cannot drive a stock Firefox). Run by benchmarks/bench_site.py
// with --firefox, which installs puppeteer-core (pinned) and passes, as JSON on stdin:
// {url, firefox, loads, clicks, watch, step, bytes, answers, chapter, notebook, status}. The in-page code (what
// a click is, how decisions are answered, how bytes are counted) is the same as in Chromium.
// Prints one JSON object: {loads: [{board_s}], times: [ms], bytes: [per click], error}.
import puppeteer from "puppeteer-core";

const input = JSON.parse(await new Promise((resolve) => {
  let text = "";
  process.stdin.on("data", (d) => { text += d; });
  process.stdin.on("end", () => resolve(text));
}));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function launch() {
  const browser = await puppeteer.launch({
    browser: "firefox", executablePath: input.firefox, headless: true,
    protocolTimeout: 600000,
  });
  // the first tab puppeteer opens never gets the focus (JupyterLab then has no current
  // notebook): a new page does
  const page = await browser.newPage();
  await page.setViewport({width: 1400, height: 900});
  page.setDefaultTimeout(600000);
  return {browser, page};
}

async function board(page) {
  await page.waitForFunction(
    () => !!document.querySelector(".mp-board .mp-picture svg"), {polling: 100, timeout: 600000});
}

const out = {loads: [], times: [], bytes: [], error: null};
try {
  for (let i = 0; i < input.loads; i++) {
    const {browser, page} = await launch();
    const t0 = Date.now();
    await page.goto(`${input.url}/lab/index.html?path=${encodeURIComponent(input.chapter)}`);
    await board(page);
    out.loads.push({board_s: (Date.now() - t0) / 1000});
    await browser.close();
  }
  if (input.clicks > 0) {
    // the Tutor with bots of the Chromium run, saved in the browser and run
    const {browser, page} = await launch();
    await page.goto(`${input.url}/lab/index.html`);
    await page.waitForFunction(() => !!window.jupyterapp, {polling: 100, timeout: 600000});
    await page.evaluate(async (nb) => {
      const app = window.jupyterapp;
      await app.restored;
      await app.serviceManager.contents.save("bench-site.ipynb",
                                             {type: "notebook", format: "json", content: nb});
      await app.commands.execute("docmanager:open", {path: "bench-site.ipynb"});
    }, input.notebook);
    await page.waitForFunction(`(${input.status})() === "idle"`, {polling: 100, timeout: 600000});
    await page.evaluate(() => { window.jupyterapp.commands.execute("notebook:run-all-cells"); });
    await board(page);
    await sleep(1000);
    await page.evaluate(`(${input.watch})()`);
    await page.evaluate(`(${input.bytes})()`);
    for (let guard = 0; out.times.length < input.clicks && guard < input.clicks * 40; guard++) {
      const n = await page.evaluate(() => window.__mp.times.length);
      const did = await page.evaluate(`(${input.step})(${JSON.stringify(input.answers)})`);
      if (did === "click") {
        await page.waitForFunction((k) => window.__mp.times.length > k, {polling: 20, timeout: 60000}, n);
        await sleep(250);
        await page.evaluate(() => window.__mp.perClick.push(window.__mp.bytes - window.__mp.bytesAt));
        out.times = await page.evaluate(() => window.__mp.times);
      } else {
        await sleep(150);
      }
    }
    out.bytes = await page.evaluate(() => window.__mp.perClick);
    await browser.close();
  }
} catch (err) {
  out.error = String(err && err.stack ? err.stack : err);
}
console.log(JSON.stringify(out));
process.exit(0);
