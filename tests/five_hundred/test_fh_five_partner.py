"""Five players, the partner announced (the rules page's "five hands": the called card's holder
is known at once): the heuristic plays with the partner it knows — the contractor leads to the
partner's called ace, a partner never trumps the contractor's winning plain card, the defenders
play together against the two — and, with the partner secret, the contractor cannot."""

from __future__ import annotations

from fh_helpers import deal, run

from prikup.bots import make_bot
from prikup.games.five_hundred_many import StateFiveHundredFive
from prikup.games.obs_five_hundred import ObsFiveHundred

HANDS = {
    0: "AS KS 5H 6H QD 8D 9C 4C 5C 6C",  # the contractor: no sure trick to lead, no trump draw
    1: "4D 5D 6D 7D 2H 3H 4H 2S 3S 4S",
    2: "AH 9S 8S 7H 8H 9H TC 8C 7C QC",  # the partner: the called AH, void in diamonds
}
KITTY = "2C 3C 2D"


def _called(partner_call: str) -> StateFiveHundredFive:
    state = deal(HANDS, KITTY, dealer=4, players=5, partner_call=partner_call)
    assert isinstance(state, StateFiveHundredFive)
    run(state, "bid 6S", "pass", "pass", "pass", "pass", "discard 2C", "discard 3C", "discard 2D", "partner AH")
    return state


def test_five_announced_the_contractor_leads_to_his_partners_called_ace() -> None:
    state = _called("announced")
    obs = state.observation(0)
    assert isinstance(obs, ObsFiveHundred) and obs.called_partner == 2
    assert str(make_bot("heuristic", state.game, seed=1).act(state, 0)) == "play 5H"


def test_five_secret_the_contractor_does_not_know_where_to_lead() -> None:
    state = _called("secret")
    obs = state.observation(0)
    assert isinstance(obs, ObsFiveHundred) and obs.called_partner is None
    assert str(make_bot("heuristic", state.game, seed=1).act(state, 0)) != "play 5H"


def test_five_announced_the_partner_does_not_trump_the_contractors_winning_plain_card() -> None:
    state = run(_called("announced"), "play QD", "play 4D")
    got = str(make_bot("heuristic", state.game, seed=1).act(state, 2))
    assert got not in ("play 9S", "play 8S"), got


def test_five_announced_a_defender_last_to_play_does_not_trump_another_defenders_trick() -> None:
    hands = {
        0: "AS KS 5H 6H QS 8D 9C 4C 5C 6C",  # the contractor
        1: "2D 5D 6D 7D 9D TD KD JD 2H 3H",
        2: "AH 9S 8S 7H 8H 9H TC 8C 7C QC",  # his partner (the called AH)
        3: "AD",  # a defender: the AD takes the trick
        4: "5S AC KC 2C 3C JH TH 4H 2S 3S",  # a defender, void in diamonds, with trumps
    }
    state = deal(hands, "JK JS JC", dealer=4, players=5, partner_call="announced")
    assert isinstance(state, StateFiveHundredFive)
    run(state, "bid 6S", "pass", "pass", "pass", "pass", "discard JK", "discard JS", "discard JC", "partner AH")
    run(state, "play 8D", "play 2D", "play 7C", "play AD")
    got = str(make_bot("heuristic", state.game, seed=1).act(state, 4))
    assert got not in ("play 2S", "play 3S", "play 5S"), got  # the trick is the defence's already


def test_five_the_heuristic_with_partner_0_plays_an_announced_call_as_a_secret_one() -> None:
    state = _called("announced")
    blind = make_bot("heuristic:partner=0", state.game, seed=1)
    secret = _called("secret")
    assert blind.act(state, 0) == make_bot("heuristic", secret.game, seed=1).act(secret, 0)
    assert str(blind.act(state, 0)) != "play 5H"
