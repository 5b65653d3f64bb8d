"""What happens at the table, in words: the deal's start, each action, each trick and its winner,
each deal's result as a sentence, the final standings.  Shared by the line mode and the table;
every line is plain text in the player's language."""

from __future__ import annotations

from dataclasses import dataclass, field

from prikup.cli.views import GameView, changes_line, view_for
from prikup.cli.words import Names, action_words, card, cards, number, sort_cards, strain, tw
from prikup.core.actions import Action
from prikup.core.game import State
from prikup.core.observation import Observation, TrickSeen
from prikup.games.obs_501 import Obs501
from prikup.games.obs_five_hundred import ObsFiveHundred
from prikup.games.obs_pyatsot import ObsPyatsot
from prikup.i18n import t

__all__ = ["Event", "Narrator", "standings"]


@dataclass
class Event:
    """One line of the table's story; ``kind`` lets a front end style it (deal, action, trick, result)."""

    kind: str
    text: str
    extra: list[str] = field(default_factory=list)


def standings(state: State, names: Names, lang: str) -> list[str]:
    """The players from first to last with their scores as players write them (``281⅓``)."""
    scores = list(state.scores)
    order = sorted(range(len(scores)), key=lambda s: scores[s], reverse=not state.game.LOWER_SCORE_WINS)
    return [f"{i}. {names[s]} {number(scores[s])}" for i, s in enumerate(order, 1)]


