"""Solo practice, simulated: an "average player" against two AI seats at each level, on a
virtual clock (no real waiting), to measure how long a game lasts and how often the person wins.

The engine and the seat policies run for real (`companion.games.once_upon_a_time`,
`OnceUponATimeSeat`, the offline narrator, the referee on the hashing embedder); only time is
simulated, as the table service paces it (`OnceUponATimeTables.ai_step`, `SeatRunner`): an AI
storyteller speaks one pace after the table last moved unless an AI listener means to claim,
which it does `claim_pace` paces after; an AI vote comes after the person's. The simulated person:

- notices a hint the referee gave it with probability `notice`, and taps `reaction_s` seconds
  (normal, mean and spread, at least 1 s) after the line appeared: it takes the story if no one
  moved past that line first (the line must still be claimable, OU-10);
- answers a played card with a same-group interrupt card (OU-11) the same way;
- tells a sentence every `sentence_s` seconds with the same beats as a fair AI seat (it passes
  when stuck: the fair level's pass chance, or when the narrator has nothing), and ends when its
  hand is empty;
- votes like a fair judge (an ending with a new element is voted down) after `vote_s` seconds.

Run: `.venv/bin/python -m evals.solo_sim --games 30` (options: --pace, --levels, --seed).
"""

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from companion.cards import Deck, once_upon_a_time_deck
from companion.games.once_upon_a_time import (
    Action,
    CardInterrupt,
    Config,
    End,
    GivenSeat,
    Interrupt,
    Narrate,
    Pass,
    Play,
    State,
    Verdict,
    Vote,
    apply,
    new_game,
)
from companion.referee import Referee
from companion.seats import BallotSeen, HintSeen, OnceUponATimeSeat, SeatView
from companion.seats.once_upon_a_time import INTERRUPT_CONFIDENCE, card_interrupts, judge_ending
from companion.seats.once_upon_a_time_pace import AI_LEVELS, BeatMemory
from companion.story.offline import OfflineNarrator
from embeddings import HashingEmbedder

HUMAN = 0
MAX_STEPS = 600


@dataclass(frozen=True)
class Person:
    reaction_s: tuple[float, float] = (3.5, 1.5)
    notice: float = 0.7
    sentence_s: float = 9.0
    vote_s: float = 4.0


@dataclass
class Game:
    minutes: float
    winner: int | None
    claims: dict[str, int] = field(default_factory=dict)


