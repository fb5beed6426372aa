"""Once Upon a Time at the table service: `OnceUponATimeTables` is its `TableGame`.

| module | holds |
|---|---|
| `game.py` | `OnceUponATimeTables`: creation, planning, rulings, vote deadlines, views, AI moves |
| `schemas.py` | `TableCreate`, the action bodies (`ActionBody`), `TableView` and its parts |
| `state.py` | the table's state derived from its log (the game, the open vote, hints), snapshots |
| `planning.py` | a request → the events it appends, or why it is refused |
| `judge.py` | the referee's hints after a sentence; verdicts on claims (referee, narrator, table) |
| `views.py` | the privacy gate: what each reader sees of the state and of each event |
| `seats.py` | what an AI seat may know of the table |
"""

from api.games.once_upon_a_time.game import OnceUponATimeTables

__all__ = ["OnceUponATimeTables"]
