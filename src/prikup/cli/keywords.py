"""What a player types, read against what is legal now.

A line is an action in the notation (``bid 80``, ``play KS``), or a shortcut: a bare card means
``play`` and nothing else; a bare number means ``bid``; ``p`` means ``pass``.  In the gift, discard
and keep phases the card follows its keyword (``give QS``), or the keyword stands alone when it can
take one card only; ``discard 5S 7S`` takes several cards in one line.  Errors name only the
current game's and phase's keywords.

Every keyword also has its Russian word from the message catalogue (``cli.kw.<keyword>``: ``ход``,
``заказ``, ``смотреть``, ``снести`` …; the first of the catalogue's words is the one shown), and a
card may be typed with the Russian deck's letters: the index В Д К Т (валет, дама, король, туз) and
the suit п т б ч (пики, трефы, бубны, черви), e.g. ``ход Дп``.  A line is read in either language
whatever the table's language; what is recorded is always the notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from prikup.cli.words import RU_RANKS, card
from prikup.core.actions import Action, ActionKind, parse_action
from prikup.core.cards import parse_card
from prikup.core.errors import PrikupError
from prikup.i18n import catalogue, t

__all__ = [
    "HELP_WORDS",
    "QUIT_WORDS",
    "InputError",
    "keyword_word",
    "keywords",
    "normalise",
    "notation_words",
    "read_line",
    "summarise",
]

PASS_WORDS = ("p", "pass", "пас")
#: What asks for the list of legal actions, and what stops the match, in either language.
HELP_WORDS = ("help", "?", "h", "помощь")
QUIT_WORDS = ("quit", "exit", "q", "выход")
_CARD_KEYWORDS = ("give", "keep", "discard")
#: a Russian deck's index letters and suit letters, as the notation writes them
_RU_INDEX = {ru.lower(): en for en, ru in RU_RANKS.items()}
_RU_SUIT = {"п": "S", "т": "C", "б": "D", "ч": "H"}


class InputError(PrikupError):
    """A typed line that is not an action of this game and phase; the message is one line in the
    player's language."""


@cache
def _aliases() -> dict[str, str]:
    """Every typed word of a keyword or modifier, in both languages (lower case) → the notation's
    word."""
    out: dict[str, str] = {}
    for key, pair in catalogue().items():
        if key.startswith("cli.kw."):
            word = key[len("cli.kw.") :]
            for said in (pair["en"], *pair["ru"].split(",")):
                out[said.strip().lower()] = word
    return out


def keyword_word(word: str, lang: str) -> str:
    """A keyword (or modifier) of the notation as the player's language says it: ``play`` → ``ход``."""
    key = f"cli.kw.{word}"
    return t(key, lang).split(",")[0] if key in catalogue() else word


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except PrikupError:
        return False
    return True


#: the joker and the calls said in Russian; a call's strain
_RU_WORDS = {"джокер": "JK", "дж": "JK", "мизер": "MIS", "бк": "NT"}
_RU_STRAIN = {**_RU_SUIT, "бк": "NT"}


def _card_token(token: str) -> str:
    """A card typed with a Russian deck's letters (``Дп``, ``10ч``, ``Т♥``) in the notation's
    letters (``QS``, ``TH``, ``A♥``), the joker (``джокер``, ``дж``) as ``JK``, a call's strain
    (``7ч``, ``6бк``, ``мизер``) as the notation's (``7H``, ``6NT``, ``MIS``); any other token
    unchanged."""
    low = token.lower()
    if len(low) < 2 or not any("а" <= ch <= "я" or ch == "ё" for ch in low):
        return token
    if low in _RU_WORDS:
        return _RU_WORDS[low]
    level = low.rstrip("птбчк")
    if level.isdigit() and low[len(level) :] in _RU_STRAIN:
        return level + _RU_STRAIN[low[len(level) :]]
    index, suit = low[:-1], low[-1]
    shown = (_RU_INDEX.get(index, index) + _RU_SUIT.get(suit, suit)).upper()
    return shown if _is_card(shown) else token


def normalise(text: str) -> str:
    """A typed line in the notation: the keywords' and modifiers' Russian words replaced by the
    notation's, cards typed with a Russian deck's letters by the notation's (``ход Дп марьяж п``
    → ``play QS marriage S``); a word of neither kind is left as typed."""
    aliases = _aliases()
    out: list[str] = []
    for i, token in enumerate(text.split()):
        low = token.lower()
        if low in aliases and (i == 0 or aliases[low] in ("marriage", "as", "declare")):
            out.append(aliases[low])
        elif i > 0 and low in _RU_SUIT and (out[-1] in ("marriage", "as") or out[0] == "contract"):
            out.append(_RU_SUIT[low])  # the suit a marriage or a joker names, 501's contract's trumps
        else:
            out.append(_card_token(token))
    return " ".join(out)


def keywords(legal: Sequence[Action]) -> list[str]:
    """The keywords of the legal actions, in their order (``pass``, ``bid``, …)."""
    out: list[str] = []
    for action in legal:
        word = str(action).split()[0]
        if word not in out:
            out.append(word)
    return out


def _said(words: Sequence[str], lang: str) -> str:
    """Keywords listed in a message, in the player's language."""
    return ", ".join(keyword_word(w, lang) for w in words)


