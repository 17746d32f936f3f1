// The side boards of a game (anywidget ESM): SVG pictures built in Python (escaped there).
// It knows no game.

function render({ model, el }) {
  el.classList.add("mp-sideview");
  const host = document.createElement("div");
  host.className = "mp-sides";
  guardKeys();
  el.replaceChildren(host);
  const draw = () => {
    el.lang = (model.get("labels") || {}).lang || "";
    drawSides(host, model.get("side"));
  };
  model.on("change:side change:labels", draw);
  draw();
  return () => model.off("change:side change:labels", draw);
}

export default { render };
