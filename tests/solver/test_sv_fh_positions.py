"""Five Hundred's play position follows the engine: the same legal moves in every form, the same
trick winners and the same end of play; rule clauses and the equivalence rule checked."""

from __future__ import annotations

import random

import pytest
from sv_tricks_gen import FH_FORMS, fh_play

from prikup.core.cards import parse_cards
from prikup.core.game import Phase
from prikup.solver import ADAPTERS, Solver, position_of
from prikup.solver.play_five_hundred import PositionFiveHundred, TrickPosition, action_of, move_of


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def _id(code: str) -> int:
    return parse_cards(code)[0].id


@pytest.mark.parametrize("form", list(FH_FORMS))
def test_move_generator_agrees_with_the_engines_legal_plays_in_every_form(form: str):
    adapter = ADAPTERS["five-hundred"]
    checked = 0
    features: set[str] = set()
    for seed in range(40 if "misere" in form else 12):
        rng = random.Random(seed)
        state = fh_play(form, 700 + seed)
        deal = len(state.deals)
        pos, base = position_of(state)
        assert isinstance(pos, PositionFiveHundred)
        counted = [s for i, s in enumerate(state.playing) if pos.count >> i & 1]
        assert base == 0
        total = 0
        while len(state.deals) == deal and state.phase is Phase.PLAY:
            fresh, fresh_base = position_of(state)
            legal = state.legal_actions()
            assert sorted(fresh.legal_moves()) == sorted(move_of(a) for a in legal), (form, seed)
            assert sorted(pos.legal_moves()) == sorted(fresh.legal_moves())
            assert [action_of(move_of(a)) for a in legal] == legal
            assert sorted(m for m, _, _ in fresh.moves()) == sorted(fresh.legal_moves())
            assert not fresh.over()
            if fresh.count == pos.count:  # a no-bid deal counts the seat to act's tricks
                assert fresh.key() == pos.key()
                assert fresh_base == total
            assert fresh_base == sum(state.won[s] for i, s in enumerate(state.playing) if fresh.count >> i & 1)
            if any(a.modifier == "as" for a in legal):
                features.add("joker names a suit")
                if len(legal) < 4 * state.hands[state.to_act].bit_count():
                    features.add("a shown void barred")
            action = rng.choice(legal)
            total += pos.play(adapter.move_of(action))
            state.apply(action)
            checked += 1
        assert pos.over()
        result = state.deals[deal - 1].result
        assert result is not None
        assert total == sum(result["tricks_won"][s] for s in counted)
        if state.is_misere:  # type: ignore[attr-defined]
            assert pos.broken == bool(total) and (pos.broken or not any(state.hands[s] for s in state.playing))
    assert checked > 60
    if ("nt" in form or "no-bid" in form) and "32" not in form:
        assert "joker names a suit" in features


def test_left_bower_is_a_trump_and_follows_trumps():
    from prikup import make_game

    g = make_game("five-hundred", players=3)
    layout = g.layouts[0]  # spades trumps: JC is the left bower
    hands = [_mask("AS 9D"), _mask("JC AC"), _mask("KS KD")]
    pos = TrickPosition(hands, 0, [], -1, layout.suits, layout.trump, layout.strength, 1, 1)
    pos.play(_id("AS"))
    assert pos.allowed(1) == _mask("JC")  # the left bower follows trumps, the AC may not
    pos.play(_id("JC"))
    assert pos.play(_id("KS")) == 0 and pos.leader == 1  # and beats the ace of trumps


def test_no_duty_to_trump():
    from prikup import make_game

    layout = make_game("five-hundred", players=3).layouts[3]  # hearts trumps
    hands = [_mask("AS 9D"), _mask("9H KD"), _mask("KS QD")]
    pos = TrickPosition(hands, 0, [], -1, layout.suits, layout.trump, layout.strength, 1, 1)
    pos.play(_id("AS"))
    assert pos.allowed(1) == _mask("9H KD")


