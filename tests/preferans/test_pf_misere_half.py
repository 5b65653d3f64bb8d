"""The misère played half with the 4-player dealer (option misere_half) and the dealer's choice of
the hand he looks at: rule clauses, the sheet functions, observations, ids, bots and records."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from pf_helpers import play_out, run
from test_pf_match import _check_step

from prikup.bots import make_bot
from prikup.core.actions import Action, ActionKind
from prikup.core.errors import IllegalActionError, OptionError
from prikup.games.preferans import GamePreferans, StatePreferans
from prikup.games.preferans_sheet import (
    MISERE_HALF_SPLITS,
    Sheet,
    misere_half_tricks,
    new_sheet,
    score_game,
    score_misere_half,
    score_split,
)

# Four players, dealer 0: seats 1, 2, 3 dealt in that order.  Seat 1 holds a clean misère.
CLEAN = "7S 8S 9S 7C 8C 9C 7D 8D 7H 8H"
CAUGHT = "AS 8S 9S 7C 8C 9C 7D 8D 7H 8H"  # the ace of spades will take a trick
SEAT2 = "TS JS QS KS TC JC QC KC AC 9D"
SEAT3 = "TD JD QD KD 9H TH JH QH KH"
TALON = "AH AD"


def _sheet(pulya: tuple[int, ...], gora: tuple[int, ...], target: int = 20) -> Sheet:
    base = new_sheet(len(pulya), target, 0)
    return Sheet(target=target, pulya=pulya, gora=gora, whists=base.whists)


def misere4(declarer_hand: str = CLEAN, *, sheet: Sheet | None = None, **options: object) -> StatePreferans:
    """Seat 1 bids misère, the others pass, he discards the talon's two aces."""
    game = GamePreferans(players=4, **({"misere_half": True} | options))
    if declarer_hand == CAUGHT:
        seat2 = "7S TS JS QS KS TC JC QC KC AC"
        seat3 = "9D TD JD QD KD 9H TH JH QH KH"
    else:
        seat2, seat3 = SEAT2, SEAT3 + " AS"
    s = game.new_deal_on(
        sheet or game.new_sheet(), [declarer_hand.split(), seat2.split(), seat3.split()], TALON.split()
    )
    return run(s, "bid MIS", "pass", "pass", "discard AH", "discard AD")


def legal(s: StatePreferans) -> list[str]:
    return [str(a) for a in s.legal_actions()]


# -- options ----------------------------------------------------------------------------------------


def test_misere_half_is_off_by_default_and_needs_four_players() -> None:
    assert GamePreferans(players=4).options["misere_half"] is False
    with pytest.raises(OptionError, match="4 players"):
        GamePreferans(misere_half=True)
    s = misere4(misere_half=False)
    assert s.phase.value == "play" and s.half_calls == []


# -- the invitation ---------------------------------------------------------------------------------


def test_misere_declarer_may_invite_the_dealer_after_his_discard() -> None:
    s = misere4()
    assert s.phase.value == "whist" and s.to_act == 1 and legal(s) == ["invite", "pass"]
    run(s, "invite")
    assert s.to_act == 0 and legal(s) == ["take", "pass"]
    for seat in (None, 0, 1, 2, 3):
        assert s.observation(seat).to_json()["half_calls"] == [[1, "invite"]]
    run(s, "take")
    assert s.half_partner == 0 and s.phase.value == "play" and s.to_act == 1
    assert s.observation(2).to_json()["half_partner"] == 0


def test_misere_without_talon_invitation_comes_at_once() -> None:
    game = GamePreferans(players=4, misere_half=True)
    s = game.new_deal([CLEAN.split(), SEAT2.split(), (SEAT3 + " AS").split()], ["AH", "AD"], dealer=0)
    run(s, "bid MIS-WT", "pass", "pass")
    assert s.to_act == 1 and legal(s) == ["invite", "pass"]


def test_wrong_answers_to_the_invitation_are_rejected_unchanged() -> None:
    s = misere4()
    before = json.dumps(s.observation(None).to_json(), sort_keys=True)
    for wrong in ("take", "whist", "play 7S", "pulya 3"):
        with pytest.raises(IllegalActionError, match="misère half"):
            s.apply(wrong)
    assert json.dumps(s.observation(None).to_json(), sort_keys=True) == before
    run(s, "invite")
    with pytest.raises(IllegalActionError):
        s.apply("invite")


def test_declined_or_not_offered_misere_is_scored_alone() -> None:
    for words in (("pass",), ("invite", "pass")):
        s = play_out(run(misere4(), *words))
        assert s.half_partner is None and s.won[1] == 0
        assert s.sheet.pulya == (0, 5, 0, 0) and s.sheet.gora == (10, 5, 10, 10)


# -- made while pulyas are open: the inviter chooses the split ---------------------------------------


