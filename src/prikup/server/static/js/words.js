// The page's words: the one message catalogue (GET /api/words/<lang>), card, seat and action names.
export const SUITS = { S: "♠", C: "♣", D: "♦", H: "♥" };
export const RED = new Set(["D", "H"]);
export const CARD_RE = /^(?:(?:[2-9TJQKA]|1[123])[SCDH]|JK[12]?)$/;
/** A card code's rank ("A", "T", "11") and suit letter ("S"): the six-handed deck's 11, 12, 13 have two digits. */
export const rankOf = (c) => c.slice(0, -1);
export const suitOf = (c) => c.slice(-1);
const LANG_KEY = "prikup.lang";
let W = {};
export let lang = "en";

/** The language to start in: the one chosen before, else the browser's. */
export function startLang() {
  const kept = localStorage.getItem(LANG_KEY);
  if (kept === "ru" || kept === "en") return kept;
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const p of prefs) {
    const l = String(p).slice(0, 2).toLowerCase();
    if (l === "ru" || l === "en") return l;
  }
  return "en";
}

/** Load the catalogue in `l` and set the page's language. */
export async function loadWords(l) {
  const r = await fetch(`/api/words/${l}`);
  W = await r.json();
  lang = l;
  localStorage.setItem(LANG_KEY, l);
  document.documentElement.lang = l;
}

