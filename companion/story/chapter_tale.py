"""Chapter tales of Dice Upon a Time (issue 14 item 6): after each chapter, a short Grimm-style
paragraph of what each traveller did in it, told by the narrator.

The table service calls one function::

    tale = tell_chapter_tale(narrator, config, actions, chapter=2, language="ja")
    tale.text, tale.language, tale.origin   # origin: "model" or "offline"
    tale.narrator                           # "llm:<model>" or "offline"
    tale.fallback_reason                    # why a model's retelling was not kept, if so

`config` and `actions` are the game's configuration and action log (the engine's record); the
chapter must be over in that log (else `ChapterNotFinished`). Underneath, as for the Sleeping
Queens bedtime recap (`companion.story.recap`):

1. `chapter_facts` (`chapter_facts.py`) reads the chapter from the log by pure code: places,
   quests, story cards (the misfortune option chosen), side quests, curses, mini quests, magic
   items (found: counted, never named), resources, trades, the forest spirits won.
2. `tell_chapter(facts, names, language)` tells them offline, from the phrases of
   `data/chapter_tale.yaml`: an opening for the chapter, its event, then every traveller in turn
   order (from the chapter's start player): the journey (or staying put), up to `MAX_DEEDS` of
   its deeds (the weightiest, told in the order they happened), the resources gained and spent,
   the spirits it won; then a closing. The frames vary with the chapter and the traveller, so
   chapters do not read alike; every name in it comes from the facts.
3. The narrator's `chapter_tale(facts=, names=, language=)`: the offline narrator returns the
   offline tale; the LLM narrator gives the model `chapter_account` (the facts as a delimited
   list, prompt `prompts/chapter_tale.yaml`) and keeps its retelling only if
   `retelling_problem` finds nothing wrong (it is in the asked language; every traveller who
   acted is named; no quest, story card, magic item, event or place of the game appears that
   the facts do not hold), else the offline tale with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

import yaml

from companion.cards import Language
from companion.games.dice_upon_a_time import Board, Config, catalogue
from companion.games.dice_upon_a_time.actions import Action
from companion.story.chapter_facts import ChapterFacts, Deed, TravellerChapter, chapter_facts
from companion.story.context import LANGUAGE_NAMES, in_language
from companion.story.results import OFFLINE

if TYPE_CHECKING:
    from companion.story.narrator import Narrator

MAX_DEEDS = 3  # deed sentences per traveller in a game of two or three
MAX_DEEDS_CROWDED = 2  # with four or five travellers
# Which deeds a short tale keeps first (lower first); the kept ones are told in their order.
_WEIGHT = {
    "finished_quest": 0,
    "curse": 1,
    "misfortune": 1,
    "curse_lifted": 1,
    "mini_met": 1,
    "fetched": 2,
    "luck": 2,
    "side_quest": 2,
    "mini_quest": 2,
    "wolf": 2,
    "traded": 2,
    "item_played": 3,
    "item_lost": 3,
    "took_quest": 4,
    "item_found": 4,
}
Origin = Literal["model", "offline"]


@dataclass(frozen=True)
class ChapterTale:
    """The tale of one chapter, the narrator that told it, and why a model's retelling was not
    used (if so)."""

    chapter: int
    narrator: str  # "offline" or "llm:<model>"
    language: Language
    text: str
    fallback_reason: str | None = None

    @property
    def origin(self) -> Origin:
        return "offline" if self.narrator == OFFLINE else "model"


def tell_chapter_tale(
    narrator: Narrator,
    config: Config,
    actions: Sequence[Action],
    *,
    chapter: int,
    language: Language,
    name_played: bool = True,
) -> ChapterTale:
    """The tale of `chapter` from the game's record (configuration and action log), told by
    `narrator`. Raises `ChapterNotFinished` when the log does not reach the chapter's end.
    `name_played=False` (the table service): a magic item played is told as "a magic item"."""
    facts = chapter_facts(config, actions, chapter, name_played=name_played)
    return narrator.chapter_tale(facts=facts, names=config.players, language=language)


# --- the offline telling ------------------------------------------------------------------------


@cache
def _all_phrases() -> dict[str, Any]:
    text = resources.files("companion.story").joinpath("data/chapter_tale.yaml")
    data: dict[str, Any] = yaml.safe_load(text.read_text(encoding="utf-8"))
    return data


class _Phrases:
    """One language's phrases, and the small grammar of lists, titles and counts."""

    def __init__(self, language: Language, board: Board) -> None:
        self.language = language
        self.data: Mapping[str, Any] = _all_phrases()[language]
        self.board = board
        self.used: dict[str, int] = {}

    def frame(self, key: str, variants: Sequence[str], start: int) -> str:
        """The next variant of `key`: first the one `start` picks, then the ones after it."""
        turn = self.used.get(key, 0)
        self.used[key] = turn + 1
        return str(variants[(start + turn) % len(variants)])

    def listed(self, items: Sequence[str], joiner: str = "and") -> str:
        if len(items) <= 1:
            return "".join(items)
        return str(self.data["comma"]).join(items[:-1]) + str(self.data[joiner]) + items[-1]

    def title(self, text: str) -> str:
        return str(self.data["quote"]).format(title=text)

    def card(self, card: str) -> str:
        cat = catalogue()
        for cards in (cat.quests, cat.story, cat.items, cat.events):
            if card in cards:
                return self.title(getattr(cards[card].title, self.language))
        raise KeyError(card)

    def place(self, place: str) -> str:
        return str(getattr(self.board.places[place].name, self.language))

    def counted(self, forms: Sequence[str], count: int) -> str:
        return str(forms[0 if count == 1 else 1]).format(n=count)

    def things(self, counts: Mapping[str, int]) -> str:
        forms = self.data["things"]
        return self.listed([self.counted(forms[r], n) for r, n in counts.items() if n])


