"""Dice Upon a Time as a pure, deterministic state machine (rules DU-1 … DU-11).

Create a game::

    from companion.games.dice_upon_a_time import Config, new_game, apply, legal_actions, as_action
    state = new_game(Config(players=("Ann", "Bo", "Cy"), seed=7))
    seat, moves = next((s, m) for s, m in legal_actions(state).items() if m)
    state = apply(state, as_action(seat, moves[0]))

The map, cards and dice are data (`data/*.yaml`): `map.yaml` is our own original board, The
Lantern Road (not the published one); a table describes its own board in the same format and
passes `Config(board=load_map(path))`. `load_map` raises `MapError` naming file, place, field.

Turn flow (DU-4) as the engine runs it: `place` (or `pass`, or `rabbit_step`) → the face's
effect → a `move` choice if the socket touches the figure's place → the new place's ability
(choices: `city`, `king_draw`/`king_keep`, `fairy`, `horse`) → the `finish` choice (complete
quests, collect fetch tokens, mini quests, lift curses, then `end`). Choices the table waits
for queue in `state.pending` (the head is asked now) and are answered with `choose`; others
are `opening` (two quest decks at set-up), `misfortune`, `wolf` (throw a die), `fox` (set a die).
Magic items and the character's ability are played in one's own turn before the die or at the
finishing step. `trade` (DU-11) may happen at any time between two seats on the same place.

Our dice (`data/dice.yaml`): five dice per colour with faces 1-6 and the icons magic_item,
story, ban, double_token (each die carries one or two icons); the snake die is 4, 5, snake,
gold, bread, apple. Tokens: gold, bread, apple; the fetch quests' golden_key, glass_slipper,
golden_feather, water_of_life (only a quest gives them); rabbit tokens.

Readings of the seed where it leaves a choice (each decided here, tests pin them):
- Drawing on a magic-item face or place is a "may"; the engine always draws (an item never
  costs anything). A story draw is a "must" (DU-7, DU-5).
- "Draw a quest" effects draw from the fullest deck; "lose a die" sets aside the pool's lowest
  dice; "discard a magic item" discards the oldest held; paying "any" resource takes what the
  seat holds most of (gold, bread, apple on a tie). A table that wants other picks trades first.
- A passed player still throws a die to the wolf; dice thrown there do nothing (DU-6). The wolf
  takes one placed die; it may not be stacked on. A player with no die left is skipped.
- The rabbit token's move is a move: the new place's ability fires and quests may be completed;
  it replaces the turn's die. Moving by horse does not fire the ability again.
- The rabbit and snake go to the owner of the top die at chapter end (the snake die's owner is
  whoever placed it); nobody on the rabbit keeps the start player. The fox's top die is set
  next chapter by the seat that placed it; the snake die left on the fox is set by its placer
  for the new snake holder and then resolved as if rolled (DU-6).
- Ban (DU-7): others may stack only a ban face on it; its owner any face worth 6.
- The double token adds one to the first resource a place gives later in the same turn.
- At most 4 unfinished quests: a seat at 4 draws none (city, king, cards, trades refused).
- Long game: ends after the chapter in which the quest decks ran out (co-operatively: the row),
  at the latest after chapter 12 (our cap); chapters past 6 have no event.
- Co-operative: no quest draws at all (the row holds every quest); city and king do nothing;
  a luck card that only draws a quest is replaced by the next card; side quests count if any
  player meets them at the end. Ties in the competitive game are shared (no tie-break given).
- Trades are recorded as one agreed action; co-operatively quests are not traded (shared).
- The seed's quest icon "a place where another player is" is not modelled: none of our cards
  use it. Story and item effects touch only the drawer; event gifts go to everyone.
- Chapter events are ours (the seed names no event): gifts to everyone, or a modifier for the
  chapter (lame horses, sleeping wolf, a fairy giving two, resource places giving one more).

AI travellers (random, heuristic, search) and the tournament live in `companion.seats`.

Errors (from `companion.games.base`): `RuleViolation(rule="DU-n")`, `InvalidAction`,
`ConfigError` (a board lacking a place our cards name), `ReplayError`.
"""

from companion.games.base import (
    ConfigError,
    GameError,
    InvalidAction,
    ReplayError,
    RuleViolation,
)
from companion.games.dice_upon_a_time.actions import (
    Action,
    Choose,
    Goods,
    Pass,
    Place,
    PlayItem,
    RabbitStep,
    Trade,
    UseAbility,
    action_from_json,
    action_to_json,
)
from companion.games.dice_upon_a_time.board import Board, MapError, bundled_map, load_map
from companion.games.dice_upon_a_time.cards import CardError, catalogue
from companion.games.dice_upon_a_time.config import Config
from companion.games.dice_upon_a_time.legal import (
    Move,
    acting_seat,
    as_action,
    legal_actions,
    legal_moves,
)
from companion.games.dice_upon_a_time.replay import replay
from companion.games.dice_upon_a_time.rules import apply
from companion.games.dice_upon_a_time.scoring import (
    coop_rating,
    coop_rating_text,
    coop_total,
    scores,
    winners,
)
from companion.games.dice_upon_a_time.setup import new_game
from companion.games.dice_upon_a_time.state import Die, Pending, SeatState, State, Turn
from companion.games.dice_upon_a_time.views import seat_view


def is_terminal(state: State) -> bool:
    return state.over


__all__ = [
    "Action",
    "Board",
    "CardError",
    "Choose",
    "Config",
    "ConfigError",
    "Die",
    "GameError",
    "Goods",
    "InvalidAction",
    "MapError",
    "Move",
    "Pass",
    "Pending",
    "Place",
    "PlayItem",
    "RabbitStep",
    "ReplayError",
    "RuleViolation",
    "SeatState",
    "State",
    "Trade",
    "Turn",
    "UseAbility",
    "acting_seat",
    "action_from_json",
    "action_to_json",
    "apply",
    "as_action",
    "bundled_map",
    "catalogue",
    "coop_rating",
    "coop_rating_text",
    "coop_total",
    "is_terminal",
    "legal_actions",
    "legal_moves",
    "load_map",
    "new_game",
    "replay",
    "scores",
    "seat_view",
    "winners",
]
