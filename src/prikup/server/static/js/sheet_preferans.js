// Preferans: the пуля as drawn on paper — each player's sector from the edge inwards: whists on each
// opponent, the pulya, the gora; the pulya's size in the centre circle; running entries (2.4.6).
import { el } from "./bidding.js";
import { seatName, t } from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const history = new Map(); // "pulya|seat" → values seen, for running entries

function running(kind, seat, value) {
  const key = `${kind}|${seat}`;
  const seen = history.get(key) || [];
  if (seen[seen.length - 1] !== value) seen.push(value);
  history.set(key, seen);
  const shown = seen.length > 1 && kind === "pulya" && seen[0] === 0 ? seen.slice(1) : seen;
  return shown.slice(-4).join(" · ");
}

function svgEl(tag, attrs, text) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== undefined) n.textContent = text;
  return n;
}

/** Directions (unit vectors from the centre) of each sector's middle, bottom first, clockwise. */
function sectorGeometry(n) {
  if (n === 3) {
    return { dirs: [[0, 1], [-0.92, -0.38], [0.92, -0.38]], spokes: [[0, 300], [150, 0], [300, 300]] };
  }
  return { dirs: [[0, 1], [-1, 0], [0, -1], [1, 0]], spokes: [[0, 300], [0, 0], [300, 0], [300, 300]] };
}

function anchor(dir, f) {
  // the point where a ray from the centre meets the square scaled by f
  const [dx, dy] = dir;
  const k = 150 / Math.max(Math.abs(dx), Math.abs(dy));
  return [150 + dx * k * f, 150 + dy * k * f];
}

export function render(obs, rows, seats, me) {
  const s = obs.sheet;
  const n = obs.scores.length;
  if (!s) return el("p", {}, "");
  const bottom = me === null || me === undefined ? 0 : me;
  const svg = svgEl("svg", { viewBox: "-4 -4 308 308", class: "pulya-sheet", role: "img",
    "aria-label": t("web.pulya_label", { target: s.target }) });
  svg.append(svgEl("rect", { x: 0, y: 0, width: 300, height: 300, fill: "#fffdf5", stroke: "#333" }));
  for (const f of [0.7, 0.44]) {
    svg.append(svgEl("rect", { x: 150 - 150 * f, y: 150 - 150 * f, width: 300 * f, height: 300 * f, fill: "none", stroke: "#333" }));
  }
  const g = sectorGeometry(n);
  for (const [x, y] of g.spokes) svg.append(svgEl("line", { x1: 150, y1: 150, x2: x, y2: y, stroke: "#333" }));
  svg.append(svgEl("circle", { cx: 150, cy: 150, r: 22, fill: "#fffdf5", stroke: "#333" }));
  svg.append(svgEl("text", { x: 150, y: 156, "text-anchor": "middle", "font-size": 16, "font-weight": 700 }, String(s.target)));
  for (let k = 0; k < n; k++) {
    const seat = (bottom + k) % n;
    const dir = g.dirs[k];
    const tangent = [-dir[1], dir[0]];
    const side = Math.abs(dir[0]) > Math.abs(dir[1]); // a sector on the left or the right edge
    const text = (f, value, dx = 0, cls = "", size = 11) => {
      const [x, y] = anchor(dir, f);
      // on a side sector the whists run from the edge inwards, inside the square
      const along = side && cls === "whist" ? { x: dir[0] < 0 ? 4 : 296, anchor: dir[0] < 0 ? "start" : "end" } : null;
      svg.append(svgEl("text", { x: along ? along.x : x + tangent[0] * dx, y: y + tangent[1] * dx + 4,
        "text-anchor": along ? along.anchor : "middle", "font-size": size, class: cls }, value));
    };
    // the whist band: one entry per opponent, named
    const others = Array.from({ length: n - 1 }, (_, j) => (seat + 1 + j) % n);
    others.forEach((o, j) => {
      const dx = (j - (others.length - 1) / 2) * (side ? 14 : 62);
      const short = seatName(seats, o).slice(0, 6);
      text(0.86, `${short}: ${s.whists[seat][o]}`, dx, "whist", side ? 9 : 11);
    });
    text(0.58, `${t("pulya")} ${running("pulya", seat, s.pulya[seat])}`, 0, "pulya");
    text(0.3, `${t("gora")} ${running("gora", seat, s.gora[seat])}`, 0, "gora");
    // the owner's name just inside the edge of his sector
    const [nx, ny] = anchor(dir, 1.0);
    svg.append(svgEl("text", { x: side ? nx - dir[0] * 4 : nx, y: side ? ny - 30 : ny - dir[1] * 5 + (dir[1] > 0 ? -1 : 9),
      "text-anchor": side ? (dir[0] < 0 ? "start" : "end") : "middle", "font-size": 10, "font-weight": 700, fill: "#222" }, seatName(seats, seat)));
  }
  const bal = el("table", { class: "sheet" },
    el("caption", { class: "sr-only" }, t("web.balance")),
    el("tr", {}, el("th", { scope: "col" }, ""), ...Array.from({ length: n }, (_, i) => el("th", { scope: "col" }, seatName(seats, i)))),
    el("tr", {}, el("th", { scope: "row" }, t("pulya")), ...s.pulya.map((v) => el("td", {}, String(v)))),
    el("tr", {}, el("th", { scope: "row" }, t("gora")), ...s.gora.map((v) => el("td", {}, String(v)))),
    el("tr", {}, el("th", { scope: "row" }, t("web.balance")), ...s.balances.map((v) => el("td", {}, String(v)))));
  return el("div", { class: "pulya-box" }, svg, bal);
}
