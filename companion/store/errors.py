"""The store's exception tree (drawn in `companion.store`)."""


class StoreError(Exception):
    """Base of the store's errors."""


class TableNotFoundError(StoreError):
    """No table with that id."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"no table {table_id!r}")
        self.table_id = table_id


class SeqConflictError(StoreError):
    """Another writer appended to the table first; the caller reloads and retries."""

    def __init__(self, table_id: str, expected_seq: int) -> None:
        super().__init__(f"table {table_id!r} moved past seq {expected_seq}")
        self.table_id = table_id
        self.expected_seq = expected_seq


class StoreUnavailableError(StoreError):
    """The database cannot be reached or failed while working."""