def tell_chapter(facts: ChapterFacts, names: Sequence[str], language: Language) -> str:
    """The offline tale of a chapter: one paragraph, every traveller named in turn order."""
    say = _Phrases(language, facts.board)
    ordinal = _ordinal(say, facts.chapter)
    pick = facts.chapter - 1
    sentences = [say.frame("opening", say.data["opening_last" if facts.last else "opening"], pick)]
    sentences[0] = sentences[0].format(ordinal=ordinal)
    if facts.event is not None:
        event = say.frame("event", say.data["event"], pick).format(event=say.card(facts.event))
        sentences.append(event)
    crowded = len(facts.travellers) > 3
    for position, traveller in enumerate(facts.travellers):
        start = pick + position
        told = _traveller(say, traveller, names, start, crowded)
        sentences.extend(told)
    closing = say.data["closing_last" if facts.last else "closing"]
    sentences.append(say.frame("closing", closing, pick).format(ordinal=ordinal))
    return str(say.data["space"]).join(sentences)


def _ordinal(say: _Phrases, chapter: int) -> str:
    ordinals = say.data["ordinals"]
    return str(ordinals[chapter - 1]) if chapter <= len(ordinals) else str(chapter)


def _traveller(
    say: _Phrases, traveller: TravellerChapter, names: Sequence[str], start: int, crowded: bool
) -> list[str]:
    actor = names[traveller.seat]
    places = _distinct(traveller.visited)
    if places:
        journey = say.frame("journey", say.data["journey"], start)
        told = [
            journey.format(
                actor=actor,
                start=say.place(traveller.start),
                places=say.listed([say.place(p) for p in places], "then"),
            )
        ]
    else:
        stayed = say.frame("stayed", say.data["stayed"], start)
        told = [stayed.format(actor=actor, start=say.place(traveller.start))]
    groups = _grouped(traveller.deeds)
    limit = MAX_DEEDS_CROWDED if crowded else MAX_DEEDS
    kept = sorted(groups, key=lambda group: _WEIGHT[group[0].kind])[:limit]
    for group in sorted(kept, key=groups.index):
        told.append(_deed(say, group, actor, names, start))
    told += _goods(say, traveller, actor, start)
    for spirit in traveller.spirits:
        frame = say.frame(f"spirit-{spirit}", say.data["spirits"][spirit], start)
        told.append(frame.format(actor=actor))
    return told


