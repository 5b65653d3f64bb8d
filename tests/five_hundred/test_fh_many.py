"""Rule-clause tests of Five Hundred for five and six players (the rules page's "five and six
hands"): the decks, the partner call (alone, announced, secret; never the joker; trumps by
option), the scores of a called partnership (full or half) and of the teams of six."""

from __future__ import annotations

import pytest
from fh_helpers import deal, game, hand, legal, run

from prikup import IllegalActionError
from prikup.core.cards import Card, Rank, Suit
from prikup.core.errors import OptionError
from prikup.games.five_hundred import contract_score
from prikup.games.five_hundred_many import StateFiveHundredFive

# Five players, dealer 4 so seat 0 calls first: seat 0 spades with both black jacks and the
# joker, seat 1 the hearts, seat 2 the diamonds, seat 3 the clubs (AC: a sure trick), seat 4 the rest.
FIVE = {
    0: "JK JS JC AS KS QS TS 9S 8S 7S",
    1: "AH KH QH JH TH 9H 8H 7H 6H 5H",
    2: "AD KD QD TD 9D 8D 7D 6D 5D 4D",
    3: "AC KC QC TC 9C 8C 7C 6C 5C 4C",
}
KITTY = "2C 3C 2D"


def five(**options: object) -> StateFiveHundredFive:
    state = deal(FIVE, KITTY, dealer=4, players=5, **options)
    assert isinstance(state, StateFiveHundredFive)
    return state


def to_call(state: StateFiveHundredFive, bid: str = "bid 7S") -> StateFiveHundredFive:
    """Seat 0 wins with ``bid``, takes the kitty and discards it: the partner call is next."""
    return run(state, bid, "pass", "pass", "pass", "pass", "discard 2C", "discard 3C", "discard 2D")


def test_five_players_deal_the_52_cards_and_the_joker_ten_each_and_a_kitty_of_three() -> None:
    g = game(players=5)
    assert len(g.deck()) == 53 and g.kitty_size == 3
    assert sum(c.is_joker for c in g.deck()) == 1
    state = g.new_match(1)
    assert [bin(h).count("1") for h in state.hands] == [10] * 5


def test_five_players_bid_as_the_standard_game_without_misere_unless_allowed() -> None:
    state = five()
    assert "bid 6S" in legal(state) and "bid 10NT" in legal(state)
    run(state, "bid 7S")
    assert "bid MIS" not in legal(state) and "bid OMIS" not in legal(state)
    allowed = run(five(five_misere=True), "bid 7S")
    assert "bid MIS" in legal(allowed) and "bid OMIS" in legal(allowed)


def test_the_auction_winner_goes_alone_or_calls_any_card_but_the_joker() -> None:
    state = to_call(five())
    assert state.phase.value == "partner" and state.to_act == 0
    calls = legal(state)
    assert "alone" in calls and "partner AH" in calls and "partner AS" in calls  # even his own card
    assert not any(c.startswith("partner JK") for c in calls)
    assert len(calls) == 1 + 52
    with pytest.raises(IllegalActionError, match="joker"):
        state.apply("partner JK")


def test_call_trumps_false_forbids_every_trump_bowers_included() -> None:
    state = to_call(five(call_trumps=False))
    calls = legal(state)
    assert "partner AS" not in calls and "partner JC" not in calls and "partner JS" not in calls
    assert "partner JD" in calls and "partner AH" in calls
    with pytest.raises(IllegalActionError, match="trump"):
        state.apply("partner JC")  # the left bower of spades
    nt = to_call(five(call_trumps=False), "bid 7NT")
    assert "partner AS" in legal(nt)  # in no-trump only the joker is a trump


def test_an_announced_partner_is_known_to_every_seat_at_once_and_the_contractor_leads() -> None:
    state = run(to_call(five()), "partner AH")
    assert state.phase.value == "play" and state.to_act == 0
    for seat in (None, 0, 1, 2, 3, 4):
        obs = state.observation(seat)
        assert obs.called == Card.parse("AH") and obs.called_partner == 1
    assert state.deal_units() == ((0, 1), (2,), (3,), (4,))


