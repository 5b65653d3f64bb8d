"""The C search's double-dummy techniques, each exact, pinned by what they must do: sure tricks
and top trumps decide a position without searching it, the last trick is evaluated directly,
and the transposition table is kept for the searches of one deal (giving the values a fresh one
gives) and emptied by ``clear``.
(Exactness itself is the business of test_sv_fast and the brute-force tests.)"""

from __future__ import annotations

import pytest
import reference_values
import sv_gen
import sv_tricks_gen

from prikup.core.cards import parse_cards
from prikup.core.game import Phase, State
from prikup.solver import ADAPTERS, Solver, fast, position_of
from prikup.solver.play501 import Position501, fast_values
from prikup.solver.play_preferans import PositionPreferans
from prikup.solver.play_preferans import fast_values as fast_tricks


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def test_sure_tricks_of_the_declarer_on_lead_decide_the_value_without_a_search():
    # The declarer (0) leads holding the top of every suit: his 4 tricks are sure (no trumps).
    hands = [_mask("AS KS AC AH"), _mask("QS JS KC KH"), _mask("TS 9S QC QH")]
    pos = PositionPreferans(hands, 0, [], None, count=1, maximisers=1)
    fast.module().clear()
    got, nodes = fast_tricks(pos, best=True)
    assert list(got.values()) == [4] == [Solver(PositionPreferans(hands, 0, [], None, 1, 1)).value()]
    # the root is never searched; the first card tested keeps the 4 tricks: its trick's three
    # positions are visited, and at the next lead the bounds decide again
    assert nodes <= 3


def test_a_defenders_top_trumps_bound_the_declarers_tricks():
    # Spades are trumps and defender 1 holds the ace and king of trumps: 2 tricks are his whatever
    # happens, so the declarer's 4 are out of reach before any search, and he has 2 sure tricks.
    hands = [_mask("QS AC AH AD"), _mask("AS KS 7C 7H"), _mask("JS 8C 8H 8D")]
    pos = PositionPreferans(hands, 0, [], 0, count=1, maximisers=1)
    assert pos.upper() == 4  # the reference's bound knows nothing of it
    fast.module().clear()
    got, _ = fast_tricks(pos, best=True)
    assert list(got.values()) == [Solver(PositionPreferans(hands, 0, [], 0, 1, 1)).value()] == [2]


def test_the_last_trick_is_evaluated_without_searching_its_cards():
    # one card each: the leader's forced card and the two forced answers; 501, no trumps.  The
    # declarer's nine has no sure trick and nobody holds a trump, so no bound decides it (0 to 21):
    # the root is visited once and its value read from the three forced cards (the ace takes it).
    hands = [_mask("9S"), _mask("AS"), _mask("TD")]
    pos = Position501(hands, 0, [], 0, None)
    fast.module().clear()
    got, nodes = fast_values(pos, best=True)
    assert got == Solver(Position501(hands, 0, [], 0, None)).values() == {parse_cards("9S")[0].id: 0}
    assert nodes == 1


def test_the_table_is_kept_for_the_searches_of_one_deal_and_emptied_by_clear():
    state = sv_gen.to_play("501", 810, None)
    adapter = ADAPTERS["501"]
    assert adapter.fast is not None
    fast.module().clear()
    first, nodes_first = adapter.fast(position_of(state)[0])
    again, nodes_again = adapter.fast(position_of(state)[0])
    fast.module().clear()
    cleared, nodes_cleared = adapter.fast(position_of(state)[0])
    assert first == again == cleared
    assert nodes_again * 5 < nodes_first  # the kept table answers most of the second search
    assert nodes_cleared == nodes_first  # an emptied table starts over


