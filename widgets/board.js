// The Princes of Machu Picchu - live board (anywidget ESM).
//
// Draws the synced traits (view, targets, error, ask, log, status, controls, static)
// and sends the player's intents to Python: {type: "click", district}, {type: "act",
// action}, {type: "confirm"|"cancel"|"undo"|"redo"|"next"}, {type: "viewer", viewer}.
// It decides no rule: what is legal comes from `targets`, computed by the engine.

const W = 1200;
const H = 842;
const NODE_W = 128;
const NODE_H = 66;

const TILE_LABEL = {
  steps2: "2 steps", steps3: "3 steps", corn3: "3 corn", llama: "llama", coca: "coca",
  pottery: "pottery", cloth: "cloth",
};
const KIND_LABEL = {
  production: "production", temple: "temple", setup: "set up Incas", house: "acquire",
  plaza: "market", sun_clock: "Sun Clock",
};

function esc(value) {
  return String(value ?? "")
    .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function txt(x, y, s, cls = "", extra = "") {
  const anchor = extra.includes("text-anchor") ? "" : ' text-anchor="middle"';
  return `<text x="${x}" y="${y}" class="${cls}"${anchor} ${extra}>${esc(s)}</text>`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 || ["corn", "coca", "pottery", "cloth"].includes(word) ? "" : "s"}`;
}

// ---------------------------------------------------------------------------------------
// board parts

function playerChip(S, p, x, y, label, w = 24) {
  const fill = S.palette[p];
  const ink = S.ink[p];
  return `<g class="mp-chip" data-player="${p}">` +
    `<rect x="${x}" y="${y - 8}" width="${w}" height="16" rx="8" fill="${fill}" stroke="#222" stroke-width="1"/>` +
    `<text x="${x + w / 2}" y="${y + 4}" class="mp-chip-text" text-anchor="middle" style="fill:${ink}">${esc(label)}</text></g>`;
}

function prince(S, p, x, y) {
  const fill = S.palette[p];
  const ink = S.ink[p];
  return `<g class="mp-prince" data-prince="${p}"><title>${esc(S.colours[p])}'s Prince</title>` +
    `<path d="M ${x - 9} ${y + 10} L ${x - 9} ${y - 3} L ${x} ${y - 12} L ${x + 9} ${y - 3} L ${x + 9} ${y + 10} Z" ` +
    `fill="${fill}" stroke="#111" stroke-width="1.5"/>` +
    `<text x="${x}" y="${y + 6}" class="mp-prince-text" text-anchor="middle" style="fill:${ink}">${esc(S.initials[p])}</text></g>`;
}

function drawEdges(S) {
  const pos = Object.fromEntries(S.districts.map((d) => [d.id, d]));
  return S.edges.map(([a, b, bend]) => {
    const A = pos[a];
    const B = pos[b];
    if (bend) {
      return `<path class="mp-edge" d="M ${A.x} ${A.y} Q ${bend[0]} ${bend[1]} ${B.x} ${B.y}" fill="none" data-edge="${a}|${b}"/>`;
    }
    return `<line class="mp-edge" x1="${A.x}" y1="${A.y}" x2="${B.x}" y2="${B.y}" data-edge="${a}|${b}"/>`;
  }).join("");
}

function districtSub(S, d) {
  if (d.kind === "production") return `${d.good}${d.good === "corn" ? " (3 per unit)" : ""}`;
  if (d.kind === "temple") {
    return d.priest ? `temple: ${{ virgin: "Virgins", puma: "Puma priests", condor: "Condor priests" }[d.priest] || d.priest}` : "temple: offer goods";
  }
  return KIND_LABEL[d.kind] || d.kind;
}