def test_a_secret_partner_is_known_to_nobody_until_the_called_card_is_played() -> None:
    state = run(to_call(five(partner_call="secret")), "partner AH")
    for seat in (None, 0, 1, 2, 3, 4):
        obs = state.observation(seat)
        assert obs.called == Card.parse("AH") and obs.called_partner is None
        assert obs.to_json()["called_partner"] is None
    assert state.partner_seat() == 1  # the truth, kept by nobody but the cards
    run(state, "play AS", "play 5H")  # seat 1 shows void in spades: still secret
    assert state.observation(2).called_partner is None
    run(state, "play 4D", "play 4C", "play 2S")
    run(state, "play JK", "play AH")
    assert all(state.observation(s).called_partner == 1 for s in (None, 0, 2, 3, 4))


def test_calling_a_card_of_his_own_leaves_the_contractor_alone() -> None:
    state = run(to_call(five(partner_call="secret")), "partner AS")
    assert state.partner_seat() is None and state.deal_units() == tuple((s,) for s in range(5))


def _play_out(state: StateFiveHundredFive) -> None:
    """Each seat plays its first legal card until the deal is over."""
    deals = len(state.deals)
    while len(state.deals) == deals and not state.is_over and state.phase.value == "play":
        state.apply(state.legal_actions()[0])