class Table:
    """One simulated solo game: seat 0 is the person, seats 1 and 2 are AI at `level`."""

    def __init__(
        self, deck: Deck, referee: Referee, narrator: OfflineNarrator, level: str, **kw: Any
    ) -> None:
        self.deck, self.referee, self.narrator, self.level = deck, referee, narrator, level
        self.pace: float = kw["pace_s"]
        self.person: Person = kw["person"]
        self.seed: int = kw["seed"]
        self.rng = random.Random(f"solo-sim/{level}/{self.seed}")
        self.memory: BeatMemory = {}
        self.hints: dict[int, list[HintSeen]] = {0: [], 1: [], 2: []}
        self.taps: dict[tuple[int, str], float] = {}  # the person's tap time per (line, card)
        self.now = self.moved = 0.0
        first = GivenSeat(seat=self.seed % 3)
        config = Config(players=("You", "Robin", "Ada"), seed=self.seed, first_storyteller=first)
        self.state: State = new_game(config, deck)
        self.claims = {"person": 0, "ai": 0}

    def seat(self, seat: int, level: str) -> OnceUponATimeSeat:
        rng = random.Random(f"{self.seed}/{seat}/{self.state.steps}")
        return OnceUponATimeSeat(
            self.deck,
            self.referee,
            self.narrator,
            rng=rng,
            level_name=level,
            salt=f"sim-{self.seed}",
            memory=self.memory,
        )

    def view(self, seat: int, ballot: BallotSeen | None = None) -> SeatView:
        game = self.state
        window = game.story[game.window].card if game.window is not None else None
        group = self.deck.story_card(window).group if window else None
        return SeatView(
            seat=seat,
            language="en",
            storyteller=game.storyteller,
            story=tuple(line.text for line in game.story),
            turn_lines=tuple(game.turn_lines()),
            hand=game.seats[seat].hand,
            endings=game.seats[seat].endings,
            card_interrupts=card_interrupts(self.deck, game.seats[seat].hand, group),
            hints=tuple(h for h in self.hints[seat] if h.line in game.claimable_lines()),
            ballot=ballot,
            can_vote=ballot is not None,
            claimable_lines=tuple(game.claimable_lines()),
        )

    # --- what happens next ----------------------------------------------------------------

    def play(self) -> Game:
        while not self.state.is_terminal and self.state.steps < MAX_STEPS:
            at, seat, body = min(self.candidates(), key=lambda c: c[0])
            self.now = max(self.now, at)
            self.act(seat, body)
        return Game(self.now / 60, self.state.winner, dict(self.claims))

    def candidates(self) -> list[tuple[float, int, dict[str, Any]]]:
        """Every move someone would make, with when; the earliest happens."""
        game = self.state
        found: list[tuple[float, int, dict[str, Any]]] = []
        if game.storyteller != HUMAN:
            for hint in self.view(HUMAN).hints:
                tap = self.taps.get((hint.line, hint.card))
                if tap is not None and tap >= self.now:
                    body = {"type": "interrupt", "card": hint.card, "line": hint.line}
                    found.append((tap, HUMAN, body))
            tap = self.taps.get((game.window if game.window is not None else -1, "card"))
            interrupts = self.view(HUMAN).card_interrupts
            if tap is not None and tap >= self.now and interrupts:
                found.append((tap, HUMAN, {"type": "card_interrupt", "card": interrupts[0]}))
        for seat in (1, 2):
            if seat == game.storyteller:
                continue
            decision = self.seat(seat, self.level).decide(self.view(seat))
            if decision is not None:
                found.append((self.moved + decision.pace * self.pace, seat, decision.body))
        teller = game.storyteller
        if teller != HUMAN and len(found) > sum(seat == HUMAN for _, seat, _ in found):
            return found  # an AI listener's claim comes first; the AI teller waits for it
        level = "fair" if teller == HUMAN else self.level
        decision = self.seat(teller, level).decide(self.view(teller))
        assert decision is not None
        delay = self.person.sentence_s if teller == HUMAN else decision.pace * self.pace
        found.append((self.moved + delay, teller, decision.body))
        return found

    def act(self, seat: int, body: dict[str, Any]) -> None:
        before = len(self.state.story)
        kind = body["type"]
        if kind in ("interrupt", "card_interrupt"):
            self.claims["person" if seat == HUMAN else "ai"] += 1
        self.state = apply(self.state, self.action(seat, body))
        self.moved = self.now
        for line in range(before, len(self.state.story)):
            self.rule(line)
        last = self.state.last
        played = last is not None and last.type == "play" and last.accepted
        if played and self.rng.random() < self.person.notice:
            self.taps[(self.state.window or 0, "card")] = self.now + self.reaction()

    def action(self, seat: int, body: dict[str, Any]) -> Action:
        kind = body["type"]
        if kind == "narrate":
            return Narrate(seat=seat, text=body["text"])
        if kind == "play":
            heard = self.referee.rule(body["sentence"], [body["card"]]).mentions
            verdict = Verdict(accepted=bool(heard), by="referee")
            return Play(seat=seat, card=body["card"], sentence=body["sentence"], judgement=verdict)
        if kind == "interrupt":
            sure = Verdict(accepted=True, by="referee")
            return Interrupt(seat=seat, card=body["card"], line=body["line"], judgement=sure)
        if kind == "card_interrupt":
            return CardInterrupt(seat=seat, card=body["card"])
        if kind == "end":
            return End(
                seat=seat,
                ending=body["ending"],
                linking=tuple(body["linking"]),
                judgement=self.vote_on_ending(seat, body),
            )
        return Pass(seat=seat)

    def vote_on_ending(self, teller: int, body: dict[str, Any]) -> Vote:
        yes: list[int] = []
        no: list[int] = []
        for voter in (0, 1, 2):
            if voter == teller:
                continue
            ballot = BallotSeen(ballot=0, kind="ending", action=body)
            fair = judge_ending(self.seat(voter, "fair"), self.view(voter, ballot), body)
            (yes if fair else no).append(voter)
        self.now += self.person.vote_s + 0.3 * self.pace  # the person, then the AI after
        return Vote(yes=tuple(yes), no=tuple(no))

    def rule(self, line: int) -> None:
        """The referee's hints on a new line, for every seat but its teller (as `judge.hints`)."""
        game = self.state
        teller = game.story[line].seat
        holder = {c: s for s, held in enumerate(game.seats) if s != teller for c in held.hand}
        if not holder or game.story[line].kind != "story":
            return
        story = [entry.text for entry in game.story[:line]]
        ruling = self.referee.rule(game.story[line].text, list(holder), story=story)
        for mentions, borderline in ((ruling.mentions, False), (ruling.borderline, True)):
            for mention in mentions:
                card = mention.card_id or mention.card
                if card not in holder:
                    continue
                seat = holder[card]
                self.hints[seat].append(HintSeen(line, card, float(mention.score), borderline))
                sure = not borderline and mention.score >= INTERRUPT_CONFIDENCE
                if seat == HUMAN and sure and self.rng.random() < self.person.notice:
                    self.taps[(line, card)] = self.now + self.reaction()

    def reaction(self) -> float:
        mean, spread = self.person.reaction_s
        return max(1.0, self.rng.gauss(mean, spread))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per level")
    parser.add_argument("--pace", type=float, default=6.0, help="the AI pace, seconds")
    parser.add_argument("--levels", nargs="*", default=list(AI_LEVELS))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    deck = once_upon_a_time_deck()
    referee = Referee(deck, HashingEmbedder())
    narrator = OfflineNarrator(deck=deck, referee=referee)
    print(f"pace {args.pace:g} s, {args.games} games per level, person {Person()}")
    print("| level | games | finished | median minutes | person wins | claims: person | AI |")
    print("|---|---|---|---|---|---|---|")
    for level in args.levels:
        started = time.perf_counter()
        games = [
            Table(
                deck, referee, narrator, level, pace_s=args.pace, person=Person(), seed=seed
            ).play()
            for seed in range(args.seed, args.seed + args.games)
        ]
        done = [g for g in games if g.winner is not None]
        median = statistics.median(g.minutes for g in done) if done else float("nan")
        wins = sum(g.winner == HUMAN for g in done)
        person = statistics.mean(g.claims["person"] for g in games)
        ai = statistics.mean(g.claims["ai"] for g in games)
        print(
            f"| {level} | {len(games)} | {len(done)} | {median:.1f} | {wins}/{len(done)} "
            f"({wins / max(1, len(done)):.0%}) | {person:.1f} | {ai:.1f} |"
            f"  <!-- {time.perf_counter() - started:.0f} s -->",
            flush=True,
        )


if __name__ == "__main__":
    main()
