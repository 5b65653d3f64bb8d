"""What a player types, read against what is legal now.

A line is an action in the notation (``bid 80``, ``play KS``), or a shortcut: a bare card means
``play`` and nothing else; a bare number means ``bid``; ``p`` means ``pass``.  In the gift, discard
and keep phases the card follows its keyword (``give QS``), or the keyword stands alone when it can
take one card only; ``discard 5S 7S`` takes several cards in one line.  Errors name only the
current game's and phase's keywords.
"""

from __future__ import annotations

from collections.abc import Sequence

from prikup.core.actions import Action, ActionKind, parse_action
from prikup.core.cards import parse_card
from prikup.core.errors import PrikupError
from prikup.i18n import t

__all__ = ["InputError", "keywords", "read_line", "summarise"]

PASS_WORDS = ("p", "pass", "пас")
_CARD_KEYWORDS = ("give", "keep", "discard")


class InputError(PrikupError):
    """A typed line that is not an action of this game and phase; the message is one line in the
    player's language."""


def keywords(legal: Sequence[Action]) -> list[str]:
    """The keywords of the legal actions, in their order (``pass``, ``bid``, …)."""
    out: list[str] = []
    for action in legal:
        word = str(action).split()[0]
        if word not in out:
            out.append(word)
    return out


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except PrikupError:
        return False
    return True


def read_line(text: str, legal: Sequence[Action], lang: str = "en") -> list[Action]:
    """The actions a typed line means (several only for ``discard C1 C2 …``), or
    :class:`InputError` naming what is wrong and what is allowed now."""
    raw = " ".join(text.split())
    words = keywords(legal)
    if not raw:
        raise InputError(t("cli.empty_line", lang, keywords=", ".join(words)))
    tokens = raw.split()
    first = tokens[0].lower()
    if first in PASS_WORDS and len(tokens) == 1:
        return [Action(ActionKind.PASS)]
    if len(tokens) == 1 and first.isdigit():
        if "bid" in words:
            return [_parse(f"bid {first}", lang, words)]
        if "contract" in words:
            return [_parse(f"contract {first}", lang, words)]
        raise InputError(t("cli.bare_number", lang, keywords=", ".join(words)))
    if first not in {k.value for k in ActionKind} and _is_card(tokens[0]):
        if "play" in words:
            return [_parse("play " + raw, lang, words)]
        card_word = next((w for w in words if w in _CARD_KEYWORDS), None)
        if card_word is not None:
            raise InputError(t("cli.card_needs_keyword", lang, keyword=card_word, card=tokens[0]))
        raise InputError(t("cli.card_not_now", lang, keywords=", ".join(words)))
    if first not in words and first in {k.value for k in ActionKind}:
        raise InputError(t("cli.keyword_not_now", lang, word=first, keywords=", ".join(words)))
    if len(tokens) == 1 and first in _CARD_KEYWORDS:
        # a keyword with one card it can take now (the drawing form's card drawn): that card
        only = [a for a in legal if str(a).split()[0] == first]
        if len(only) == 1:
            return only
    if first == "discard" and len(tokens) > 2:
        return [_parse(f"discard {card}", lang, words) for card in tokens[1:]]
    return [_parse(raw, lang, words)]


def _parse(text: str, lang: str, words: Sequence[str]) -> Action:
    try:
        return parse_action(text)
    except PrikupError:
        head = text.split()[0].lower()
        if head not in {k.value for k in ActionKind}:
            raise InputError(t("cli.unknown_word", lang, word=head, keywords=", ".join(words))) from None
        raise InputError(t(f"cli.form_{head}", lang)) from None


def summarise(legal: Sequence[Action], lang: str = "en") -> list[str]:
    """The legal actions in short: runs of bids or contracts as ranges (``bid 67..220``), the
    cards of a card keyword together (``play A♠ K♠ 9♥``)."""
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
            cards[word].append(a.card.pretty())
        else:
            out.append(text)
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
                shown.append(
                    f"{word} " + (" ".join(named) if len(named) <= 6 else f"{named[0]} {named[1]} … {named[-1]}")
                )
                continue
            values = numbers[(word, call)]
            suffix = f" {call}" if call else ""
            if len(values) > 3 and values == list(range(values[0], values[-1] + 1)):
                shown.append(f"{word} {values[0]}..{values[-1]}{suffix}")
            elif len(values) > 3:
                shown.append(f"{word} {values[0]}, {values[1]} … {values[-1]}{suffix}")
            else:
                shown += [f"{word} {v}{suffix}" for v in values]
        else:
            shown.append(f"{parts[1]} " + " ".join(cards[parts[1]]))
    return shown