function drawDistrict(S, V, T, d) {
  const info = V.districts[d.id];
  const x0 = d.x - NODE_W / 2;
  const y0 = d.y - NODE_H / 2;
  const target = T.may_act ? T.districts[d.id] : null;
  const decision = T.districts[d.id] && T.districts[d.id].action === null;
  const own = T.may_act && T.kind === "turn" && T.from === d.id;
  const cls = ["mp-district", `mp-kind-${d.kind}`];
  if (target) cls.push("mp-target");
  if (target && target.cost) cls.push("mp-target-llama");
  if (own) cls.push("mp-own");
  if (decision) cls.push("mp-decision");
  let label = d.name;
  if (target && target.what === "move") label += target.cost ? ": move here for 1 llama" : ": move here";
  if (target && target.what === "place") label += ": place your first Inca here";
  if (target && target.what === "send") label += ": send an Inca from here to the Sun Clock";
  if (own) label += ": your Prince is here; click to stay and take a moon tile";
  let out = `<g class="${cls.join(" ")}" data-district="${d.id}" role="button" tabindex="0" aria-label="${esc(label)}">`;
  out += `<title>${esc(label)}</title>`;
  out += `<rect class="mp-node" x="${x0}" y="${y0}" width="${NODE_W}" height="${NODE_H}" rx="10" fill="${d.fill}"/>`;
  out += txt(d.x, y0 + 18, d.name, "mp-dname");
  out += txt(d.x, y0 + 32, districtSub(S, d), "mp-dsub");
  // bonus units / temple stones
  if (info.bonus > 0) {
    const isTemple = d.kind === "temple";
    const what = isTemple ? plural(info.bonus, "temple stone")
      : d.good === "corn" ? `${info.bonus * 3} corn` : plural(info.bonus, d.good);
    const fill = isTemple ? "#9a9a9a" : S.good_colours[d.good];
    out += `<g class="mp-bonus" data-bonus="${info.bonus}"><title>bonus: ${esc(what)}</title>`;
    out += `<rect x="${x0 + NODE_W - 30}" y="${y0 - 9}" width="34" height="18" rx="${isTemple ? 3 : 9}" fill="${fill}" stroke="#333"/>`;
    out += txt(x0 + NODE_W - 13, y0 + 4, `+${info.bonus}`, "mp-bonus-text");
    out += `</g>`;
  }
  // Incas of every player (initial + count)
  const chips = [];
  info.incas.forEach((n, p) => { if (n > 0) chips.push([p, n]); });
  const cw = 24;
  let cx = d.x - (chips.length * (cw + 2) - 2) / 2;
  for (const [p, n] of chips) {
    out += `<g data-incas="${p}"><title>${esc(S.colours[p])}: ${plural(n, "Inca")}</title>`;
    out += playerChip(S, p, cx, y0 + 50, `${S.initials[p]}${n}`, cw) + `</g>`;
    cx += cw + 2;
  }
  // Princes
  info.princes.forEach((p, i) => { out += prince(S, p, x0 + 10 + i * 21, y0 - 4); });
  if (target && target.cost) {
    out += `<g class="mp-cost"><rect x="${d.x - 28}" y="${y0 + NODE_H - 3}" width="56" height="15" rx="7"/>` +
      txt(d.x, y0 + NODE_H + 8, "1 llama", "mp-cost-text") + `</g>`;
  }
  if (own && T.stay && T.stay.length) {
    out += `<g class="mp-stay"><rect x="${d.x - 38}" y="${y0 + NODE_H - 3}" width="76" height="15" rx="7"/>` +
      txt(d.x, y0 + NODE_H + 8, "stay: moon tile", "mp-cost-text") + `</g>`;
  }
  return out + `</g>`;
}

