// Card faces, drawn as compact SVG (no image files): corner indices, pips or a court letter.
import { RED, SUITS, rankLabel, rankOf, suitOf, cardName, t } from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const PIPS = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10 };
// pip positions on a 60×84 face (x, y), per count
const LAYOUT = {
  2: [[30, 22], [30, 62]], 3: [[30, 20], [30, 42], [30, 64]],
  4: [[21, 22], [39, 22], [21, 62], [39, 62]], 5: [[21, 22], [39, 22], [30, 42], [21, 62], [39, 62]],
  6: [[21, 22], [39, 22], [21, 42], [39, 42], [21, 62], [39, 62]],
  7: [[21, 22], [39, 22], [30, 32], [21, 42], [39, 42], [21, 62], [39, 62]],
  8: [[21, 20], [39, 20], [30, 31], [21, 42], [39, 42], [30, 53], [21, 64], [39, 64]],
  9: [[21, 19], [39, 19], [21, 34], [39, 34], [30, 42], [21, 50], [39, 50], [21, 65], [39, 65]],
  10: [[21, 18], [39, 18], [30, 27], [21, 35], [39, 35], [21, 49], [39, 49], [30, 57], [21, 66], [39, 66]],
};

function faceMarkup(card) {
  const frame = '<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fff" stroke="#6b6b6b" stroke-width="1.5"/>';
  if (card.startsWith("JK")) {
    return frame + '<text x="30" y="48" text-anchor="middle" font-size="30" fill="#6a1b9a">★</text>' +
      `<text x="5" y="15" font-size="10" font-weight="700" fill="#6a1b9a">JK${card.slice(2)}</text>`;
  }
  const r = rankOf(card), s = SUITS[suitOf(card)];
  const fill = RED.has(suitOf(card)) ? "#b3001b" : "#111";
  const idx = rankLabel(r);
  const corner = `<text x="4" y="15" font-size="${idx.length > 1 ? 11 : 13}" font-weight="700" fill="${fill}">${idx}</text>` +
    `<text x="4" y="27" font-size="11" fill="${fill}">${s}</text>`;
  const corner2 = `<g transform="rotate(180 30 42)">${corner}</g>`;
  let middle;
  if (PIPS[r]) {
    middle = LAYOUT[PIPS[r]].map(([x, y]) => `<text x="${x}" y="${y + 5}" text-anchor="middle" font-size="13" fill="${fill}">${s}</text>`).join("");
  } else {
    middle = `<rect x="14" y="17" width="32" height="50" rx="3" fill="none" stroke="${fill}" stroke-width="1.2"/>` +
      `<text x="30" y="${r === "A" ? 54 : 47}" text-anchor="middle" font-size="${r === "A" ? 30 : 20}" font-weight="700" fill="${fill}">${r === "A" ? s : idx}</text>` +
      (r === "A" ? "" : `<text x="30" y="62" text-anchor="middle" font-size="13" fill="${fill}">${s}</text>`);
  }
  return frame + corner + corner2 + middle;
}

/** The <svg> of a card's face (or its back when `card` is null). Hidden from screen readers. */
export function cardSvg(card) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.innerHTML = card
    ? faceMarkup(card)
    : '<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#1f3a68" stroke="#6b6b6b" stroke-width="1.5"/>' +
      '<rect x="5" y="5" width="50" height="74" rx="3" fill="none" stroke="#9fb6e0" stroke-dasharray="3 2"/>';
  return svg;
}

/** A card as an element: a <button> when `onClick` is given, else an image with its spoken name. */
export function cardEl(card, { onClick, cls = "", label } = {}) {
  const node = document.createElement(onClick ? "button" : "span");
  node.className = "card " + cls;
  if (card) node.dataset.card = card;
  if (onClick) {
    node.type = "button";
    node.addEventListener("click", onClick);
    const name = document.createElement("span");
    name.className = "sr-only";
    name.textContent = label || cardName(card);
    node.append(name);
  } else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label || (card ? cardName(card) : t("web.card_hidden")));
  }
  node.append(cardSvg(card));
  return node;
}
