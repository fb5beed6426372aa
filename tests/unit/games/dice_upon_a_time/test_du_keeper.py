"""The live-table keeper of Dice Upon a Time (printed board): chapters and their start player,
AP, side quests and curses, story cards from the companion's deck, the end and the co-operative
rating; and the placement check in words. Tests are named by the rule they pin."""

import pytest
from pydantic import ValidationError

from companion.games.base import InvalidAction, RuleViolation
from companion.games.dice_upon_a_time import catalogue
from companion.games.dice_upon_a_time.keeper import (
    KEEPER_ACTIONS,
    KeepChapter,
    KeepCurse,
    KeeperConfig,
    KeeperState,
    KeepMark,
    KeepQuest,
    KeepSideQuest,
    KeepStory,
    keeper_apply,
    keeper_view,
    new_keeper,
)
from companion.games.dice_upon_a_time.keeper_check import (
    PlacementQuestion,
    check_placement,
    placement_words,
)

PLAYERS = ("Ana", "Ken", "Mia")


def _keeper(**config: object) -> KeeperState:
    return new_keeper(KeeperConfig(players=config.pop("players", PLAYERS), **config))  # type: ignore[arg-type]


def _chapters(state: KeeperState, count: int, **record: object) -> KeeperState:
    for _ in range(count):
        state = keeper_apply(state, KeepChapter(seat=0, **record))  # type: ignore[arg-type]
    return state


# --- DU-2, DU-6, DU-9: chapters, the rabbit, the end ----------------------------------------------


def test_du_2_a_chapter_ends_when_recorded_and_the_next_begins() -> None:
    state = _keeper()
    assert (state.chapter, state.start_player, state.over) == (1, 0, False)
    state = keeper_apply(state, KeepChapter(seat=2))
    assert (state.chapter, state.start_player) == (2, 0)  # nobody on the rabbit: start kept
    assert state.last is not None and state.last.chapter == 1 and not state.last.over


def test_du_6_the_rabbits_top_die_starts_the_next_chapter() -> None:
    state = keeper_apply(_keeper(), KeepChapter(seat=0, rabbit=2))
    assert state.start_player == 2
    with pytest.raises(InvalidAction):
        keeper_apply(state, KeepChapter(seat=0, rabbit=3))


@pytest.mark.parametrize(("length", "chapters"), [("short", 3), ("normal", 6)])
def test_du_9_the_game_ends_after_its_last_chapter(length: str, chapters: int) -> None:
    state = _chapters(_keeper(length=length), chapters - 1)
    assert state.chapter == chapters and not state.over
    state = keeper_apply(state, KeepChapter(seat=0))
    assert state.over and state.chapter == chapters
    with pytest.raises(RuleViolation) as refused:
        keeper_apply(state, KeepQuest(seat=0, ap=3))
    assert refused.value.rule == "DU-9"


def test_du_9_a_long_game_ends_when_the_quest_decks_run_out() -> None:
    with pytest.raises(RuleViolation) as refused:
        keeper_apply(_keeper(length="normal"), KeepChapter(seat=0, quests_out=True))
    assert refused.value.rule == "DU-9"
    state = _chapters(_keeper(length="long"), 7)
    assert state.chapter == 8 and not state.over
    assert keeper_apply(state, KeepChapter(seat=1, quests_out=True)).over
    capped = _chapters(_keeper(length="long"), catalogue().lengths.long_cap)
    assert capped.over and capped.chapter == catalogue().lengths.long_cap


# --- DU-8, DU-9: quests, side quests, curses, AP --------------------------------------------------