function drawTimeTrack(S, V, x, y) {
  let out = txt(x, y - 6, "Time track", "mp-h", 'text-anchor="start"');
  const day = V.time_track.day;
  const corn = new Set(V.time_track.corn);
  const cell = 30;
  const night = 22;
  let cx = x;
  for (let d = 1; d <= S.last_day; d++) {
    const cur = d === day;
    out += `<g class="mp-day${cur ? " mp-day-current" : ""}" data-day="${d}">`;
    out += `<rect x="${cx}" y="${y}" width="${cell}" height="${cell}" rx="4"/>`;
    out += txt(cx + cell / 2, y + 20, d, "mp-day-text");
    if (cur) out += `<path class="mp-day-marker" d="M ${cx + cell / 2 - 7} ${y + cell + 10} L ${cx + cell / 2} ${y + cell + 2} L ${cx + cell / 2 + 7} ${y + cell + 10} Z"/>`;
    out += `</g>`;
    cx += cell;
    if (d < S.last_day) {
      const hasCorn = corn.has(d);
      out += `<g class="mp-night" data-night="${d}"><title>night after day ${d}${hasCorn ? ": 1 corn" : ""}</title>`;
      out += `<circle cx="${cx + night / 2}" cy="${y + cell / 2}" r="8" class="mp-moon"/>`;
      if (hasCorn) out += `<circle cx="${cx + night / 2}" cy="${y + cell / 2}" r="4" class="mp-corn-dot"/>`;
      out += `</g>`;
      cx += night;
    }
  }
  return out;
}

function drawMoonTiles(S, V, x, y) {
  let out = txt(x, y - 6, "Moon tiles on the board", "mp-h", 'text-anchor="start"');
  const onBoard = new Set(V.moon_tiles);
  let cx = x;
  for (const tile of Object.keys(S.moon_tiles)) {
    const on = onBoard.has(tile);
    out += `<g class="mp-tile${on ? "" : " mp-tile-gone"}" data-tile="${tile}"><title>${esc(TILE_LABEL[tile] || tile)}${on ? "" : " (taken)"}</title>`;
    out += `<rect x="${cx}" y="${y}" width="56" height="24" rx="12"/>`;
    out += txt(cx + 28, y + 16, TILE_LABEL[tile] || tile, "mp-tile-text") + `</g>`;
    cx += 60;
  }
  return out;
}

function drawSunDeck(S, V, x, y) {
  let out = "";
  const held = V.sun_tile;
  out += `<g class="mp-sun" data-sun="${held ?? ""}">`;
  out += `<circle cx="${x + 14}" cy="${y + 12}" r="13" class="mp-sun-disc"/>`;
  out += txt(x + 14, y + 17, held === null || held === undefined ? "" : S.initials[held], "mp-chip-text", 'style="fill:#222"');
  out += txt(x + 34, y + 17, held === null || held === undefined ? "Sun Tile: on the moon (in the sky)"
    : `Sun Tile: ${S.colours[held]} (starts the next day)`, "mp-small", 'text-anchor="start"');
  out += `</g>`;
  out += `<g class="mp-deck" data-deck="${V.deck}"><rect x="${x + 290}" y="${y - 4}" width="22" height="30" rx="3"/>`;
  out += txt(x + 318, y + 10, "Sacrifice deck", "mp-small", 'text-anchor="start"');
  out += txt(x + 318, y + 24, plural(V.deck, "card"), "mp-strong", 'text-anchor="start"') + `</g>`;
  return out;
}

function drawPriestRows(S, V, x, y) {
  let out = txt(x, y - 6, "Priests and Virgins (steps per llama)", "mp-h", 'text-anchor="start"');
  let cy = y;
  for (const [kind, spec] of Object.entries(S.priests)) {
    const row = V.rows[kind];
    const taken = spec.count - row.left;
    out += `<g class="mp-row" data-row="${kind}" data-left="${row.left}" data-value="${row.value}">`;
    out += txt(x, cy + 15, spec.name, "mp-label", 'text-anchor="start"');
    for (let i = 0; i < spec.count; i++) {
      const has = i >= taken;
      out += `<rect x="${x + 136 + i * 20}" y="${cy + 2}" width="16" height="22" rx="2" class="${has ? "mp-pcard" : "mp-pcard-gone"}"/>`;
    }
    const vx = x + 136 + 6 * 20 + 6;
    out += `<rect x="${vx}" y="${cy + 1}" width="28" height="24" rx="4" class="mp-value"/>`;
    out += txt(vx + 14, cy + 18, row.value, "mp-value-text");
    const cost = Object.entries(row.cost).map(([g, n]) => `${n} ${g}`).join(", ");
    out += txt(vx + 36, cy + 11, `${row.left} left`, "mp-small", 'text-anchor="start"');
    out += txt(vx + 36, cy + 24, cost, "mp-tiny", 'text-anchor="start"');
    out += `</g>`;
    cy += 32;
  }
  return out;
}

