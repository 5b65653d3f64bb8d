"""Five Hundred's partition table (fast_tricks.c's search_part, four hands): an entry holds every
position whose relevant cards lie as its own, so a position differing only in low cards is
answered by another's entry, and the values stay the reference's with the table kept across many
positions of one deal."""

from __future__ import annotations

import random

from sv_tricks_gen import fh_play

from prikup.core.cards import parse_cards
from prikup.core.game import Phase, State
from prikup.solver import ADAPTERS, Solver, fast, position_of
from prikup.solver.play_tricks import TrickPosition, fast_values


def _line(state: State, rng: random.Random, left: int) -> State | None:
    """``state`` after random play down to ``left`` cards in the hands and the trick, or ``None``
    when the deal ends first."""
    state = state.copy()
    deal = len(state.deals)
    while state.phase is Phase.PLAY and len(state.deals) == deal:
        held = sum(state.hands[s].bit_count() for s in state.playing) + len(state.trick)  # type: ignore[attr-defined]
        if held <= left:
            return state
        state.apply(rng.choice(state.legal_actions()))
    return None


def test_a_table_kept_across_random_lines_of_one_deal_gives_the_references_values():
    # many positions of one deal (the same table context) searched one after the other with the
    # table kept: entries of one position's class answer the others; every value is the reference's
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    checked = hits = 0
    for seed in range(6):
        start = fh_play("4p", 40 + seed)
        rng = random.Random(seed)
        fast.module().clear()
        for line in range(8):
            state = _line(start, rng, (16, 17, 19, 20)[line % 4])
            if state is None:
                continue
            pos, _ = position_of(state)
            expected = Solver(pos).values()
            got, nodes = adapter.fast(position_of(state)[0])
            assert got == expected, (seed, line)
            best, _ = adapter.fast(position_of(state)[0], best=True)
            ((move, value),) = best.items()
            assert expected[move] == value == (max if pos.max_to_move() else min)(expected.values())
            checked += 1
            hits += nodes < 50
    assert checked >= 40
    assert hits < checked  # not every position is answered before its search


def test_a_position_differing_in_low_cards_is_answered_by_the_others_entry():
    # five cards a hand; the second position has hands 2 and 3's lowest spades (TS, 9S) exchanged,
    # which decides nothing: the first search's root entry holds it (two nodes), where an exact key
    # (PARTITION 0) searched it again (420 nodes, after 566 for the first)
    base, _ = position_of(fh_play("4p", 40))  # the layout: its suits, trumps and sides
    first = ["5C 8C AC TH JK", "7D KD 6H 9H AH", "TS QS JC QD 8H", "9S KS 7C KC KH"]
    second = ["5C 8C AC TH JK", "7D KD 6H 9H AH", "9S QS JC QD 8H", "TS KS 7C KC KH"]

    def position(texts: list[str]) -> TrickPosition:
        hands = [sum(c.mask for c in parse_cards(t)) for t in texts]
        return TrickPosition(
            hands, 0, [], -1, base.suits, base.trump, base.strength, base.count, base.maximisers, jokers=base.jokers
        )

    fast.module().clear()
    values, nodes_first = fast_values(position(first), best=True)
    kept, nodes_kept = fast_values(position(second), best=True)
    fast.module().clear()
    fresh, nodes_fresh = fast_values(position(second), best=True)
    reference = Solver(position(second)).values()
    assert list(kept.values()) == list(fresh.values()) == [max(reference.values())] == list(values.values())
    assert nodes_first > 100 and nodes_fresh > 100
    assert nodes_kept <= 5
