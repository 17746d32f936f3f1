// The side boards of a game (anywidget ESM): SVG pictures built in Python (escaped there).
// It knows no game.

function drawSides(host, side) {
  // only the side boards whose picture changed are drawn again
  const want = (side || []).map(([name, svg]) => [String(name).replace(/[^\w-]/g, ""), svg]);
  const have = new Map(Array.from(host.children).map((c) => [c.dataset.side, c]));
  const keep = [];
  for (const [name, svg] of want) {
    let card = have.get(name);
    if (!card) {
      card = document.createElement("div");
      card.className = "mp-side-card";
      card.dataset.side = name;
    }
    if (card.__svg !== svg) {
      card.innerHTML = svg;
      card.__svg = svg;
    }
    keep.push(card);
  }
  host.replaceChildren(...keep);
}

function render({ model, el }) {
  el.classList.add("mp-sideview");
  const host = document.createElement("div");
  host.className = "mp-sides";
  el.replaceChildren(host);
  const draw = () => drawSides(host, model.get("side"));
  model.on("change:side", draw);
  draw();
  return () => model.off("change:side", draw);
}

export default { render };
