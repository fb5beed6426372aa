"""The referee's errors. Unknown card labels are not errors: they are free-text cards."""

MAX_TEXT_CHARS = 20_000
MAX_CARDS = 200


class RefereeError(ValueError):
    """Base of every error the referee raises on bad input."""


class InvalidTextError(RefereeError):
    """The text cannot be ruled on: empty after stripping, too long, or without any letter."""

    def __init__(self, reason: str, *, length: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.length = length


class TooManyCardsError(RefereeError):
    """More than MAX_CARDS distinct cards were asked about in one ruling."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} cards asked about; at most {MAX_CARDS} per ruling")
        self.count = count
