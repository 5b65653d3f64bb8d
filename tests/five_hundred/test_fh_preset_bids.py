"""The presets play the bids their games use: the Ideal table's own bids at its values, the
Australian Hi/Lo, the American double misère with its pass; and every preset's bids are offered
in its ladder in the order of its table."""

from __future__ import annotations

import pytest
from fh_helpers import game

from prikup.games.presets import PRESETS

FH = PRESETS["five-hundred"]


def test_ideal_preset_offers_the_ideal_tables_bids_at_its_values() -> None:
    g = game(**FH["ideal"])
    assert {"HILO", "DMIS", "PAT", "BMIS"} <= set(g.ladder.calls)
    assert [g.table.value(c) for c in ("MIS", "OMIS", "HILO", "DMIS", "PAT", "BMIS", "10NT")] == [
        150,
        250,
        350,
        450,
        750,
        1000,
        500,
    ]


def test_australian_preset_offers_hi_lo_and_open_misere_520_on_top() -> None:
    g = game(**FH["australian"])
    assert "HILO" in g.ladder.calls
    assert g.ladder.calls[-1] == "OMIS" and g.table.value("OMIS") == 520


def test_american_preset_offers_double_misere_with_its_pass() -> None:
    g = game(**FH["american"])
    assert "DMIS" in g.ladder.calls and g.rules.nullo_pass and g.one_round


@pytest.mark.parametrize("name", ["avondale", "original", "no_misere", "french_canadian", "american_preferans_pairs"])
def test_presets_without_the_extra_bids_offer_none(name: str) -> None:
    g = game(**FH[name])
    assert not {"HILO", "DMIS", "PAT", "BMIS", "DSHL"} & set(g.ladder.calls)
