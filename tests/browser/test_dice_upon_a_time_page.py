"""Dice Upon a Time on a phone: host a short table against one AI traveller and play it to the
end by tapping (a die, then a lit socket on the map; a lit place to move; a button for each
choice), the feed saying what the AI traveller did; and the table in Japanese."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import audit, seed_new_tables

expect.set_options(timeout=20_000)

SEED = 5  # the characters, decks and rolls; with the fair AI and these taps, the same game
MINE = "#du-turn.mine, #du-end"  # the banner of a seat the table waits for, or the end


def _host(page: Page) -> None:
    seed_new_tables(page, SEED)
    page.click("#go-du-host")
    expect(page.locator("#seats .seat-row")).to_have_count(2)  # me and one AI traveller
    page.select_option("#du-level", "fair")
    page.select_option("#du-length", "short")
    page.click("#create-table")
    page.click("#open-my-seat")
    expect(page.locator("#du-map svg")).to_be_visible()


def _one_move(page: Page) -> str:
    """Make one move as a player would, by taps; returns what was done."""
    choices = page.locator("#du-choices button")
    if choices.count():
        finishing = page.locator("#du-choices button:not([data-option='end'])")
        (finishing if finishing.count() else choices).first.click()
        return "choose"
    lit = page.locator(".du-map .du-place.target")
    if lit.count() and page.locator("#du-pool").count() == 0:
        lit.first.click()
        return "move"
    dice = page.locator("#du-pool .du-die:not([disabled])")
    for index in range(dice.count()):
        dice.nth(index).click()
        target = page.locator(".du-map .du-socket.target")
        if target.count():
            target.first.click()
            return "place"
        dice.nth(index).click()  # no socket for this die: put it back
    page.click("#du-pass")
    return "pass"


def _over(page: Page) -> bool:
    return page.locator("#du-end").count() > 0


def _play_to_the_end(page: Page, feed: set[str] | None = None) -> set[str]:
    """My moves until the end; `feed` collects every feed line shown on the way (the feed
    holds the last few events only, so what the AI did early may be gone at the end)."""
    done: set[str] = set()
    for _ in range(400):
        page.wait_for_selector(MINE)
        if feed is not None:
            feed.update(page.locator("#du-feed li").all_text_contents())
        if _over(page):
            return done
        seq = page.locator("#du-turn").get_attribute("data-seq")
        done.add(_one_move(page))
        page.wait_for_function(
            "(seq) => document.querySelector('#du-turn')?.dataset.seq !== seq", arg=seq
        )
    raise AssertionError("the tale did not end in 400 of my moves")


@pytest.mark.slow
def test_a_short_game_against_one_ai_traveller_on_a_phone(phone, screenshots):
    page = phone("/")
    _host(page)
    expect(page.locator("#du-seats li")).to_have_count(2)
    expect(page.locator(".du-map .du-place")).to_have_count(24)
    expect(page.locator(".du-map .du-socket")).to_have_count(41)
    expect(page.locator("#du-chapter")).to_contain_text("Chapter 1")
    audit(page)
    page.screenshot(path=str(screenshots / "dice-upon-a-time.png"))
    seen: set[str] = set()
    done = _play_to_the_end(page, seen)
    assert {"choose", "place"} <= done, done
    expect(page.locator("#du-end-head")).to_have_text("The end")
    expect(page.locator("#du-turn")).to_have_text(re.compile(r"win"))
    expect(page.locator("#du-chapter")).to_contain_text("Chapter 3")
    feed = " ".join(page.locator("#du-feed li").all_text_contents())
    ai_name = page.locator("#du-seats li").nth(1).locator(".who").text_content() or ""
    assert ai_name and ai_name in feed, feed
    # the AI placed dice during the game, and the feed said so
    assert any(line.startswith(f"{ai_name} put a") for line in seen), sorted(seen)
    # the tale so far: each of the three chapters told, both travellers named in the first
    expect(page.locator("#du-tales-head")).to_have_text("The tale so far")
    expect(page.locator("#du-tales .du-tale")).to_have_count(3)
    first = page.locator("#du-tales .du-tale").first.text_content() or ""
    assert "Chapter 1" in first and ai_name in first, first
    page.screenshot(path=str(screenshots / "dice-upon-a-time-end.png"))
    audit(page)


@pytest.mark.slow
def test_the_table_in_japanese(phone, screenshots):
    page = phone("/", language="ja")
    _host(page)
    expect(page.locator("#du-chapter")).to_contain_text("第1章")
    expect(page.locator("#du-others-head")).to_have_text("ほかの旅人")
    for _ in range(12):  # the opening quests, then a die on the map
        page.wait_for_selector(MINE)
        seq = page.locator("#du-turn").get_attribute("data-seq")
        if _one_move(page) == "place":
            break
        page.wait_for_function(
            "(seq) => document.querySelector('#du-turn')?.dataset.seq !== seq", arg=seq
        )
    expect(page.locator("#du-feed li").first).to_be_visible()
    assert re.search(r"[ぁ-んァ-ン一-龯]", page.locator("#du-feed li").first.text_content() or "")
    assert re.search(r"[ぁ-んァ-ン一-龯]", page.locator("#du-my-quests").text_content() or "")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "dice-upon-a-time-ja.png"), full_page=True)
    audit(page)