function drawMarket(S, V, x, y) {
  let out = txt(x, y - 6, "Market (prices in corn)", "mp-h", 'text-anchor="start"');
  const cols = Object.keys(V.market);
  const cw = 104;
  cols.forEach((good, i) => {
    const cx = x + i * cw;
    const units = V.market[good];
    const pr = V.market_prices[good];
    out += `<g class="mp-market" data-good="${good}" data-units="${units}">`;
    out += txt(cx + 40, y + 12, good, "mp-label");
    S.market_slots.forEach((price, k) => {
      const sy = y + 20 + k * 26;
      const full = k < units;
      out += `<rect x="${cx + 10}" y="${sy}" width="60" height="22" rx="4" class="mp-slot"/>`;
      out += txt(cx + 22, sy + 16, price, "mp-slot-price");
      if (full) {
        out += `<circle cx="${cx + 50}" cy="${sy + 11}" r="8" fill="${S.good_colours[good]}" class="mp-unit"/>`;
      }
    });
    const by = y + 20 + S.market_slots.length * 26 + 12;
    out += txt(cx + 40, by, `buy ${pr.buy}  sell ${pr.sell}`, "mp-small");
    const bank = V.bank[good];
    out += txt(cx + 40, by + 14, `bank ${bank === null ? "∞" : bank}`, "mp-tiny");
    out += `</g>`;
  });
  return out;
}

function drawTrail(S, V, x, y, w) {
  const L = S.trail.length;
  const fw = w / (L + 1);
  let out = txt(x, y - 8, "Incatrail", "mp-h", 'text-anchor="start"');
  for (let i = 0; i <= L; i++) {
    const fx = x + i * fw;
    let cls = "mp-field";
    let label = "";
    if (i === S.trail.granary) { cls += " mp-granary"; label = "Granary +3 corn"; }
    if (i === S.trail.stable) { cls += " mp-stable"; label = "Llama Stable +1 llama"; }
    if (i === L) { cls += " mp-summit"; label = "Summit: card"; }
    out += `<g class="${cls}" data-field="${i}"><title>${i}${label ? ": " + esc(label) : ""}</title>`;
    out += `<rect x="${fx + 1}" y="${y}" width="${fw - 2}" height="26" rx="3"/>`;
    out += txt(fx + fw / 2, y + 17, i, "mp-field-text") + `</g>`;
    if (label) out += txt(fx + fw / 2, y + 40, label, "mp-tiny");
  }
  const stacks = {};
  V.scouts.forEach((pos, p) => {
    const k = stacks[pos] || 0;
    stacks[pos] = k + 1;
    const cx = x + pos * fw + fw / 2;
    const cy = y - 2 - k * 14 - 8;
    out += `<g class="mp-scout" data-scout="${p}" data-pos="${pos}"><title>${esc(S.colours[p])}'s Scout on ${pos}</title>` +
      `<circle cx="${cx}" cy="${cy + 4}" r="7" fill="${S.palette[p]}" stroke="#111"/>` +
      `<text x="${cx}" y="${cy + 8}" class="mp-scout-text" text-anchor="middle" style="fill:${S.ink[p]}">${esc(S.initials[p])}</text></g>`;
  });
  return out;
}

function drawCard(S, id, x, y, drawn) {
  const card = S.cards[String(id)];
  if (!card) return "";
  const names = card.icons.map((i) => S.icons[i].name).join(" + ");
  let out = `<g class="mp-card${drawn ? " mp-card-drawn" : ""}" data-card="${id}"><title>card ${id}: ${esc(names)}, ${card.gold} gold${drawn ? " (just drawn)" : ""}</title>`;
  out += `<rect x="${x}" y="${y}" width="38" height="46" rx="4"/>`;
  out += txt(x + 19, y + 13, S.icons[card.icons[0]].short, "mp-card-icon");
  out += txt(x + 19, y + 26, S.icons[card.icons[1]].short, "mp-card-icon");
  out += `<circle cx="${x + 19}" cy="${y + 37}" r="6.5" class="mp-gold"/>`;
  out += txt(x + 19, y + 40.5, card.gold, "mp-gold-text");
  return out + `</g>`;
}

