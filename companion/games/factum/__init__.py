"""Factum as a pure, deterministic state machine (rules FA-1 … FA-9 of RULES.md §2).

Create and play a game::

    from companion.games.factum import Config, new_game, apply, Volunteer, Tell
    from companion.story.factum import factum_bank
    config = Config(players=("Ana", "Ben", "Cai", "Dee"), deck=factum_bank("en"), seed=7)
    state = new_game(config)                      # deals 5 cards each (FA-1)
    state = apply(state, Volunteer(seat=2))       # teams split, judge named (FA-2, FA-3)
    state = apply(state, Tell(seat=2, card=state.hands[2][0], text="The day I ..."))

The deck is a tuple of card ids or texts (the bundled bank, or cards a table writes); the engine
imports no card package. Seats are indices into `config.players`, clockwise (seat i+1 on seat
i's left). Every chance step is drawn with `seeded_rng(config.seed, purpose)`: "deal",
"teams-<turn>", "table-<turn>", "guess-tie-<turn>", "reshuffle-<n>"; so `replay(config,
actions)` rebuilds an equal state from the event log.

A turn, phase by phase (`state.phase`; `state.awaiting()` names who must act):

    volunteer     `Volunteer(seat, teammates?, judge?)`: any seat but the last storyteller
    storytelling  `Tell(seat, card, text?)`: the storyteller's card; text optional (told aloud)
    judging       `ChooseGuessers(seat, guessers="storyteller" | "judge")`: the judge
    decoys        `Decoy(seat, card)`: every seat of the non-guessing team, captain included;
                  after the last one the table is filled up to 5 from the deck and shuffled
    filling       `DeclareFill(seat, cards)`: physical deck, the judge names the fill-up
    guessing      `Guess(seat, card)`: every seat of the guessing team but its captain
    best_story    `BestStory(seat, prefer="current" | "reigning")`: from the second turn on
    over          someone reached the target (15) at the end of a turn: `winners(state)`

Readings of the rules (the seed is a machine translation; these are the engine's decisions):

- Teams (FA-2): formed when a seat volunteers. The table may give them (`teammates`: the
  storyteller's team without the storyteller, exactly ceil(n/2) - 1 seats); otherwise they are
  drawn by lot each turn (`teams-<turn>`). The storyteller's team has ceil(n/2) seats.
- Judge (FA-3): the table may name it (`judge`, a seat of the other team); otherwise the seat of
  the other team that has judged least so far, ties going clockwise from the storyteller's left,
  so the captaincy and its bonus go round.
- Decoys (FA-4): every seat of the non-guessing team adds one, its captain included, so when the
  judge's team guesses the storyteller adds a second card of their own (the seed's worked
  example does exactly that). The table holds 1 + the non-guessing team's size cards, at least
  5 (filled from the deck): with 12 players and the judge's team guessing, 7 cards; nothing
  caps it.
- Guessing (FA-5): the captain of the guessing team does not vote (the storyteller and the judge
  both know the card and must stay silent), so the voters are the rest of that team, one at
  least. Each voter names a card; the card with the most votes is the pick ("majority" read as
  the most votes: with several cards a strict majority may not exist). A tie among the
  most-voted cards is settled by lot (`guess-tie-<turn>`), like a coin toss at the table; a
  table wanting to talk it over agrees before its members vote.
- Scoring (FA-6): right pick → each guessing seat +1; wrong pick → each confusing seat +1; the
  winning team's captain +1 more; the owner of a wrongly picked decoy +1 (a fill-up card from
  the deck earns nobody anything). The 6-point cap is per seat per turn and is what the rules
  give at most (captain 2 + own decoy picked 1 + best story 3), so the engine needs no clamp;
  the random playout checks that no seat ever gains more than 6 in a turn.
- Best story (FA-7): the first turn has no vote; its story simply reigns, without the 3 points
  ("the second story competes with the first"). From the second turn on everyone votes but the
  current storyteller and the reigning story's storyteller (one seat fewer when they are the
  same). Votes are secret; only the tally is shown. More votes for the current story move the
  title to its teller with +3, the holder of the points losing 3; more for the reigning story
  give its holder the 3 points if they lack them (a story chosen by a majority earns them);
  a tie keeps the title as it is and gives no points. Points only move with the title, so no
  score ever goes below zero.
- End (FA-8, FA-9): the table's cards go to the discard pile, hands refill to 5 clockwise from
  the storyteller's left (an empty deck is refilled by shuffling the discards, also mid-turn for
  the fill-up). The game ends at the end of the turn (after its best-story vote) in which a
  score reaches the target; the highest score wins, and tied seats win together.
- Story text is optional: `Tell` without `text` records that the story was told aloud.
- Offers and votes: the first `Volunteer` applied tells (the table service orders requests); a
  decoy or a vote once given is final. `config.seed` decides the draw pile's order, so it must
  stay with the server: no view shows it.

Deck modes (`Config.deck_mode`). "virtual" (online or solo): the engine deals, fills up,
refills and reshuffles, and every card is always in one known place. "physical" (a live table
with printed cards, each carrying its id): the engine deals nothing and tracks no hand or draw
pile; `Tell` and `Decoy` name any card of the deck that is not on this turn's table, and when
the table lacks cards the judge (who knows the answer and does not guess) draws them and names
them in `DeclareFill(seat, cards)` (phase "filling"). The engine still shuffles the table's
cards (the phones show the order to lay them out), counts the votes and keeps the score;
`discard` then records the cards laid down in finished turns. The phones carry only what must
be secret: the judge's view of the card, each decoy, the votes.

`legal_actions(state) -> {seat: (Move, ...)}` (empty for seats that wait); `seat_view(state,
seat)` in `views` is what one seat may see. Errors (from `companion.games.base`): `RuleViolation`
(.rule "FA-2" … "FA-9": wrong phase, not this seat's turn, card not in hand, telling twice in a
row, a team of the wrong size), `InvalidAction` (unknown seat or card, bad teammates list),
`ReplayError`; a bad `Config` raises pydantic's `ValidationError`.
"""

