"""Once Upon a Time as a pure, deterministic state machine (rules OU-1 … OU-22).

Create a game::

    from companion.games.once_upon_a_time import Config, new_game, apply, Narrate, Play, Verdict
    config = Config(players=("Cliff", "Spike", "Jessica", "Tom"), deck_mode="virtual", seed=7)
    state = new_game(config)                       # deck defaults to once_upon_a_time_deck()
    state = apply(state, Narrate(seat=state.storyteller, text="Once upon a time..."))

Seats are indices into `config.players`, in seating order; seat i+1 sits on seat i's left.
`Config`: `players`, `deck_mode` ("virtual" | "physical"), `seed` (every shuffle), the
`first_storyteller` method (`GivenSeat(seat, reason)`, `AlphabeticalDraw(cards)` OU-5,
`MostCardsLastGame(hand_sizes)` OU-22) and `variants` (`multiple_endings`: seats dealt two
endings, OU-20; `ending_swap`, OU-21). OU-4 deals 10/8/7/6/5 story cards for 2/3/4/5/6+ players.

Actions (pydantic frozen models; JSON `{"type": ..., ...}`; `Action` is the union):
    narrate          seat, text                          the storyteller tells (OU-6)
    play             seat, card, sentence | line, judgement   OU-6/OU-7, one card per sentence
    interrupt        seat, card, line?, judgement        mention interrupt (OU-10)
    card_interrupt   seat, card                          same-group interrupt card (OU-11)
    simultaneous     claims: [interrupt | card_interrupt, ...] in table order (OU-15)
    pass             seat, discard?, swap_ending?        OU-9 (discard first, then draw), OU-21
    stall            seat (who reports it), seconds > 5  OU-16
    challenge        seat, reason, judgement             "That's silly!" (OU-17)
    end              seat, ending, linking (1-2 sentences), judgement   OU-18/OU-19
    declare_hand     seat, cards, endings                physical deck: dealt cards
    declare_draw     seat, cards, endings                physical deck: drawn cards
A successful interrupt (OU-12) puts the card on the table, the old storyteller draws one and
the claimant tells on; a rejected one (OU-14) discards the card and its claimant draws two.
A mention interrupt may claim only the current storyteller's latest sentences (OU-10 as this
project reads it; `state.claimable_lines()`): the lines told since, and including, the line of
the last card they played in this turn, or all of the turn's lines while they have played none;
a claim on an older line is refused with OU-10, whoever makes it (a person or an AI seat). A card
interrupt the engine can check itself (no card just played, wrong group, not an interrupt card)
is refused with OU-11 rather than penalised; a table that wants the OU-14 penalty for such an
attempt records it as an `interrupt` judged against. Simultaneous claims are judged in table
order: the first upheld wins, each rejected one before it pays OU-14, the rest pay nothing.

Judgements are data on the action: `Verdict(accepted, by, reason)` or `Vote(yes=seats,
no=seats)`. `judgements_needed(state, action)` names the kinds an action needs ("significance",
"mention", "silly", "ending"); `electorate(state, action)` lists who may vote (all but the
storyteller and the claimants, OU-13/OU-17); a tie goes to the storyteller. A judged action
that is judged against is legal and applies (see `state.last.accepted`); a missing judgement
raises `JudgementRequired`.

`legal_actions(state) -> {seat: (Move, ...)}` (or `legal_moves(state, seat)`) lists what each
seat may do now: `Move.type`, the `cards`/`endings` it may use, `hidden` cards it could name
(physical deck), and the `judgement` kind needed. `is_terminal(state)`, `winner(state)`.
`state.last` (`Outcome`) says what the last action did: accepted or not, who was penalised,
draws, discards, storyteller before and after. `Config(...)` validates itself (pydantic
`ValidationError`); `new_game` raises `ConfigError` when the deck cannot deal it.

Deck modes (see `state` for the model): virtual, the engine deals and draws card ids from the
deck; physical, hands start hidden, players declare dealt and drawn cards (or name a hidden
card when they first play it) and the engine rejects impossible declarations (PD-1: a card in
two places; OU-4: more cards than dealt; PD-2: more drawn cards than owed). An empty draw pile
is refilled by shuffling the discard pile; when both are empty the draw is skipped.

Serialisation: `state.to_json()` / `State.from_json(text)`, `action_to_json(action)` /
`action_from_json(text)`; `replay(config, actions, deck=None)` rebuilds an equal state from
the event log. The engine hides nothing: player views (own hand only, drawn ids in
`state.last.draws` only to the drawer) are built by the caller.

Errors (from `companion.games.base`)::

    GameError (ValueError)
    ├── ConfigError         the deck cannot deal this config, bad start cards
    ├── InvalidAction       unknown seat/card, empty or over-long text, malformed claim list
    ├── JudgementRequired   .kinds: the rulings the action lacks
    ├── RuleViolation       .rule ("OU-11", "PD-1", ...), .message
    └── ReplayError         .index, .cause: the action of a log that failed
"""

from companion.games.base import (
    ConfigError,
    GameError,
    InvalidAction,
    JudgementRequired,
    ReplayError,
    RuleViolation,
)
from companion.games.once_upon_a_time.actions import (
    Action,
    ActionType,
    CardInterrupt,
    Challenge,
    Claim,
    DeclareDraw,
    DeclareHand,
    End,
    Interrupt,
    Judgement,
    Narrate,
    Pass,
    Play,
    Simultaneous,
    Stall,
    Verdict,
    Vote,
    action_from_json,
    action_to_json,
)
from companion.games.once_upon_a_time.config import (
    AlphabeticalDraw,
    Config,
    DeckMode,
    GivenSeat,
    MostCardsLastGame,
    Variants,
    story_cards_per_player,
)
from companion.games.once_upon_a_time.judging import electorate, judgements_needed
from companion.games.once_upon_a_time.legal import Move, legal_actions, legal_moves
from companion.games.once_upon_a_time.replay import replay
from companion.games.once_upon_a_time.rules import apply
from companion.games.once_upon_a_time.setup import new_game
from companion.games.once_upon_a_time.state import (
    CardInfo,
    Draw,
    Line,
    Outcome,
    Played,
    SeatState,
    StartRecord,
    State,
)


def is_terminal(state: State) -> bool:
    return state.is_terminal


def winner(state: State) -> int | None:
    """The seat that ended the story with an accepted ending, or None while the game goes on."""
    return state.winner


__all__ = [
    "Action",
    "ActionType",
    "AlphabeticalDraw",
    "CardInfo",
    "CardInterrupt",
    "Challenge",
    "Claim",
    "Config",
    "ConfigError",
    "DeckMode",
    "DeclareDraw",
    "DeclareHand",
    "Draw",
    "End",
    "GameError",
    "GivenSeat",
    "Interrupt",
    "InvalidAction",
    "Judgement",
    "JudgementRequired",
    "Line",
    "MostCardsLastGame",
    "Move",
    "Narrate",
    "Outcome",
    "Pass",
    "Play",
    "Played",
    "ReplayError",
    "RuleViolation",
    "SeatState",
    "Simultaneous",
    "Stall",
    "StartRecord",
    "State",
    "Variants",
    "Verdict",
    "Vote",
    "action_from_json",
    "action_to_json",
    "apply",
    "electorate",
    "is_terminal",
    "judgements_needed",
    "legal_actions",
    "legal_moves",
    "new_game",
    "replay",
    "story_cards_per_player",
    "winner",
]