def test_du_9_ap_is_quests_plus_met_side_quests_minus_curses_not_lifted() -> None:
    state = _keeper()
    for action in (
        KeepQuest(seat=0, ap=5),
        KeepQuest(seat=0, ap=3),
        KeepSideQuest(seat=0, ap=4),
        KeepCurse(seat=0, ap=2),
    ):
        state = keeper_apply(state, action)
    assert state.points(0) == 8 - 2  # the side quest is not met yet; the curse holds
    state = keeper_apply(state, KeepMark(seat=0, kind="side_quest", index=0))
    assert state.points(0) == 8 + 4 - 2
    state = keeper_apply(state, KeepMark(seat=0, kind="curse", index=0))
    assert state.points(0) == 12
    state = keeper_apply(state, KeepMark(seat=0, kind="side_quest", index=0, done=False))
    assert state.points(0) == 8
    with pytest.raises(InvalidAction):
        keeper_apply(state, KeepMark(seat=0, kind="curse", index=1))
    with pytest.raises(ValidationError):
        KeepQuest(seat=0, ap=0)


def test_du_9_the_most_ap_wins_and_a_tie_is_shared() -> None:
    state = _keeper(length="short")
    state = keeper_apply(state, KeepQuest(seat=1, ap=6))
    state = keeper_apply(state, KeepQuest(seat=2, ap=6))
    assert state.winners == ()
    state = _chapters(state, 3)
    assert state.over and state.winners == (1, 2)
    assert keeper_view(state)["winners"] == [1, 2]


def test_du_8_story_cards_come_from_our_deck_and_side_quests_and_curses_are_kept() -> None:
    state = _keeper(seed=3)
    story = catalogue().story
    kinds: set[str] = set()
    for turn in range(len(story)):
        seat = turn % 3
        state = keeper_apply(state, KeepStory(seat=seat))
        assert state.last is not None and state.last.card in story
        card = story[state.last.card]
        kinds.add(card.kind)
        held = state.seats[seat]
        kept = [c.card for c in (*held.side_quests, *held.curses)]
        assert (state.last.card in kept) == (card.kind in ("side_quest", "curse"))
    assert {"luck", "misfortune", "side_quest", "curse", "mini_quest"} <= kinds
    assert state.story_deck == () and len(state.story_read) + sum(
        len(h.side_quests) + len(h.curses) for h in state.seats
    ) == len(story)
    state = keeper_apply(state, KeepStory(seat=0))  # read cards shuffled back
    assert state.last is not None and state.last.card not in {
        c.card for h in state.seats[1:] for c in (*h.side_quests, *h.curses)
    }


def test_du_8_the_story_deck_order_is_never_in_the_view() -> None:
    state = _keeper(seed=5)
    view = keeper_view(state)
    assert "story_deck" not in view and view["story_left"] == len(catalogue().story)
    assert not set(state.story_deck) & set(_strings(view))


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_the_story_deck_is_shuffled_by_the_seed() -> None:
    assert _keeper(seed=1).story_deck == _keeper(seed=1).story_deck
    assert _keeper(seed=1).story_deck != _keeper(seed=2).story_deck


# --- DU-10: the co-operative total and rating -----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "ap", "band"),
    [(2, 29, 0), (2, 30, 1), (2, 60, 4), (3, 74, 2), (3, 90, 4), (4, 99, 2), (5, 116, 4)],
)
def test_du_10_the_table_is_rated_by_its_total(players: int, ap: int, band: int) -> None:
    names = ("Ana", "Ken", "Mia", "Leo", "Sol")[:players]
    state = _keeper(players=names, cooperative=True, length="short")
    for seat in range(players):  # the AP spread over everyone, added together
        share = ap // players + (1 if seat < ap % players else 0)
        while share:
            step = min(share, 30)
            state = keeper_apply(state, KeepQuest(seat=seat, ap=step))
            share -= step
    state = _chapters(state, 3)
    assert state.total == ap and state.rating == band
    assert state.winners == tuple(range(players)) and state.points(0) == ap
    view = keeper_view(state)
    assert view["total"] == ap and view["rating"] == band


def test_recordings_round_trip_as_json() -> None:
    for action in (
        KeepQuest(seat=0, ap=5),
        KeepStory(seat=1),
        KeepMark(seat=2, kind="curse", index=0, done=True),
        KeepChapter(seat=0, rabbit=1, quests_out=False),
    ):
        assert KEEPER_ACTIONS.validate_python(action.model_dump(mode="json")) == action
    with pytest.raises(InvalidAction):
        keeper_apply(_keeper(), KeepQuest(seat=3, ap=2))


