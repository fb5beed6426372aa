"""Random play for the playout test: random legal actions with random rulings, and an
independent model of what each action must do to hands, endings and the storyteller."""

import random
from dataclasses import dataclass

from companion.games.once_upon_a_time import (
    Action,
    CardInterrupt,
    Challenge,
    DeclareDraw,
    DeclareHand,
    End,
    Interrupt,
    Judgement,
    Move,
    Narrate,
    Pass,
    Play,
    Simultaneous,
    Stall,
    State,
    Verdict,
    Vote,
    electorate,
    legal_actions,
)

WEIGHTS = {
    "narrate": 2.0,
    "play": 6.0,
    "interrupt": 1.5,
    "card_interrupt": 3.0,
    "pass": 1.0,
    "stall": 0.2,
    "challenge": 0.3,
    "end": 30.0,
    "declare_hand": 1.0,
    "declare_draw": 3.0,
}
SENTENCES = (
    "Once upon a time there was a kingdom by the sea.",
    "The wind howled through the trees.",
    "Nobody knew what would happen next.",
    "それから長い年月が過ぎました。",
    "Y así pasaron los días.",
)
_TIE_FAVOURS_CLAIM = {"play": True, "interrupt": False, "challenge": False, "end": True}


def upheld(action_type: str, judgement: Judgement | None) -> bool:
    """The rules' reading of a ruling, written independently of the engine."""
    assert judgement is not None
    if isinstance(judgement, Verdict):
        return judgement.accepted
    if len(judgement.yes) == len(judgement.no):
        return _TIE_FAVOURS_CLAIM[action_type]
    return len(judgement.yes) > len(judgement.no)


@dataclass
class Player:
    """Chooses random legal actions. `accept` is the chance that a ruling upholds the claim."""

    rng: random.Random
    accept: float = 0.75

    def act(self, state: State, legal: dict[int, tuple[Move, ...]] | None = None) -> Action:
        legal = legal_actions(state) if legal is None else legal
        moves = [(seat, move) for seat, ms in legal.items() for move in ms]
        claims = [(s, m) for s, m in moves if m.type in ("interrupt", "card_interrupt")]
        if len({s for s, _ in claims}) >= 2 and self.rng.random() < 0.05:
            return self._simultaneous(state, claims)
        weights = [WEIGHTS[move.type] for _, move in moves]
        seat, move = self.rng.choices(moves, weights)[0]
        return self.build(state, seat, move)

    def build(self, state: State, seat: int, move: Move) -> Action:
        rng = self.rng
        judged: Play | Interrupt | Challenge | End
        match move.type:
            case "narrate":
                return Narrate(seat=seat, text=rng.choice(SENTENCES))
            case "play":
                card = self._card(state, move)
                judged = Play(seat=seat, card=card, sentence=rng.choice(SENTENCES))
            case "interrupt":
                judged = Interrupt(seat=seat, card=self._card(state, move))
            case "card_interrupt":
                return CardInterrupt(seat=seat, card=self._card(state, move))
            case "pass":
                swap = move.endings or move.hidden_endings
                if swap and rng.random() < 0.3:
                    return Pass(seat=seat, swap_ending=self._ending(state, move))
                discard = self._card(state, move) if (move.cards or move.hidden) else None
                return Pass(seat=seat, discard=discard if rng.random() < 0.5 else None)
            case "stall":
                return Stall(seat=seat, seconds=rng.uniform(5.01, 30))
            case "challenge":
                judged = Challenge(seat=seat, reason="nonsense")
            case "end":
                links = tuple(rng.sample(SENTENCES, rng.randint(1, 2)))
                judged = End(seat=seat, ending=self._ending(state, move), linking=links)
            case "declare_hand":
                cards, endings = self._undeclared(state, move)
                return DeclareHand(seat=seat, cards=cards, endings=endings)
            case "declare_draw":
                cards, endings = self._undeclared(state, move)
                return DeclareDraw(seat=seat, cards=cards, endings=endings)
            case other:
                raise AssertionError(other)
        return judged.model_copy(update={"judgement": self.judgement(state, judged)})

    def judgement(self, state: State, action: Action) -> Judgement:
        voters = sorted(electorate(state, action))
        if not voters or self.rng.random() < 0.5:
            return Verdict(accepted=self.rng.random() < self.accept, by="referee")
        hands = self.rng.sample(voters, self.rng.randint(1, len(voters)))
        yes = tuple(v for v in hands if self.rng.random() < self.accept)
        return Vote(yes=yes, no=tuple(v for v in hands if v not in yes))

    def _simultaneous(self, state: State, claims: list[tuple[int, Move]]) -> Action:
        self.rng.shuffle(claims)
        chosen: list[Interrupt | CardInterrupt] = []
        seats: set[int] = set()
        for seat, move in claims:
            action = self.build(state, seat, move)
            assert isinstance(action, Interrupt | CardInterrupt)
            if seat in seats or any(claim.card == action.card for claim in chosen):
                continue
            chosen.append(action)
            seats.add(seat)
        if len(chosen) < 2:
            return chosen[0]
        simultaneous = Simultaneous(claims=tuple(chosen))
        # votes are cast by the players uninvolved in the whole dispute
        fixed = [
            claim.model_copy(update={"judgement": self.judgement(state, simultaneous)})
            if isinstance(claim, Interrupt)
            else claim
            for claim in chosen
        ]
        return Simultaneous(claims=tuple(fixed))

    def _card(self, state: State, move: Move) -> str:
        if move.cards and (not move.hidden or self.rng.random() < 0.6):
            return self.rng.choice(move.cards)
        seen = state.seen_cards()
        unseen = [c for c in state.cards if c not in seen]
        if move.type == "card_interrupt":
            window = state.cards[state.story[state.window or 0].card or ""]
            unseen = [
                c
                for c in unseen
                if state.cards[c].interrupt and state.cards[c].group is window.group
            ]
        return self.rng.choice(unseen)

    def _ending(self, state: State, move: Move) -> str:
        if move.endings and (not move.hidden_endings or self.rng.random() < 0.6):
            return self.rng.choice(move.endings)
        seen = state.seen_endings()
        return self.rng.choice([e for e in state.ending_ids if e not in seen])

    def _undeclared(self, state: State, move: Move) -> tuple[tuple[str, ...], tuple[str, ...]]:
        seen, seen_endings = state.seen_cards(), state.seen_endings()
        unseen = [c for c in state.cards if c not in seen]
        unseen_endings = [e for e in state.ending_ids if e not in seen_endings]
        cards = tuple(self.rng.sample(unseen, self.rng.randint(0, move.hidden)))
        endings = tuple(self.rng.sample(unseen_endings, self.rng.randint(0, move.hidden_endings)))
        if not cards and not endings:
            if move.hidden:
                cards = (self.rng.choice(unseen),)
            else:
                endings = (self.rng.choice(unseen_endings),)
        return cards, endings
