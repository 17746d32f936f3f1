// The side boards of a game (anywidget ESM): SVG pictures built in Python (escaped there).
// It knows no game.

function render({ model, el }) {
  el.classList.add("mp-sideview");
  const host = document.createElement("div");
  host.className = "mp-sides";
  guardKeys();
  el.replaceChildren(host);
  const draw = () => drawSides(host, model.get("side"));
  model.on("change:side", draw);
  draw();
  return () => model.off("change:side", draw);
}

export default { render };
