"""Messages that teach: an illegal action's rule in the player's words.

The engine's :class:`~prikup.core.errors.IllegalActionError` carries ``rule`` (the rule the action
breaks, a fixed sentence with the position's values filled in) and ``legal`` (the legal actions).
Each rule is matched here to its entry of ``locales/rules.json``; its values (a suit, a card, a
bid) become the entry's fields, and where a rule is about a range the range is named from
``legal`` (``a bid now is 67..220, or pass``) rather than from the first bound the engine checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from prikup.core.actions import Action, ActionKind, parse_action
from prikup.core.cards import SUIT_SYMBOLS, Suit
from prikup.core.errors import IllegalActionError, PrikupError
from prikup.i18n import t

__all__ = ["RULES", "explain", "known_rule", "suit_word"]


def suit_word(text: str, lang: str) -> str:
    """A suit as the engine writes it (``S``, ``H``, ``trumps``) as a player reads it (``♠``)."""
    if text in Suit.__members__:
        return SUIT_SYMBOLS[Suit[text]]
    if text == "trumps":
        return t("cli.trumps_word", lang)
    if text == "NT":
        return t("no_trump", lang)
    return text


def _pretty_card(text: str) -> str:
    try:
        return parse_action(f"play {text}").card.pretty() if text else text  # type: ignore[union-attr]
    except PrikupError:
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


def _bid_range(fields: dict[str, str], legal: Sequence[str], lang: str) -> str:
    found = _number_range(legal, ActionKind.BID)
    if found is None:
        return t("rules.bid_none_left", lang)
    return t("rules.bid_range", lang, low=found[0], high=found[1])


def _contract_range(fields: dict[str, str], legal: Sequence[str], lang: str) -> str:
    actions = _actions(legal)
    found = _number_range(legal, ActionKind.CONTRACT)
    if found is None:
        return t("rules.contract_form_501", lang)
    with_strain = any(a.kind is ActionKind.CONTRACT and a.call for a in actions)
    key = "rules.contract_range" if with_strain else "rules.contract_range_points"
    return t(key, lang, low=found[0], high=found[1])


Render = Callable[[dict[str, str], Sequence[str], str], str]


def _entry(key: str) -> Render:
    def render(fields: dict[str, str], legal: Sequence[str], lang: str) -> str:
        shown = {k: _field(k, v, lang) for k, v in fields.items()}
        shown.setdefault("allowed", allowed_text(legal, lang))
        return t(f"rules.{key}", lang, **shown)

    return render


def _field(name: str, value: str, lang: str) -> str:
    if name in ("suit", "trump"):
        return suit_word(value, lang)
    if name == "card":
        return _pretty_card(value)
    if name == "call":
        from prikup.cli.words import call_words

        return call_words(value, lang)
    if name == "cards":
        return " ".join(_pretty_card(c) for c in value.split())
    return value


#: Each rule the four games raise (a regular expression over the engine's sentence) and its words.
RULES: list[tuple[re.Pattern[str], Render]] = [
    (re.compile(p), r)
    for p, r in [
        # every game
        (r"^follow suit: you hold trumps and must play one$", _entry("follow_trumps")),
        (r"^follow suit: (?:you hold|the hand holds) (?P<suit>\w+) and must play one$", _entry("follow_suit")),
        (
            r"^must trump: (?:you hold|the hand holds) no (?P<suit>\w+) and must play a trump \((?P<trump>\w+)\)$",
            _entry("must_trump"),
        ),
        (r"^you do not hold (?P<card>\S+)$", _entry("not_held")),
        (r"^the hand to play \(seat (?P<seat>\d+)\) does not hold (?P<card>\S+)$", _entry("hand_not_held")),
        (r"^nothing can be done in phase (?P<phase>.+)$", _entry("nothing_now")),
        (r"^no such action in .+$", _entry("no_such_action")),
        (r"^the match is over$", _entry("match_over")),
        (r"^the cards have not been dealt$", _entry("not_dealt")),
        (r"^you have already looked at your cards$", _entry("looked_already")),
        # 501
        (r"^in the auction a call is pass, look or bid N$", _entry("auction_call_501")),
        (r"^a bid in 501 is a whole number of points", _entry("bid_whole_number")),
        (r"^a bid must be at least \d+$", _bid_range),
        (r"^a bid must be higher than the current bid \d+$", _bid_range),
        (r"^no bid may exceed max_bid \d+$", _bid_range),
        (r"^a contract is a number and a trump suit or NT", _entry("contract_form_501")),
        (r"^the contract may not be below the winning bid \d+$", _contract_range),
        (r"^the contract may not exceed max_bid \d+$", _contract_range),
        (r"^after the talon the declarer concedes or names trumps", _entry("after_talon_contract")),
        (r"^after the talon the declarer concedes or gives a card", _entry("after_talon_give")),
        (r"^a concession is possible only right after the talon", _entry("concede_at_talon_only")),
        (r"^the declarer must now give a card to his other opponent$", _entry("give_other")),
        (r"^the declarer must now name trumps \(or NT\)", _entry("name_contract_501")),
        (r"^a marriage is announced only before leading", _entry("marriage_before_lead")),
        (r"^a marriage needs both the king and the queen of (?P<suit>\w+)", _entry("marriage_needs_kq")),
        (r"^the (?P<suit>\w+) marriage has already been announced$", _entry("marriage_already")),
        (r"^in the play a move is play CARD \(leading: play CARD marriage SUIT\)$", _entry("play_form_501")),
        (r"^(?:501|Пятьсот) has no '(?P<modifier>[^']*)' play", _entry("no_modifier")),
        # Five Hundred
        (r"^the contractor must now discard (?P<n>\d+) more card", _entry("discard_more")),
        (r"^a call is a level 6-10 and a strain", _entry("fh_call_form")),
        (r"^the dealer must bid when all the others have passed", _entry("dealer_must_bid")),
        (r"^in the auction a call is pass or bid CALL", _entry("fh_auction_form")),
        (r"^misère is not played at this table", _entry("misere_off")),
        (r"^open misère is not played at this table", _entry("open_misere_off")),
        (r"^a bid must outrank the current bid (?P<call>\S+) in the", _entry("bid_outrank")),
        (r"^misère may be bid only once the auction has reached the 7 level$", _entry("misere_from_7")),
        (r"^the contractor now names his final contract", _entry("fh_name_contract")),
        (r"^the contract stays a misère if the bid was one", _entry("contract_keep_kind")),
        (r"^the contract may be raised, never lowered below the bid (?P<call>\S+)$", _entry("contract_raise_only")),
        (r"^in the play a move is play CARD \(a joker led", _entry("fh_play_form")),
        (r"^only the joker takes a modifier", _entry("joker_modifier_only")),
        (r"^only a joker that is led names a suit", _entry("joker_follow_plain")),
        (r"^with trumps \((?P<trump>\w+)\) the joker led is the top trump", _entry("joker_top_trump")),
        (r"^a led joker may not name (?P<suit>\w+):", _entry("joker_void_suit")),
        (r"^a joker led in no-trump or misère names the suit to follow", _entry("joker_names_suit")),
        (
            r"^the joker may be played in no-trump only when void .*: follow (?P<suit>\w+)$",
            _entry("joker_nt_void_only"),
        ),
        # preferans
        (r"^between deals the player asked answers settle or pass$", _entry("settle_or_pass")),
        (r"^the declarer must now discard two cards face down", _entry("pf_discard_two")),
        (r"^(?:whisting|misère half with the dealer) \(.*\): the answer now is", _entry("whist_answer")),
        (r"^in the auction a call is pass or bid GAME", _entry("pf_auction_form")),
        (r"^there is no call (?P<call>\S+): games are", _entry("pf_no_call")),
        (r"^games without the talon are not played at this table", _entry("no_wt")),
        (r"^misère may only be a player's first call$", _entry("misere_first_call")),
        (r"^misère without the talon is a first call", _entry("misere_wt_first")),
        (r"^a misère player may only go on to misère without the talon", _entry("misere_player_only")),
        (r"^a misère is outbid only by a nine", _entry("misere_outbid_by_nine")),
        (r"^'here' is never said to six spades$", _entry("here_never_6s")),
        (r"^only a hand senior to the bidder may say 'here' \((?P<call>\S+)\)", _entry("here_senior_only")),
        (r"^a bid must top the current (?P<call>\S+)", _entry("bid_top")),
        (r"^the declarer must now name his game", _entry("pf_name_contract")),
        (r"^the contract may not be below the bid (?P<bid>\S+)$", _entry("contract_below_bid")),
        (r"^the lone whister must now choose to play open or closed$", _entry("open_or_closed")),
        (r"^in the play a move is play CARD$", _entry("play_form")),
        # Пятьсот
        (r"^on the barrel a player may refuse only (?P<limit>\d+) times", _entry("barrel_refusals")),
        (r"^on the barrel the player decides before seeing the talon", _entry("barrel_decide")),
        (r"^the declarer must now keep one of the three talon cards", _entry("keep_one")),
        (r"^(?P<card>\S+) is not in the talon: only a talon card can be kept$", _entry("keep_not_talon")),
        (r"^the declarer must now give a talon card face down", _entry("give_talon_card")),
        (r"^(?P<card>\S+) is not one of the talon cards left to give$", _entry("give_not_left")),
        (r"^the declarer must now name a contract in points", _entry("pt_contract_or_concede")),
        (r"^bids and contracts are .* in steps of (?P<step>\d+)$", _entry("pt_steps")),
        (r"^every player is at -120 or below and may not bid", _entry("all_barred")),
        (r"^the player on the dealer's left opens the auction and must bid$", _entry("opener_must_bid")),
        (r"^in the auction a call is pass or bid N \(points\)", _entry("pt_auction_form")),
        (r"^without a marriage or a triangle in hand nobody may bid above (?P<cap>\d+)$", _entry("cap_no_combination")),
        (r"^with the combinations you hold you may bid at most (?P<cap>\d+)$", _entry("cap_combinations")),
        (r"^a contract in Пятьсот is a number of points", _entry("pt_contract_form")),
        (
            r"^without a marriage or a triangle in hand the contract may not exceed (?P<cap>\d+)$",
            _entry("contract_cap_no_combination"),
        ),
        (
            r"^with the combinations you hold the contract may be at most (?P<cap>\d+)$",
            _entry("contract_cap_combinations"),
        ),
        (r"^a declaration is 'declare KQJ'", _entry("declare_form")),
        (r"^a combination is declared only by the player leading", _entry("declare_leader_only")),
        (r"^only a player who has taken a trick may declare", _entry("declare_after_trick")),
        (
            r"^the card led must belong to the combination declared \((?P<ranks>.+) of (?P<suit>\w+)\)$",
            _entry("declare_led_card"),
        ),
        (
            r"^to declare (?P<kind>\w+) of (?P<suit>\w+) you must hold all of (?P<cards>.+)$",
            _entry("declare_must_hold"),
        ),
        (r"^(?P<cards>.+?) already counted in a declaration", _entry("declare_spent")),
        (r"^in the play a move is play CARD \(leading, after a trick", _entry("pt_play_form")),
        (r"^only the player who made trumps may lead a trump \((?P<suit>\w+)\)", _entry("trump_lead_maker_only")),
    ]
]


def known_rule(rule: str) -> bool:
    """Whether ``rule`` (an engine rule sentence) has its words in the catalogue."""
    return any(p.search(rule) for p, _ in RULES)


def explain(error: IllegalActionError, lang: str = "en") -> str:
    """One line naming the rule ``error`` breaks, in ``lang``: the rule's words, never a list of
    every action (a long list is summarised as ranges)."""
    for pattern, render in RULES:
        found = pattern.search(error.rule)
        if found:
            fields = {k: v for k, v in found.groupdict().items() if v is not None}
            return render(fields, error.legal, lang)
    return error.rule + (f" ({t('cli.allowed', lang)}: {allowed_text(error.legal, lang)})" if error.legal else "")
