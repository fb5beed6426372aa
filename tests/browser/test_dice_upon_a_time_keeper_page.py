"""The live-table keeper of Dice Upon a Time on a phone (the printed board on the table): host a
short live table for two people, record a quest by its AP in two taps, draw a story card (shown,
with its read-aloud button), a side quest met, ask whether a 4 may go on a 5 socket (no, DU-3, in
words) and end the three chapters, the rabbit's seat starting the next; the end names the winner."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import audit, seed_new_tables

expect.set_options(timeout=20_000)


@pytest.mark.slow
def test_a_live_table_is_kept_on_a_phone(phone, screenshots):
    page = phone("/")
    seed_new_tables(page, 3)
    page.click("#go-du-host")
    page.fill("#seat-name-0", "Ana")
    page.select_option("#seat-kind-1", "human")
    page.fill("#seat-name-1", "Ken")
    page.select_option("#du-length", "short")
    page.check("#du-physical")
    page.click("#create-table")
    page.click("#open-my-seat")
    expect(page.locator("#du-chapter")).to_contain_text("Chapter 1 of 3")
    expect(page.locator("#du-map")).to_be_hidden()
    audit(page)

    ana = page.locator(".duk-traveller[data-seat='0']")
    ana.locator("[data-record='keep_quest']").click()
    page.locator("#duk-ap [data-ap='5']").click()
    expect(ana.locator(".duk-points")).to_have_text("5 AP")
    expect(page.locator("#du-feed li").first).to_contain_text("Ana finished a quest: 5 AP.")

    ken = page.locator(".duk-traveller[data-seat='1']")
    ken.locator("[data-record='keep_story']").click()
    expect(page.locator("#duk-story-head")).to_have_text("Ken drew a story card")
    expect(page.locator("#duk-story strong")).not_to_be_empty()
    ana.locator("[data-record='keep_side_quest']").click()
    page.locator("#duk-ap [data-ap='3']").click()
    ana.locator("input[data-mark='side_quest.0']").check()
    expect(ana.locator(".duk-points")).to_have_text("8 AP")
    expect(page.locator("#duk-story-head")).to_have_text("Ken drew a story card")  # still shown

    page.locator("[data-field='face'] [data-value='4']").click()
    page.locator("[data-field='socket'] [data-value='5']").click()
    page.click("#duk-ask")
    expect(page.locator("#duk-answer")).to_contain_text("this socket wants a 5 or more")
    expect(page.locator("#duk-answer")).to_have_attribute("data-rule", "DU-3")
    page.screenshot(path=str(screenshots / "dice-upon-a-time-keeper.png"), full_page=True)

    page.select_option("#duk-rabbit", "1")
    page.click("#duk-end-chapter")
    expect(page.locator("#du-chapter")).to_contain_text("Chapter 2 of 3")
    expect(page.locator("#du-turn")).to_have_text("Ken starts this chapter")
    for chapter in (2, 3):
        expect(page.locator("#duk-chapter-head")).to_have_text(f"The end of chapter {chapter}")
        page.click("#duk-end-chapter")
    expect(page.locator("#du-end-head")).to_have_text("The end")
    expect(page.locator("#duk-winners")).to_contain_text("Ana")
    audit(page)
