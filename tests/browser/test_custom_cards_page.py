"""A table's own story cards (an expansion's, another edition's, home-made), on a phone: added
on the solo and host pages as chips, dealt first by a virtual deck when asked (a house rule),
found by the physical deck's card search, and refused in the server's words when the deck
already prints them."""

import json
import re
from typing import Any
from urllib.parse import unquote

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import audit, hand, seed_new_tables

expect.set_options(timeout=20_000)

# as many own cards as seats (me and two AI narrators), dealt first: each seat holds one
OWN_CARDS = (("Scarecrow", "characters"), ("Silver Whistle", "items"), ("Emerald Tower", "places"))


def _add(page: Page, label: str, group: str) -> None:
    page.fill("#custom-label", label)
    page.select_option("#custom-group", group)
    page.click("#custom-add")


def _fits_the_phone(page: Page) -> bool:
    return bool(
        page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
    )


def _view(page: Page, table_id: str, token: str) -> dict[str, Any]:
    """The table as the server shows this seat (GET /v1/tables/{id} with the seat's token)."""
    view: dict[str, Any] = page.evaluate(
        """async ([id, token]) => {
            const response = await fetch(`/v1/tables/${encodeURIComponent(id)}`,
                {headers: {Authorization: `Bearer ${token}`}});
            return response.json();
        }""",
        [table_id, token],
    )
    return view


def _table_requests(page: Page) -> list[int]:
    """The statuses of the page's POST /v1/tables, as they come back."""
    statuses: list[int] = []

    def record(response: Any) -> None:
        request = response.request
        if request.method == "POST" and request.url.endswith("/v1/tables"):
            statuses.append(response.status)

    page.on("response", record)
    return statuses


@pytest.mark.slow
def test_practising_alone_with_own_cards_deals_one_to_me(phone, screenshots):
    page = phone("/#/solo")
    page.fill("#solo-name", "Robin")
    page.select_option("#solo-opponents", "2")
    page.select_option("#solo-language", "en")
    # folded until wanted
    expect(page.locator("#custom-label")).to_be_hidden()
    page.click("#custom-details summary")
    expect(page.locator("#custom-label")).to_be_visible()
    expect(page.locator("#custom-label")).to_have_attribute("maxlength", "60")

    # nothing typed, then a repeat (another case, extra spaces): refused on the page, plainly
    page.click("#custom-add")
    expect(page.locator("#custom-error")).to_have_text("Type the card's name first.")
    for label, group in OWN_CARDS:
        _add(page, label, group)
    expect(page.locator("#custom-error")).to_be_empty()
    _add(page, "  scarecrow ", "characters")
    expect(page.locator("#custom-error")).to_have_text("“scarecrow” is already on your list.")
    # Enter in the name box adds the card (it does not start the game), and a chip takes it off
    page.fill("#custom-label", "Paper Moon")
    page.press("#custom-label", "Enter")
    chips = page.locator("#custom-list button")
    expect(chips).to_have_count(4)
    expect(page).to_have_url(re.compile(r"#/solo$"))
    page.get_by_role("button", name="Remove Paper Moon").click()
    expect(chips).to_have_count(3)
    expect(chips.nth(0)).to_contain_text("Scarecrow")
    expect(chips.nth(0)).to_have_class(re.compile(r"\bg-characters\b"))
    expect(chips.nth(1)).to_contain_text("Silver Whistle")
    expect(chips.nth(1)).to_contain_text("Item")
    page.check("#custom-first")
    assert _fits_the_phone(page)
    page.screenshot(path=str(screenshots / "custom-cards-solo.png"), full_page=True)
    audit(page)

    sent: list[dict[str, Any]] = []
    page.on(
        "request",
        lambda request: (
            sent.append(json.loads(request.post_data or "{}"))
            if request.method == "POST" and request.url.endswith("/v1/tables")
            else None
        ),
    )
    seed_new_tables(page, 5)
    page.click("#solo-start")
    expect(page.locator("#hand li.card").first).to_be_visible()
    assert sent and sent[0]["custom_cards"] == [
        {"label": label, "group": group} for label, group in OWN_CARDS
    ]
    assert sent[0]["deal_custom_first"] is True

    table_id, token = (unquote(part) for part in page.url.split("#/t/", 1)[1].split("/")[:2])
    view = _view(page, table_id, token)
    own_ids = {f"custom:{group}:{label}" for label, group in OWN_CARDS}
    assert {card["id"] for card in view["custom_cards"]} == own_ids
    dealt = [card for card in view["hand"] if card["id"] in own_ids]
    assert len(dealt) == 1, view["hand"]  # three own cards over three seats: one each
    mine = dealt[0]

    # the page shows the hand the server dealt, my own card among it, named and coloured
    expect(page.locator("#hand li.card")).to_have_count(len(view["hand"]))
    assert sorted(card["id"] for card in hand(page)) == sorted(c["id"] for c in view["hand"])
    shown = page.locator(f'#hand li.card[data-card="{mine["id"]}"]')
    expect(shown.locator(".name")).to_have_text(mine["label"])
    expect(shown).to_have_class(re.compile(rf"\bg-{mine['group']}\b"))
    page.screenshot(path=str(screenshots / "custom-cards-hand.png"))