def _distinct(visited: Sequence[str]) -> list[str]:
    """The places in the order first reached."""
    return list(dict.fromkeys(visited))


def _grouped(deeds: Sequence[Deed]) -> list[list[Deed]]:
    """Deeds of a kind told in one sentence (at the first one's place); each misfortune alone."""
    groups: list[list[Deed]] = []
    by_kind: dict[str, list[Deed]] = {}
    for deed in deeds:
        if deed.kind in by_kind and deed.kind != "misfortune":
            by_kind[deed.kind].append(deed)
            continue
        group = [deed]
        by_kind[deed.kind] = group
        groups.append(group)
    return groups


def _deed(
    say: _Phrases, group: Sequence[Deed], actor: str, names: Sequence[str], start: int
) -> str:
    kind = group[0].kind
    deeds = say.data["deeds"]
    cards = say.listed(list(dict.fromkeys(say.card(d.card) for d in group if d.card)))
    count = sum(d.count for d in group)
    quests = catalogue().quests
    if kind == "misfortune" and group[0].option is not None:
        option = _option(say, str(group[0].card), group[0].option)
        frame = say.frame("misfortune_chosen", deeds["misfortune_chosen"], start)
        return frame.format(actor=actor, cards=cards, option=option)
    values: dict[str, object] = {"actor": actor, "cards": cards}
    if kind == "item_played" and not cards:  # played items not named: counted
        frame = say.frame("item_used", deeds["item_used"], start)
        return frame.format(actor=actor, count=say.counted(say.data["items"], len(group)))
    if kind == "finished_quest":
        values["ap"] = sum(quests[str(d.card)].ap for d in group)
    elif kind == "fetched":
        tokens = dict.fromkeys(str(quests[str(d.card)].token) for d in group)
        values["tokens"] = say.listed([str(say.data["tokens"][t]) for t in tokens])
    elif kind in ("item_found", "item_lost"):
        values["count"] = say.counted(say.data["items"], count)
    elif kind == "traded":
        partners = dict.fromkeys(names[d.partner] for d in group if d.partner is not None)
        values["partners"] = say.listed(list(partners))
    return say.frame(kind, deeds[kind], start).format(**values)


def _option(say: _Phrases, card: str, option: int) -> str:
    """What the misfortune's chosen option did, as the traveller's deed."""
    options = catalogue().story[card].options
    assert options is not None
    effect, words = options[option], say.data["options"]
    parts = []
    if effect.lose:
        parts.append(str(words["lose"]).format(things=say.things(effect.lose)))
    if effect.go_to:
        parts.append(str(words["go_to"]).format(place=say.place(effect.go_to)))
    if effect.lose_dice:
        parts.append(say.counted(words["lose_dice"], effect.lose_dice))
    if effect.discard_items:
        parts.append(str(words["discard_items"]))
    return say.listed(parts)


def _goods(say: _Phrases, traveller: TravellerChapter, actor: str, start: int) -> list[str]:
    gained, spent = traveller.gained, traveller.spent
    if gained and spent:
        frame = say.frame("gained_and_spent", say.data["gained_and_spent"], start)
        return [frame.format(actor=actor, gained=say.things(gained), spent=say.things(spent))]
    if gained or spent:
        key = "gained" if gained else "spent"
        frame = say.frame(key, say.data[key], start)
        return [frame.format(actor=actor, things=say.things(gained or spent))]
    return []


# --- the model's account, and checking its retelling ------------------------------------------


def chapter_account(facts: ChapterFacts, names: Sequence[str], language: Language) -> str:
    """Every fact of the chapter as a plain list, names and titles in `language`: what the model
    retells (as delimited data: it holds the players' own names)."""
    say = _Phrases(language, facts.board)
    of = f" of {facts.chapters}" if facts.chapters else ""
    lines = [f"Chapter {facts.chapter}{of}{' (the last)' if facts.last else ''}."]
    if facts.event is not None:
        lines.append(f"Event at the start: {say.card(facts.event)}")
    for traveller in facts.travellers:
        lines.append("")
        lines += _account_lines(say, traveller, names)
    return "\n".join(lines)