def test_made_half_misere_inviter_chooses_three_into_pulya_dealer_writes_the_rest() -> None:
    s = play_out_to_split(run(misere4(), "invite", "take"))
    assert s.to_act == 1 and legal(s) == ["pulya 3", "pulya 2"] and s.hand_to_play is None
    assert not s.is_over and s.won[1] == 0
    before = json.dumps(s.observation(None).to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError, match="pulya 3"):
        s.apply("pulya 4")
    assert json.dumps(s.observation(None).to_json(), sort_keys=True) == before
    run(s, "pulya 3")
    assert s.is_over and s.half_split == 3
    assert s.sheet.pulya == (2, 3, 0, 0) and s.sheet.gora == (7, 8, 10, 10)
    assert s.scores == (0, 0, 0, 0)
    assert s.deals[-1].result["half_split"] == 3 and s.deals[-1].result["half_partner"] == 0


def test_made_half_misere_other_split_two_and_three() -> None:
    s = play_out_to_split(run(misere4(), "invite", "take"))
    run(s, "pulya 2")
    assert s.sheet.pulya == (3, 2, 0, 0) and s.sheet.gora == (8, 7, 10, 10)


def play_out_to_split(s: StatePreferans) -> StatePreferans:
    while not s.is_over and not any(a.kind is ActionKind.PULYA for a in s.legal_actions()):
        s.apply(s.legal_actions()[0])
    return s


def test_made_half_misere_with_pulyas_closed_each_writes_half_off_goras() -> None:
    sheet = _sheet((20, 20, 20, 20), (10, 10, 10, 10))
    s = play_out(run(misere4(sheet=sheet), "invite", "take"))
    assert s.is_over and s.half_split is None  # no split is asked once every pulya is closed
    assert s.sheet.gora == (5, 5, 10, 10)


# -- failed: the penalty is shared half and half -------------------------------------------------------


@pytest.mark.parametrize("whists", [True, False])
def test_failed_half_misere_each_of_the_pair_takes_half_the_penalty(whists: bool) -> None:
    s = play_out(run(misere4(CAUGHT, misere_whists=whists), "invite", "take"))
    got = s.won[1]
    assert got > 0 and s.is_over and s.half_split is None
    assert s.sheet.gora == (10 + 5 * got, 10 + 5 * got, 10, 10)
    for defender in (2, 3):
        assert s.sheet.whists[defender][1] == s.sheet.whists[defender][0] == (5 * got if whists else 0)
    assert s.sheet.whists[0][1] == s.sheet.whists[1][0] == 0


def test_failed_misere_alone_keeps_the_whole_penalty() -> None:
    s = play_out(run(misere4(CAUGHT), "invite", "pass"))
    got = s.won[1]
    assert got > 0 and s.sheet.gora == (10, 10 + 10 * got, 10, 10) and s.sheet.whists[0][1] == 10 * got


# -- the sheet functions -----------------------------------------------------------------------------


def test_score_split_writes_pulya_and_gora_points_with_help_and_podlet() -> None:
    sheet = _sheet((0, 19, 5, 0), (10, 0, 10, 10))
    after = score_split(sheet, 1, 3, 2)
    # one into his pulya, two help seat 2 (the larger pulya); two off the smallest gora: seats 2, 3
    # and 0 tie at 10, the first from his left (seat 2) is helped
    assert after.pulya == (0, 20, 7, 0) and after.gora == (10, 0, 8, 10)
    assert after.whists[1][2] == 40
    assert score_split(sheet, 1, 2, 2) != after
    # the same halves as a made game
    assert score_split(sheet, 1, 2, 2) == score_game(sheet, 1, 4)


def test_score_misere_half_phase_one_help_order() -> None:
    sheet = _sheet((0, 19, 5, 0), (10, 10, 10, 10))
    after = score_misere_half(sheet, 1, 0, 3)
    assert after.pulya == (2, 20, 7, 0) and after.gora == (7, 8, 10, 10)
    assert after.whists[1][2] == 20 and sum(sum(r) for r in after.whists) == 20


def test_score_misere_half_podlet_when_nothing_is_left_to_write() -> None:
    sheet = _sheet((18, 20, 20, 20), (0, 0, 0, 0))
    after = score_misere_half(sheet, 1, 0, 3)
    # inviter: 3 pulya points help seat 0 by 2, 1 podlet; 2 gora points all podlet -> 3 podlet
    assert after.pulya == (20, 20, 20, 20)
    # dealer (whose pulya the inviter closed): 2 pulya points podlet, 3 off his own gora of 3
    assert after.gora == (0, 2, 5, 5) and after.whists[1][0] == 20


def test_score_misere_half_phase_two_and_bad_split() -> None:
    closed = _sheet((20,) * 4, (10, 3, 10, 10))
    after = score_misere_half(closed, 1, 0, 3)
    assert after.gora == (5, 0, 8, 10) and after.whists[1][2] == 20
    with pytest.raises(ValueError):
        score_misere_half(_sheet((0,) * 4, (10,) * 4), 1, 0, 4)
    with pytest.raises(ValueError):
        score_misere_half(closed, 1, 1, 3)
    assert MISERE_HALF_SPLITS == (3, 2)