@pytest.mark.slow
def test_a_physical_table_finds_its_own_card_by_name(phone, screenshots):
    host = phone("/#/host", language="es")
    host.fill("#seat-name-0", "Ana")
    host.fill("#seat-name-1", "Beto")
    host.locator("#seats button.danger").nth(2).click()
    expect(host.locator("#seats .seat-row")).to_have_count(2)
    host.click("#custom-details summary")
    expect(host.locator("#custom-details .note")).to_contain_text("el árbitro las reconoce")
    expect(host.locator("#custom-first")).to_be_visible()
    # a physical deck is dealt at the table: the app offers no dealing first
    host.check("input[name=deck][value=physical]")
    expect(host.locator("#custom-first")).to_be_hidden()
    _add(host, "Espantapájaros", "characters")
    chip = host.locator("#custom-list button")
    expect(chip).to_have_count(1)
    expect(chip).to_have_attribute("aria-label", "Quitar Espantapájaros")
    expect(chip).to_contain_text("Personaje")
    assert _fits_the_phone(host)
    host.locator("#custom-cards").scroll_into_view_if_needed()
    host.screenshot(path=str(screenshots / "custom-cards-host-es.png"))
    audit(host)
    host.click("#create-table")
    expect(host.locator("#share")).to_be_visible()
    host.click("a[data-join='0']")

    expect(host.locator("#physical")).to_be_visible()
    # part of its name, without the accent and in another case: the table's own card comes up
    host.fill("#phys-search", "ESPANTAPAJ")
    first = host.locator("#phys-results button").first
    expect(first).to_contain_text("Espantapájaros")
    expect(first).to_contain_text("Personaje")
    expect(first).to_have_attribute("data-card", "custom:characters:Espantapájaros")
    first.click()
    expect(host.locator("#phys-chosen")).to_contain_text("Espantapájaros")
    host.fill("#phys-search", "rey")  # and a printed card beside it
    host.locator("#phys-results button[data-card=king]").click()
    host.click("#phys-confirm")

    expect(host.locator("#hand li.card")).to_have_count(2)
    assert sorted(card["id"] for card in hand(host)) == ["custom:characters:Espantapájaros", "king"]
    own = host.locator('#hand li.card[data-card="custom:characters:Espantapájaros"]')
    expect(own.locator(".name")).to_have_text("Espantapájaros")
    expect(own).to_have_class(re.compile(r"\bg-characters\b"))
    # once entered, it is no longer offered
    host.fill("#phys-search", "espanta")
    expect(host.locator("#phys-results")).to_have_text("Ninguna carta coincide.")


@pytest.mark.slow
def test_a_card_the_deck_prints_is_refused_in_the_servers_words(phone):
    host = phone("/#/host")
    statuses = _table_requests(host)
    host.click("#custom-details summary")
    _add(host, "Scarecrow", "characters")
    _add(host, "King", "characters")
    expect(host.locator("#custom-list button")).to_have_count(2)
    host.click("#create-table")

    error = host.locator("#host-error")
    expect(error).to_contain_text("The card “King” cannot be added: the deck already has 'King'")
    assert statuses == [422]
    expect(host).to_have_url(re.compile(r"#/host$"))
    assert host.evaluate("localStorage.getItem('recent-tables')") in (None, "[]")  # none hosted
    expect(host.locator("#create-table")).to_be_enabled()

    # taking the printed card off the list, the table is made with the home-made one
    host.get_by_role("button", name="Remove King").click()
    host.click("#create-table")
    expect(host.locator("#share")).to_be_visible()
    assert statuses == [422, 201]
