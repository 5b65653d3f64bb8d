"""The heuristic in Five Hundred's variants: it calls the slam bid only on a hand that cannot
lose a trick (and then takes all ten), gives its riskiest cards in the double misère's pass
(``test_fh_nullo_pass``), and beats random play in every preset (the arena figures are in the
report; ``test_fh_records_and_bots`` checks a few presets)."""

from __future__ import annotations

from fh_helpers import deal, game, run

from prikup.bots import make_bot
from prikup.bots.heuristic500 import sure_slam
from prikup.core.cards import parse_cards
from prikup.core.game import Phase

SURE = {0: "JK JS JC AS KS QS TS 9S 8S AH"}  # the six top trumps and more: nothing can beat it


def _after_kitty(hands: dict[int, str], call: str = "bid 7S", **options: object):  # type: ignore[no-untyped-def]
    s = deal(hands, None, slam_bid=True, **options)
    run(s, call, "pass", "pass", "pass")
    assert s.phase is Phase.DISCARD and s.to_act == 0
    return s


def test_heuristic_calls_the_slam_bid_on_a_hand_that_cannot_lose_a_trick() -> None:
    s = _after_kitty(SURE)
    bot = make_bot("heuristic", s.game, seed=1)
    assert str(bot.choose(s.observation(0), s.legal_actions())) == "contract SLAM"


def test_heuristic_does_not_call_a_slam_missing_a_top_trump() -> None:
    s = _after_kitty({0: "JS JC AS KS QS TS 9S 8S AH KH", 1: "JK"})  # the joker is out
    bot = make_bot("heuristic", s.game, seed=1)
    assert str(bot.choose(s.observation(0), s.legal_actions())) != "contract SLAM"


def test_sure_slam_needs_the_top_trumps_to_draw_every_trump_out_and_top_plain_cards() -> None:
    g = game()
    spades = g.layouts[0]
    deck = list(g.deck())
    assert sure_slam(parse_cards("JK JS JC AS KS QS TS 9S 8S AH"), spades, deck, 0)
    assert not sure_slam(parse_cards("JK JS JC AS KS QS TS 9S 8S KH"), spades, deck, 0)  # the AH is out
    held = parse_cards("JK JS JC AS KS QS TS 9S 8S KH")
    gone = sum(c.mask for c in parse_cards("AH"))  # the AH discarded: the KH is the top heart
    assert sure_slam(held, spades, deck, gone)
    assert not sure_slam(parse_cards("JS JC AS KS QS TS 9S 8S 7S AH"), spades, deck, 0)  # the joker out


def test_heuristic_slams_called_in_self_play_are_all_made() -> None:
    g = game(slam_bid=True)
    bots = [make_bot("heuristic", g, seed=i) for i in range(4)]
    called = made = 0
    for seed in range(400):
        s = g.new_match(seed)
        while not s.is_over and len(s.deals) <= 1:
            seat = s.to_act
            assert seat is not None
            s.apply(bots[seat].act(s, seat))
        result = s.deals[0].result
        if result.get("slam_called"):
            called += 1
            made += result.get("tricks") == 10
    assert made == called


def test_heuristic_plays_out_a_called_slam_and_takes_all_ten() -> None:
    s = _after_kitty(SURE)
    bots = [make_bot("heuristic", s.game, seed=i) for i in range(4)]
    while s.deals[-1].score_changes is None:
        seat = s.to_act
        assert seat is not None
        s.apply(bots[seat].act(s, seat))
    result = s.deals[-1].result
    assert result["slam_called"] and result["tricks"] == 10 and s.deals[-1].score_changes[0] == 500


def test_heuristic_defender_stays_under_the_double_misere_bidders_partner() -> None:
    hands = {
        0: "7C 5S 6S 7S 8S 5D 6D 7D 8D 4H",  # the bidder
        1: "5C AS KS QS JS TS 9S AD KD QD",
        2: "9C 5H 6H 7H 8H 9H TH 4D 9D TD",  # his partner
        3: "8C TC 6C AH KH QH JH JD AC KC",
    }
    s = deal(hands, None, double_misere=True)
    run(s, "bid DMIS", "pass", "pass", "pass")
    while s.phase is Phase.DISCARD:
        run(s, f"discard {next(str(c) for c in s.deals[-1].talon if s.hands[0] & c.mask)}")
    run(s, "play 7C", "play 5C", "play 9C")  # the bidder's partner is winning the trick
    bot = make_bot("heuristic", s.game, seed=1)
    card = str(bot.choose(s.observation(3), s.legal_actions()))
    assert card == "play 8C"  # under the 9C: the bidding side must take this trick


# -- misère open from the first call (american_preferans_pairs: misere_from=any) -----------------

# seat 0 (first to call, dealer 3): a low hand, no trick bid in sight, all four suits
LOW = "7S 6S 5S 7C 6C 5C 6D 5D 4D 5H"


def test_heuristic_bids_misere_from_the_first_call_on_a_hand_without_danger() -> None:
    """Nothing above an eight and every suit low: open misère (no card of danger, no joker)."""
    s = deal({0: LOW}, None, misere_from="any")
    bot = make_bot("heuristic", s.game, seed=1)
    assert str(bot.choose(s.observation(0), s.legal_actions())) == "bid OMIS"


def test_heuristic_does_not_bid_misere_holding_a_jack_whatever_the_kitty() -> None:
    """A jack (or higher) of a short suit is a trick the misère may not avoid: made about a third of
    the time in self-play, so the kitty's three discards no longer excuse it."""
    s = deal({0: LOW.replace("5H", "JH")}, None, misere_from="any")
    bot = make_bot("heuristic", s.game, seed=1)
    assert str(bot.choose(s.observation(0), s.legal_actions())) == "pass"