def test_misere_half_tricks_shares_gora_and_whists() -> None:
    sheet = new_sheet(4)
    after = misere_half_tricks(sheet, 1, 0, 2)
    assert after.gora == (20, 20, 10, 10)
    assert [after.whists[d][p] for d in (2, 3) for p in (1, 0)] == [Fraction(10)] * 4
    assert misere_half_tricks(sheet, 1, 0, 2, whists=False).whists == sheet.whists
    assert misere_half_tricks(sheet, 1, 0, 0) == sheet


# -- ids, bots, records ---------------------------------------------------------------------------


def test_new_actions_have_stable_ids_after_the_old_ones() -> None:
    game = GamePreferans(players=4, misere_half=True)
    ids = {str(a): game.action_id(a) for a in game.all_actions()}
    old = GamePreferans(players=3)
    assert ids["pass"] == 0 and ids["play 7H"] == old.action_id(Action.parse("play 7H"))
    assert ids["look 3"] > ids["play 7H"] and ids["pulya 2"] == len(ids) - 1
    assert {"invite", "take", "pulya 3", "look 0"} <= set(ids)


def _steered_match(seed: int, seen: set[str], deals: int = 10) -> StatePreferans:
    """Random play, steered towards misère, the half and good misère play; every step checked."""
    game = GamePreferans(players=4, misere_half=True)
    everything = game.all_actions()
    helper = make_bot("heuristic", game, 0)
    s = game.new_match(seed)
    rng = random.Random(seed)
    while not s.is_over and len(s.deals) <= deals:
        _check_step(s)
        legal_now = s.legal_actions()
        if rng.random() < 0.15:
            wrong = rng.choice(everything)
            if wrong not in legal_now:
                before = json.dumps(s.observation(None).to_json(), sort_keys=True)
                with pytest.raises(IllegalActionError):
                    s.apply(wrong)
                assert json.dumps(s.observation(None).to_json(), sort_keys=True) == before
        steer = [a for a in legal_now if a.call == "MIS" or a.kind in (ActionKind.INVITE, ActionKind.TAKE)]
        if s.is_misere and s.phase.value == "play" and rng.random() < 0.9:
            steer = [helper.act(s, s.to_act or 0)]
        elif s.phase.value == "auction" and s.high == "MIS" and rng.random() < 0.9:
            steer = [Action(ActionKind.PASS)]
        choice = steer[0] if steer and rng.random() < 0.8 else rng.choice(legal_now)
        seen.add(choice.kind.value)
        s.apply(choice)
    return s


def test_random_play_with_misere_half_keeps_every_invariant() -> None:
    seen: set[str] = set()
    for seed in range(8):
        _steered_match(seed, seen)
    assert {"invite", "take", "pulya"} <= seen


def test_match_with_half_misere_records_replay() -> None:
    from prikup.records import dump, load, replay, to_record

    for seed in range(8):
        seen: set[str] = set()
        s = _steered_match(seed, seen)
        if "pulya" in seen:
            break
    assert "pulya" in seen
    again = replay(load(dump(to_record(s, seed=seed))))
    assert again.sheet == s.sheet and [d.result for d in again.deals] == [d.result for d in s.deals]
    assert any(d.result and d.result.get("half_split") for d in again.deals)


def _bot_match(seed: int, bots: str, cap: int = 400) -> StatePreferans:
    game = GamePreferans(players=4, misere_half=True)
    s = game.new_match(seed)
    table = [make_bot(bots, game, seed * 10 + i) for i in range(4)]
    while not s.is_over and len(s.deals) < cap:
        seat = s.to_act
        assert seat is not None
        s.apply(table[seat].act(s, seat))
    return s


def test_heuristic_with_misere_half_finishes_and_records_replay() -> None:
    from prikup.records import dump, load, replay, to_record

    s = _bot_match(4, "heuristic")
    assert s.is_over and sum(s.scores) == 0
    again = replay(load(dump(to_record(s, seed=4))))
    assert again.sheet == s.sheet and [d.result for d in again.deals] == [d.result for d in s.deals]


def test_heuristic_answers_the_new_decisions() -> None:
    game = GamePreferans(players=4, misere_half=True)
    bot = make_bot("heuristic", game, 1)
    s = misere4(CAUGHT)
    assert str(bot.act(s, 1)) == "invite"
    run(s, "invite")
    assert str(bot.act(s, 0)) == "take"
    s = play_out_to_split(run(misere4(), "invite", "take"))
    assert str(bot.act(s, 1)) == "pulya 3"
    four = GamePreferans(players=4)
    t = four.new_deal([CLEAN.split(), SEAT2.split(), (SEAT3 + " AS").split()], ["AH", "AD"], dealer=0)
    run(t, "pass", "bid 6S", "pass", "discard AH", "discard AD", "contract 6S", "pass", "half-whist", "pass")
    assert bot.act(t, 0) == Action(ActionKind.LOOK, number=1)  # the half-whister's hand


def test_view_shows_the_half_and_the_split_question() -> None:
    from prikup.cli.view_preferans import PreferansView

    s = play_out_to_split(run(misere4(), "invite", "take"))
    lines = PreferansView().status(s.observation(1))
    assert any("1 invite, 0 take (seat 0 shares it)" in line for line in lines)
    assert any("pulya 3" in line for line in lines)
