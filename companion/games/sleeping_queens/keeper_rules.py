"""`keeper_apply(state, recording) -> KeeperState`: the rules SQ-2 … SQ-9 on what the table saw.

Pure: the given state never changes. Errors: `InvalidAction` (no such seat or queen) and
`RuleViolation(rule, message)` with a short message a child can read.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.games.base import InvalidAction, RuleViolation, check_seat
from companion.games.sleeping_queens.cards import outcome, sleeping_queens_deck
from companion.games.sleeping_queens.keeper_state import (
    KeeperAction,
    KeeperAllow,
    KeeperBlock,
    KeeperDiscard,
    KeeperDiscardOther,
    KeeperEvent,
    KeeperJester,
    KeeperKing,
    KeeperKnight,
    KeeperPending,
    KeeperPotion,
    KeeperState,
    KeeperWake,
)

MAX_HAND = 5  # SQ-2: hands never exceed five cards
_BLOCKER = {"block_knight": ("dragon", "SQ-4"), "block_potion": ("wand", "SQ-5")}


def queen_name(queen: str) -> str:
    return sleeping_queens_deck().queen_names[queen]["en"]


def number_discard_problem(numbers: Sequence[int]) -> str | None:
    """SQ-7: None when `numbers` is one number, a pair, or an addition equation of three or
    more (the largest is the sum of all the others); else what is wrong, in plain words."""
    if not numbers:
        return "name at least one number card"
    if len(numbers) == 2 and numbers[0] != numbers[1]:
        return f"{numbers[0]} and {numbers[1]} are not a pair"
    if len(numbers) >= 3:
        *others, largest = sorted(numbers)
        if sum(others) != largest:
            added = " + ".join(str(n) for n in others)
            return f"{added} is {sum(others)}, not {largest}"
    return None


def attack_targets(state: KeeperState, seat: int, knight: bool) -> tuple[str, ...]:
    """The awake queens of the other seats; a knight may not take the rival of a queen its
    player holds (SQ-8)."""
    rivals = sleeping_queens_deck().rivals
    mine = state.awake[seat]
    return tuple(
        queen
        for owner, queens in enumerate(state.awake)
        if owner != seat
        for queen in queens
        if not (knight and rivals.get(queen) in mine)
    )


def keeper_apply(state: KeeperState, action: KeeperAction) -> KeeperState:
    if state.over:
        raise RuleViolation("SQ-9", "the game is over")
    check_seat(action.seat, state.players)
    queen = getattr(action, "queen", None)
    if queen is not None and queen not in sleeping_queens_deck().queen_points:
        raise InvalidAction(f"unknown queen {queen!r}")
    if state.pending is not None:
        return _answer(state, action, state.pending)
    if action.seat != state.turn:
        raise RuleViolation("SQ-2", f"it is {_name(state, state.turn)}'s turn")
    handler = _TURN.get(action.type)
    if handler is None:
        raise RuleViolation("SQ-2", f"nothing to answer: {_name(state, state.turn)} plays a turn")
    return handler(state, action)


def _name(state: KeeperState, seat: int) -> str:
    return state.config.players[seat]


@dataclass(slots=True)
class _Board:
    """A mutable copy of the public table, used inside one `keeper_apply`."""

    state: KeeperState
    awake: list[list[str]]
    sleeping: list[bool]
    known: list[str | None]
    unseen: list[str]

    @classmethod
    def of(cls, state: KeeperState) -> "_Board":
        return cls(
            state=state,
            awake=[list(queens) for queens in state.awake],
            sleeping=list(state.sleeping),
            known=list(state.known),
            unseen=list(state.unseen),
        )

    def wake(self, seat: int, position: int, queen: str, rule: str) -> bool:
        """Turn the queen at `position` face up for `seat`; False when she goes back (SQ-8)."""
        if not self.sleeping[position]:
            raise RuleViolation(rule, f"no queen sleeps at position {position}")
        self._check_place(position, queen)
        if queen in self.unseen:
            self.unseen.remove(queen)
        rival = sleeping_queens_deck().rivals.get(queen)
        if rival is not None and rival in self.awake[seat]:
            self.known[position] = queen
            return False
        self.sleeping[position] = False
        self.known[position] = None
        self.awake[seat].append(queen)
        return True

    def _check_place(self, position: int, queen: str) -> None:
        """SQ-1: every queen is in one place, so the one found must be able to lie there."""
        there = self.known[position]
        if there is not None and there != queen:
            raise RuleViolation(
                "SQ-1", f"the {queen_name(there)} sleeps at position {position}, everyone saw it"
            )
        if there is None and queen not in self.unseen:
            owner = next((s for s, queens in enumerate(self.awake) if queen in queens), None)
            where = (
                f"awake in front of {_name(self.state, owner)}"
                if owner is not None
                else f"asleep at position {self.known.index(queen)}"
            )
            raise RuleViolation("SQ-1", f"the {queen_name(queen)} is {where}")

    def put_to_sleep(self, queen: str) -> int:
        """SQ-5: face down on the first empty position, seen by all (so known)."""
        for queens in self.awake:
            if queen in queens:
                queens.remove(queen)
        position = self.sleeping.index(False)
        self.sleeping[position] = True
        self.known[position] = queen
        return position

    def finish(
        self, last: KeeperEvent, pending: KeeperPending | None = None, end_turn: bool = False
    ) -> KeeperState:
        """The next state; a finished turn passes to the left (SQ-2); SQ-9 decides the end."""
        state = self.state
        over, winners = self._outcome()
        turn = (state.turn + 1) % state.players if end_turn else state.turn
        return state.model_copy(
            update={
                "turn": turn,
                "turn_number": state.turn_number + (1 if end_turn else 0),
                "awake": tuple(tuple(queens) for queens in self.awake),
                "sleeping": tuple(self.sleeping),
                "known": tuple(self.known),
                "unseen": tuple(self.unseen),
                "pending": None if over else pending,
                "over": over,
                "winners": winners,
                "last": last,
            }
        )

    def _outcome(self) -> tuple[bool, tuple[int, ...]]:
        return outcome(self.awake, any_asleep=any(self.sleeping))


def _woken(state: KeeperState, seat: int, position: int, queen: str, kind: str) -> KeeperState:
    """King (SQ-3) or pending wake: the queen is kept or goes back (SQ-8); Rose wakes one more."""
    board = _Board.of(state)
    rule = "SQ-6" if state.pending is not None and state.pending.why == "jester" else "SQ-3"
    kept = board.wake(seat, position, queen, rule)
    event = KeeperEvent(
        type="king" if kind == "king" else "wake",
        seat=seat,
        queen=queen,
        position=position,
        result="woke" if kept else "returned",
    )
    if kept and queen in sleeping_queens_deck().wakes_another and any(board.sleeping):
        return board.finish(event, KeeperPending(kind="wake", seat=seat, why="rose"))
    return board.finish(event, end_turn=True)


def _king(state: KeeperState, action: KeeperAction) -> KeeperState:
    assert isinstance(action, KeeperKing)
    return _woken(state, action.seat, action.position, action.queen, "king")


def _attack(state: KeeperState, action: KeeperAction) -> KeeperState:
    assert isinstance(action, KeeperKnight | KeeperPotion)
    knight = isinstance(action, KeeperKnight)
    rule = "SQ-4" if knight else "SQ-5"
    owner = state.owner_of(action.queen)
    if owner is None or owner == action.seat:
        raise RuleViolation(rule, f"the {queen_name(action.queen)} is not another player's")
    rival = sleeping_queens_deck().rivals.get(action.queen)
    if knight and rival in state.awake[action.seat]:
        raise RuleViolation(
            "SQ-8",
            f"{_name(state, action.seat)} has the {queen_name(rival or '')}, "
            f"so the {queen_name(action.queen)} cannot come too",
        )
    pending = KeeperPending(
        kind="block_knight" if knight else "block_potion",
        seat=owner,
        attacker=action.seat,
        queen=action.queen,
    )
    event = KeeperEvent(
        type=action.type, seat=action.seat, queen=action.queen, target=owner, result="pending"
    )
    return _Board.of(state).finish(event, pending)


def _jester(state: KeeperState, action: KeeperAction) -> KeeperState:
    assert isinstance(action, KeeperJester)
    board = _Board.of(state)
    event = KeeperEvent(type="jester", seat=action.seat, revealed=action.revealed)
    if isinstance(action.revealed, str):
        return board.finish(event.model_copy(update={"result": "to_hand"}), end_turn=True)
    target = (action.seat + action.revealed - 1) % state.players
    counted = event.model_copy(update={"result": "counted", "target": target})
    return board.finish(counted, KeeperPending(kind="wake", seat=target, why="jester"))


def _discard(state: KeeperState, action: KeeperAction) -> KeeperState:
    assert isinstance(action, KeeperDiscard)
    if len(action.numbers) > MAX_HAND:
        raise RuleViolation("SQ-2", f"a hand holds only {MAX_HAND} cards")
    problem = number_discard_problem(action.numbers)
    if problem is not None:
        raise RuleViolation("SQ-7", problem)
    event = KeeperEvent(
        type="discard", seat=action.seat, numbers=action.numbers, result="discarded"
    )
    return _Board.of(state).finish(event, end_turn=True)


def discard_other_problem(state: KeeperState, seat: int, kind: str) -> str | None:
    """SQ-2's last resort, checked on what the table sees: a king or a jester can always be
    played while the game goes on, a knight or a potion while it has a target."""
    if kind in ("king", "jester"):
        return f"a {kind} can always be played, so it may not be thrown away"
    if kind in ("knight", "potion") and attack_targets(state, seat, kind == "knight"):
        return f"the {kind} has a queen to aim at, so it may not be thrown away"
    return None


def _discard_other(state: KeeperState, action: KeeperAction) -> KeeperState:
    assert isinstance(action, KeeperDiscardOther)
    problem = discard_other_problem(state, action.seat, action.kind)
    if problem is not None:
        raise RuleViolation("SQ-7", problem)
    event = KeeperEvent(
        type="discard_other", seat=action.seat, card=action.kind, result="discarded"
    )
    return _Board.of(state).finish(event, end_turn=True)


def _answer(state: KeeperState, action: KeeperAction, pending: KeeperPending) -> KeeperState:
    who = _name(state, pending.seat)
    if pending.kind == "wake":
        rule = "SQ-6" if pending.why == "jester" else "SQ-3"
        if action.seat != pending.seat or not isinstance(action, KeeperWake):
            raise RuleViolation(rule, f"{who} must wake a queen first")
        return _woken(state, action.seat, action.position, action.queen, "wake")
    blocker, rule = _BLOCKER[pending.kind]
    if action.seat != pending.seat or not isinstance(action, KeeperBlock | KeeperAllow):
        raise RuleViolation(rule, f"{who} must block or allow first")
    assert pending.queen is not None and pending.attacker is not None
    board = _Board.of(state)
    event = KeeperEvent(
        type=action.type, seat=action.seat, queen=pending.queen, target=pending.attacker
    )
    if isinstance(action, KeeperBlock):
        if action.card != blocker:
            attack = "knight" if blocker == "dragon" else "sleeping potion"
            raise RuleViolation(rule, f"only a {blocker} stops a {attack}")
        blocked = event.model_copy(update={"card": action.card, "result": "blocked"})
        return board.finish(blocked, end_turn=True)
    if pending.kind == "block_knight":
        board.awake[pending.seat].remove(pending.queen)
        board.awake[pending.attacker].append(pending.queen)
        return board.finish(event.model_copy(update={"result": "stolen"}), end_turn=True)
    position = board.put_to_sleep(pending.queen)
    slept = event.model_copy(update={"result": "slept", "position": position})
    return board.finish(slept, end_turn=True)


_TURN: dict[str, Callable[[KeeperState, KeeperAction], KeeperState]] = {
    "king": _king,
    "knight": _attack,
    "potion": _attack,
    "jester": _jester,
    "discard": _discard,
    "discard_other": _discard_other,
}
