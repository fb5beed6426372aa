"""AI seats: players built on the referee, the narrator and the rules engine.

A seat sees only what its player may see (`SeatView`: the public story, its own hand, its own
hints, the open vote) and answers with one action body, exactly as a person would send it to
the API, or None when it has nothing to do. The service runs it and logs what it does.

    seat = OnceUponATimeSeat(deck, referee, narrator, rng=random.Random(seed))
    body = seat.decide(view)      # {"type": "play", "card": "wolf", "sentence": "…"} | None

Policy (at a human pace; `once_upon_a_time_pace` holds the levels and beats): vote when asked
(a claim or a play: does the referee hear the card in the line; a silliness claim: the
narrator's coherence check; an ending: no new element in its linking sentences, by the referee,
and nothing silly, by the narrator); claim a card interrupt (OU-11) or a card the referee surely
heard in the storyteller's latest lines (OU-10) as often as its level (`gentle`, `fair`,
`sharp`) dares, after its claim pace so that people claim first; as storyteller, tell a beat of
two to four sentences per card (bridge sentences, then the narrator's continuation, the card on
the sentence that brings it in, OU-6), now and then pass (OU-9), end with its ending card once
the hand is empty (OU-18), and pass when the narrator has nothing to offer.

Errors: none of its own. Narrator and referee failures become a `pass` with `note` set on the
decision (`Decision.note`), so the service can record the failed step.
"""

from companion.seats.once_upon_a_time import (
    BallotSeen,
    Decision,
    HintSeen,
    OnceUponATimeSeat,
    SeatView,
)

__all__ = ["BallotSeen", "Decision", "HintSeen", "OnceUponATimeSeat", "SeatView"]
