"""Builders and a random player for Factum engine tests."""

import random

from companion.games.factum import (
    Action,
    BestStory,
    ChooseGuessers,
    Config,
    DeclareFill,
    Decoy,
    Guess,
    State,
    Tell,
    Volunteer,
    apply,
    legal_moves,
    new_game,
)


def deck(size: int = 80) -> tuple[str, ...]:
    """Card ids of one width, so that no id is part of another."""
    return tuple(f"card-{index:03d}" for index in range(size))


def config(players: int = 4, seed: int = 0, size: int = 80, **options: object) -> Config:
    names = tuple(f"P{seat}" for seat in range(players))
    return Config.model_validate({"players": names, "deck": deck(size), "seed": seed, **options})


def game(players: int = 4, seed: int = 0, size: int = 80, **options: object) -> State:
    return new_game(config(players, seed, size, **options))


def random_action(state: State, rng: random.Random) -> Action:
    """One legal action, chosen at random among every seat that may act now."""
    seat = rng.choice(state.awaiting())
    move = rng.choice(legal_moves(state, seat))
    if move.type == "volunteer":
        return Volunteer(seat=seat)
    if move.type == "tell":
        card = rng.choice(move.cards or _unplaced(state))
        return Tell(seat=seat, card=card, text=rng.choice([None, "a story"]))
    if move.type == "choose_guessers":
        return ChooseGuessers(seat=seat, guessers=rng.choice(["storyteller", "judge"]))
    if move.type == "decoy":
        return Decoy(seat=seat, card=rng.choice(move.cards or _unplaced(state)))
    if move.type == "declare_fill":
        return DeclareFill(seat=seat, cards=tuple(rng.sample(_unplaced(state), move.count)))
    if move.type == "guess":
        return Guess(seat=seat, card=rng.choice(move.cards))
    return BestStory(seat=seat, prefer=rng.choice(["current", "reigning"]))


def _unplaced(state: State) -> list[str]:
    """Physical deck: the cards a seat may name (any card not on this turn's table)."""
    placed = set(state.turn.table_cards()) if state.turn is not None else set()
    return [card for card in state.config.deck if card not in placed]


def told(state: State, seat: int, guessers: str = "judge", text: str | None = "a story") -> State:
    """`seat` volunteers with the engine's teams, tells its first card, the judge chooses."""
    state = apply(state, Volunteer(seat=seat))
    state = apply(state, Tell(seat=seat, card=state.hands[seat][0], text=text))
    judge = state.current().judge
    return apply(state, ChooseGuessers(seat=judge, guessers=guessers))  # type: ignore[arg-type]


def add_decoys(state: State) -> State:
    """Every seat still owing a decoy adds its first card."""
    while state.phase == "decoys":
        seat = state.awaiting()[0]
        state = apply(state, Decoy(seat=seat, card=state.hands[seat][0]))
    return state


def guess_all(state: State, card: str) -> State:
    while state.phase == "guessing":
        state = apply(state, Guess(seat=state.awaiting()[0], card=card))
    return state


def vote_all(state: State, prefer: str) -> State:
    while state.phase == "best_story":
        state = apply(state, BestStory(seat=state.awaiting()[0], prefer=prefer))  # type: ignore[arg-type]
    return state