def test_joker_led_in_no_trump_names_a_suit_not_shown_void():
    from prikup import make_game

    g = make_game("five-hundred", players=3)
    nt = g.layouts[4]
    hands = [_mask("JK 9D AD"), _mask("AS 8D 7D"), _mask("KS QD JD")]
    kw = {"jokers": g.joker_mask, "no_trump": True, "joker_lead_any": False}
    pos = TrickPosition(hands, 1, [], -1, nt.suits, nt.trump, nt.strength, 1, 1, **kw)  # type: ignore[arg-type]
    pos.play(_id("AS"))
    pos.play(_id("KS"))
    assert pos.allowed(0) == _mask("JK 9D AD")  # void in spades: anything
    pos.play(_id("9D"))  # seat 0 shows void in spades
    assert pos.voids[0] == 1 and pos.leader == 1
    pos.play(_id("8D"))
    pos.play(_id("QD"))
    assert pos.allowed(0) == _mask("AD")  # void_only: the joker only when void in the suit led
    assert pos.play(_id("AD")) == 1 and pos.leader == 0
    assert sorted(pos.legal_moves()) == [_id("JK") + 128 * (s + 1) for s in (1, 2, 3)]
    assert action_of(_id("JK") + 128 * 3) == action_of(move_of(action_of(_id("JK") + 128 * 3)))
    assert str(action_of(_id("JK") + 128 * 3)) == "play JK as D"
    pos.play(_id("JK") + 128 * 3)  # led as diamonds: the others must follow diamonds
    assert pos.led == 2 and pos.allowed(1) == _mask("7D")
    # the engine's any_time rule: the joker may be played while holding the suit led
    pos = TrickPosition(hands, 1, [], -1, nt.suits, nt.trump, nt.strength, 1, 1, **kw | {"joker_any_time": True})  # type: ignore[arg-type]
    pos.play(_id("8D"))
    pos.play(_id("QD"))
    assert pos.allowed(0) == _mask("JK 9D AD")


def test_misere_partner_sits_out_and_play_stops_at_the_bidders_first_trick():
    for seed in range(6):
        state = fh_play("4p-misere", 300 + seed)
        pos, base = position_of(state)
        assert isinstance(pos, PositionFiveHundred)
        assert pos.n == 3 and base == 0 and pos.stop and pos.upper() == 1
        contractor = state.playing.index(state.contractor)  # type: ignore[attr-defined]
        assert pos.count == 1 << contractor and pos.maximisers == 0b111 & ~(1 << contractor)
        assert pos.max_to_move() is False  # the bidder leads and minimises his tricks
        assert Solver(pos).value() in (0, 1)


def test_no_bid_play_counts_the_seat_to_act_against_the_rest():
    state = fh_play("3p-no-bid", 5)
    pos, _ = position_of(state)
    assert isinstance(pos, PositionFiveHundred) and state.contractor is None  # type: ignore[attr-defined]
    me = state.playing.index(state.to_act)  # type: ignore[attr-defined]
    assert pos.count == pos.maximisers == 1 << me and pos.max_to_move()


@pytest.mark.parametrize("form", ["4p", "4p-no-joker", "3p", "4p-each", "4p-misere", "3p-no-bid"])
def test_score_utility_is_what_the_final_tricks_net_in_the_engines_deal_score(form: str):
    """``utility_of``: for a trick contract, the contractor's side's score change minus every other
    unit's, as the engine scores the deal, from the side's final tricks (made, failed, slam);
    non-decreasing; none for a misère or a no-bid deal."""
    from prikup.solver import play_out, utility_of

    checked = 0
    for seed in range(12):
        state = fh_play(form, 900 + seed)
        utility = utility_of(state)
        if state.is_misere or state.no_bid_play:
            assert utility is None
            continue
        assert utility is not None
        values = [utility(t) for t in range(11)]
        assert values == sorted(values)
        deal = len(state.deals)
        contractor = state.contractor
        side = next(u for u in state.game.units() if contractor in u)
        play_out(state)
        log = state.deals[deal - 1]
        assert log.score_changes is not None
        tricks = log.result["tricks"]
        ours = log.score_changes[contractor]
        theirs = sum(log.score_changes[u[0]] for u in state.game.units() if u != side)
        assert utility(tricks) == ours - theirs
        checked += 1
    assert checked >= (0 if "misere" in form or "no-bid" in form else 6)