function drawPlayer(S, V, T, p, x, y, w, h) {
  const P = V.player[p];
  const acting = T.player === p;
  const name = `${S.colours[p]} (${S.initials[p]})`;
  let out = `<g class="mp-player${acting ? " mp-acting" : ""}" data-player-panel="${p}">`;
  out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" class="mp-panel" stroke="${S.palette[p]}"/>`;
  out += `<rect x="${x}" y="${y}" width="${w}" height="22" rx="8" fill="${S.palette[p]}"/>`;
  out += `<rect x="${x}" y="${y + 12}" width="${w}" height="10" fill="${S.palette[p]}"/>`;
  let head = name;
  if (acting) head += T.bot ? "  - bot deciding" : "  - to decide";
  if (V.sun_tile === p) head += "  - Sun Tile";
  out += txt(x + 8, y + 16, head, "mp-phead", `text-anchor="start" style="fill:${S.ink[p]}"`);
  const where = P.prince ? S.districts.find((d) => d.id === P.prince).name : "not placed";
  out += txt(x + 8, y + 37, `Prince: ${where}`, "mp-small", 'text-anchor="start"');
  // goods
  let gx = x + 8;
  S.goods.forEach((g) => {
    const n = P.goods[g];
    out += `<g class="mp-good" data-goods="${p}-${g}" data-count="${n}"><title>${esc(S.colours[p])}: ${n} ${g}</title>`;
    out += `<circle cx="${gx + 8}" cy="${y + 52}" r="8" fill="${S.good_colours[g]}" stroke="#333"/>`;
    out += txt(gx + 8, y + 55.5, S.good_short[g], "mp-token-text");
    out += txt(gx + 19, y + 57, n, "mp-count", 'text-anchor="start"');
    out += `</g>`;
    gx += Math.min(44, (w - 16) / 5);
  });
  const pri = V.player[p].priests;
  out += txt(x + 8, y + 78, `Incas in supply ${P.supply}   Scout ${P.scout}`, "mp-small", 'text-anchor="start"');
  out += txt(x + 8, y + 93, `Virgins ${pri.virgin}  Puma ${pri.puma}  Condor ${pri.condor}`, "mp-small", 'text-anchor="start"');
  const tiles = P.moon_tiles.length ? P.moon_tiles.map((t) => TILE_LABEL[t] || t).join(", ") : "none";
  out += txt(x + 8, y + 108, `Cards ${P.cards}   Moon: ${tiles}`, "mp-small", 'text-anchor="start" data-cards="' + p + '"');
  if (P.summit_vp) out += txt(x + w - 8, y + 37, `+${P.summit_vp} VP (summit)`, "mp-small", 'text-anchor="end"');
  // hand (only if this view may see it)
  const cy = y + 116;
  if (P.hand) {
    const cards = [...P.hand.map((c) => [c, false]), ...(P.drawn || []).map((c) => [c, true])];
    const step = Math.min(42, (w - 12) / Math.max(1, cards.length));
    cards.forEach(([c, drawn], i) => { out += drawCard(S, c, x + 6 + i * step, cy, drawn); });
  } else {
    out += `<g class="mp-hidden-hand">`;
    for (let i = 0; i < Math.min(P.cards, 6); i++) {
      out += `<rect x="${x + 6 + i * 14}" y="${cy}" width="38" height="46" rx="4" class="mp-card-back"/>`;
    }
    out += txt(x + 6 + Math.min(P.cards, 6) * 14 + 32, cy + 28, "hidden", "mp-tiny", 'text-anchor="start"');
    out += `</g>`;
  }
  return out + `</g>`;
}

