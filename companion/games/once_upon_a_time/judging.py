"""Which rulings an action needs, who may vote on them, and what a ruling decides.

Kinds of judgement:
- "significance" (play, OU-6/OU-7): is the element told, in its own sentence, and does it matter?
- "mention" (interrupt, OU-10): did the storyteller bring that element into the story?
- "silly" (challenge, OU-17): does the story ramble, make no sense, or contradict itself?
- "ending" (end, OU-18/OU-19): does the ending follow and satisfy?

A `Verdict` settles a judgement outright. A `Vote` is a show of hands of the uninvolved players
(OU-13, OU-17): everyone but the storyteller and the claimants. Votes are counted yes against
no; a tie goes to the storyteller (the play and the ending stand, the interrupt and the
challenge fail).
"""

from collections.abc import Iterable

from companion.games.base import JudgementRequired, RuleViolation
from companion.games.once_upon_a_time.actions import (
    Action,
    CardInterrupt,
    Challenge,
    Claim,
    End,
    Interrupt,
    Judgement,
    Play,
    Simultaneous,
    Verdict,
)
from companion.games.once_upon_a_time.state import State

KIND_BY_TYPE = {
    "play": "significance",
    "interrupt": "mention",
    "challenge": "silly",
    "end": "ending",
}
_VOTE_RULE = {"significance": "OU-7", "mention": "OU-13", "silly": "OU-17", "ending": "OU-19"}
_TIE_FAVOURS_CLAIM = {"significance": True, "mention": False, "silly": False, "ending": True}


def judgements_needed(state: State, action: Action) -> frozenset[str]:
    """The kinds of judgement `action` must carry before it can be applied."""
    if isinstance(action, Simultaneous):
        return frozenset({"mention"}) if judged_claims(action.claims) else frozenset()
    kind = KIND_BY_TYPE.get(action.type)
    return frozenset({kind}) if kind else frozenset()


def judged_claims(claims: tuple[Claim, ...]) -> tuple[Interrupt, ...]:
    """The mention claims that need a ruling: those before the first card interrupt, which
    always stands (claims are judged in table order, OU-15)."""
    judged: list[Interrupt] = []
    for claim in claims:
        if isinstance(claim, CardInterrupt):
            break
        judged.append(claim)
    return tuple(judged)


def electorate(state: State, action: Action) -> frozenset[int]:
    """The seats that may vote on `action`: all but the storyteller and the claimants."""
    return _electorate(state, _involved(action))


def _involved(action: Action) -> set[int]:
    if isinstance(action, Simultaneous):
        return {claim.seat for claim in action.claims}
    if isinstance(action, Interrupt | Challenge):
        return {action.seat}
    return set()


def _electorate(state: State, involved: Iterable[int]) -> frozenset[int]:
    excluded = {state.storyteller, *involved}
    return frozenset(seat for seat in range(state.players) if seat not in excluded)


def decide(
    state: State,
    action: Play | Interrupt | Challenge | End,
    judgement: Judgement | None,
    involved: Iterable[int] = (),
) -> bool:
    """Whether the judgement upholds the action's claim, after checking a vote's electorate."""
    kind = KIND_BY_TYPE[action.type]
    if judgement is None:
        raise JudgementRequired(
            frozenset({kind}), f"{action.type} needs a {kind!r} judgement (a verdict or a vote)"
        )
    if isinstance(judgement, Verdict):
        return judgement.accepted
    rule = _VOTE_RULE[kind]
    voters = {*_involved(action), *involved}
    allowed = _electorate(state, voters)
    if not allowed:
        raise RuleViolation(rule, "no uninvolved player is left to vote: give a verdict instead")
    cast = [*judgement.yes, *judgement.no]
    if not cast:
        raise RuleViolation(rule, "a vote needs at least one hand")
    if len(set(cast)) != len(cast):
        raise RuleViolation(rule, "a player voted twice")
    outsiders = sorted(set(cast) - allowed)
    if outsiders:
        raise RuleViolation(
            rule, f"seats {outsiders} may not vote: only {sorted(allowed)} are uninvolved"
        )
    if len(judgement.yes) == len(judgement.no):
        return _TIE_FAVOURS_CLAIM[kind]
    return len(judgement.yes) > len(judgement.no)
