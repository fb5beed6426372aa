"""Friends join from their own phones: the server bound to every interface (as `make run`), the
host's page opened at 127.0.0.1, and join links built on the server's public address
(PUBLIC_URL, here the loopback 127.0.0.2, so no test traffic leaves loopback). The invitations
have an address of their own and the home page resumes a game; a half-typed sentence survives a
reload; "let the table decide" is asked for each card; long names wrap."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import audit, hand, seed_new_tables, sentence_for

expect.set_options(timeout=20_000)

SEED = 7
LONG_NAME = "Bartholomew Maximilian Fitzgerald-Smythe"  # 40 characters, the most a name takes


def _port(url: str) -> int:
    found = re.search(r":(\d+)", url.split("//", 1)[1])
    assert found, url
    return int(found.group(1))


def _seat_chips_fit(page: Page) -> bool:
    width: int = page.evaluate("document.documentElement.clientWidth")
    rights: list[float] = page.locator(".seats li").evaluate_all(
        "chips => chips.map(chip => chip.getBoundingClientRect().right)"
    )
    overflow: bool = page.evaluate(
        "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    )
    return bool(rights) and max(rights) <= width and not overflow


@pytest.mark.slow
def test_friends_join_through_the_public_address_and_the_host_finds_the_game_again(
    lan_phone, lan_server_url, screenshots
):
    public = f"http://127.0.0.2:{_port(lan_server_url)}"
    host = lan_phone("/")
    assert host.url.startswith("http://127.0.0.1:")
    host.click("#go-host")
    host.fill("#seat-name-0", "Ann")
    host.fill("#seat-name-1", LONG_NAME)
    host.locator("#seats button.danger").nth(2).click()
    seed_new_tables(host, SEED)
    host.click("#create-table")

    # --- the invitations: links on the public address, no warning --------------------------
    expect(host.locator("#share")).to_be_visible()
    invite_url = host.url
    assert re.search(r"#/invite/[\w-]+$", invite_url)
    links = host.locator(".invite .link").all_inner_texts()
    assert len(links) == 2
    assert all(re.fullmatch(re.escape(public) + r"/#/t/[\w-]+/[\w-]{43}", link) for link in links)
    expect(host.locator("#share svg.qr")).to_have_count(2)
    assert host.locator("#local-links").count() == 0
    audit(host)

    # --- a friend's phone opens the link built for the public address ----------------------
    friend = lan_phone(links[1])
    assert friend.url.startswith(public + "/")
    expect(friend.locator("[data-status=connection]")).to_have_text("Live")
    expect(friend.locator("#turn")).to_have_text("Storyteller: Ann")
    # a 40-character name wraps inside its chip instead of pushing the others off screen
    expect(friend.locator(".seats li")).to_have_count(2)
    assert _seat_chips_fit(friend)
    friend.screenshot(path=str(screenshots / "long-names.png"))

    # --- the host opens their own seat here, and Back returns to the invitations ------------
    host.click("#open-my-seat")
    expect(host.locator("#turn")).to_have_text("You are the storyteller")
    assert host.url.startswith("http://127.0.0.1:")  # this device stays on its own address
    host.go_back()
    expect(host.locator("#share")).to_be_visible()
    assert host.locator(".invite .link").all_inner_texts() == links
    host.go_forward()
    expect(host.locator("#turn")).to_have_text("You are the storyteller")

    # --- the home page offers the game back: the seat and the invitations -------------------
    host.goto(lan_server_url + "/#/")
    resume = host.locator("#resume li")
    expect(resume).to_have_count(1)
    expect(resume).to_contain_text("Ann and " + LONG_NAME)
    host.screenshot(path=str(screenshots / "home-resume.png"))
    audit(host)
    resume.locator("[data-invites]").click()
    expect(host.locator("#share")).to_be_visible()
    assert host.url == invite_url
    assert host.locator(".invite .link").all_inner_texts() == links
    host.goto(lan_server_url + "/#/")
    host.locator("#resume [data-resume]").click()
    expect(host.locator("#turn")).to_have_text("You are the storyteller")

    # --- a half-typed sentence, its card and "let the table decide" survive a reload --------
    card = next(c for c in hand(host) if "g-aspects" not in c["classes"])
    host.fill("#sentence", sentence_for(card))
    host.select_option("#play-with", card["id"])
    host.check("#ask-table")
    host.reload()
    expect(host.locator("#sentence")).to_have_value(sentence_for(card))
    expect(host.locator("#play-with")).to_have_value(card["id"])
    expect(host.locator("#ask-table")).to_be_checked()

    # --- the table decides this card; the next card is not sent to a vote unasked -----------
    host.click("#tell")
    expect(friend.locator("#vote")).to_be_visible()
    friend.click("#vote-yes")
    expect(host.locator(f"#hand li.card[data-card='{card['id']}']")).to_have_count(0)
    expect(host.locator("#sentence")).to_have_value("")
    following = hand(host)[0]
    host.select_option("#play-with", following["id"])
    expect(host.locator("#ask-table")).to_be_visible()
    expect(host.locator("#ask-table")).not_to_be_checked()
    host.reload()  # and nothing of the sent sentence comes back
    expect(host.locator("#sentence")).to_have_value("")
