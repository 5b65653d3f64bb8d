// Five Hundred calls: 6–10 × ♠♣♦♥ and no-trump, misère, open misère and the variants' bids (blind
// and double misère, Hi/Lo, double shields, patastrophe, a called slam); a raise after the kitty.
import { callButtons, callGrid, el } from "./bidding.js";
import { callText, t } from "./words.js";

export function render(obs, legal, ctx) {
  const handled = new Set(legal.filter((a) => a.startsWith("bid ") || a.startsWith("contract ") || (a === "pass" && obs.phase === "auction")));
  if (!handled.size) return { node: null, handled };
  const verb = legal.some((a) => a.startsWith("contract ")) ? "contract" : "bid";
  const box = el("div", { class: "bidbox" });
  // the grid of levels, unless the only call now is a named one (a slam called over the kitty)
  if (verb === "bid" || legal.some((a) => /^contract \d/.test(a))) box.append(callGrid(verb, legal, ctx.send));
  // every call that is not a level and a strain: the misères, Hi/Lo, a slam, in the order of the ladder
  const named = legal.filter((a) => a.startsWith(verb + " ") && !/^\w+ \d/.test(a));
  box.append(el("div", { class: "calls-row" }, ...callButtons([...named, "pass"], legal, ctx.send,
    (a) => (a === "pass" ? t("pass") : callText(a.split(" ")[1])))));
  return { node: box, handled };
}
