"""The table service: the log-first flow between the store, the engine, the referee, the
narrator and the AI seats. No HTTP here except `ApiError`, which routes turn into responses."""
