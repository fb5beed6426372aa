"""The offline story planner: a tale with a hero, a plot arc and a cast, told one card at a time.

Each call rebuilds the tale from the story so far (`cast.rebuild`): the hero the planner named
before (or a new one, brought in by an introducing sentence), the characters, places and things
told, and the arc step the story has reached (`tale_arc.yaml`: situation, lack, departure, test,
struggle, return, reward). A continuation is, in order:

- the hero's introduction when the story has no hero yet, or else, on the first turn of a new
  arc step, the step's frame sentence ("But Elsa's quiet days were numbered.");
- the chosen card's clause (from the language's `tale_<language>.yaml`: templates marked for the
  current step first, then those that refer back to a told foe, friend, place or thing; now and
  then a character set near the latest place told), opened by a phrase of the step the story has
  not opened a sentence with yet; right after a sentence about the hero, the hero is a pronoun
  (English) or an unspoken subject (Spanish, Japanese);
- in about a third of the turns from the departure on, a sentence steering toward the motif of
  the seat's ending card (love, family, a curse, justice…).

Ending links name only the hero and elements the story told. Everything is a function of the
request and a seed (crc32 of the request: the same in every process): nothing lives between
calls.
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from companion.cards import Deck, Group, Language, StoryCard, fold
from companion.story.cast import Cast, rebuild
from companion.story.tale_data import Arc, Hero, Lexicon, Template, arc, lexicon

_STEER_FROM_STEP = 2  # steering sentences from the departure on
_STEER_SHARE = 0.3  # of the turns from then on
_NEARBY_SHARE = 0.3  # of the clauses that could be set near the latest place told
_NEARBY_GROUPS = (Group.CHARACTERS,)  # who appears somewhere; a thing or event reads oddly
_NEARBY_MAX_CHARS: dict[Language, int] = {"en": 60, "es": 60, "ja": 30}  # longer: too heavy
_OPENERS_PER_CLAUSE = 2
_REFERRING_SLOTS = ("{foe}", "{friend}", "{place}", "{thing}")
_ES_CONTRACTIONS = ((re.compile(r"\ba el\b"), "al"), (re.compile(r"\bde el\b"), "del"))
# A clause opening with the hero's name, told right after a sentence that named the hero, opens
# with a pronoun instead (Spanish and Japanese drop the subject).
_PRONOUN_SUBJECTS: dict[Language, tuple[tuple[re.Pattern[str], str], ...]] = {
    "en": ((re.compile(r"^\{hero\}'s "), "{his} "), (re.compile(r"^\{hero\} (?!and )"), "{he} ")),
    "es": ((re.compile(r"^\{hero\} (?!y )"), ""),),
    "ja": ((re.compile(r"^\{hero\}は、?"), ""),),
}


def seed_of(*parts: str) -> int:
    """A seed that is the same in every process (str hashes are salted per process)."""
    return zlib.crc32("\x1f".join(parts).encode())


@dataclass(frozen=True)
class Turn:
    """What the planner knows for one call: the words, the tale so far, and the draw."""

    lexicon: Lexicon
    arc: Arc
    cast: Cast
    hero: Hero
    intro: str | None  # the sentence bringing the hero in, when the story has none yet
    values: dict[str, str]  # slot values
    step: str
    rng: random.Random
    hero_just_named: bool  # the sentence before this one names the hero

    @property
    def step_index(self) -> int:
        return self.arc.steps.index(self.step)


def has_tale(card: StoryCard, language: Language) -> bool:
    """Whether the planner has words for `card` (a user's own deck may have none)."""
    return card.id in lexicon(language).cards


def plan(
    deck: Deck,
    story: Sequence[str],
    language: Language,
    seed: int,
    skip: str = "",
    avoid: frozenset[str] = frozenset(),
) -> Turn:
    """The turn's tale. The hero is the one the planner named, else the first told deck character
    that can be a hero (not `skip`, the card being brought in, nor one of `avoid`, other players'
    cards), else a new one brought in by an introduction."""
    words, plot = lexicon(language), arc()
    cast = rebuild(deck, words, story)
    rng = random.Random(seed)
    hero, intro = cast.hero or _told_hero(words, plot, cast, avoid | {skip}), None
    if hero is None:
        hero = words.heroes[seed % len(words.heroes)]
        pool = words.intro_later if story else words.intro_start
        intro = finish(rng.choice(pool).format_map(_hero_values(words, hero)), language)
    values = _hero_values(words, hero)
    taken = {skip, hero.card or skip}
    for slot, card_id in (
        ("foe", cast.latest(ids=plot.foes - taken)),
        ("friend", cast.latest(ids=plot.friends - taken)),
        ("place", cast.latest(ids=_others(cast, Group.PLACES, skip))),
        ("thing", cast.latest(ids=_others(cast, Group.ITEMS, skip))),
    ):
        if card_id is not None and card_id in words.nouns:
            values[slot] = words.nouns[card_id]
    named = intro is not None or (bool(story) and opens_with_hero(words, hero, story[-1]))
    return Turn(words, plot, cast, hero, intro, values, plot.step(len(story)), rng, named)


def _told_hero(words: Lexicon, plot: Arc, cast: Cast, unusable: frozenset[str]) -> Hero | None:
    for card_id in cast.first_told:
        gender = plot.hero_cards.get(card_id)
        if gender and card_id not in unusable and card_id in words.nouns:
            return Hero(words.nouns[card_id], gender, "", card=card_id)
    return None


def opens_with_hero(words: Lexicon, hero: Hero, sentence: str) -> bool:
    """Whether `sentence`, past its opener, has the hero as its subject (it opens with the
    name; in Japanese, the name and は)."""
    text = sentence.strip()
    openers = sorted({o for pool in words.openers.values() for o in pool if o}, key=len)
    for opener in reversed(openers):
        if text.startswith(opener):
            text = text[len(opener) :].lstrip(" ,、")
            break
    if words.language == "ja":
        return text.startswith(hero.name + "は")
    pattern = rf"{re.escape(hero.name)}\b(?!'s| and| y )"
    return re.match(pattern, text, re.IGNORECASE) is not None


def with_pronoun(template: str, language: Language) -> str:
    """The template with its opening hero name made a pronoun (or dropped)."""
    for pattern, pronoun in _PRONOUN_SUBJECTS[language]:
        if pattern.search(template):
            return pattern.sub(pronoun, template, count=1)
    return template


def _others(cast: Cast, group: Group, skip: str) -> frozenset[str]:
    return frozenset(c for c in cast.told if cast.groups[c] is group and c != skip)


def _hero_values(words: Lexicon, hero: Hero) -> dict[str, str]:
    return {"hero": hero.name, "trade": hero.trade, **words.forms.get(hero.gender, {})}


def render(template: str, values: dict[str, str]) -> str | None:
    """The template with its slots filled, or None when the story cannot fill one."""
    try:
        return template.format_map(values)
    except KeyError:
        return None


def finish(text: str, language: Language, opener: str = "") -> str:
    """One sentence: the opener, the clause, a capital and a full stop; es contractions."""
    if language == "ja":
        text = opener + text
        return text if text.endswith(("。", "！", "？", "」")) else text + "。"
    text = f"{opener} {text}" if opener else text
    if language == "es":
        for pattern, contracted in _ES_CONTRACTIONS:
            text = pattern.sub(contracted, text)
    first = next((i for i, ch in enumerate(text) if ch.isalpha()), 0)
    text = text[:first] + text[first].upper() + text[first + 1 :]
    return text if text.endswith((".", "!", "?", "»", "”")) else text + "."


def _ordered_clauses(
    turn: Turn, card: StoryCard, templates: Sequence[Template], story_folded: str
) -> list[str]:
    """Rendered clauses: those fitting the step first, then those referring back, then the rest;
    a clause the story already holds comes last. Some turns set a character's clause that names
    no told element near the latest place told ("… not far from the forest")."""
    ranked: list[tuple[float, float, str]] = []
    for template in templates:
        text = template.text
        if turn.hero_just_named:
            text = with_pronoun(text, turn.lexicon.language)
        clause = render(text, turn.values)
        if clause is None:
            continue
        referring = any(slot in template.text for slot in _REFERRING_SLOTS)
        rank = 0 if turn.step in template.steps else (1 if not template.steps else 3)
        if rank == 1 and not referring:
            rank = 2
        if fold(clause) in story_folded:
            rank += 4
        ranked.append((rank, turn.rng.random(), clause))
        nearby = _nearby(turn, card, clause) if not referring else None
        if nearby:
            ranked.append((rank - 0.5, turn.rng.random(), nearby))
    return [clause for _, _, clause in sorted(ranked)]


def _nearby(turn: Turn, card: StoryCard, clause: str) -> str | None:
    place = turn.values.get("place")
    pool = turn.lexicon.nearby
    too_long = len(clause) > _NEARBY_MAX_CHARS[turn.lexicon.language]
    if not place or not pool or card.group not in _NEARBY_GROUPS or too_long:
        return None
    if turn.rng.random() >= _NEARBY_SHARE:
        return None
    return turn.rng.choice(pool).format_map({"clause": clause, "place": place})


def _ordered_openers(turn: Turn, story: Sequence[str]) -> list[str]:
    """The step's openers, those the story has not opened a sentence with first."""
    openers = list(turn.lexicon.openers.get(turn.step, ("",)))
    turn.rng.shuffle(openers)
    starts = [fold(sentence) for sentence in story]

    def used(opener: str) -> bool:
        return bool(opener) and any(start.startswith(fold(opener)) for start in starts)

    return sorted(openers, key=used) or [""]


def _steering(turn: Turn, ending_id: str, story_folded: str) -> str | None:
    """A template toward the ending's motif, from the departure on, in about a third of the
    turns; never one the story already holds (with the name or the pronoun)."""
    if turn.step_index < _STEER_FROM_STEP or turn.rng.random() >= _STEER_SHARE:
        return None
    lines = turn.lexicon.steer.get(turn.arc.motif(ending_id), ())
    fresh = [
        line
        for line in lines
        if render(line, turn.values) and not told_template(line, story_folded)
    ]
    return turn.rng.choice(fresh) if fresh else None


def _fresh(text: str | None, story_folded: str) -> bool:
    return text is not None and fold(text) not in story_folded


def _steer_after(turn: Turn, template: str, sentence: str) -> str | None:
    if fold(turn.hero.name) in fold(sentence):
        template = with_pronoun(template, turn.lexicon.language)
    text = render(template, turn.values)
    return finish(text, turn.lexicon.language) if text else None


def _frame(turn: Turn, story_folded: str) -> str | None:
    """The sentence that opens a new arc step ("But Elsa's quiet days were numbered."), told
    once per step, on the first turn in it; None in the first step or once one is told (with
    whatever foe or hero filled its slots)."""
    if turn.intro or turn.step_index == 0:
        return None
    templates = turn.lexicon.frames.get(turn.step, ())
    if any(told_template(t, story_folded) for t in templates):
        return None
    lines = [line for line in (render(t, turn.values) for t in templates) if line]
    return finish(turn.rng.choice(lines), turn.lexicon.language) if lines else None


def told_template(template: str, story_folded: str) -> bool:
    """Whether the story holds `template` with any words in its slots."""
    literal = [re.escape(fold(part)) for part in re.split(r"\{\w+\}", template)]
    return re.search(r"[^.。!?]*?".join(literal), story_folded) is not None


def continuations(
    deck: Deck,
    story: Sequence[str],
    card: StoryCard,
    ending_id: str,
    language: Language,
    avoid: frozenset[str] = frozenset(),
) -> Iterator[tuple[str, ...]]:
    """Proposals bringing `card` into the tale, best first (empty when the planner has no words
    for the card): [the hero's introduction or the step's frame] the card's sentence [a
    sentence steering toward the ending]."""
    if not has_tale(card, language):
        return
    seed = seed_of(card.id, ending_id, str(len(story)), *story)
    turn = plan(deck, story, language, seed, skip=card.id, avoid=avoid)
    story_folded = fold(" ".join(story))
    frame = _frame(turn, story_folded)
    if frame:
        turn = replace(turn, hero_just_named=opens_with_hero(turn.lexicon, turn.hero, frame))
    lead = (turn.intro,) if turn.intro else ((frame,) if frame else ())
    clauses = _ordered_clauses(turn, card, turn.lexicon.cards[card.id], story_folded)
    openers = _ordered_openers(turn, [*story, *lead])
    steer = None if lead else _steering(turn, ending_id, story_folded)
    for clause in clauses:
        for opener in openers[:_OPENERS_PER_CLAUSE]:
            sentence = finish(clause, language, opener)
            steering = _steer_after(turn, steer, sentence) if steer else None
            if steering:
                yield (*lead, sentence, steering)
            yield (*lead, sentence)
    if frame and clauses:  # should the frame expose a card, the clause alone
        yield (finish(clauses[0], language, openers[0]),)


def linking(
    deck: Deck, story: Sequence[str], ending_id: str, language: Language
) -> Iterator[tuple[str, ...]]:
    """Linking sentences toward the ending that name only the hero and elements told."""
    words = lexicon(language)
    turn = plan(deck, story, language, seed_of(ending_id, str(len(story)), *story))
    values = turn.values if turn.cast.hero else {}
    story_folded = fold(" ".join(story))
    for key in (turn.arc.motif(ending_id), "any"):
        lines = [render(line, values) for line in words.links.get(key, ())]
        fresh = [line for line in lines if line is not None and _fresh(line, story_folded)]
        turn.rng.shuffle(fresh)
        for line in fresh:
            yield (finish(line, language),)
