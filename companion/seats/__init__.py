"""AI seats: players built on the referee, the narrator and the rules engine.

A seat sees only what its player may see (`SeatView`: the public story, its own hand, its own
hints, the open vote) and answers with one action body, exactly as a person would send it to
the API, or None when it has nothing to do. The service runs it and logs what it does.

    seat = OnceUponATimeSeat(deck, referee, narrator, rng=random.Random(seed))
    body = seat.decide(view)      # {"type": "play", "card": "wolf", "sentence": "…"} | None

Policy: vote when asked (the referee hears the claimed card → yes; a silliness claim → the
narrator's coherence check; endings and plays → yes, leniently, OU-19); interrupt with a card
interrupt as soon as one is open (OU-11), or when the referee flagged one of its cards in the
storyteller's sentence (OU-10); as storyteller, have the narrator continue the story with one of
its cards and play it (OU-6), end with its ending card once the hand is empty (OU-18), and pass
(OU-9) when the narrator has nothing to offer.

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