def read_line(text: str, legal: Sequence[Action], lang: str = "en") -> list[Action]:
    """The actions a typed line means (several only for ``discard C1 C2 …``), or
    :class:`InputError` naming what is wrong and what is allowed now."""
    raw = normalise(" ".join(text.split()))
    words = keywords(legal)
    if not raw:
        raise InputError(t("cli.empty_line", lang, keywords=_said(words, lang)))
    tokens = raw.split()
    first = tokens[0].lower()
    if first in PASS_WORDS and len(tokens) == 1:
        return [Action(ActionKind.PASS)]
    if len(tokens) == 1 and first.isdigit():
        if "bid" in words:
            return [_parse(f"bid {first}", lang, words)]
        if "contract" in words:
            return [_parse(f"contract {first}", lang, words)]
        raise InputError(t("cli.bare_number", lang, keywords=_said(words, lang)))
    if first not in {k.value for k in ActionKind} and _is_card(tokens[0]):
        if "play" in words:
            return [_parse("play " + raw, lang, words)]
        card_word = next((w for w in words if w in _CARD_KEYWORDS), None)
        if card_word is not None:
            said = keyword_word(card_word, lang)
            shown = tokens[0] if lang == "en" else card(tokens[0], lang)  # as typed, or the deck's letters
            raise InputError(t("cli.card_needs_keyword", lang, keyword=said, card=shown))
        raise InputError(t("cli.card_not_now", lang, keywords=_said(words, lang)))
    if first not in words and first in {k.value for k in ActionKind}:
        raise InputError(t("cli.keyword_not_now", lang, word=keyword_word(first, lang), keywords=_said(words, lang)))
    if len(tokens) == 1 and first in _CARD_KEYWORDS:
        # a keyword with one card it can take now (the drawing form's card drawn): that card
        only = [a for a in legal if str(a).split()[0] == first]
        if len(only) == 1:
            return only
    if first == "discard" and len(tokens) > 2:
        return [_parse(f"discard {c}", lang, words) for c in tokens[1:]]
    return [_parse(raw, lang, words)]


def _parse(text: str, lang: str, words: Sequence[str]) -> Action:
    try:
        return parse_action(text)
    except PrikupError:
        head = text.split()[0].lower()
        if head not in {k.value for k in ActionKind}:
            raise InputError(t("cli.unknown_word", lang, word=head, keywords=_said(words, lang))) from None
        raise InputError(t(f"cli.form_{head}", lang)) from None


def summarise(legal: Sequence[Action], lang: str = "en") -> list[str]:
    """The legal actions in short: runs of bids or contracts as ranges (``bid 67..220``), the
    cards of a card keyword together (``play A♠ K♠ 9♥``); in Russian the keywords and the cards
    as the player types them (``ход Т♠ К♠ 9♥``, ``заказ 65..240``)."""
    out: list[str] = []
    numbers: dict[tuple[str, str | None], list[int]] = {}
    cards: dict[str, list[str]] = {}
    calls: dict[str, list[str]] = {}
    for a in legal:
        text = str(a)
        word = text.split()[0]
        if a.number is not None and word in ("bid", "contract"):
            key = (word, a.call)
            if key not in numbers:
                numbers[key] = []
                out.append(f"\0{word}\0{a.call or ''}")
            numbers[key].append(a.number)
        elif a.number is None and a.call is not None and word in ("bid", "contract"):
            key = (word, "\1")
            if key not in numbers:
                numbers[key] = []
                calls.setdefault(word, [])
                out.append(f"\0{word}\0\1")
            calls[word].append(a.call)
        elif a.card is not None and a.modifier is None:
            if word not in cards:
                cards[word] = []
                out.append(f"\0{word}")
            cards[word].append(card(a.card, lang))
        else:
            out.append(notation_words(a, lang))
    shown: list[str] = []
    for item in out:
        if not item.startswith("\0"):
            shown.append(item)
            continue
        parts = item.split("\0")
        if len(parts) == 3:
            word, call = parts[1], parts[2] or None
            if call == "\1":
                named = calls[word]
                listed = " ".join(named) if len(named) <= 6 else f"{named[0]} {named[1]} … {named[-1]}"
                shown.append(f"{keyword_word(word, lang)} {listed}")
                continue
            values = numbers[(word, call)]
            suffix = f" {call}" if call else ""
            word = keyword_word(word, lang)
            if len(values) > 3 and values == list(range(values[0], values[-1] + 1)):
                shown.append(f"{word} {values[0]}..{values[-1]}{suffix}")
            elif len(values) > 3:
                shown.append(f"{word} {values[0]}, {values[1]} … {values[-1]}{suffix}")
            else:
                shown += [f"{word} {v}{suffix}" for v in values]
        else:
            shown.append(f"{keyword_word(parts[1], lang)} " + " ".join(cards[parts[1]]))
    return shown


def notation_words(action: Action | str, lang: str) -> str:
    """An action's notation with its keyword, modifier and card in the player's language
    (``play QS marriage S`` → ``ход Д♠ марьяж S``): what the line reader takes back.  In English
    the notation itself; a text that is not an action is returned as it is."""
    if isinstance(action, str):
        try:
            parsed = parse_action(action)
        except PrikupError:
            return action
    else:
        parsed = action
    if lang == "en":
        return str(parsed)
    out: list[str] = []
    for i, token in enumerate(str(parsed).split()):
        if i == 0 or token in ("marriage", "as", "declare"):
            out.append(keyword_word(token, lang))
        elif parsed.card is not None and token == str(parsed.card):
            out.append(card(parsed.card, lang))
        else:
            out.append(token)
    return " ".join(out)
