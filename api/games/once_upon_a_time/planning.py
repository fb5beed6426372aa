"""Turning one request into the log events it appends, or refusing it: the seat and card
names resolved, the engine's rules checked, the claim judged (referee, narrator, or a show of
hands). Pure of storage: `Planner.plan(state, seat, body, by)` reads only the state given."""

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

from api.errors import ApiError
from api.games import shared
from api.games.once_upon_a_time.judge import Decision, Judge
from api.games.once_upon_a_time.schemas import ActionBody, VoteBody
from api.games.once_upon_a_time.state import TableState
from companion.cards import Deck, UnknownCardError, fold, is_custom
from companion.games.once_upon_a_time import (
    Action,
    JudgementRequired,
    Verdict,
    Vote,
    apply,
    electorate,
)
from companion.games.once_upon_a_time.actions import ACTION_ADAPTER
from companion.store import NewEvent

By = Literal["human", "ai"]

# Which rule a card that is not in the hand breaks, per action type.
_HOLD_RULE = {"play": "OU-6", "interrupt": "OU-10", "card_interrupt": "OU-11", "pass": "OU-9"}
_VOTE_RULE = {"significance": "OU-7", "mention": "OU-13", "silly": "OU-17", "ending": "OU-19"}
# What a show of hands with no hand raised decides, as the engine decides a tie.
_SILENCE_UPHOLDS = {"significance": True, "mention": False, "silly": False, "ending": True}


