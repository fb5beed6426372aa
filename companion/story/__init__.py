"""Story tasks: continuations, endings, coherence, adjudication and Factum prompt cards.

(being built; the façade is `Narrator` and `build_narrator` in `companion.story.narrator`)

Errors::

    StoryError (Exception)
    ├── InvalidStoryRequest (ValueError)   bad input: empty/over-long text, card not in hand…
    └── ProposalDropped                    no proposal passed the referee; .rejections say why
"""

from companion.story.errors import InvalidStoryRequest, ProposalDropped, StoryError
from companion.story.narrator import Narrator, build_narrator
from companion.story.results import (
    OFFLINE,
    AdjudicationVerdict,
    CoherenceVerdict,
    Continuation,
    Ending,
    FactumCard,
    FactumPromptSet,
    Rejection,
    Verdict,
)

__all__ = [
    "OFFLINE",
    "AdjudicationVerdict",
    "CoherenceVerdict",
    "Continuation",
    "Ending",
    "FactumCard",
    "FactumPromptSet",
    "InvalidStoryRequest",
    "Narrator",
    "ProposalDropped",
    "Rejection",
    "StoryError",
    "Verdict",
    "build_narrator",
]
