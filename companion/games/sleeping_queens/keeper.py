"""A live-table keeper for Sleeping Queens played with the printed deck (issue 13 item 3).

    from companion.games.sleeping_queens.keeper import KeeperConfig, KeeperKing, ...
    state = new_keeper(KeeperConfig(players=("Ana", "Ken")))
    state = keeper_apply(state, KeeperKing(seat=0, position=3, queen="rose"))
    keeper_legal_kinds(state, 0)     # KeeperChoices(kinds=("wake",), positions=(0, 1, …))
    keeper_view(state)               # JSON data: everything in it is public

The cards are real and on the table; the keeper never knows a hand or the draw pile. Players
record what they just did, and the keeper keeps the awake queens, the points, whose turn it
is, the pending answer and the end (SQ-9), with the same rules and readings as the engine
(`companion.games.sleeping_queens`, see its docstring) and the deck's data (queens, points,
rivals, goals). Recordings (JSON `{"type": …, "seat": …}`):
    king           position, queen    the queen found face up at that place (SQ-3; Rose: a
                                      `wake` follows; Cat/Dog held: she goes back, SQ-8)
    knight         queen              another seat's queen (SQ-4; its player answers)
    potion         queen              another seat's queen (SQ-5; its player answers)
    jester         revealed           the card turned: 1..10 or a kind name (SQ-6)
    discard        numbers            one number, a pair, or a + b (+ …) = c (SQ-7)
    discard_other  kind               one card of another kind, SQ-2's last resort
    block          card               "dragon" against a knight, "wand" against a potion
    allow                             the target lets the knight or potion happen
    wake           position, queen    the pending wake (Rose's second queen, jester's count)
Readings (besides the engine's: a target is always asked; a knight may not take the rival of
a queen its player holds; a queen put to sleep lies on the first empty position, known to
all; the jester counts its own player as 1; the game ends on the goal or when no queen sleeps,
the most points winning, ties sharing):
- Positions 0–11 are the keeper's numbering of the face-down queens; the table lays a queen
  sent back to sleep on the position the keeper names. A queen found at a position must be
  able to lie there (SQ-1): the known one, or one not seen yet.
- A woken Cat or Dog Queen that goes back (SQ-8) is known at her position from then on.
- `discard_other` is accepted without seeing the hand, except what the table can tell is
  never a last resort: a king or a jester (always playable while the game goes on), a knight
  or a potion with a queen to aim at (refused under SQ-7, as the engine refuses it).
- Refill, the draw pile and its reshuffle are physical: not tracked. A blocker's card and
  the attack card are simply gone; the turn passes left of the attacker (SQ-4, SQ-5).
- A discard names at most five numbers (SQ-2: hands never exceed five).
"""

from typing import Any

from companion.games.base import Frozen
from companion.games.sleeping_queens.cards import sleeping_queens_deck
from companion.games.sleeping_queens.keeper_rules import (
    attack_targets,
    discard_other_problem,
    keeper_apply,
    number_discard_problem,
)
from companion.games.sleeping_queens.keeper_state import (
    KEEPER_ACTION_ADAPTER,
    Blocker,
    CardKind,
    KeeperAction,
    KeeperActionType,
    KeeperAllow,
    KeeperBlock,
    KeeperConfig,
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

_KINDS: tuple[CardKind, ...] = ("king", "jester", "knight", "potion", "wand", "dragon")


class KeeperChoices(Frozen):
    """What a seat may record now: the action `kinds`, the `positions` a king or wake may
    name, the queens a `knight` or `potion` may aim at, the kinds `discard_other` accepts,
    and the card a `block` needs."""

    kinds: tuple[KeeperActionType, ...] = ()
    positions: tuple[int, ...] = ()
    knight: tuple[str, ...] = ()
    potion: tuple[str, ...] = ()
    discard_other: tuple[CardKind, ...] = ()
    block: tuple[Blocker, ...] = ()


def new_keeper(config: KeeperConfig) -> KeeperState:
    """Twelve queens face down, none seen; seat 0 plays first."""
    queens = sleeping_queens_deck().queens
    players = len(config.players)
    return KeeperState(
        config=config,
        awake=((),) * players,
        sleeping=(True,) * len(queens),
        known=(None,) * len(queens),
        unseen=queens,
    )


def keeper_action_from_json(data: str | bytes) -> KeeperAction:
    """Parse one recording (raises pydantic.ValidationError on a malformed one)."""
    return KEEPER_ACTION_ADAPTER.validate_json(data)


def keeper_legal_kinds(state: KeeperState, seat: int) -> KeeperChoices:
    """Empty for a seat that may record nothing now (not its turn or answer, or game over)."""
    if seat != state.acting_seat():
        return KeeperChoices()
    pending = state.pending
    if pending is not None and pending.kind == "wake":
        return KeeperChoices(kinds=("wake",), positions=state.sleeping_positions())
    if pending is not None:
        blocker: Blocker = "dragon" if pending.kind == "block_knight" else "wand"
        return KeeperChoices(kinds=("block", "allow"), block=(blocker,))
    knight = attack_targets(state, seat, knight=True)
    potion = attack_targets(state, seat, knight=False)
    kinds: list[KeeperActionType] = ["king"]
    kinds += ["knight"] if knight else []
    kinds += ["potion"] if potion else []
    kinds += ["jester", "discard", "discard_other"]
    return KeeperChoices(
        kinds=tuple(kinds),
        positions=state.sleeping_positions(),
        knight=knight,
        potion=potion,
        discard_other=tuple(k for k in _KINDS if discard_other_problem(state, seat, k) is None),
    )


def keeper_view(state: KeeperState) -> dict[str, Any]:
    goal = state.goal
    return {
        "game": "sleeping_queens_keeper",
        "players": list(state.config.players),
        "turn": state.turn,
        "turn_number": state.turn_number,
        "acting": state.acting_seat(),
        "pending": None if state.pending is None else state.pending.model_dump(mode="json"),
        "queens": [list(queens) for queens in state.awake],
        "points": [state.points(seat) for seat in range(state.players)],
        "positions": [
            {"position": position, "asleep": asleep, "queen": state.known[position]}
            for position, asleep in enumerate(state.sleeping)
        ],
        "unseen": list(state.unseen),
        "goal": {"queens": goal.queens, "points": goal.points},
        "over": state.over,
        "winners": list(state.winners),
        "last": None if state.last is None else state.last.model_dump(mode="json"),
    }


__all__ = [
    "KeeperAction",
    "KeeperActionType",
    "KeeperAllow",
    "KeeperBlock",
    "KeeperChoices",
    "KeeperConfig",
    "KeeperDiscard",
    "KeeperDiscardOther",
    "KeeperEvent",
    "KeeperJester",
    "KeeperKing",
    "KeeperKnight",
    "KeeperPending",
    "KeeperPotion",
    "KeeperState",
    "KeeperWake",
    "keeper_action_from_json",
    "keeper_apply",
    "keeper_legal_kinds",
    "keeper_view",
    "new_keeper",
    "number_discard_problem",
]
