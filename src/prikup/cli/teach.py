"""Messages that teach: a refusal in the player's words, looked up by its stable id.

Every error of the rules core, the records and the bots carries a
:class:`~prikup.core.refusals.Refusal` (``rule`` + ``fields``).  Its words are the entry
``rules.<rule>`` of the message catalogue (``locales/rules.json``), with the fields shown as a
player reads them (a suit as ``♠``, a card as ``K♠``, a call in words).  Where a rule is about a
range the terminal names the range from the legal actions (``a bid now is 67..220, or pass``)
rather than from the first bound the engine checked.
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Sequence

from prikup.cli.words import card
from prikup.core.actions import Action, ActionKind, parse_action
from prikup.core.cards import SUIT_SYMBOLS, Suit
from prikup.core.errors import IllegalActionError, PrikupError
from prikup.core.refusals import FieldValue, Refusal
from prikup.i18n import catalogue, t

__all__ = ["RANGES", "describe", "explain", "explain_refusal", "known_rule", "option_allowed", "suit_word"]


def suit_word(text: str, lang: str) -> str:
    """A suit as the engine writes it (``S``, ``H``, ``trumps``) as a player reads it (``♠``)."""
    if text in Suit.__members__:
        return SUIT_SYMBOLS[Suit[text]]
    if text == "trumps":
        return t("cli.trumps_word", lang)
    if text == "NT":
        return t("no_trump", lang)
    return text


def _actions(legal: Sequence[str]) -> list[Action]:
    out: list[Action] = []
    for text in legal:
        try:
            out.append(parse_action(text))
        except PrikupError:
            continue
    return out


def allowed_text(legal: Sequence[str], lang: str) -> str:
    """The legal actions in one short line: runs of numbers as ranges, at most a dozen items."""
    from prikup.cli.keywords import summarise

    items = summarise(_actions(legal), lang)
    if len(items) > 12:
        items = [*items[:12], "…"]
    return ", ".join(items) if items else "—"


def _number_range(legal: Sequence[str], kind: ActionKind) -> tuple[int, int] | None:
    numbers = [a.number for a in _actions(legal) if a.kind is kind and a.number is not None]
    return (min(numbers), max(numbers)) if numbers else None


def _bid_range(legal: Sequence[str], lang: str) -> str:
    found = _number_range(legal, ActionKind.BID)
    if found is None:
        return t("rules.bid_none_left", lang)
    return t("rules.bid_range", lang, low=found[0], high=found[1])


def _contract_range(legal: Sequence[str], lang: str) -> str:
    actions = _actions(legal)
    found = _number_range(legal, ActionKind.CONTRACT)
    if found is None:
        return t("rules.contract_form_501", lang)
    with_strain = any(a.kind is ActionKind.CONTRACT and a.call for a in actions)
    key = "rules.contract_range" if with_strain else "rules.contract_range_points"
    return t(key, lang, low=found[0], high=found[1])


#: Rules about a range: at the prompt, the range is named from the legal actions.
RANGES: dict[str, Callable[[Sequence[str], str], str]] = {
    "bid_too_low": _bid_range,
    "bid_not_higher": _bid_range,
    "bid_above_max": _bid_range,
    "contract_below_winning_bid": _contract_range,
    "contract_above_max": _contract_range,
}


def option_allowed(fields: dict[str, FieldValue], lang: str) -> str:
    """An option's allowed values in ``lang``, from its bounds (``Option.bounds()``: ``choices``,
    or ``kind`` and ``low``/``high``), as an ``option_value`` refusal names them."""
    if "choices" in fields:
        return str(fields["choices"])
    kind = fields.get("kind")
    if kind == "bool":
        return "true | false"
    if kind not in ("int", "float"):
        return t("rules.allowed_text", lang)
    low, high = fields.get("low"), fields.get("high")
    if kind == "float" and low is not None and high is not None:
        return t("rules.allowed_number_range", lang, low=f"{low:g}", high=f"{high:g}")
    if low is not None and high is not None:
        return t("rules.allowed_int_range", lang, low=low, high=high)
    if low is not None:
        return t("rules.allowed_int_min", lang, low=low)
    if high is not None:
        return t("rules.allowed_int_max", lang, high=high)
    return t("rules.allowed_int", lang)


def _field(name: str, value: FieldValue, lang: str) -> FieldValue:
    if not isinstance(value, str):
        return value
    if name in ("suit", "trump"):
        return suit_word(value, lang)
    if name == "card":
        return card(value, lang)
    if name in ("call", "bid") and not value.isdigit():
        from prikup.cli.words import call_words

        return call_words(value, lang)
    if name in ("cards", "suits"):
        return " ".join(card(c, lang) if name == "cards" else suit_word(c, lang) for c in value.split())
    return value


def known_rule(rule: str) -> bool:
    """Whether ``rule`` (a refusal id) has its words in the catalogue."""
    return f"rules.{rule}" in catalogue()


def explain_refusal(why: Refusal, lang: str = "en", legal: Sequence[str] = ()) -> str:
    """One line saying ``why`` in ``lang``; ``legal`` (the legal actions, if any) names ranges."""
    if legal and why.rule in RANGES:
        return RANGES[why.rule](legal, lang)
    if not known_rule(why.rule):
        return str(why)
    raw = why.field_map
    shown = {k: _field(k, v, lang) for k, v in raw.items()}
    if why.cause is not None:
        shown["cause"] = explain_refusal(why.cause, lang)
    if why.rule in ("option_value", "bot_option_value", "bot_option_range"):
        shown["allowed"] = option_allowed(raw, lang)
    code = raw.get("errno")
    if isinstance(code, int) and f"rules.os_{errno.errorcode.get(code)}" in catalogue():
        shown["why"] = t(f"rules.os_{errno.errorcode[code]}", lang)
    shown.setdefault("allowed", allowed_text(legal, lang))
    return t(f"rules.{why.rule}", lang, **shown)


def explain(error: IllegalActionError, lang: str = "en") -> str:
    """One line naming the rule ``error`` breaks, in ``lang``: the rule's words, never a list of
    every action (a long list is summarised as ranges)."""
    return explain_refusal(error.refusal, lang, error.legal)


def describe(error: PrikupError, lang: str = "en") -> str:
    """Any refusal of the rules core, a record or a bot as one line in ``lang``.

    An illegal action names its action; a record's error the deal and action it is in.  In English
    an error other than an illegal action is its own sentence (``str(error)``).
    """
    if isinstance(error, IllegalActionError):
        return t("rules.illegal_action", lang, action=error.action, why=explain(error, lang))
    if lang == "en":
        return str(error)
    text = explain_refusal(error.refusal, lang)
    deal, index = getattr(error, "deal", None), getattr(error, "index", None)
    if deal is not None:
        key = "rules.in_deal_action" if index is not None else "rules.in_deal"
        text = t(key, lang, deal=deal, index=index, why=text)
    return text