class Narrator:
    """Turns the steps of a match into events, as one seat (or a watcher) sees them."""

    def __init__(self, state: State, names: Names, viewer: int | None, lang: str) -> None:
        self.state = state
        self.names = names
        self.viewer = viewer
        self.lang = lang
        self.view: GameView = view_for(state.game.id)
        self._tricks_seen = 0
        self._deal_seen = 0
        self._scored = self._count_scored()

    def _count_scored(self) -> int:
        return sum(1 for log in self.state.deals if log.scores_after is not None)

    def who(self, seat: int) -> str:
        """A seat's name."""
        return self.names[seat]

    def deal_start(self) -> Event | None:
        """The new deal's header (once per deal): its number, the dealer, whether he sits out."""
        st = self.state
        if len(st.deals) == self._deal_seen or st.is_over:
            return None
        self._deal_seen = len(st.deals)
        self._tricks_seen = 0
        active = st.observation(self.viewer, with_legal=False).active
        key = "cli.deal_start_out" if active and st.dealer not in active else "cli.deal_start"
        return Event("deal", tw(key, self.lang, self.names.is_you(st.dealer), n=len(st.deals), who=self.who(st.dealer)))

    def after(self, seat: int, action: Action) -> list[Event]:
        """The events after ``seat`` took ``action``: the action in words, a finished trick, a
        finished deal (its sentence, the changes), a new deal."""
        st = self.state
        events: list[Event] = []
        shown = st.action_view(seat, action, self.viewer)
        gift = self._gift(seat, action)
        hand = seat
        if action.kind.value == "play":  # the hand that played it (a dummy's, played by its partner)
            trick, tricks = getattr(st, "trick", None), getattr(st, "tricks", None)
            played = trick[-1] if trick else tricks[-1][0][-1] if tricks else None
            hand = played[0] if played is not None and played[1] == action.card else seat
        you = self.names.is_you(hand)
        said = self.view.action_text(st, shown, self.lang, you) or action_words(shown, self.lang, you)
        events.append(Event("action", gift or f"{self.who(hand)}: {said}"))
        deal_index = len(st.deals) - 1
        scored = self._count_scored()
        finished_deal = scored != self._scored
        log_index = deal_index - 1 if finished_deal and st.deals[-1].scores_after is None else deal_index
        tricks = self._tricks_of(log_index)
        for n in range(self._tricks_seen, len(tricks)):
            trick = tricks[n]
            winner = trick.winner
            shown_cards = " ".join(card(p.card, self.lang) for p in trick.cards)
            events.append(
                Event(
                    "trick",
                    tw(
                        "cli.trick_to",
                        self.lang,
                        self.names.is_you(winner),
                        n=n + 1,
                        who=self.who(winner),
                        cards=shown_cards,
                    ),
                )
            )
        self._tricks_seen = len(tricks)
        if finished_deal:
            self._scored = scored
            number_ = max(i for i, d in enumerate(st.deals, 1) if d.scores_after is not None)
            log = st.deals[number_ - 1]
            changes = list(log.score_changes or [])
            sentence = self.view.sentence(log.result, changes, self.who, self.lang)
            events.append(
                Event(
                    "result",
                    f"{t('result', self.lang)} — {t('deal', self.lang)} {number_}: {sentence}",
                    [f"{t('cli.changes', self.lang)}: {changes_line(changes, self.who)}"],
                )
            )
            self._tricks_seen = 0
        start = self.deal_start()
        if start is not None:
            events.append(start)
        return events

    def _gift(self, seat: int, action: Action) -> str | None:
        """A gift in words, for its giver and its receiver (``you gave 9♦ to Ivan``)."""
        if str(action).split()[0] != "give" or self.viewer is None or action.card is None:
            return None
        obs = self.state.observation(self.viewer, with_legal=False)
        if not isinstance(obs, Obs501 | ObsPyatsot):
            return None
        for gift in obs.gifts:
            if gift.card != action.card:
                continue
            if seat == self.viewer:
                return t("cli.you_gave", self.lang, card=card(action.card, self.lang), to=self.who(gift.to))
            if gift.to == self.viewer:
                return t("cli.you_received", self.lang, card=card(action.card, self.lang), giver=self.who(seat))
        return None

    def _tricks_of(self, deal_index: int) -> list[TrickSeen]:
        """The finished tricks of a deal as the viewer saw them: the current deal's from the
        observation; a deal just scored (the next one already dealt) replayed alone from its log."""
        st = self.state
        if deal_index == len(st.deals) - 1:
            return list(st.observation(self.viewer, with_legal=False).tricks)
        log = st.deals[deal_index]
        try:
            alone = st.game.new_deal(log.hands, log.talon, dealer=log.dealer)
            for _, action in log.actions:
                alone.apply(action)
        except ValueError:  # a deal that cannot stand alone (e.g. a between-deals question): no trick lines
            return []
        return list(alone.observation(self.viewer, with_legal=False).tricks)

    def table_lines(self, seat: int) -> list[str]:
        """What a seat sees at its turn, in lines: scores, auction, talon, contract, trick, the
        game's own moments, the hand."""
        obs = self.state.observation(seat)
        lang = self.lang
        lines = [f"{t('scores', lang)}: " + ", ".join(f"{self.who(s)} {number(v)}" for s, v in enumerate(obs.scores))]
        if obs.calls:
            lines.append(
                f"{t('auction', lang)}: "
                + ", ".join(f"{self.who(s)} {action_words(c, lang)}" for s, c in obs.calls if c.split()[0] != "look")
            )
        if obs.talon:  # Five Hundred's players call it the kitty
            heading = t("kitty" if isinstance(obs, ObsFiveHundred) else "talon", lang)
            lines.append(f"{heading}: {cards(obs.talon, lang)}")
        if st_has_points_contract(obs) and obs.declarer is not None:
            dark = f" ({t('dark', lang)})" if isinstance(obs, Obs501) and obs.declarer_dark else ""
            trump = strain(obs.trump, lang)
            contract = obs.contract if isinstance(obs, Obs501 | ObsPyatsot) else None
            lines.append(f"{t('contract', lang)}: {contract} {trump}{dark} — {self.who(obs.declarer)}")
        if obs.trick:
            played = ", ".join(f"{self.who(p.seat)} {card(p.card, lang)}" for p in obs.trick)
            lines.append(f"{t('trick', lang)}: {played}")
        lines += self.view.status(obs, self.who, lang)
        hand = obs.hand
        if hand is not None:
            lines.append(f"{t('hand', lang)}: {cards(sort_cards(hand), lang)}")
        elif isinstance(obs, Obs501) and obs.dark[seat]:
            lines.append(t("dark_hand", lang, n=obs.hand_sizes[seat]))
        return lines


def st_has_points_contract(obs: Observation) -> bool:
    """Whether the observation has a points contract with a trump (501, Пятьсот); Five Hundred and
    preferans name their contract in their own status lines."""
    return isinstance(obs, Obs501 | ObsPyatsot) and obs.contract is not None
