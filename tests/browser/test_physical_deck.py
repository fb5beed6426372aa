"""A physical deck: a player enters the cards they were dealt by searching names in any
language; the table's spectator view shows no hand; the interface switches language live."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import audit, hand

expect.set_options(timeout=20_000)


@pytest.mark.slow
def test_physical_cards_entered_by_name_in_any_language(phone, screenshots):
    host = phone("/#/host")
    host.fill("#seat-name-0", "Ann")
    host.fill("#seat-name-1", "Ben")
    host.locator("#seats button.danger").nth(2).click()  # two players: ten cards each (OU-4)
    expect(host.locator("#seats .seat-row")).to_have_count(2)
    host.check("input[name=deck][value=physical]")
    host.click("#create-table")
    expect(host.locator("#share")).to_be_visible()
    spectator_link = host.locator("#spectate").get_attribute("href")
    host.click("a[data-join='0']")

    panel = host.locator("#physical")
    expect(panel).to_be_visible()
    expect(host.locator("#phys-counter")).to_contain_text("Chosen: 0 of 10")
    for query, label in (("王", "King"), ("reina", "Queen"), ("bosq", "Forest"), ("WOLF", "Wolf")):
        host.fill("#phys-search", query)
        first = host.locator("#phys-results button").first
        expect(first).to_contain_text(label)
        first.click()
        expect(host.locator("#phys-chosen")).to_contain_text(label)
    # Enter takes the first result: a card's name ranks above another card's alias
    # ("dra": Dragon, not Bridge's "drawbridge" nor Monster's "dragon")
    host.fill("#phys-search", "dra")
    expect(host.locator("#phys-results button").first).to_contain_text("Dragon")
    host.press("#phys-search", "Enter")
    expect(host.locator("#phys-chosen")).to_contain_text("Dragon")
    host.fill("#phys-ending-search", "dancing still")
    host.locator("#phys-ending-results button").first.click()
    expect(host.locator("#phys-counter")).to_contain_text("Chosen: 5 of 10")
    host.fill("#phys-search", "prin")  # Spanish "príncipe" without its accent, English "prince"
    expect(host.locator("#phys-results button").first).to_contain_text("Prince")
    host.locator("#phys-search").scroll_into_view_if_needed()
    host.screenshot(path=str(screenshots / "physical-entry.png"))
    audit(host)
    host.fill("#phys-search", "zzzz")
    expect(host.locator("#phys-results")).to_have_text("No card matches.")
    host.click("#phys-confirm")

    expect(host.locator("#hand li.card")).to_have_count(5)
    entered = sorted(card["id"] for card in hand(host))
    assert entered == ["dragon", "forest", "king", "queen", "wolf"]
    expect(host.locator("#hand .ending-card")).to_contain_text("dancing still")
    # five dealt cards are still to be entered: the panel stays, counting from the rest
    expect(host.locator("#phys-counter")).to_contain_text("Chosen: 0 of 5")

    # the interface changes language in place, keeping the table
    host.select_option("#language", "ja")
    expect(host.locator("#hand-title")).to_contain_text("あなたのカード")
    expect(host.locator("#hand li.card[data-card=king] .name")).to_have_text("王")
    host.select_option("#language", "en")

    # a spectator sees the public table and no hand
    watcher = phone(spectator_link)
    expect(watcher.locator(".seats li")).to_have_count(2)
    expect(watcher.locator("#hand-slot")).to_contain_text("You are watching")
    assert watcher.locator("#hand li.card").count() == 0
    assert watcher.locator("#dock button").count() == 0
