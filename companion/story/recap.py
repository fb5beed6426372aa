"""The bedtime recap of a finished Sleeping Queens game (issue 13): the game told back as a short
tale, from what the whole table saw of each move (the `last` of every action event).

    facts = recap_facts(lasts)                        # who woke, stole, sent to sleep, blocked
    told = tell_recap(players, facts, winners, awake, language)   # paragraphs, offline
    recap = narrator.bedtime_recap(told=told, language=language)  # an LLM retells it, if any

The offline telling is data (`data/recap_sleeping_queens.yaml`, per language): an opening, one
short paragraph per quarter of the game (dawn, midday, evening, moonrise) holding at most
`PER_PARTIAL` of its moves (a theft, a potion, a block or a quarrel before a plain waking),
and the winner with her queens. Everything in it happened; nothing is invented; and no queen the
winner ends with was last told going elsewhere (`told_facts`).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from companion.cards import Language
from companion.games.sleeping_queens import sleeping_queens_deck

PER_PARTIAL = 3
PARTS = 4
# Which moves a short tale keeps first (lower first), when a quarter holds more than it tells.
_WEIGHT = {
    "stolen": 0,
    "slept": 0,
    "knight_blocked": 1,
    "potion_blocked": 1,
    "returned": 1,
    "woke": 2,
    "woke_more": 3,
}


@dataclass(frozen=True)
class RecapFact:
    kind: str  # a key of _WEIGHT
    actor: int
    target: int | None = None
    queen: str | None = None


@dataclass(frozen=True)
class Recap:
    """The tale, the narrator that told it, and why a model's telling was not used (if so)."""

    narrator: str
    language: Language
    paragraphs: tuple[str, ...]
    fallback_reason: str | None = None


def recap_facts(lasts: Sequence[Mapping[str, Any]]) -> list[RecapFact]:
    """The moves worth telling, from the engine's public `last` of each action, in order."""
    facts: list[RecapFact] = []
    for last in lasts:
        kind, result, seat = last.get("type"), last.get("result"), int(last["seat"])
        queen, target = last.get("queen"), last.get("target")
        if result == "woke":
            facts.append(RecapFact("woke" if kind == "king" else "woke_more", seat, queen=queen))
        elif result == "returned":
            facts.append(RecapFact("returned", seat, queen=queen))
        elif result in ("stolen", "slept") and target is not None:
            # told by the target's allow: the attacker (its `target`) is who acts
            facts.append(RecapFact(str(result), int(target), target=seat, queen=queen))
        elif result == "blocked":
            card = last.get("card") or (last.get("cards") or ("",))[0]  # keeper: "dragon"
            blocked = "knight_blocked" if card.startswith("dragon") else "potion_blocked"
            facts.append(RecapFact(blocked, seat, target=target, queen=queen))
    return facts


@cache
def _phrases() -> dict[str, Any]:
    text = resources.files("companion.story").joinpath("data/recap_sleeping_queens.yaml")
    data: dict[str, Any] = yaml.safe_load(text.read_text(encoding="utf-8"))
    return data


def _listed(items: Sequence[str], phrases: Mapping[str, Any]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return str(phrases["comma"]).join(items[:-1]) + str(phrases["and"]) + items[-1]


def tell_recap(
    players: Sequence[str],
    facts: Sequence[RecapFact],
    winners: Sequence[int],
    awake: Sequence[Sequence[str]],
    language: Language,
) -> tuple[str, ...]:
    """The offline tale: opening, up to four short paragraphs, the end."""
    phrases = _phrases()[language]
    names = sleeping_queens_deck().queen_names
    used: dict[str, int] = {}

    def sentence(fact: RecapFact) -> str:
        variants = phrases["facts"][fact.kind]
        turn = used.get(fact.kind, 0)
        used[fact.kind] = turn + 1
        return str(variants[turn % len(variants)]).format(
            actor=players[fact.actor],
            target=players[fact.target] if fact.target is not None else "",
            queen=names[fact.queen][language] if fact.queen else "",
        )

    paragraphs = [str(phrases["opening"]).format(players=_listed(list(players), phrases))]
    for part, kept in enumerate(told_facts(facts, winners, awake)):
        if kept:
            paragraphs.append(
                str(phrases["space"]).join([phrases["times"][part], *map(sentence, kept)])
            )
    paragraphs.append(_ending(players, winners, awake, language, phrases))
    return tuple(paragraphs)


# The facts after which a queen lies somewhere else (a blocked attempt leaves her where she was).
_MOVES_A_QUEEN = ("woke", "woke_more", "stolen", "slept", "returned")


def told_facts(
    facts: Sequence[RecapFact], winners: Sequence[int], awake: Sequence[Sequence[str]]
) -> list[list[RecapFact]]:
    """The facts each quarter of the tale tells, in order: at most PER_PARTIAL of its facts,
    the likeliest to keep a child listening first (`_WEIGHT`); and the tale never contradicts
    its ending: when a queen the winner ends with was last told going elsewhere (sent back to
    sleep, taken), the move that finally brought her to the winner is told too (after the Rose
    Queen's waking, when it was hers: "woke … as well")."""
    bounds = [
        (part * len(facts) // PARTS, (part + 1) * len(facts) // PARTS) for part in range(PARTS)
    ]
    chosen: set[int] = set()
    for start, end in bounds:
        by_weight = sorted(range(start, end), key=lambda i: (_WEIGHT[facts[i].kind], i))
        chosen.update(by_weight[:PER_PARTIAL])
    if len(winners) == 1:
        winner = winners[0]
        for queen in awake[winner]:
            moves = [
                i for i, f in enumerate(facts) if f.queen == queen and f.kind in _MOVES_A_QUEEN
            ]
            if not moves or facts[moves[-1]].actor != winner:
                continue  # never told moving, or a record that does not end with the winner
            told = [i for i in moves if i in chosen]
            if told and told[-1] != moves[-1]:
                chosen.add(moves[-1])
                if _woken_by_rose(facts, moves[-1]):
                    chosen.add(moves[-1] - 1)
    return [[facts[i] for i in range(start, end) if i in chosen] for start, end in bounds]


def _woken_by_rose(facts: Sequence[RecapFact], index: int) -> bool:
    """Whether the fact at `index` is the second queen a Rose Queen woke (SQ-3), right after
    her (a jester's count wakes a queen the same way, with no Rose before it)."""
    fact, before = facts[index], facts[index - 1] if index > 0 else None
    return (
        fact.kind == "woke_more"
        and before is not None
        and before.kind == "woke"
        and before.actor == fact.actor
        and before.queen in sleeping_queens_deck().wakes_another
    )


def _ending(
    players: Sequence[str],
    winners: Sequence[int],
    awake: Sequence[Sequence[str]],
    language: Language,
    phrases: Mapping[str, Any],
) -> str:
    names = sleeping_queens_deck().queen_names
    if len(winners) == 1 and awake[winners[0]]:
        queens = [
            str(phrases["queen_item"]).format(queen=names[q][language]) for q in awake[winners[0]]
        ]
        return str(phrases["winner"]).format(
            winner=players[winners[0]], queens=_listed(queens, phrases)
        )
    if winners:
        return str(phrases["winners"]).format(
            winners=_listed([players[s] for s in winners], phrases)
        )
    return str(phrases["nobody"])
