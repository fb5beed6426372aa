"""A Dice Upon a Time table on its own board, on a phone: the host ticks "our own board", the
format's file is one tap away, a board file with a typo is refused in words that name the place
and the field, the corrected one makes the table; the virtual table draws the table's board (its
extra place), and the live table's placement check asks about a socket tapped on that board and
answers by the board's number."""

from importlib import resources

import pytest
import yaml
from playwright.sync_api import Page, expect

from tests.browser.helpers import audit, seed_new_tables

expect.set_options(timeout=20_000)


def _own_board(typo: bool = False) -> str:
    """Our map with a lighthouse by the start city and a hungrier wolf (5 or more)."""
    text = resources.files("companion.games.dice_upon_a_time").joinpath("data/map.yaml")
    data = yaml.safe_load(text.read_text(encoding="utf-8"))
    data["name"] = "The Lighthouse Road"
    data["places"]["lighthouse"] = {
        "kind": "building",
        "name": {"en": "The Lighthouse", "ja": "灯台", "es": "El Faro"},
        "sockets": [{"number": 1, "touches": ["market_towm" if typo else "market_town"]}],
    }
    data["spirits"]["wolf"] = {"number": 5}
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _host(page: Page, *, physical: bool) -> None:
    seed_new_tables(page, 3)
    page.click("#go-du-host")
    page.fill("#seat-name-0", "Ana")
    if physical:
        page.select_option("#seat-kind-1", "human")
        page.fill("#seat-name-1", "Ken")
        page.check("#du-physical")
    page.select_option("#du-length", "short")
    expect(page.locator("#du-board-fields")).to_be_hidden()
    page.check("#du-own-board")
    expect(page.locator("#du-board-format")).to_have_attribute(
        "href", "/v1/decks/dice_upon_a_time/board.yaml"
    )
    page.click("#create-table")
    expect(page.locator("#host-error")).to_contain_text("Choose or paste your board file")


@pytest.mark.slow
def test_a_virtual_table_draws_its_own_board(phone):
    page = phone("/")
    _host(page, physical=False)
    page.fill("#du-board-text", _own_board(typo=True))
    page.click("#create-table")
    expect(page.locator("#host-error")).to_contain_text(
        "board: places[lighthouse].sockets[1].touches: unknown place 'market_towm'"
    )
    page.fill("#du-board-text", _own_board())
    page.click("#create-table")
    page.click("#open-my-seat")
    expect(page.locator("#du-map svg")).to_be_visible()
    expect(page.locator("#du-map [data-place='lighthouse'] title")).to_have_text("The Lighthouse")
    expect(page.locator("#du-map [data-socket='lighthouse.1']")).to_have_count(1)
    audit(page)


@pytest.mark.slow
def test_a_live_table_checks_a_socket_tapped_on_its_own_board(phone, screenshots):
    page = phone("/")
    _host(page, physical=True)
    page.set_input_files(
        "#du-board-file",
        files=[
            {"name": "lighthouse.yaml", "mimeType": "text/yaml", "buffer": _own_board().encode()}
        ],
    )
    expect(page.locator("#du-board-text")).to_have_value(_own_board())
    page.click("#create-table")
    page.click("#open-my-seat")
    expect(page.locator("#du-chapter")).to_contain_text("Chapter 1 of 3")
    page.locator("#duk-board summary").click()
    expect(page.locator("#duk-board summary")).to_contain_text("The Lighthouse Road")
    page.locator("#duk-board [data-socket='wolf']").click()
    expect(page.locator("#duk-at")).to_have_attribute("data-socket", "wolf")
    expect(page.locator("[data-field='socket']")).to_have_count(0)  # the board says it
    page.locator("[data-field='face'] [data-value='4']").click()
    page.click("#duk-ask")
    expect(page.locator("#duk-answer")).to_contain_text("5 or more")
    expect(page.locator("#duk-answer")).to_have_attribute("data-rule", "DU-3")
    page.locator("#duk-board [data-socket='lighthouse.1']").click()
    page.click("#duk-ask")
    expect(page.locator("#duk-answer")).to_have_class("duk-answer yes")
    page.screenshot(path=str(screenshots / "dice-upon-a-time-own-board.png"), full_page=True)
    page.click("#duk-at-clear")
    expect(page.locator("[data-field='socket']")).to_have_count(1)
    audit(page)
