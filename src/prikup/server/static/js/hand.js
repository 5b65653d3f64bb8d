// The hand: a fan of card buttons in the game's order; playable cards raised, the rest dimmed.
// Keyboard: Tab reaches the hand, ← → move along it, Enter or Space plays (or selects) the card.
import { cardEl } from "./cards.js";
import { cardName, t } from "./words.js";

let focusCard = null; // the card that keeps the hand's tab stop between renders

/**
 * Draw `cards` into `box`. `playable`: cards that may be used now; `selected`: chosen for a
 * confirm (gifts, discards); `fromTalon`: cards just taken from the talon (marked); `onCard(card)` is called for every card clicked, playable or not.
 */
export function renderHand(box, cards, {
  playable = new Set(), selected = new Set(), onCard, selecting = false, dimAll = false, fromTalon = new Set(),
} = {}) {
  const hadFocus = box.contains(document.activeElement);
  const nodes = cards.map((c, i) => {
    const ok = playable.has(c);
    const node = cardEl(c, {
      onClick: () => { focusCard = c; onCard && onCard(c); },
      cls: (ok ? "playable" : playable.size || dimAll ? "dim" : "") + (selected.has(c) ? " selected" : "") +
        (fromTalon.has(c) ? " from-talon" : ""),
      label: cardName(c) + (fromTalon.has(c) ? ", " + t("web.from_talon") : "") +
        (ok ? "" : playable.size || dimAll ? ", " + t("web.cannot_now") : ""),
    });
    if (selecting) node.setAttribute("aria-pressed", selected.has(c) ? "true" : "false");
    node.tabIndex = -1;
    node.style.setProperty("--k", String(i - (cards.length - 1) / 2)); // its turn in the fan
    return node;
  });
  box.replaceChildren(...nodes);
  box.style.setProperty("--n", String(Math.max(1, cards.length)));
  if (!nodes.length) return;
  let stop = nodes.find((n) => n.dataset.card === focusCard) || nodes.find((n) => n.classList.contains("playable")) || nodes[0];
  stop.tabIndex = 0;
  if (hadFocus) stop.focus();
}

/** Arrow keys move along the hand (installed once per hand box). */
export function handKeys(box) {
  box.addEventListener("keydown", (ev) => {
    const nodes = [...box.querySelectorAll(".card")];
    const i = nodes.indexOf(document.activeElement);
    if (i < 0) return;
    let j = null;
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") j = Math.min(nodes.length - 1, i + 1);
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (ev.key === "Home") j = 0;
    else if (ev.key === "End") j = nodes.length - 1;
    if (j === null) return;
    ev.preventDefault();
    nodes[i].tabIndex = -1;
    nodes[j].tabIndex = 0;
    nodes[j].focus();
    focusCard = nodes[j].dataset.card;
  });
}