from companion.games.base import ConfigError, GameError, InvalidAction, ReplayError, RuleViolation
from companion.games.factum.actions import (
    Action,
    ActionType,
    BestStory,
    ChooseGuessers,
    DeclareFill,
    Decoy,
    Guess,
    Tell,
    Volunteer,
    action_from_json,
    action_to_json,
)
from companion.games.factum.config import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TARGET_SCORE,
    Config,
    cards_needed,
)
from companion.games.factum.legal import Move, legal_actions, legal_moves
from companion.games.factum.replay import replay
from companion.games.factum.rules import apply
from companion.games.factum.scoring import BEST_STORY_POINTS
from companion.games.factum.setup import new_game
from companion.games.factum.state import Phase, State, Title, Turn
from companion.games.factum.views import seat_view


def is_terminal(state: State) -> bool:
    return state.is_terminal


def winners(state: State) -> tuple[int, ...]:
    """The seats with the highest score once someone reached the target; () while it goes on."""
    return state.winners


__all__ = [
    "BEST_STORY_POINTS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "TARGET_SCORE",
    "Action",
    "ActionType",
    "BestStory",
    "ChooseGuessers",
    "Config",
    "ConfigError",
    "DeclareFill",
    "Decoy",
    "GameError",
    "Guess",
    "InvalidAction",
    "Move",
    "Phase",
    "ReplayError",
    "RuleViolation",
    "State",
    "Tell",
    "Title",
    "Turn",
    "Volunteer",
    "action_from_json",
    "action_to_json",
    "apply",
    "cards_needed",
    "is_terminal",
    "legal_actions",
    "legal_moves",
    "new_game",
    "replay",
    "seat_view",
    "winners",
]
