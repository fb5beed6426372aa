"""Sleeping Queens at the table service: `SleepingQueensTables` is its `TableGame`.

| module | holds |
|---|---|
| `game.py` | `SleepingQueensTables`: creation, planning against the engine, views, AI moves |
| `schemas.py` | `SleepingQueensCreate`, the action bodies (`SleepingQueensAction`), the view |
| `state.py` | the table's state derived from its log, snapshots |
| `views.py` | the privacy gate: the engine's per-seat view; events as everyone saw them |

The engine is `companion.games.sleeping_queens`; the AI players are
`companion.seats.sleeping_queens` (random, greedy, search: the table's gentle, fair, sharp).
"""

from api.games.sleeping_queens.game import SleepingQueensTables

__all__ = ["SleepingQueensTables"]
