"""The garbage collector of a server process.

A server keeps its live tables in memory (each table's state and the tail of its log): at a few
hundred live tables that is about a million long-lived objects, and every full collection of
CPython's cyclic collector walks all of them. Measured with the open-loop capacity bench (300
live tables, one worker): 16 full collections in 110 s, 15 of them over 50 ms and the longest
638 ms; every request in flight waited for them (the p99 stalls of `make bench`). The objects
alive once the app is built (the deck, the models, the card vectors) are frozen out of
collections, and full collections wait for many more young ones.
"""

import gc

THRESHOLDS = (5_000, 20, 1_000)  # CPython's defaults: (700, 10, 10)


def tune_collector() -> None:
    """For a server process, once its app is built (tests and tools keep the defaults)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