function drawOutcome(S, V, x, y) {
  const O = V.outcome;
  if (!O) return "";
  const rows = O.scores.length;
  const h = 58 + rows * 20;
  let out = `<g class="mp-outcome"><rect x="${x}" y="${y}" width="420" height="${h}" rx="10" class="mp-outcome-box"/>`;
  out += txt(x + 210, y + 22, "Game over", "mp-outcome-title");
  out += txt(x + 210, y + 40, O.text, "mp-small");
  const cols = [["player", 50], ["VP", 150], ["gold", 200], ["x", 250], ["final", 300], ["rank", 360]];
  cols.forEach(([c, cx]) => { out += txt(x + cx, y + 58, c, "mp-tiny"); });
  O.scores.forEach((sc, i) => {
    const ry = y + 76 + i * 20;
    out += playerChip(S, sc.player, x + 20, ry - 4, S.initials[sc.player], 20);
    out += txt(x + 70, ry, sc.colour, "mp-small");
    out += txt(x + 150, ry, sc.vp, "mp-small");
    out += txt(x + 200, ry, sc.gold, "mp-small");
    out += txt(x + 250, ry, sc.multiplier, "mp-small");
    out += txt(x + 300, ry, sc.final, "mp-strong");
    out += txt(x + 360, ry, sc.rank, "mp-small");
  });
  return out + `</g>`;
}

function drawLegend(T, x, y) {
  if (!T.may_act || T.kind !== "turn") return "";
  let out = `<g class="mp-legend">`;
  out += `<rect x="${x}" y="${y}" width="26" height="14" rx="4" class="mp-legend-free"/>` + txt(x + 32, y + 11, "move (free)", "mp-tiny", 'text-anchor="start"');
  out += `<rect x="${x + 110}" y="${y}" width="26" height="14" rx="4" class="mp-legend-llama"/>` + txt(x + 142, y + 11, "1 llama", "mp-tiny", 'text-anchor="start"');
  out += `<rect x="${x + 196}" y="${y}" width="26" height="14" rx="4" class="mp-legend-stay"/>` + txt(x + 228, y + 11, "stay", "mp-tiny", 'text-anchor="start"');
  return out + `</g>`;
}

function drawKey(S, x, y) {
  const goods = S.goods.map((g) => `${S.good_short[g]} ${g}`).join(", ");
  const icons = Object.values(S.icons).map((i) => `${i.short} ${i.name.replace(/^(Priest|Virgin) of (the )?/, "")}`);
  let out = `<g class="mp-key">`;
  out += txt(x, y, `Goods: ${goods}`, "mp-tiny", 'text-anchor="start"');
  out += txt(x, y + 15, `Card icons: ${icons.slice(0, 5).join(", ")},`, "mp-tiny", 'text-anchor="start"');
  out += txt(x, y + 30, `${icons.slice(5).join(", ")}; the circle is the card's gold`, "mp-tiny", 'text-anchor="start"');
  return out + `</g>`;
}

function drawBoard(S, V, T) {
  let out = `<svg class="mp-svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="The Princes of Machu Picchu board" xmlns="http://www.w3.org/2000/svg">`;
  out += `<rect x="0" y="0" width="${W}" height="${H}" class="mp-bg"/>`;
  out += `<rect x="6" y="6" width="724" height="572" rx="12" class="mp-map-bg"/>`;
  out += txt(18, 28, "Machu Picchu", "mp-title", 'text-anchor="start"');
  out += `<g class="mp-edges">${drawEdges(S)}</g>`;
  out += S.districts.map((d) => drawDistrict(S, V, T, d)).join("");
  out += txt(18, 570, S.note, "mp-note", 'text-anchor="start"');
  out += drawLegend(T, 392, 552);
  const rx = 744;
  out += drawTimeTrack(S, V, rx, 30);
  out += drawMoonTiles(S, V, rx, 110);
  out += drawSunDeck(S, V, rx, 148);
  out += drawPriestRows(S, V, rx, 208);
  out += drawMarket(S, V, rx, 328);
  out += drawKey(S, rx, 540);
  out += drawTrail(S, V, 14, 618, W - 28);
  const n = V.players;
  const pw = (W - 12 - (n - 1) * 8) / n;
  for (let p = 0; p < n; p++) out += drawPlayer(S, V, T, p, 6 + p * (pw + 8), 672, pw, 166);
  out += drawOutcome(S, V, 160, 180);
  return out + `</svg>`;
}

