// Preferans calls: 6–10 × ♠♣♦♥ and без козыря, мизер, without the talon; the contract after the talon.
import { callButtons, callGrid, el } from "./bidding.js";
import { callText, t } from "./words.js";

let withoutTalon = false;

export function render(obs, legal, ctx) {
  const handled = new Set(legal.filter((a) => a.startsWith("bid ") || a.startsWith("contract ") || (a === "pass" && obs.phase === "auction")));
  if (!handled.size) return { node: null, handled };
  const verb = legal.some((a) => a.startsWith("contract ")) ? "contract" : "bid";
  const wtLegal = legal.some((a) => a.endsWith("-WT"));
  if (!wtLegal) withoutTalon = false;
  const box = el("div", { class: "bidbox" });
  const row = el("div", { class: "calls-row" });
  if (wtLegal) {
    row.append(el("button", {
      type: "button", class: "toggle", "aria-pressed": withoutTalon ? "true" : "false", "data-toggle": "WT",
      onclick: () => { withoutTalon = !withoutTalon; ctx.rerender(); },
    }, t("without_talon")));
  }
  const suffix = withoutTalon ? "-WT" : "";
  box.append(callGrid(verb, legal, ctx.send, { suffix }));
  const extra = [`${verb} MIS${suffix}`, "pass"];
  if (suffix) extra.unshift(`${verb} MIS`);
  row.append(...callButtons(extra, legal, ctx.send, (a) => (a === "pass" ? t("pass") : callText(a.split(" ")[1]))));
  box.append(row);
  return { node: box, handled };
}
