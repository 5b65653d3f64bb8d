// Five Hundred calls: 6–10 × ♠♣♦♥ and no-trump, misère, open misère; a raise after the kitty.
import { callButtons, callGrid, el } from "./bidding.js";
import { callText, t } from "./words.js";

export function render(obs, legal, ctx) {
  const handled = new Set(legal.filter((a) => a.startsWith("bid ") || a.startsWith("contract ") || (a === "pass" && obs.phase === "auction")));
  if (!handled.size) return { node: null, handled };
  const verb = legal.some((a) => a.startsWith("contract ")) ? "contract" : "bid";
  const box = el("div", { class: "bidbox" });
  box.append(callGrid(verb, legal, ctx.send));
  box.append(el("div", { class: "calls-row" }, ...callButtons([`${verb} MIS`, `${verb} OMIS`, "pass"], legal, ctx.send,
    (a) => (a === "pass" ? t("pass") : callText(a.split(" ")[1])))));
  return { node: box, handled };
}
