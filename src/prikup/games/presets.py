"""Named presets of each game: a preset id → the options it sets (everything else stays default).

Presets are data.  Their names and one-line explanations are in the message catalogue
(``web.preset.<game>.<id>`` and ``web.preset_help.<game>.<id>``), so every front end shows
the same words.  Each preset must build a valid game (``make_game(game, **options)``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["PRESETS", "presets_for"]

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "501": {
        "classic": {},
        "four": {"players": 4},
        "short": {"max_bid": 180},
        "contract_first": {"exchange_order": "contract_first", "concede": "before_play"},
    },
    "five-hundred": {
        "avondale": {},
        "three": {"players": 3},
        "cutthroat_four": {"players": 4, "partnership": False},
        "original": {"table": "original"},
        "no_misere": {"misere": False, "open_misere": False},
        # the Ideal table gives values to Hi/Lo, double misère, patastrophe and blind misère: its bids
        "ideal": {"table": "ideal", "hi_lo": True, "double_misere": True, "patastrophe": True, "blind_misere": True},
        "australian": {
            "misere_rank": "australian",
            "win_by_bid": True,
            "goal_tie": "higher",
            "minus_goal": "if_other_not_negative",
            "hi_lo": True,  # "Even Stevens", the Australian name of Hi/Lo
        },
        # double misère (double nullo) is an American bid, with its pass of the kitty's cards
        "american": {"auction": "one_round", "double_misere": True, "nullo_pass": True},
        "american_preferans": {"players": 3},
        "american_preferans_pairs": {
            "misere_from": "any",
            "no_bid": "play_nt",
            "raise_after_kitty": "true",
            "joker_nt": "any_time",
            "joker_lead": "any",
        },
        "french_canadian": {
            "deck": "46",
            "table": "french_canadian",
            "goal": 1000,
            "failed_to_other": True,
            "no_negative": True,
        },
        "five_handed": {"players": 5},
        "five_handed_secret": {"players": 5, "partner_call": "secret"},
        "six_handed": {"players": 6},
        "six_handed_cutthroat": {"players": 6, "six_teams": "pairs"},
        "two_handed": {"players": 2, "form": "dummies"},
        "two_dead_hand": {"players": 2, "form": "dead_hand"},
        "two_table_cards": {"players": 2, "form": "table_cards"},
        "two_drawing": {"players": 2, "form": "drawing"},
        "three_dead_hand": {"players": 3, "form": "dead_hand"},
    },
    "pyatsot": {
        "classic": {},
        "four": {"players": 4},
        "quick": {"barrel": 200, "target": 300},
    },
    "preferans": {
        "rostov": {},
        "short": {"pulya": 10, "start_gora": 5},
        "long": {"pulya": 30, "start_gora": 15},
        "four": {"players": 4},
    },
}


def presets_for(game_id: str) -> list[dict[str, Any]]:
    """The presets of one game as ``[{"id": ..., "options": {...}}]`` (empty for an unknown game)."""
    return [{"id": pid, "options": dict(opts)} for pid, opts in PRESETS.get(game_id, {}).items()]
