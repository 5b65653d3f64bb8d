// 501 and Пятьсот: bids and contracts are numbers (quick steps and typed entry); 501's contract
// also names the trumps (buttons) — the value typed is checked against that trump's legal range.
import { el, numberEntry } from "./bidding.js";
import { SUITS, t } from "./words.js";

let trump = null; // 501: the trump chosen for the contract, before its value is confirmed

export function render(obs, legal, ctx) {
  const bids = legal.filter((a) => a.startsWith("bid ")).map((a) => +a.split(" ")[1]);
  const contracts = legal.filter((a) => a.startsWith("contract "));
  const handled = new Set(legal.filter((a) => a.startsWith("bid ") || a.startsWith("contract ")));
  if (!handled.size) { trump = null; return { node: null, handled }; }
  const box = el("div", { class: "bidbox points" });
  const step = obs.options && obs.options.bid_step ? obs.options.bid_step : 5;
  // quick steps: the lowest call, then the next three multiples of the step above it
  const quick = (m) => {
    const round = Math.ceil((m + 1) / step) * step;
    return [m, round, round + step, round + 2 * step];
  };
  if (bids.length) {
    box.append(numberEntry(bids, (n) => ctx.send(`bid ${n}`), { label: t("web.your_bid"), quick: quick(Math.min(...bids)), id: "bid" }));
  }
  if (contracts.length) {
    const bySuit = {};
    for (const a of contracts) {
      const w = a.split(" ");
      const s = w[2] || "";
      (bySuit[s] = bySuit[s] || []).push(+w[1]);
    }
    const suits = Object.keys(bySuit);
    if (suits.length === 1 && suits[0] === "") {
      const values = bySuit[""];
      box.append(numberEntry(values, (n) => ctx.send(`contract ${n}`), {
        label: t("web.your_contract"), quick: quick(Math.min(...values)), id: "contract",
      }));
    } else {
      if (!suits.includes(trump)) trump = null;
      const row = el("div", { class: "trumps", role: "group", "aria-label": t("web.choose_trump") });
      for (const s of ["S", "C", "D", "H", "NT"].filter((x) => suits.includes(x))) {
        row.append(el("button", {
          type: "button", class: "call" + (s === "D" || s === "H" ? " red" : ""), "data-trump": s,
          "aria-pressed": trump === s ? "true" : "false",
          onclick: () => { trump = s; ctx.rerender(); setTimeout(() => document.getElementById("contract-input")?.focus(), 0); },
        }, s === "NT" ? t("no_trump") : SUITS[s]));
      }
      box.append(row);
      if (trump) {
        const values = bySuit[trump];
        box.append(numberEntry(values, (n) => ctx.send(`contract ${n} ${trump}`), {
          label: t("web.your_contract"), quick: quick(Math.min(...values)), id: "contract",
        }));
      }
    }
  }
  return { node: box, handled };
}