def test_a_position_with_its_suits_renamed_is_found_in_the_table_when_no_suit_is_trumps():
    # raspasy (no trumps): the same hands with spades and hearts swapped are the same position
    # to the table (the suits' key words are sorted), its values the first one's, renamed
    def solve(texts: list[str]) -> tuple[dict[int, int], int]:
        hands = [_mask(t) for t in texts]
        return fast_tricks(PositionPreferans(hands, 1, [], None, count=1, maximisers=0b110))

    first = ["7S JS AS 8H QH 9D", "8S TS 7H 9H KH TD", "9S QS KS TH JH AH"]
    renamed = [t.translate(str.maketrans("SH", "HS")) for t in first]
    fast.module().clear()
    values, nodes_first = solve(first)
    kept, nodes_kept = solve(renamed)
    fast.module().clear()
    fresh, nodes_fresh = solve(renamed)
    swap = {m: (m + 48) % 64 if m < 16 else m - 48 if m >= 48 else m for m in values}  # spades 0-15, hearts 48-63
    assert kept == fresh == {swap[m]: v for m, v in values.items()}
    assert nodes_kept * 10 < min(nodes_first, nodes_fresh)  # the first search's table answers the renamed one


def _whole_deal(game: str, form: str | None, seed: int) -> list[State]:
    """The states of one deal's play, from the first lead to the last card, each the previous
    one after a best card (ties to the lowest move)."""
    if game in ("501", "pyatsot"):
        state = sv_gen.to_play(game, seed, None)
    elif game == "five-hundred":
        state = sv_tricks_gen.fh_play(str(form), seed)
    else:
        state = sv_tricks_gen.pf_play(str(form), seed)
    adapter = ADAPTERS[game]
    assert adapter.fast is not None
    deal = len(state.deals)
    out = []
    while state.phase is Phase.PLAY and len(state.deals) == deal:
        out.append(state.copy())
        pos, _ = position_of(state)
        fast.module().clear()
        values, _ = adapter.fast(pos)
        best = (max if pos.max_to_move() else min)(values.values())
        state.apply(adapter.action_of(min(m for m, v in values.items() if v == best)))
    return out


@pytest.mark.parametrize(
    ("game", "form"),
    [("501", None), ("pyatsot", None)]
    + [("five-hundred", f) for f in sorted(sv_tricks_gen.FH_FORMS)]
    + [("preferans", f) for f in sorted(sv_tricks_gen.PF_FORMS)],
)
def test_a_table_kept_through_a_whole_deal_gives_the_values_of_a_fresh_table(game: str, form: str | None):
    """Every position of a deal searched one after the other with the table kept (full-deal
    searches fill it, so entries are replaced in both ways of their buckets and found in either)
    has the values a fresh table gives, move by move."""
    adapter = ADAPTERS[game]
    assert adapter.fast is not None
    for seed in (3, 4):
        states = _whole_deal(game, form, 900 + seed)
        fresh = []
        for state in states:
            fast.module().clear()
            fresh.append(adapter.fast(position_of(state)[0])[0])
        fast.module().clear()
        kept = [adapter.fast(position_of(state)[0])[0] for state in states]
        assert kept == fresh, (game, form, seed)
        assert len(states) >= 3  # a broken misère ends with the first trick


@pytest.mark.parametrize(("game", "seed"), [("501", 52), ("pyatsot", 93)])
def test_a_guess_given_up_past_its_budget_leaves_the_values_exact(game: str, seed: int) -> None:
    """In the point games the root's tests at the guess may cost 10,000 nodes each, and are given
    up past it (the search unwinds storing nothing more): these first leads' tests at the guess are
    given up (seen with SEARCH_TRACE), and every move's value and the value + best move stay the
    reference's.  In 501 this search is also shorter than with the guess's test carried through
    and the table's best moves searched first: 160,007 nodes before, 91,865 now."""
    state = sv_gen.to_play(game, seed, None)
    adapter = ADAPTERS[game]
    assert adapter.fast is not None
    expected = reference_values.values(f"guess/{game}/{seed}", state)  # the reference's, as stored
    fast.module().clear()
    got, _ = adapter.fast(position_of(state)[0])
    fast.module().clear()
    best, nodes = adapter.fast(position_of(state)[0], best=True)
    assert got == expected
    ((move, value),) = best.items()
    assert value == expected[move] == max(expected.values())
    if game == "501":
        assert nodes < 120_000