// ---------------------------------------------------------------------------------------
// HTML around the SVG: toolbar, error, question, log

function viewerOptions(S, model) {
  const V = model.get("view");
  const C = model.get("controls");
  const opts = [["teacher", "Teacher view (all hands)"], ["pending", "Player to decide (pass and play)"]];
  for (let p = 0; p < V.players; p++) opts.push([String(p), `${S.colours[p]}'s view`]);
  const cur = C.viewer_mode === "player" ? String(C.viewer) : C.viewer_mode === "seat"
    ? (C.viewer === null ? "teacher" : String(C.viewer)) : C.viewer_mode === null ? "teacher" : C.viewer_mode;
  return opts.map(([v, l]) => `<option value="${v}"${v === cur ? " selected" : ""}>${esc(l)}</option>`).join("");
}

function render({ model, el }) {
  el.classList.add("mp-board");
  el.innerHTML = `
    <div class="mp-toolbar">
      <div class="mp-status" aria-live="polite"></div>
      <div class="mp-buttons">
        <button class="mp-undo" type="button" title="Take back the last decision">Undo</button>
        <button class="mp-redo" type="button" title="Play again what was taken back">Redo</button>
        <button class="mp-next" type="button" title="Play the next automatic step (night, bot)">Next</button>
        <select class="mp-viewer" title="Whose view is shown"></select>
      </div>
    </div>
    <div class="mp-error" role="alert" hidden></div>
    <div class="mp-ask" hidden></div>
    <div class="mp-svg-wrap"></div>
    <div class="mp-log-wrap">
      <div class="mp-log-head">What happened <span class="mp-log-count"></span></div>
      <ol class="mp-log"></ol>
    </div>`;
  const statusEl = el.querySelector(".mp-status");
  const errEl = el.querySelector(".mp-error");
  const askEl = el.querySelector(".mp-ask");
  const svgEl = el.querySelector(".mp-svg-wrap");
  const logEl = el.querySelector(".mp-log");
  const logWrap = el.querySelector(".mp-log-wrap");
  const logCount = el.querySelector(".mp-log-count");
  const undoB = el.querySelector(".mp-undo");
  const redoB = el.querySelector(".mp-redo");
  const nextB = el.querySelector(".mp-next");
  const viewerSel = el.querySelector(".mp-viewer");

  const send = (msg) => model.send(msg);

  function drawSvg() {
    const S = model.get("static");
    const V = model.get("view");
    const T = model.get("targets");
    if (!S || !S.districts || !V || !V.districts) return;
    svgEl.innerHTML = drawBoard(S, V, T);
    el.dataset.revision = String(model.get("revision"));
    el.dataset.pending = T.kind || "";
  }

  function drawBar() {
    const C = model.get("controls") || {};
    const S = model.get("static");
    statusEl.textContent = model.get("status");
    undoB.disabled = !C.undo;
    redoB.disabled = !C.redo;
    nextB.disabled = !C.next;
    if (S && S.colours) viewerSel.innerHTML = viewerOptions(S, model);
  }

  function drawError() {
    const E = model.get("error") || {};
    if (!E.message) {
      errEl.hidden = true;
      errEl.innerHTML = "";
      return;
    }
    errEl.hidden = false;
    errEl.innerHTML = `<span class="mp-error-icon" aria-hidden="true">!</span>` +
      `<span class="mp-error-text">${esc(E.message)}</span> ` +
      `<span class="mp-rule" title="${esc(E.section)}">[${esc(E.rule)}${E.section ? ": " + esc(E.section) : ""}]</span>` +
      `<button type="button" class="mp-dismiss" title="Dismiss">OK</button>`;
  }

  function drawAsk() {
    const A = model.get("ask") || {};
    if (!A.kind) {
      askEl.hidden = true;
      askEl.innerHTML = "";
      return;
    }
    askEl.hidden = false;
    let html = `<span class="mp-ask-text">${esc(A.text)}</span> <span class="mp-rule">[${esc(A.rule)}]</span> `;
    if (A.kind === "llama") {
      html += `<button type="button" class="mp-ask-act mp-confirm" data-action="${esc(A.actions[0])}">Pay 1 llama and move</button>`;
    } else {
      html += A.tiles.map((tile, i) => `<button type="button" class="mp-ask-act mp-tile-choice" data-tile="${esc(tile)}" data-action="${esc(A.actions[i])}">Take ${esc(TILE_LABEL[tile] || tile)}</button>`).join("");
    }
    html += `<button type="button" class="mp-cancel">Cancel</button>`;
    askEl.innerHTML = html;
  }

  let shown = -1;
  function drawLog() {
    el.dataset.logTotal = String(model.get("log_total"));
    logWrap.hidden = !model.get("show_log");
    if (logWrap.hidden) return;
    const S = model.get("static");
    const L = model.get("log") || [];
    const total = model.get("log_total");
    logCount.textContent = `(${total} events)`;
    logEl.innerHTML = L.map((e) => {
      const chip = e.player === null || e.player === undefined ? `<span class="mp-log-chip mp-log-none">-</span>`
        : `<span class="mp-log-chip" style="background:${S.palette[e.player]};color:${S.ink[e.player]}">${esc(S.initials[e.player])}</span>`;
      const section = (S.rules || {})[e.rule] || "";
      const rule = e.rule ? ` <span class="mp-rule" title="${esc(section)}">[${esc(e.rule)}]</span>` : "";
      const bot = e.bot ? ` <span class="mp-bot">bot</span>` : "";
      return `<li class="mp-log-entry" data-i="${e.i}" data-kind="${esc(e.kind)}">${chip}<span class="mp-log-text">${esc(e.text)}</span>${bot}${rule}</li>`;
    }).join("");
    if (total !== shown) {
      logEl.scrollTop = logEl.scrollHeight;
      shown = total;
    }
  }

  function onClick(ev) {
    const btn = ev.target.closest("button");
    if (btn && el.contains(btn)) {
      if (btn.classList.contains("mp-undo")) send({ type: "undo" });
      else if (btn.classList.contains("mp-redo")) send({ type: "redo" });
      else if (btn.classList.contains("mp-next")) send({ type: "next" });
      else if (btn.classList.contains("mp-dismiss") || btn.classList.contains("mp-cancel")) send({ type: "cancel" });
      else if (btn.classList.contains("mp-ask-act")) send({ type: "act", action: btn.dataset.action });
      return;
    }
    const g = ev.target.closest("[data-district]");
    if (g && el.contains(g)) send({ type: "click", district: g.dataset.district });
  }
  function onKey(ev) {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const g = ev.target.closest && ev.target.closest("[data-district]");
    if (g) {
      ev.preventDefault();
      send({ type: "click", district: g.dataset.district });
    }
  }
  function onViewer() {
    const v = viewerSel.value;
    send({ type: "viewer", viewer: v === "teacher" ? null : v === "pending" ? "pending" : Number(v) });
  }
  el.addEventListener("click", onClick);
  el.addEventListener("keydown", onKey);
  viewerSel.addEventListener("change", onViewer);

  const all = () => { drawBar(); drawError(); drawAsk(); drawSvg(); drawLog(); };
  const handlers = [
    ["change:view", drawSvg], ["change:targets", drawSvg], ["change:static", drawSvg],
    ["change:status", drawBar], ["change:controls", drawBar],
    ["change:error", drawError],
    ["change:ask", drawAsk],
    ["change:log", drawLog], ["change:log_total", drawLog], ["change:show_log", drawLog],
    ["change:revision", () => { el.dataset.revision = String(model.get("revision")); }],
  ];
  for (const [evts, fn] of handlers) model.on(evts, fn);
  all();
  return () => {
    for (const [evts, fn] of handlers) model.off(evts, fn);
    el.removeEventListener("click", onClick);
    el.removeEventListener("keydown", onKey);
    viewerSel.removeEventListener("change", onViewer);
  };
}

export default { render };