# --- the placement check (DU-3, DU-6, DU-7, DU-10) ------------------------------------------------


def _ask(**question: object) -> tuple[bool, str, str]:
    answer = check_placement(PlacementQuestion(**{"players": 3, **question}))  # type: ignore[arg-type]
    return answer.ok, answer.rule, answer.reason


def test_du_3_the_face_must_reach_the_socket_and_icons_count_as_6() -> None:
    assert _ask(face=4, socket=5) == (False, "DU-3", "below_socket")
    assert _ask(face=5, socket=5) == (True, "DU-3", "ok")
    assert _ask(face="icon", socket=6) == (True, "DU-3", "ok")
    assert _ask(face="ban", socket=6)[0]


def test_du_3_a_die_stacks_on_an_equal_or_higher_face_own_dice_too() -> None:
    assert _ask(face=4, socket=2, there=1, top=5) == (False, "DU-3", "below_top")
    assert _ask(face=5, socket=2, there=1, top=5)[0]
    assert _ask(face=5, socket=2, there=1, top=5, top_mine=True)[0]
    assert _ask(face="icon", socket=2, there=2, top=6)[0]


def test_du_3_and_du_10_three_dice_a_socket_two_with_two_players() -> None:
    assert _ask(face=6, socket=1, there=3, top=1) == (False, "DU-3", "full")
    assert _ask(face=6, socket=1, there=2, top=1)[0]
    assert _ask(players=2, face=6, socket=1, there=2, top=1) == (False, "DU-3", "full")
    assert _ask(players=2, face=6, socket=1, there=1, top=1)[0]
    assert _ask(face=6, socket=3, spirit="rabbit", there=2, top=4)[0]  # spirits count too
    assert not _ask(face=6, socket=3, spirit="snake", there=3, top=4)[0]


def test_du_6_the_fox_and_the_wolf_take_one_die_and_the_wolf_once_a_chapter() -> None:
    assert _ask(face=6, socket=2, spirit="fox", there=1, top=2) == (False, "DU-6", "one_die")
    assert _ask(face=6, socket=2, spirit="wolf", there=1, top=2) == (False, "DU-6", "one_die")
    assert _ask(face=6, socket=2, spirit="wolf", wolf_used=True) == (False, "DU-6", "wolf_used")
    assert _ask(face=3, socket=2, spirit="wolf")[0]


def test_du_7_a_ban_face_takes_only_a_ban_from_others_and_a_6_from_its_owner() -> None:
    assert _ask(face=6, socket=1, there=1, top="ban") == (False, "DU-7", "ban_other")
    assert _ask(face="ban", socket=1, there=1, top="ban")[0]
    assert _ask(face=5, socket=1, there=1, top="ban", top_mine=True) == (False, "DU-7", "ban_own")
    assert _ask(face=6, socket=1, there=1, top="ban", top_mine=True)[0]
    assert _ask(face="icon", socket=1, there=1, top="ban", top_mine=True)[0]


@pytest.mark.parametrize("language", ["en", "ja", "es"])
def test_every_answer_has_words_in_each_language(language: str) -> None:
    questions = [
        {"face": 5, "socket": 5},
        {"face": 4, "socket": 5},
        {"face": 6, "socket": 2, "spirit": "wolf", "wolf_used": True},
        {"face": 6, "socket": 2, "spirit": "fox", "there": 1, "top": 2},
        {"face": 6, "socket": 1, "there": 3, "top": 1},
        {"face": 6, "socket": 1, "there": 1, "top": "ban"},
        {"face": 5, "socket": 1, "there": 1, "top": "ban", "top_mine": True},
        {"face": 4, "socket": 2, "there": 1, "top": 5},
    ]
    said = set()
    for question in questions:
        answer = check_placement(PlacementQuestion(players=3, **question))  # type: ignore[arg-type]
        words = placement_words(answer, language)  # type: ignore[arg-type]
        assert words and "{" not in words
        said.add(answer.reason)
    assert len(said) == len(questions)  # every reason reached, each with its own sentence
