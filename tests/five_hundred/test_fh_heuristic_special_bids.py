"""The heuristic bids the non-standard calls a table allows, on the hands each is for, and not on
hands made against them: Hi/Lo on a hand with both extremes; blind misère from the score alone
(it is bid before looking, so the hand never decides it); double misère, double shields and
patastrophe on a partner's misère and a hand of its own that is safe even laid open."""

from __future__ import annotations

import pytest
from fh_helpers import deal, match_state, run

from prikup import make_game
from prikup.bots import make_bot
from prikup.bots.heuristic500_bids import hilo_margin, misere_danger, sure_tricks
from prikup.core.cards import parse_cards
from prikup.games.five_hundred import GameFiveHundred, StateFiveHundred
from prikup.games.presets import PRESETS

IDEAL = PRESETS["five-hundred"]["ideal"]

#: five sure tricks in no-trump (the joker, AS KS, AC, AD) and five cards that cannot win
HILO_HAND = "JK AS KS AC AD 5S 6S 5C 4D 4H"
#: the same five tricks, but the other cards are middling ones an opponent can make win
HILO_AGAINST_MIDDLING = "JK AS KS AC AD QS JC QD JH TH"
#: low cards, one sure trick only
HILO_AGAINST_LOW = "AS 5S 6S 5C 6C 7C 4D 7D 4H 7H"
#: no card above an eight: no opponent can force a trick on it, even with the hand laid open
LOW_HAND = "5S 6S 7S 5C 6C 4D 5D 4H 5H 6H"
LOW_WITH_A_JACK = "JS 6S 7S 5C 6C 4D 5D 4H 5H 6H"
STRONG = "JK JS JC AS KS QS TS 9S AH KH"


def _first_call(hand: str, **options: object) -> str:
    s = deal({0: hand}, **{**IDEAL, **options})  # dealer 3: seat 0 calls first
    bot = make_bot("heuristic", s.game, seed=1)
    return str(bot.act(s, 0))


def test_hilo_margin_wants_five_sure_tricks_and_five_safe_losers() -> None:
    s = deal({0: HILO_HAND}, **IDEAL)
    g = s.game
    nt, deck = g.layouts[4], list(g.deck())
    assert sure_tricks(parse_cards(HILO_HAND), nt, deck) == 5
    assert hilo_margin(parse_cards(HILO_HAND), nt, deck, g.kitty_size) > 0
    assert hilo_margin(parse_cards(HILO_AGAINST_MIDDLING), nt, deck, g.kitty_size) < 0
    assert hilo_margin(parse_cards(HILO_AGAINST_LOW), nt, deck, g.kitty_size) < 0


def test_heuristic_bids_hilo_on_a_hand_with_both_extremes() -> None:
    assert _first_call(HILO_HAND) == "bid HILO"


@pytest.mark.parametrize("hand", [HILO_AGAINST_MIDDLING, HILO_AGAINST_LOW, STRONG])
def test_heuristic_does_not_bid_hilo_on_hands_made_against_it(hand: str) -> None:
    assert _first_call(hand) != "bid HILO"


def test_heuristic_never_bids_hilo_where_the_table_does_not_allow_it() -> None:
    assert _first_call(HILO_HAND, hi_lo=False) != "bid HILO"


def _blind(scores: list[int], hand: str) -> str:
    s = match_state(scores, {0: hand}, **IDEAL)
    bot = make_bot("heuristic", s.game, seed=1)
    return str(bot.act(s, 0))


@pytest.mark.parametrize("hand", [LOW_HAND, STRONG])
def test_heuristic_bids_blind_misere_when_the_match_is_all_but_lost_whatever_its_cards(hand: str) -> None:
    # the other side needs one made contract to reach 500; blind misère made takes us there
    assert _blind([0, 400, 0, 400], hand) == "bid BMIS"


@pytest.mark.parametrize("scores", [[0, 0, 0, 0], [300, 400, 300, 400], [-600, 250, -600, 250]])
def test_heuristic_does_not_bid_blind_misere_when_the_score_does_not_need_it(scores: list[int]) -> None:
    # level, not far enough behind, or a made blind misère would not reach the goal
    assert _blind(scores, LOW_HAND) != "bid BMIS"


def _after_partner(partner_call: str, hand: str, **options: object) -> str:
    """Seat 2 (dealer 1: he calls first) bids ``partner_call``, seat 3 passes; seat 0's call."""
    s = deal({0: hand}, None, dealer=1, misere_from="any", **options)
    assert isinstance(s, StateFiveHundred)
    run(s, partner_call, "pass")
    bot = make_bot("heuristic", s.game, seed=1)
    return str(bot.act(s, 0))


def test_heuristic_bids_double_misere_on_its_partners_misere_and_a_low_hand() -> None:
    assert _after_partner("bid MIS", LOW_HAND, double_misere=True) == "bid DMIS"


def test_heuristic_bids_double_shields_where_the_table_has_it() -> None:
    assert _after_partner("bid MIS", LOW_HAND, double_misere=True, double_shields=True) == "bid DSHL"


def test_heuristic_bids_patastrophe_on_its_partners_open_misere() -> None:
    got = _after_partner("bid OMIS", LOW_HAND, double_misere=True, double_shields=True, patastrophe=True)
    assert got == "bid PAT"


@pytest.mark.parametrize(
    ("partner_call", "hand", "options", "never"),
    [
        ("bid MIS", LOW_WITH_A_JACK, {"double_misere": True}, "bid DMIS"),  # a card an opponent can force
        ("bid 6S", LOW_HAND, {"double_misere": True}, "bid DMIS"),  # the partner showed no low hand
        ("bid MIS", LOW_HAND, {}, "bid DMIS"),  # the table has no double misère
        ("bid MIS", LOW_HAND, {"double_misere": True, "patastrophe": True}, "bid PAT"),  # his misère is closed
    ],
)
def test_heuristic_does_not_bid_a_double_misere_on_hands_made_against_it(
    partner_call: str, hand: str, options: dict[str, object], never: str
) -> None:
    assert _after_partner(partner_call, hand, **options) != never


def test_misere_danger_counts_the_tens_to_thirteens_as_high_cards_in_the_six_hand_deck() -> None:
    # four tens, each with lower cards: no danger in the standard deck; with 11s, 12s and 13s
    # above them (63 cards, six players) each ten can be forced to win a trick
    hand = parse_cards("TS 5S 6S TC 5C 6C TD 5D TH 5H")
    four = deal({0: "5S"}).game
    six = make_game("five-hundred", players=6)
    assert isinstance(six, GameFiveHundred)
    assert misere_danger(hand, four.layouts[4]) == 0
    assert misere_danger(hand, six.layouts[4]) > 1