class Planner:
    def __init__(self, deck: Deck, judge: Judge, *, vote_timeout_s: float = 60.0) -> None:
        self.deck = deck
        self.judge = judge
        self.vote_timeout_s = vote_timeout_s

    def plan(
        self, state: TableState, seat: int, body: ActionBody, by: By, *, now: float
    ) -> list[NewEvent]:
        """The events that taking `body` appends, or an `ApiError` saying why it is refused.
        A vote past its deadline is settled first with the hands that are up (a late vote
        still counts), then the request is planned on the settled state."""
        if state.game.is_terminal:
            raise ApiError(409, "illegal_action", "OU-18: the story has ended.", rule="OU-18")
        if isinstance(body, VoteBody):
            return self._vote(state, seat, body, now)
        if state.ballot is not None and state.ballot.expired(now, self.vote_timeout_s):
            settled = self.settle(state)
            after = self.apply(replace(state, ballot=None), self._settled_action(state))
            return [settled, *self.plan(after, seat, body, by, now=now)]
        action = self.engine_action(self._resolve(body.model_dump(exclude_none=True), state, seat))
        if state.ballot is not None and action.type not in ("declare_hand", "declare_draw"):
            ballot = state.ballot
            raise ApiError(
                409,
                "vote_open",
                f"{ballot.rule}: the table is voting ({ballot.question}); wait for the vote.",
                rule=ballot.rule,
            )
        self._check_held(state, action)
        kinds = self._needs_judgement(state, action)
        if not kinds:
            return [self.action_event(state, action, by)]
        decision = self._decide(state, action, body)
        if decision.verdict is not None:
            judged = action.model_copy(update={"judgement": decision.verdict})
            return [self.action_event(state, judged, by)]
        return [self._ballot_event(state, action, decision, by)]

    def _resolve(self, data: dict[str, Any], state: TableState, seat: int) -> dict[str, Any]:
        """Body → engine action data: the seat added, card names turned into card ids."""
        data = {k: v for k, v in data.items() if k != "ask_table"}
        data["seat"] = seat
        custom = state.game.config.custom_cards
        for name in ("card", "discard"):
            if name in data:
                data[name] = self.card_id(data[name], custom)
        for name in ("ending", "swap_ending"):
            if name in data:
                data[name] = self.ending_id(data[name])
        if "cards" in data:
            data["cards"] = [self.card_id(c, custom) for c in data["cards"]]
        if "endings" in data:
            data["endings"] = [self.ending_id(e) for e in data["endings"]]
        return data

    def card_id(self, name: str, custom: Sequence[str] = ()) -> str:
        """The id of the story card `name` names: a deck card by id, label or alias in any
        language, or one of the table's `custom` cards by id or label."""
        card = self.deck.resolve(name)
        if card is not None and is_custom(card) and card.id not in custom:
            card = None  # another table's card
        if card is None:
            folded = fold(name)
            card = next(
                (c for c in map(self.deck.story_card, custom) if fold(c.label()) == folded), None
            )
        if card is None:
            raise ApiError(
                422,
                "unknown_card",
                f"No story card is called {name[:80]!r}. Name it by id or by its label in "
                "English, Japanese or Spanish (GET /v1/decks/once_upon_a_time lists them; "
                "the table's own cards are in its view).",
            )
        return card.id

    def ending_id(self, name: str) -> str:
        try:
            return self.deck.ending(name.strip()).id
        except UnknownCardError:
            raise ApiError(
                422,
                "unknown_card",
                f"No ending card has the id {name[:80]!r}; ending ids run "
                f"{self.deck.endings[0].id} … {self.deck.endings[-1].id}.",
            ) from None

    @staticmethod
    def engine_action(data: dict[str, Any]) -> Action:
        return shared.engine_action(ACTION_ADAPTER, data)

    def _check_held(self, state: TableState, action: Action) -> None:
        """A card named from a hand must be in the seat's own hand (virtual deck). Checked here
        so that the refusal never says where the card is instead."""
        if state.game.physical:
            return
        hand = state.game.seats[action.seat].hand if hasattr(action, "seat") else ()
        named = [getattr(action, "card", None), getattr(action, "discard", None)]
        for card in named:
            if card is not None and card not in hand:
                rule = _HOLD_RULE.get(action.type, "OU-6")
                label = self.judge.label(card, state.config.language)
                raise ApiError(
                    409, "illegal_action", f"{rule}: you do not hold {label}.", rule=rule
                )

    @staticmethod
    def _needs_judgement(state: TableState, action: Action) -> frozenset[str]:
        """Check the action against the rules (a broken one raises the engine's error); the
        judgement kinds it still needs."""
        try:
            apply(state.game, action)
        except JudgementRequired as needed:
            return needed.kinds
        return frozenset()

    def _decide(self, state: TableState, action: Action, body: ActionBody) -> Decision:
        """The referee's (or narrator's) verdict, or a show of hands with what they found.
        A claimed interrupt the models turn down is disputed, and a disputed interrupt is the
        table's to decide (OU-13): only a show of hands costs the claimant the card (OU-14)."""
        game, language = state.game, state.config.language
        asked = bool(getattr(body, "ask_table", False))
        if action.type in ("interrupt", "play"):
            line = self._claimed_line(state, action)
            text = line if isinstance(line, str) else game.story[line].text
            before = len(game.story) if isinstance(line, str) else line
            story = [entry.text for entry in game.story[:before]]
            decision = self.judge.mention(text, story, action.card, language)
            if asked:
                return replace(decision, verdict=None, note="the claimant asked the table")
            turned_down = decision.verdict is not None and not decision.verdict.accepted
            if action.type == "interrupt" and turned_down:
                assert decision.verdict is not None
                return replace(decision, verdict=None, note=decision.verdict.reason)
            return decision
        if asked:
            return Decision(None, "the claimant asked the table")
        if action.type == "challenge":
            lines = game.turn_lines()
            story = [entry.text for entry in game.story[: lines[-1]]]
            return self.judge.silly(story, game.story[lines[-1]].text, language)
        return Decision(None, "the others judge the ending (OU-19)")

    @staticmethod
    def _claimed_line(state: TableState, action: Action) -> int | str:
        if action.type == "play" and action.sentence is not None:
            return action.sentence
        line = action.line  # type: ignore[union-attr]
        return state.game.turn_lines()[-1] if line is None else line

    def _ballot_event(
        self, state: TableState, action: Action, decision: Decision, by: By
    ) -> NewEvent:
        kind, note = next(iter(self._needs_judgement(state, action))), decision.note
        voters = sorted(electorate(state.game, action))
        if not voters:  # nobody uninvolved: the claim stands or falls as a tie would
            verdict = Verdict(
                accepted=_SILENCE_UPHOLDS[kind], by="table", reason=f"{note}; nobody else can vote"
            )
            return self.action_event(state, action.model_copy(update={"judgement": verdict}), by)
        return NewEvent(
            "vote_opened",
            {
                "kind": kind,
                "rule": _VOTE_RULE[kind],
                "claimant": action.seat,  # type: ignore[union-attr]
                "question": self._question(state, action, kind, note),
                "action": action.model_dump(mode="json", exclude={"judgement"}),
                "voters": voters,
                "evidence": None if decision.evidence is None else decision.evidence.as_json(),
            },
        )

    def _question(self, state: TableState, action: Action, kind: str, note: str) -> str:
        game, language = state.game, state.config.language
        teller = game.seats[game.storyteller].name
        claimant = game.seats[action.seat].name  # type: ignore[union-attr]
        card = getattr(action, "card", None)
        label = self.judge.label(card, language) if card else ""
        questions = {
            "mention": f"Did {teller} bring {label} into the story? ({note})",
            "significance": f"Does {label} really enter the story and matter? ({note})",
            "silly": f"{claimant} says the story is silly (OU-17). Is it? ({note})",
            "ending": f"Does {teller}'s ending follow from the story and satisfy? ({note})",
        }
        return questions[kind]

    def settle(self, state: TableState) -> NewEvent:
        """The event that closes the open vote with the hands that are up (its deadline)."""
        assert state.ballot is not None
        by: By = state.config.kinds[state.ballot.claimant]
        return self.action_event(state, self._settled_action(state), by, ballot=state.ballot.ballot)

    def _settled_action(self, state: TableState) -> Action:
        ballot = state.ballot
        assert ballot is not None
        judgement: Vote | Verdict
        if ballot.yes or ballot.no:
            judgement = Vote(yes=ballot.yes, no=ballot.no)
        else:  # no hand up: as a tie (OU-13): plays and endings stand, claims fail
            judgement = Verdict(
                accepted=_SILENCE_UPHOLDS[ballot.kind],
                by="table",
                reason=f"nobody voted within {self.vote_timeout_s:g} s",
            )
        return self.engine_action({**ballot.action, "judgement": judgement.model_dump()})

    def _vote(self, state: TableState, seat: int, body: VoteBody, now: float) -> list[NewEvent]:
        ballot = state.ballot
        if ballot is None or (body.ballot is not None and body.ballot != ballot.ballot):
            raise ApiError(409, "no_vote_open", "There is no open vote to answer.", rule="OU-13")
        if seat not in ballot.voters:
            raise ApiError(
                409,
                "illegal_action",
                f"{ballot.rule}: only the uninvolved players vote (seats {list(ballot.voters)}).",
                rule=ballot.rule,
            )
        if seat not in ballot.waiting_for:
            raise ApiError(
                409, "illegal_action", f"{ballot.rule}: you already voted.", rule=ballot.rule
            )
        cast = NewEvent("vote_cast", {"ballot": ballot.ballot, "seat": seat, "yes": body.yes})
        voted = replace(
            ballot,
            yes=(*ballot.yes, seat) if body.yes else ballot.yes,
            no=ballot.no if body.yes else (*ballot.no, seat),
        )
        if not voted.decided() and not voted.expired(now, self.vote_timeout_s):
            return [cast]
        action = self.engine_action(
            {**ballot.action, "judgement": Vote(yes=voted.yes, no=voted.no).model_dump()}
        )
        claimant: By = state.config.kinds[ballot.claimant]
        settled = self.action_event(state, action, claimant, ballot=ballot.ballot)
        return [cast, settled]

    def action_event(
        self, state: TableState, action: Action, by: By, *, ballot: int | None = None
    ) -> NewEvent:
        after = self.apply(state, action)
        payload: dict[str, Any] = {
            "seat": getattr(action, "seat", None),
            "by": by,
            "action": action.model_dump(mode="json"),
            "outcome": after.game.last.model_dump(mode="json") if after.game.last else None,
        }
        if ballot is not None:
            payload["ballot"] = ballot
        return NewEvent("action", payload)

    @staticmethod
    def apply(state: TableState, action: Action) -> TableState:
        return replace(state, game=apply(state.game, action))
