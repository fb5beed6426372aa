"""Dice Upon a Time at the table service: `DiceUponATimeTables` is its `TableGame`.

| module | holds |
|---|---|
| `game.py` | `DiceUponATimeTables`: creation, planning against the engine, trade offers, AI moves |
| `schemas.py` | `DiceUponATimeCreate`, the action bodies (`DiceUponATimeAction`), the view |
| `state.py` | the table's state derived from its log (the game, the open trade offer), snapshots |
| `views.py` | the privacy gate: the engine's per-seat view; events as each reader saw them |
| `keeper_routes.py` | a live table's placement check (`GET …/dice_upon_a_time/check`) |

The engine is `companion.games.dice_upon_a_time`; the AI travellers are
`companion.seats.dice_upon_a_time` (random, heuristic, search: the table's gentle, fair, sharp);
a live table (`deck_mode: physical`) plays `companion.games.dice_upon_a_time.keeper`.
"""

from api.games.dice_upon_a_time.game import DiceUponATimeTables

__all__ = ["DiceUponATimeTables"]
