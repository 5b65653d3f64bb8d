"""What a viewer may see of a deal's analysis while the match goes on: the cards he saw in that
deal (his hand, the table, the tricks) and nothing else — a decision naming another card is sent
hidden.  Real deals dealt and played by the rules; the filter the server applies to every frame."""

from __future__ import annotations

import random
from typing import Any

from prikup.bots import make_bot
from prikup.core.game import Phase
from prikup.games import make_game
from prikup.server.analyses import decision_cards, seen_cards, visible_analysis
from prikup.server.storage import DealRow
from prikup.server.tables import draw_deal


def played_deal(game_id: str, seed: int, *, concede: bool) -> tuple[Any, list[DealRow], list[tuple[int, int, str]]]:
    """A first deal played by heuristic bots (the declarer concedes at once if ``concede``), as
    the server stores it: the deals' cards and the actions ``(deal, seat, text)``."""
    game = make_game(game_id)
    rng = random.Random(seed)
    deals = [draw_deal(game, 0, rng)]
    state = game.new_replay(0)
    state.deal({int(k): v for k, v in deals[0].hands.items()}, deals[0].talon)
    bots = [make_bot("heuristic", game, s) for s in range(game.players)]
    actions: list[tuple[int, int, str]] = []
    while state.phase is not Phase.DEAL:
        seat = state.to_act
        assert seat is not None
        legal = [str(a) for a in state.legal_actions()]
        text = "concede" if concede and "concede" in legal else str(bots[seat].act(state, seat))
        state.apply(text)
        actions.append((0, seat, text))
    deals.append(draw_deal(game, state.dealer, rng))
    return game, deals, actions


def test_a_viewer_sees_his_own_hand_and_no_card_of_a_hand_never_played() -> None:
    game, deals, actions = played_deal("501", 3, concede=True)
    assert actions[-1][2] == "concede"
    for viewer in range(3):
        seen = seen_cards(game, 0, deals, actions, viewer, 1)
        assert set(deals[0].hands[str(viewer)]) <= seen
        for other in range(3):
            if other != viewer:
                assert not set(deals[0].hands[str(other)]) & seen, (viewer, other)
    spectator = seen_cards(game, 0, deals, actions, None, 1)
    assert not any(set(h) & spectator for h in deals[0].hands.values())


def test_every_card_played_to_a_trick_is_seen_by_everyone() -> None:
    game, deals, actions = played_deal("preferans", 1, concede=False)
    played = {text.split()[1] for _, _, text in actions if text.startswith("play ")}
    assert len(played) >= 20
    for viewer in (0, 1, 2, None):
        assert played <= seen_cards(game, 0, deals, actions, viewer, 1)


def test_a_decision_naming_an_unseen_card_is_sent_hidden_and_ones_own_in_full() -> None:
    game, deals, actions = played_deal("501", 3, concede=True)
    mine = deals[0].hands["1"]
    theirs = deals[0].hands["2"]
    seen = seen_cards(game, 0, deals, actions, 1, 1)
    analysis: dict[str, Any] = {
        "game": "501",
        "deal": 1,
        "par": 0,
        "decisions": [
            {"number": 1, "seat": 2, "phase": "play", "taken": f"play {theirs[0]}", "best": f"play {theirs[1]}",
             "estimates": [[f"play {theirs[1]}", 3.0], [f"play {theirs[0]}", 1.0]], "open_hand": None,
             "loss": 2.0, "loss_open": None, "grade": "inaccuracy"},
            {"number": 2, "seat": 1, "phase": "play", "taken": f"play {mine[0]}", "best": f"play {mine[0]}",
             "estimates": [[f"play {mine[0]}", 1.0]], "open_hand": None, "loss": 0.0, "loss_open": None,
             "grade": "good"},
            {"number": 3, "seat": 0, "phase": "auction", "taken": "pass", "best": "bid 80",
             "estimates": [["bid 80", 5.0], ["pass", 0.0]], "open_hand": None, "loss": 5.0, "loss_open": None,
             "grade": "mistake"},
        ],
        "seats": [{"seat": 2, "lost": 2.0, "worst": [1]}],
    }  # fmt: skip
    shown = visible_analysis(analysis, seen, 1)
    hidden, own, call = shown["decisions"]
    assert hidden == {"number": 1, "seat": 2, "phase": "play", "grade": "inaccuracy", "loss": 2.0, "loss_open": None,
                      "hidden": True}  # fmt: skip
    assert not any(card in str(shown) for card in theirs)
    assert own == analysis["decisions"][1] and call == analysis["decisions"][2]  # a call names no card
    assert visible_analysis(analysis, None, 1) == analysis  # the match over: everything
    assert decision_cards(analysis["decisions"][0]) == {theirs[0], theirs[1]}
