"""Factum at the table service: `FactumTables` is its `TableGame`.

| module | holds |
|---|---|
| `game.py` | `FactumTables`: creation (bank or the table's cards), planning, views, AI moves |
| `schemas.py` | `FactumCreate`, the action bodies (`FactumAction`), `FactumView` |
| `state.py` | the table's state derived from its log, snapshots |
| `views.py` | the privacy gate: the engine's per-seat view; cards and votes in events |

The engine is `companion.games.factum`; the AI seat is `companion.seats.factum_seat`, on the
story readers of `companion.seats.factum`.
"""

from api.games.factum.game import FactumTables

__all__ = ["FactumTables"]