/** The text of `key` with `{fields}` filled in (the key itself if missing: a test checks none is). */
export function t(key, fields = {}) {
  const s = W[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}
export const has = (key) => key in W;

const RANK_SHORT = { T: "10" };
/** The index of a card as printed on it (Russian decks: В Д К Т). */
export function rankLabel(r) {
  if (RANK_SHORT[r]) return RANK_SHORT[r];
  if (lang === "ru" && "JQKA".includes(r)) return { J: "В", Q: "Д", K: "К", A: "Т" }[r];
  return r;
}
/** A card's short text: "10♥", "Д♠", "JK". */
export function cardShort(c) {
  if (!c) return "?";
  if (c.startsWith("JK")) return t("joker") + (c.length > 2 ? " " + c.slice(2) : "");
  return rankLabel(rankOf(c)) + SUITS[suitOf(c)];
}
/** A card's spoken name: "король пик", "king of spades". */
export function cardName(c) {
  if (!c) return t("web.card_hidden");
  if (c.startsWith("JK")) return t("joker") + (c.length > 2 ? " " + c.slice(2) : "");
  return t("web.card_name", { rank: t("web.rank." + rankOf(c)), suit: t("web.suit_of." + suitOf(c)) });
}
/** A trump or suit word: "♥", "без козыря". */
export function suitWord(s) {
  if (s === "NT") return t("no_trump");
  return SUITS[s] ?? s;
}
/** A level-and-suit call as players write it: "7♥", "6 без козыря", "мизер". */
export function callText(code) {
  if (code === null || code === undefined) return "";
  code = String(code);
  let wt = "";
  if (code.endsWith("-WT")) { code = code.slice(0, -3); wt = " " + t("without_talon"); }
  if (code === "MIS") return t("misere") + wt;
  if (code === "OMIS") return t("open_misere") + wt;
  if (has("web.call." + code)) return t("web.call." + code) + wt; // Five Hundred's other bids: Hi/Lo, double misère…
  const m = code.match(/^(\d+)(S|C|D|H|NT)$/);
  if (m) return (m[2] === "NT" ? `${m[1]} ${t("no_trump")}` : m[1] + SUITS[m[2]]) + wt;
  if (/^\d+$/.test(code)) return code;
  return code + wt;
}

/** The game a bid or contract action names: "7♥", "100 ♥", "мизер". */
export function contractText(action) {
  const w = String(action).split(" ");
  return w.length === 3 ? `${w[1]} ${suitWord(w[2])}` : callText(w[1]);
}

/** A seat's name as shown everywhere: the name its player chose, or "Игрок 2" / "Бот 3". */
export function seatName(seats, i) {
  if (i === null || i === undefined) return "—";
  const s = seats && seats[i];
  if (!s && seats && seats.length && i >= seats.length) return t("web.dummy_of", { name: seatName(seats, i % seats.length) });
  if (!s) return t("web.player_n", { n: i + 1 });
  const m = /^Player (\d+)$/.exec(s.name || "");
  if (s.kind === "bot" || /^\w+ bot$/.test(s.name || "")) {
    if (!s.name || /^\w+ bot$/.test(s.name)) return t("web.bot_n", { n: i + 1 });
  }
  if (m || !s.name) return t("web.player_n", { n: i + 1 });
  return s.name;
}
/** A bot level's word ("обычный"). */
export const botWord = (level) => (has("web.bot." + level) ? t("web.bot." + level) : level);

/** One action in words, as the log and the live region say it ("Иван: 7♥", "пас", "отдал карту"). */
export function describe(action, ctx = {}) {
  const w = String(action).split(" ");
  const seats = ctx.seats;
  if (ctx.draw && (w[0] === "keep" || w[0] === "discard")) {
    // the drawing form's draw: the first card seen, kept or set aside (the opponent sees neither)
    if (!CARD_RE.test(w[1] || "")) return t("web.act.draw_hidden");
    return t(w[0] === "keep" ? "web.act.draw_keep" : "web.act.draw_set_aside", { card: cardShort(w[1]) });
  }
  switch (w[0]) {
    case "pass": return t("pass");
    case "look": return w[1] !== undefined ? t("web.act.look_at", { name: seatName(seats, +w[1]) }) : t("web.act.look");
    case "bid": return callText(w[1]);
    case "contract": return t("web.act.contract", { contract: contractText(action) });
    case "concede": return t("conceded");
    case "whist": return t("whist_call");
    case "half-whist": return t("half_whist");
    case "open": return t("web.act.open");
    case "closed": return t("web.act.closed");
    case "settle": return t("web.act.settle");
    case "take": return t("web.act.take");
    case "invite": return t("web.act.invite");
    case "pulya": return t("web.act.pulya", { n: w[1] });
    case "claim": return t("web.act.claim");
    case "break": return t("web.act.break");
    case "misdeal": return t("web.act.misdeal");
    case "give": return CARD_RE.test(w[1] || "") ? t("web.act.give", { card: cardShort(w[1]) }) : t("web.act.give_hidden");
    case "discard": return CARD_RE.test(w[1] || "") ? t("web.act.discard", { card: cardShort(w[1]) }) : t("web.act.discard_hidden");
    case "keep": return CARD_RE.test(w[1] || "") ? t("web.act.keep", { card: cardShort(w[1]) }) : t("web.act.keep_hidden");
    case "partner": return t("web.act.partner", { card: cardShort(w[1]) });
    case "alone": return t("web.act.alone");
    case "play": {
      let s = cardShort(w[1]);
      if (w[2] === "marriage") s += " · " + t("web.act.marriage", { suit: SUITS[w[3]] });
      if (w[2] === "as") s += " " + t("web.act.as_suit", { suit: SUITS[w[3]] });  // "joker as ♠": the card named once
      if (w[2] === "declare") s += " · " + t("web.act.declare", { combo: comboText(w[3], w[1]) });
      return s;
    }
    default: return String(action);
  }
}
/** Which actions of a deal's log are draws (two-handed Five Hundred's drawing form): its keeps
 * and set-asides before the first call of the auction (a discard after it is the contractor's). */
export function drawFlags(obs, log) {
  if (!obs || obs.game !== "five-hundred" || !obs.options || obs.options.form !== "drawing") return log.map(() => false);
  let drawing = true;
  return log.map(([, a]) => {
    const v = String(a).split(" ")[0];
    if (v !== "keep" && v !== "discard") drawing = false;
    return drawing;
  });
}

/** An announcement made with a card, on its own ("марьяж ♥", "объявить К+Д"). */
export function variantText(sfx) {
  const w = sfx.split(" ");
  if (w[0] === "marriage") return t("web.act.marriage", { suit: SUITS[w[1]] });
  if (w[0] === "as") return t("web.act.joker_as", { suit: SUITS[w[1]] });
  if (w[0] === "declare") return t("web.do.declare", { combo: comboText(w[1]) });
  return sfx;
}

/** A Пятьсот declaration "KQ" with its suit: "К+Д ♥". */
export function comboText(combo, card) {
  const suit = card && card.length === 2 ? SUITS[card[1]] : "";
  return combo.split("").map(rankLabel).join("+") + (suit ? " " + suit : "");
}