@pytest.mark.parametrize(("share", "part"), [("full", 1), ("half", 2)])
def test_the_partners_each_score_the_contract_full_or_half_and_the_three_others_ten_a_trick(
    share: str, part: int
) -> None:
    state = run(to_call(five(partner_share=share)), "partner AH")
    _play_out(state)
    log = state.deals[0]
    won = log.result["tricks_won"]
    assert log.result["partner"] == 1 and log.result["called"] == "AH"
    assert won[0] + won[1] >= 7
    each = contract_score(state.game.table, "7S", won[0] + won[1]) // part  # 140, or 250 for a slam
    assert each in (140 // part, 250 // part)
    assert log.score_changes[0] == log.score_changes[1] == each
    assert [log.score_changes[s] for s in (2, 3, 4)] == [10 * won[s] for s in (2, 3, 4)]


@pytest.mark.parametrize(("share", "each"), [("full", -500), ("half", -250)])
def test_set_partners_each_lose_the_contract_full_or_half(share: str, each: int) -> None:
    # 10H against seat 1's ten hearts cannot be made
    state = run(to_call(five(partner_share=share), "bid 10H"), "partner 4C")  # seat 3's lowest club
    _play_out(state)
    log = state.deals[0]
    assert log.result["outcome"] == "failed" and log.result["partner"] == 3
    assert log.score_changes[0] == log.score_changes[3] == each
    won = log.result["tricks_won"]
    assert [log.score_changes[s] for s in (1, 2, 4)] == [10 * won[s] for s in (1, 2, 4)]


def test_going_alone_scores_the_full_value_to_the_contractor_only() -> None:
    state = run(to_call(five(partner_share="half")), "alone")
    _play_out(state)
    log = state.deals[0]
    assert "called" not in log.result
    tricks = log.result["tricks_won"][0]
    assert log.score_changes[0] == contract_score(state.game.table, "7S", tricks)
    assert log.score_changes[1:] == [10 * n for n in log.result["tricks_won"][1:]]


def test_a_five_player_misere_is_played_alone_without_a_call() -> None:
    state = run(five(five_misere=True), "bid 7S", "pass", "bid MIS", "pass", "pass", "pass")
    assert state.contractor == 2
    run(state, "discard 2C", "discard 3C", "discard 2D")
    assert state.phase.value == "play" and state.sitting_out == () and len(state.playing) == 5


def test_five_players_use_their_own_deck_only() -> None:
    with pytest.raises(OptionError, match="53"):
        game(players=5, deck="43")


# -- six players ---------------------------------------------------------------------------------


def test_the_63_card_deck_has_11s_12s_and_red_13s_ranked_between_10_and_the_jack() -> None:
    g = game(players=6)
    deck = g.deck()
    assert len(deck) == 63 and g.kitty_size == 3
    assert Card.of(Rank.THIRTEEN, Suit.H) in deck and Card.of(Rank.THIRTEEN, Suit.S) not in deck
    assert Card.of(Rank.ELEVEN, Suit.S) in deck and Card.of(Rank.TWELVE, Suit.C) in deck
    hearts = g.layouts[int(Suit.H)]
    order = ["JK", "JH", "JD", "AH", "KH", "QH", "13H", "12H", "11H", "TH", "9H", "2H"]
    strengths = [hearts.strength[Card.parse(c).id] for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    state = g.new_match(2)
    assert [bin(h).count("1") for h in state.hands] == [10] * 6


def test_six_players_with_two_jokers_deal_a_kitty_of_four_and_the_higher_joker_wins() -> None:
    g = game(players=6, deck="64")
    assert len(g.deck()) == 64 and g.kitty_size == 4
    layout = g.layouts[int(Suit.S)]
    assert layout.strength[Card.parse("JK1").id] > layout.strength[Card.parse("JK2").id]
    jk2 = game(players=6, deck="64", joker_high="jk2").layouts[int(Suit.S)]
    assert jk2.strength[Card.parse("JK2").id] > jk2.strength[Card.parse("JK1").id]


def test_six_players_play_two_teams_of_three_or_three_teams_of_two() -> None:
    assert game(players=6).units() == ((0, 2, 4), (1, 3, 5))
    assert game(players=6, six_teams="pairs").units() == ((0, 3), (1, 4), (2, 5))


SIX = {
    0: "JK JS JC AS KS QS 13D 12S 11S TS",
    1: "AH KH QH JH 13H 12H 11H TH 9H 8H",
    2: "AD KD QD JD 12D 11D TD 9D 8D 7D",
    3: "AC KC QC 12C 11C TC 9C 8C 7C 6C",
}


@pytest.mark.parametrize(
    ("teams", "side", "others"), [("threes", (0, 2, 4), ((1, 3, 5),)), ("pairs", (0, 3), ((1, 4), (2, 5)))]
)
def test_a_six_player_team_scores_together_and_each_other_team_ten_a_trick(
    teams: str, side: tuple[int, ...], others: tuple[tuple[int, ...], ...]
) -> None:
    state = deal(SIX, dealer=5, players=6, six_teams=teams)
    run(state, "bid 7S", *["pass"] * 5)
    while state.phase.value == "discard":
        state.apply(state.legal_actions()[0])
    _play_out(state)  # type: ignore[arg-type]
    log = state.deals[0]
    won = log.result["tricks_won"]
    made = sum(won[s] for s in side) >= 7
    assert log.result["tricks"] == sum(won[s] for s in side)
    assert all(log.score_changes[s] == (140 if made else -140) for s in side)
    for unit in others:
        assert all(log.score_changes[s] == 10 * sum(won[x] for x in unit) for s in unit)


@pytest.mark.parametrize(("teams", "out"), [("threes", (2, 4)), ("pairs", (3,))])
def test_a_six_player_misere_bidder_plays_alone_his_partners_sitting_out(teams: str, out: tuple[int, ...]) -> None:
    state = deal(SIX, dealer=5, players=6, six_teams=teams)
    run(state, "bid 7S", "bid MIS", "pass", "pass", "pass", "pass", "pass")
    while state.phase.value == "discard":
        state.apply(state.legal_actions()[0])
    assert state.contractor == 1
    expected = tuple(sorted((1 + d) % 6 for d in out))
    assert tuple(sorted(state.sitting_out)) == expected
    assert len(state.playing) == 6 - len(out)
    assert hand(state, 1)


# -- the terminal ---------------------------------------------------------------------------------


def test_the_terminal_shows_the_partner_card_and_names_the_partner_only_once_public() -> None:
    from prikup.cli.view_five_hundred import FiveHundredView

    view = FiveHundredView()
    secret = run(to_call(five(partner_call="secret")), "partner AH")
    lines = " ".join(view.status(secret.observation(2)))
    assert "Partner card A♥: the partner is unknown" in lines
    announced = run(to_call(five()), "partner AH")
    assert "Partner card A♥: seat 1 plays with the contractor" in " ".join(
        view.status(announced.observation(2), who=lambda s: f"seat {s}")
    )
    _play_out(announced)
    log = announced.deals[0]
    said = view.sentence(log.result, log.score_changes or [], who=lambda s: f"seat {s}")
    assert said.startswith("seat 0 and seat 1 (A♥) played 7♠")
