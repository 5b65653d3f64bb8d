// After a deal: its contract and result, the points of each seat, every hand that was played out;
// after the match: the winner, the final sheet, a rematch and the way back to the lobby.
import { el } from "./bidding.js";
import { renderSheet } from "./sheets.js";
import { SUITS, cardName, cardShort, contractText, rankOf, seatName, suitOf, t } from "./words.js";

/** What the summary of the deal just over says, from the deal's log as this seat saw it. */
export function buildSummary(msg, prev) {
  const po = prev.obs;
  const finished = !!msg.finished;
  const log = finished && msg.obs.deal === po.deal ? msg.log : msg.previous_log || [];
  const deal = finished && msg.obs.deal === po.deal ? msg.obs.deal : po.deal;
  const row = (msg.sheet || []).find((r) => r.deal === deal);
  // each card played goes to the hand it came from: the tricks say so (a lone whister in preferans
  // plays his lying partner's cards, so the seat that acted is not always the card's owner)
  const hands = {};
  const own = (seat, card) => (hands[seat] = hands[seat] || []).push(card);
  const seen = new Set();
  for (const tr of po.tricks || []) for (const [seat, card] of tr.cards) { own(seat, card); seen.add(card); }
  for (const [seat, card] of po.trick || []) { own(seat, card); seen.add(card); }
  let contract = null, declarer = null, conceded = false;
  for (const [s, a] of log) {
    const w = a.split(" ");
    // the plays the last frame's tricks do not hold: the card that closed the deal
    if (w[0] === "play" && !seen.has(w[1])) own(po.hand_to_play ?? dummyOf(po, w[1]) ?? s, w[1]);
    if (w[0] === "bid") { contract = a; declarer = s; }
    if (w[0] === "contract") { contract = a; declarer = s; }
    if (w[0] === "concede") conceded = true;
  }
  let verdict = null;
  if (declarer !== null && row) {
    const ch = row.changes[declarer];
    const by = signedNumber(ch);
    if (conceded) verdict = `${t("conceded")} (${by})`;
    else if (po.game === "preferans" && msg.obs.sheet && po.sheet) {
      const dp = msg.obs.sheet.pulya[declarer] - po.sheet.pulya[declarer];
      const dg = msg.obs.sheet.gora[declarer] - po.sheet.gora[declarer];
      // what the deal wrote for him besides whists (the row's points are the whist balances)
      const written = [dp ? t("web.pf_pulya_change", { n: signedNumber(dp) }) : null, dg ? t("web.pf_gora_change", { n: signedNumber(dg) }) : null].filter(Boolean);
      verdict = (dp > 0 || dg < 0 ? t("made") : t("failed")) + (written.length ? ` (${written.join(", ")})` : "");
    } else if (po.game === "501") verdict = `${ch <= 0 ? t("made") : t("failed")} (${by})`;
    else verdict = `${ch >= 0 ? t("made") : t("failed")} (${by})`;
  }
  const c = contract ? contractText(contract) : null;
  const headline = finished
    ? t("web.match_won", { names: (msg.obs.winners || []).map((w) => seatName(msg.seats, w)).join(", ") })
    : po.raspasy && !c ? t("web.raspasy_result", { deal })
    : c ? t("web.deal_result", { deal, contract: c, name: seatName(msg.seats, declarer), verdict: verdict || "" })
      : t("web.deal_over", { deal });
  return { deal, headline, row, hands, finished, game: po.game, talon: Array.isArray(po.talon) ? po.talon : null };
}

/** The summary panel. */
export function renderSummary(sum, msg, { tableId, onNext, onRematch, onAnalyse }) {
  const n = msg.obs.scores.length;
  const box = el("section", { class: "summary", role: "dialog", "aria-modal": "false", "aria-labelledby": "summary-title", "data-summary": sum.deal });
  box.append(el("h2", { id: "summary-title" }, sum.finished ? t("match_over") : t("web.deal_n_over", { n: sum.deal })), el("p", {}, sum.headline));
  if (sum.row) {
    box.append(el("table", { class: "sheet" },
      el("tr", {}, ...Array.from({ length: n }, (_, i) => el("th", { scope: "col" }, seatName(msg.seats, i)))),
      el("tr", {}, ...sum.row.changes.map((ch) => el("td", {}, signedNumber(ch))))));
  }
  const hands = el("div", { class: "summary-hands" });
  // the seats, then the hands beyond them (the two-handed game's dummies: every card they held,
  // the face-down ones too, since the whole deal was played out)
  const held = Object.keys(sum.hands).map(Number).sort((a, b) => a - b);
  for (const i of held) {
    const cards = sum.hands[i];
    if (!cards || !cards.length) continue;
    hands.append(el("div", { class: "summary-hand", "data-hand": i }, el("span", { class: "label" }, seatName(msg.seats, i)), handText(cards, sum.game)));
  }
  if (sum.talon) hands.append(el("div", { class: "summary-hand" }, el("span", { class: "label" }, t(sum.game === "five-hundred" ? "kitty" : "talon")), handText(sum.talon, sum.game)));
  box.append(hands);
  const buttons = el("div", { class: "row" });
  if (sum.finished) {
    const sheet = el("div", { class: "final-sheet" });
    renderSheet(sheet, msg.obs, msg.sheet, msg.seats, msg.viewer);
    box.append(el("h3", {}, t("score_sheet")), sheet);
    buttons.append(el("button", { type: "button", class: "primary", id: "rematch", onclick: onRematch }, t("web.rematch")),
      el("a", { class: "button", href: `/table/${tableId}?replay=1` }, t("web.replay")),
      el("a", { class: "button", href: "/" }, t("web.to_lobby")));
  } else {
    buttons.append(el("button", { type: "button", class: "primary", id: "next-deal", onclick: onNext }, t("web.next_deal")));
  }
  if (onAnalyse) buttons.append(el("button", { type: "button", id: "analyse", "data-deal": sum.deal, onclick: () => onAnalyse(sum.deal) }, t("web.analyse_deal")));
  box.append(buttons);
  return box;
}

/** A number with its sign: +2, -4. */
function signedNumber(n) {
  return `${n > 0 ? "+" : ""}${n}`;
}

/** The dummy (two-handed Five Hundred) whose face-up cards hold `card`, else undefined: the last
 * card of a deal is logged under the seat that played it, a dummy's under its controller. */
function dummyOf(obs, card) {
  const d = (obs.dummies || []).find((x) => (x.face_up || []).includes(card));
  return d ? d.hand : undefined;
}

/** A hand written the way players write it: by suit, "♠ Д К Т  ♥ 7 10". */
function handText(cards, game) {
  // low to high in the game's own order (the ace-ten games rank the ten above the king)
  const order = game === "501" || game === "pyatsot" ? ["9", "J", "Q", "K", "T", "A"]
    : ["2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A"];
  const out = el("span", { class: "hand-text" }, el("span", { class: "sr-only" }, cards.map(cardName).join(", ")));
  for (const s of ["S", "C", "D", "H", "JK"]) {
    const of = cards.filter((c) => (s === "JK" ? c.startsWith("JK") : !c.startsWith("JK") && suitOf(c) === s));
    of.sort((a, b) => order.indexOf(rankOf(a)) - order.indexOf(rankOf(b)));
    if (!of.length) continue;
    const text = s === "JK" ? of.map(cardShort).join(" ") : `${SUITS[s]} ${of.map((c) => cardShort(c).slice(0, -1)).join(" ")}`;
    out.append(el("span", { class: "suit-group" + (s === "D" || s === "H" ? " red" : ""), "aria-hidden": "true" }, text));
  }
  return out;
}

