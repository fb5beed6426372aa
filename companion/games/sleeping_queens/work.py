"""A mutable working copy of a `State`, used inside one `apply` and then frozen again.

It holds the moves every rule is made of: play a card from a hand, draw (reshuffling the
discards into a new draw pile when it runs out, SQ-9), wake a queen (with the Cat/Dog rule,
SQ-8), put one back to sleep, and finish: check the goals (SQ-9) and build the next `State`.
"""

from dataclasses import dataclass

from companion.games.base import RuleViolation, shuffled
from companion.games.sleeping_queens.cards import outcome, sleeping_queens_deck
from companion.games.sleeping_queens.state import Event, Pending, State


@dataclass(slots=True)
class Work:
    state: State
    hands: list[list[str]]
    draw_pile: list[str]
    discard: list[str]
    sleeping: list[str | None]
    known: list[bool]
    awake: list[list[str]]
    reshuffles: int

    @classmethod
    def of(cls, state: State) -> "Work":
        return cls(
            state=state,
            hands=[list(hand) for hand in state.hands],
            draw_pile=list(state.draw_pile),
            discard=list(state.discard),
            sleeping=list(state.sleeping),
            known=list(state.known),
            awake=[list(queens) for queens in state.awake],
            reshuffles=state.reshuffles,
        )

    def play(self, seat: int, card: str, rule: str) -> None:
        """Move `card` from `seat`'s hand to the discard pile."""
        hand = self.hands[seat]
        if card not in hand:
            raise RuleViolation(rule, f"seat {seat} does not hold {card}")
        hand.remove(card)
        self.discard.append(card)

    def reveal(self) -> str | None:
        """Take the top card of the draw pile (reshuffling first if it is empty)."""
        if not self.draw_pile and self.discard:
            purpose = f"reshuffle-{self.reshuffles}"
            self.draw_pile = list(shuffled(self.discard, self.state.config.seed, purpose))
            self.discard = []
            self.reshuffles += 1
        return self.draw_pile.pop(0) if self.draw_pile else None

    def refill(self, seat: int) -> None:
        """SQ-2: draw up to the hand size (short only if no card is left anywhere)."""
        hand = self.hands[seat]
        while len(hand) < sleeping_queens_deck().hand_size:
            card = self.reveal()
            if card is None:
                return
            hand.append(card)

    def wake(self, seat: int, position: int, rule: str) -> tuple[str, bool]:
        """Turn the queen at `position` face up for `seat`: (queen, kept). SQ-8: if `seat`
        holds her rival she goes back face down where she lay, now known to all."""
        queen = self.sleeping[position]
        if queen is None:
            raise RuleViolation(rule, f"no queen sleeps at position {position}")
        rival = sleeping_queens_deck().rivals.get(queen)
        if rival is not None and rival in self.awake[seat]:
            self.known[position] = True
            return queen, False
        self.sleeping[position] = None
        self.known[position] = False
        self.awake[seat].append(queen)
        return queen, True

    def put_to_sleep(self, queen: str) -> int:
        """SQ-5: face down on the first empty position, seen by all (so known)."""
        owner = next(seat for seat, queens in enumerate(self.awake) if queen in queens)
        self.awake[owner].remove(queen)
        position = self.sleeping.index(None)
        self.sleeping[position] = queen
        self.known[position] = True
        return position

    def wakes_another(self, queen: str, kept: bool) -> bool:
        """SQ-3: a kept Rose Queen wakes one more, if one still sleeps."""
        return (
            kept
            and queen in sleeping_queens_deck().wakes_another
            and any(q is not None for q in self.sleeping)
        )

    def end_turn(self, last: Event) -> State:
        """The turn's player refills (SQ-2) and the seat on their left plays next."""
        turn = self.state.turn
        self.refill(turn)
        return self.finish(last, turn=(turn + 1) % self.state.players, next_turn=True)

    def finish(
        self,
        last: Event,
        pending: Pending | None = None,
        turn: int | None = None,
        next_turn: bool = False,
    ) -> State:
        over, winners = self._outcome()
        state = self.state
        return state.model_copy(
            update={
                "hands": tuple(tuple(hand) for hand in self.hands),
                "draw_pile": tuple(self.draw_pile),
                "discard": tuple(self.discard),
                "sleeping": tuple(self.sleeping),
                "known": tuple(self.known),
                "awake": tuple(tuple(queens) for queens in self.awake),
                "reshuffles": self.reshuffles,
                "turn": state.turn if turn is None else turn,
                "turn_number": state.turn_number + (1 if next_turn else 0),
                "pending": None if over else pending,
                "over": over,
                "winners": winners,
                "last": last,
            }
        )

    def _outcome(self) -> tuple[bool, tuple[int, ...]]:
        return outcome(self.awake, any_asleep=any(queen is not None for queen in self.sleeping))
