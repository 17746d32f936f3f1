// Nothing to see: where it is shown, the keys pressed in the tutor's widgets stay in the tutor
// (common.js's guardKeys), for a widget shown without a board (a quick check in a cell of its
// own, after the board's cell was cleared).

function render({ el }) {
  el.hidden = true;
  guardKeys();
}

export default { render };