def _account_lines(say: _Phrases, traveller: TravellerChapter, names: Sequence[str]) -> list[str]:
    lines = [f"{names[traveller.seat]}:", f"- started at: {say.place(traveller.start)}"]
    if traveller.visited:
        lines.append(f"- went to, in order: {', '.join(say.place(p) for p in traveller.visited)}")
    else:
        lines.append("- did not move")
    lines.append(f"- dice placed: {traveller.dice}")
    quests = catalogue().quests
    described: dict[str, Callable[[Deed], str]] = {
        "took_quest": lambda d: f"took up the quest {say.card(str(d.card))}",
        "finished_quest": lambda d: (
            f"finished the quest {say.card(str(d.card))} ({quests[str(d.card)].ap} AP)"
        ),
        "fetched": lambda d: (
            f"picked up {say.data['tokens'][str(quests[str(d.card)].token)]}"
            f" for the quest {say.card(str(d.card))}"
        ),
        "luck": lambda d: f"story card (luck): {say.card(str(d.card))}",
        "misfortune": lambda d: (
            f"story card (misfortune): {say.card(str(d.card))}"
            + (f"; chose: {_option(say, str(d.card), d.option)}" if d.option is not None else "")
        ),
        "side_quest": lambda d: f"story card (side quest, kept): {say.card(str(d.card))}",
        "curse": lambda d: f"story card (curse, kept): {say.card(str(d.card))}",
        "mini_quest": lambda d: f"story card (mini quest, kept): {say.card(str(d.card))}",
        "mini_met": lambda d: f"met the mini quest {say.card(str(d.card))}",
        "curse_lifted": lambda d: f"lifted the curse {say.card(str(d.card))}",
        "item_found": lambda d: f"found {d.count} magic item(s), kept secret (do not name it)",
        "item_played": lambda d: (
            f"used the magic item {say.card(str(d.card))}"
            if d.card
            else "used a magic item, kept secret (do not name it)"
        ),
        "item_lost": lambda d: f"lost {d.count} magic item(s)",
        "wolf": lambda d: "placed a die on the wolf: every other traveller threw it a die",
        "traded": lambda d: f"traded with {names[d.partner] if d.partner is not None else ''}",
    }
    lines += [f"- {described[deed.kind](deed)}" for deed in traveller.deeds]
    if traveller.gained:
        lines.append(f"- resources gained: {say.things(traveller.gained)}")
    if traveller.spent:
        lines.append(f"- resources spent: {say.things(traveller.spent)}")
    spirits = {"rabbit": "the rabbit", "snake": "the snake"}
    for spirit in traveller.spirits:
        lines.append(f"- at the chapter's end, its die was on top of {spirits[spirit]}")
    return lines


def game_names(board: Board, language: Language) -> set[str]:
    """Every quest, story card, magic item and event title and every place name of the game in
    `language`: the names a retelling may use only when the facts hold them."""
    cat = catalogue()
    titles = [
        getattr(card.title, language)
        for cards in (cat.quests, cat.story, cat.items, cat.events)
        for card in cards.values()
    ]
    places = [getattr(place.name, language) for place in board.places.values()]
    return {str(name) for name in (*titles, *places)}


def retelling_problem(
    retold: str, account: str, facts: ChapterFacts, names: Sequence[str], language: Language
) -> str | None:
    """Why a model's retelling may not be told (None: it may): it is not in `language` (by its
    script, the travellers' names left aside), it leaves out a traveller who acted, or it names a
    quest, card, item, event or place the account does not hold."""
    unnamed = retold
    for name in sorted(names, key=len, reverse=True):
        unnamed = unnamed.replace(name, " ")
    if not in_language(unnamed, language):
        return f"the retelling is not in {LANGUAGE_NAMES[language]}"
    for traveller in facts.travellers:
        name = names[traveller.seat]
        if traveller.acted and name not in retold:
            return f"the retelling left out {name}"
    for name in sorted(game_names(facts.board, language), key=len, reverse=True):
        if name in retold and name not in account:
            return f"the retelling names {name!r}, which the chapter does not hold"
    return None
