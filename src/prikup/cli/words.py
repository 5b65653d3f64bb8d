"""Numbers, cards, calls and seats said as players say them, in English or Russian."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from prikup.core.actions import Action, ActionKind, parse_action
from prikup.core.cards import SUIT_SYMBOLS, Card, Suit, parse_card
from prikup.core.errors import PrikupError
from prikup.i18n import catalogue, t

__all__ = [
    "RU_RANKS",
    "Names",
    "action_words",
    "call_words",
    "card",
    "cards",
    "number",
    "signed",
    "sort_cards",
    "strain",
    "tw",
]

_VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
}


def number(value: object) -> str:
    """A score as players write it: ``281``, ``281⅓``, ``-3½`` (other fractions as ``5 2/7``)."""
    if isinstance(value, str):
        try:
            value = Fraction(value)
        except ValueError:
            return str(value)
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(12)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, Fraction):
        return str(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value), 1)
    mark = _VULGAR.get(Fraction(part))
    if mark is None:
        return f"{sign}{int(whole)} {part.numerator}/{part.denominator}" if whole else f"{sign}{part}"
    return f"{sign}{int(whole) if whole else ''}{mark}"


def signed(value: object) -> str:
    """A score change with its sign: ``+140``, ``-25``, ``+3⅓``, ``0``."""
    text = number(value)
    if text.startswith("-") or text == "0":
        return text
    return "+" + text


#: The index printed on a Russian deck's court cards and ace: валет, дама, король, туз.
RU_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}


def card(code: str | Card, lang: str = "en") -> str:
    """A card (or its code) with its suit symbol (``K♠``; in Russian the deck's own letters,
    ``К♠``, ``Т♥``, ``В♦``); the code itself if it is not a card."""
    if isinstance(code, Card):
        the_card = code
    else:
        try:
            the_card = parse_card(code)
        except PrikupError:
            return code
    shown = the_card.pretty()
    if lang == "ru" and shown[0] in RU_RANKS and not the_card.is_joker:
        return RU_RANKS[shown[0]] + shown[1:]
    return shown


def sort_cards(codes: Sequence[str | Card]) -> list[str]:
    """A hand (cards or their codes) grouped by suit (jokers first), highest first."""
    parsed = [c if isinstance(c, Card) else parse_card(c) for c in codes]
    parsed.sort(key=lambda c: (-1, -c.id) if c.suit is None else (int(c.suit), -c.id))
    return [str(c) for c in parsed]


def cards(codes: Sequence[str | Card], lang: str = "en") -> str:
    """Several cards with their suit symbols, in the order given."""
    return " ".join(card(c, lang) for c in codes)


def strain(code: str | Suit | None, lang: str) -> str:
    """A trump suit (or its letter) as a symbol, no-trump in words."""
    if isinstance(code, Suit):
        return SUIT_SYMBOLS[code]
    if code is None:
        return t("cli.no_trump_yet", lang)
    if code == "NT":
        return t("no_trump", lang)
    if code in Suit.__members__:
        return SUIT_SYMBOLS[Suit[code]]
    return code


def call_words(call: str, lang: str) -> str:
    """A bid or contract call in words: ``7H`` → ``7♥``, ``MIS`` → misère, ``8H-WT`` → 8♥ without the talon."""
    text = call.upper()
    without = text.endswith("-WT")
    if without:
        text = text[:-3]
    named = {"MIS": "cli.misere", "OMIS": "cli.open_misere"}
    named |= {c: f"cli.call_{c}" for c in ("BMIS", "DMIS", "HILO", "DSHL", "PAT", "SLAM")}  # Five Hundred's bids
    if text in named:
        out = t(named[text], lang)
    elif text.endswith("NT") and text[:-2].isdigit():
        out = f"{text[:-2]} {t('no_trump', lang)}"
    elif text[:-1].isdigit() and text[-1] in Suit.__members__:
        out = text[:-1] + SUIT_SYMBOLS[Suit[text[-1]]]
    else:
        out = call
    return out + (" " + t("cli.without_talon", lang) if without else "")


def action_words(text: str, lang: str, you: bool = False) -> str:
    """An action as the table says it: ``bid 80`` → ``80``, ``pass`` → пас, ``play KS`` → ``K♠``;
    a verb in its form for "you" when ``you`` (the player's own action: "смотрите карты")."""
    try:
        a: Action = parse_action(text)
    except PrikupError:
        return t("cli.hidden_card", lang) if text.endswith(" a card") else text
    kind = a.kind
    if kind is ActionKind.BID:
        return " ".join(x for x in (str(a.number) if a.number is not None else "", call_words(a.call or "", lang)) if x)
    if kind is ActionKind.CONTRACT:
        what = " ".join(
            x
            for x in (
                str(a.number) if a.number is not None else "",
                strain(a.call, lang) if a.call in ("S", "C", "D", "H", "NT") else call_words(a.call or "", lang),
            )
            if x
        )
        return t("cli.says_contract", lang, contract=what)
    if a.card is not None:
        shown = card(a.card, lang)
        if a.modifier == "marriage" and a.argument:
            shown += " " + t("cli.with_marriage", lang, suit=strain(a.argument, lang))
        elif a.modifier == "as" and a.argument:
            shown += " " + t("cli.joker_as", lang, suit=strain(a.argument, lang))
        elif a.modifier == "declare" and a.argument:
            shown += " " + t("cli.declares", lang, kind=t(f"cli.combination_{a.argument}", lang))
        if kind is ActionKind.PLAY:
            return shown
        return tw(f"cli.act_{kind.value}", lang, you, card=shown)
    return tw(f"cli.act_{kind.value.replace('-', '_')}", lang, you)


def tw(key: str, lang: str, you: bool, **fields: object) -> str:
    """``t`` with the form for "you" (``key_you``) when the subject is the player himself."""
    if you and f"{key}_you" in catalogue():
        return t(f"{key}_you", lang, **fields)
    return t(key, lang, **fields)


class Names:
    """The seats' names at the table: the player is "you", each bot a name of its own."""

    def __init__(self, players: int, humans: Sequence[int], bots: Sequence[str], lang: str) -> None:
        self.lang = lang
        self.humans = list(humans)
        people = t("cli.bot_names", lang).split(",")
        self.names: list[str] = []
        others = 0
        for seat in range(players):
            if seat in self.humans and len(self.humans) == 1:
                self.names.append(t("you", lang))
            else:
                self.names.append(people[others % len(people)].strip())
                others += 1
        self.kinds = list(bots)

    def __getitem__(self, seat: int) -> str:
        if seat >= len(self.names):  # a hand beyond the seats: a dummy, played by its partner
            owner = seat % len(self.names)
            if self.is_you(owner):
                return t("cli.your_dummy", self.lang)
            return t("cli.dummy_of", self.lang, who=self.names[owner])
        return self.names[seat]

    def is_you(self, seat: int | None) -> bool:
        """Whether the seat is the one person at the table."""
        return seat is not None and len(self.humans) == 1 and seat in self.humans

    def kind(self, seat: int) -> str:
        """What sits in a seat, in words (you, or the bot's kind)."""
        if seat in self.humans:
            return t("cli.human", self.lang)
        kind = self.kinds[seat].split(":")[0]
        return t(f"cli.bot_{kind}", self.lang) if f"cli.bot_{kind}" in catalogue() else kind
