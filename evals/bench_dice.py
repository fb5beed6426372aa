"""Dice Upon a Time AI move latency: p50/p95 per traveller over self-play games (`make bench`).

The target is p95 ≤ 200 ms a move. Each kind plays `GAMES` two-player games against itself;
every `choose` call is timed (wall clock, this machine, whatever else runs on it). The search's
work per move is fixed (`SearchPlayer.rollouts` playouts to the chapter's end, at least one per
candidate), not capped by the clock, so its time follows the machine.
"""

import sys

from companion.seats.dice_upon_a_time_tournament import tournament

GAMES = 3
TARGET_MS = 200.0


def main() -> int:
    status = 0
    for kind in ("heuristic", "search"):
        result = tournament(kind, kind, GAMES, players=2, seed=7)
        ordered = sorted(result.move_ms)
        p50 = ordered[len(ordered) // 2]
        p95 = result.p95_ms()
        verdict = "ok" if p95 <= TARGET_MS else "OVER TARGET"
        print(
            f"dice upon a time {kind}: {len(ordered)} moves over {GAMES} games, "
            f"p50 {p50:.1f} ms, p95 {p95:.1f} ms (target {TARGET_MS:.0f} ms: {verdict})"
        )
        status |= p95 > TARGET_MS
    return status


if __name__ == "__main__":
    sys.exit(main())
