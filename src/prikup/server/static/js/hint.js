// Hints: the "Hint" button (only at a table that allows them, on your turn), the suggestion with
// the top candidates' estimates, and the suggested card raised and marked in the hand.
import { el } from "./bidding.js";
import { describe, t } from "./words.js";

const $ = (s) => document.querySelector(s);

/** What the hint panel holds: the hint frame for the current ply, or the ply being asked about. */
export const H = { frame: null, asked: null };

/** The card an action names ("play KS" → "KS"), or null. */
export function actionCard(text) {
  const w = String(text || "").split(" ");
  return ["play", "give", "keep", "discard"].includes(w[0]) && w[1] ? w[1] : null;
}

/** A signed estimate as players write points: "+12.5", "−3". */
export function signed(v) {
  if (v === null || v === undefined || isNaN(v)) return "—";
  const r = Math.round(v * 10) / 10;
  return (r > 0 ? "+" : r < 0 ? "−" : "") + String(Math.abs(r));
}

/** The hint's suggested action and its candidates [[text, estimate]…], whatever its exact shape. */
export function hintParts(hint) {
  const cands = (hint.estimates || hint.candidates || []).map((c) => (Array.isArray(c) ? c : [c.action ?? c.text, c.estimate ?? c.value]));
  const best = hint.best ?? hint.action ?? (cands.length ? cands[0][0] : null);
  return { best, cands };
}

/** Show or hide the button and the panel for the state `msg`; `ask()` sends the request. */
export function renderHint(msg, { allowed, mine, ask, seats }) {
  const button = $("#hint");
  const box = $("#hint-box");
  if (H.frame && H.frame.ply !== msg.ply) H.frame = null;
  if (H.asked !== null && H.asked !== msg.ply) H.asked = null;
  button.hidden = !(allowed && mine);
  button.disabled = H.asked !== null;
  button.textContent = H.asked !== null ? t("web.hint_thinking") : t("web.hint");
  button.onclick = () => { H.asked = msg.ply; ask(msg.ply); renderHint(msg, { allowed, mine, ask, seats }); };
  if (!H.frame || !mine) { box.hidden = true; box.replaceChildren(); return; }
  const { best, cands } = hintParts(H.frame.hint);
  box.hidden = false;
  box.replaceChildren(
    el("p", { class: "hint-best" }, el("span", { class: "hint-tag", "aria-hidden": "true" }, "★ "),
      t("web.hint_suggests", { action: describe(best, { seats }) })),
    el("table", { class: "estimates" },
      el("caption", {}, t("web.hint_estimates", { unit: t("web.unit." + (H.frame.hint.unit || "score")) })),
      ...cands.map(([a, v]) => el("tr", { "data-candidate": a, class: a === best ? "best" : "" },
        el("th", { scope: "row" }, describe(a, { seats })), el("td", {}, signed(v))))));
}

/** Raise and mark the suggested card in the hand (a star and words, not colour alone). */
export function markHintedCard(msg) {
  if (!H.frame || H.frame.ply !== msg.ply) return;
  const card = actionCard(hintParts(H.frame.hint).best);
  if (!card) return;
  const node = document.querySelector(`#hand [data-card="${card}"], .talon [data-card="${card}"], .open-cards button[data-card="${card}"]`);
  if (!node) return;
  node.classList.add("hinted");
  // its spoken name says so too (the button's text is its name: no aria-label that would differ)
  const name = node.querySelector(".sr-only");
  if (name) name.textContent += ", " + t("web.hint_marked");
  node.append(el("span", { class: "hint-mark", "aria-hidden": "true" }, "★"));
}
