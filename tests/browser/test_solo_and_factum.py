"""Solo practice against two AI narrators to the end of the game (in Spanish), and a Factum
prompt set generated and laid out for print (in Japanese)."""

import time

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import audit, seed_new_tables

expect.set_options(timeout=20_000)

GAME_TIMEOUT_S = 240  # AI storytellers tell two to four sentences per card


@pytest.mark.slow
def test_solo_game_against_two_ai_narrators_to_its_end(phone, screenshots):
    page = phone("/", language="es")
    page.click("#go-solo")
    page.fill("#solo-name", "Robin")
    page.select_option("#solo-opponents", "2")
    page.select_option("#solo-language", "es")
    expect(page.locator("#solo-level option")).to_have_count(3)
    page.select_option("#solo-level", "gentle")
    seed_new_tables(page, 11)
    page.click("#solo-start")
    expect(page.locator("#turn")).to_have_text("Te toca narrar")
    expect(page.locator("[data-status=narrator]")).to_contain_text("Narrador sin conexión")
    seats = page.locator(".seats li")
    expect(seats).to_have_count(3)
    expect(seats.nth(1)).to_contain_text("Grimm · IA")

    # a hint: a continuation for one of my cards, read out politely, usable in one tap
    page.click("#ask-hint")
    suggestion = page.locator("#hint-output .suggestion-text")
    expect(suggestion).not_to_be_empty()
    expect(page.locator("#hint-output")).to_have_attribute("aria-live", "polite")
    page.screenshot(path=str(screenshots / "solo-hint.png"))
    audit(page)
    hinted = suggestion.inner_text()
    page.click("#use-hint")
    expect(page.locator("#sentence")).to_have_value(hinted)
    page.click("#tell")
    expect(page.locator("#story")).to_contain_text(hinted[:40])

    # then I pass whenever the story comes back to me and vote yes when asked; the AI seats
    # tell, play, interrupt and end the story by themselves
    # Each step waits for the page to show something to do (no fixed pauses): a ballot to vote
    # on, my turn to pass, or the end; after acting, it waits until the page shows it was done.
    # Whether "Grimm is thinking…" ever showed is recorded by the page itself as it happens.
    page.evaluate(
        """() => {
            const seen = () => document.querySelector('[data-status=thinking]');
            const inView = (el) => {
                const box = el.getBoundingClientRect();
                return box.top >= 0 && box.bottom <= window.innerHeight;
            };
            window.sawThinking = Boolean(seen());
            window.cues = [];  // the storyteller-is-thinking cue: whether it was in view
            window.hintsOutOfView = 0;
            const look = () => {
                window.sawThinking ||= Boolean(seen());
                const cue = document.getElementById('thinking-cue');
                if (cue) window.cues.push(inView(cue));
                const hint = document.getElementById('hint-box');
                if (hint && !inView(hint)) window.hintsOutOfView += 1;
            };
            new MutationObserver(look)
                .observe(document.getElementById('status'), {childList: true, subtree: true});
            new MutationObserver(look)
                .observe(document.getElementById('table-alerts'), {childList: true, subtree: true});
        }"""
    )
    deadline = time.monotonic() + GAME_TIMEOUT_S
    my_move = page.locator("#finished, #vote-yes, #pass").first
    while True:
        remaining_ms = (deadline - time.monotonic()) * 1000
        assert remaining_ms > 0, "the solo game did not end in time"
        my_move.wait_for(timeout=remaining_ms)
        if page.locator("#finished").count():
            break
        if page.locator("#vote-yes").count():
            ballot = page.locator("#vote").get_attribute("data-ballot")
            page.click("#vote-yes")
            # my hand is counted once the ballot shows no buttons for me (or has closed)
            expect(page.locator(f"#vote[data-ballot='{ballot}'] #vote-yes")).to_have_count(0)
        elif page.locator("#pass").count():
            page.click("#pass")
            page.click("#pass-confirm")
            expect(page.locator("#pass")).to_have_count(0)  # the story went on to the next seat
    saw_thinking = page.evaluate("window.sawThinking")
    assert saw_thinking, "the page never said that an AI seat was thinking"
    cues = page.evaluate("window.cues")
    assert cues and all(cues), "the storyteller's 'thinking' cue was missing or out of view"
    assert page.evaluate("window.hintsOutOfView") == 0, "a hint was shown out of view"
    expect(page.locator("#finished")).to_contain_text("Fin.")
    story_lines = page.locator("#story .line")
    assert story_lines.count() >= 3
    assert page.locator("#story .tag").count() >= 1  # played cards are marked in the story
    page.screenshot(path=str(screenshots / "solo-finished.png"))

    page.click("#read-tale")
    expect(page.locator(".tale h1")).to_have_text("Un cuento de Robin, Grimm y Andersen")
    expect(page.locator("#tale-story .ending-line")).not_to_be_empty()


@pytest.mark.slow
def test_factum_prompt_set_generated_and_printable(phone, screenshots):
    page = phone("/#/factum", language="ja")
    expect(page.locator("h1")).to_have_text("ファクタムのお題カード")
    page.fill("#factum-count", "9")
    page.select_option("#factum-language", "ja")
    page.click("#generate-cards")
    cards = page.locator("#prompt-cards li.prompt-card")
    expect(cards).to_have_count(9)
    texts = [text.strip() for text in cards.locator("span:first-child").all_inner_texts()]
    assert len(set(texts)) == 9 and all(texts), texts
    expect(page.locator("[data-status=narrator]")).to_contain_text("オフライン")
    page.screenshot(path=str(screenshots / "factum.png"), full_page=True)
    audit(page)

    # print layout: no page chrome, only the cards, three to a row
    page.emulate_media(media="print")
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.locator("form")).to_be_hidden()
    columns = page.locator("#prompt-cards").evaluate(
        "list => getComputedStyle(list).gridTemplateColumns.split(' ').length"
    )
    assert columns == 3
    page.screenshot(path=str(screenshots / "factum-print.png"), full_page=True)
