"""A live three-player table on three phones: host, join, narrate a sentence that mentions one
player's card, only that player sees the hint, interrupt, pass, play out a hand, end, vote."""

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    audit,
    hand,
    in_view,
    seed_new_tables,
    sentence_for,
    wait_until,
)

expect.set_options(timeout=20_000)

SEED = 7  # fixes the deal, so the scenario is the same on every run
TELLABLE_GROUPS = ("g-characters", "g-places", "g-items")


def _shot(page: Page, screenshots: Any, name: str) -> None:
    page.screenshot(path=str(screenshots / f"{name}.png"))


@pytest.mark.slow
def test_three_players_host_join_hint_interrupt_pass_and_end(phone, screenshots):
    # --- the host creates the table and shares the links -------------------------------------
    host = phone("/")
    host.click("#go-host")
    for seat, name in enumerate(("Ann", "Ben", "Cleo")):
        host.fill(f"#seat-name-{seat}", name)
    seed_new_tables(host, SEED)
    host.click("#create-table")
    expect(host.locator("#share")).to_be_visible()
    assert re.search(r"#/invite/[\w-]+$", host.url)  # the invitations have an address of their own
    expect(host.locator("#share svg.qr")).to_have_count(3)
    links = host.locator(".invite .link").all_inner_texts()  # what the other phones get
    assert len(links) == 3 and all(re.search(r"/#/t/[\w-]+/[\w-]{43}$", link) for link in links)
    # this server listens on loopback only and has no PUBLIC_URL: the page says so, and how to fix
    expect(host.locator("#local-links")).to_contain_text("These links work on this device only")
    expect(host.locator("#local-links")).to_contain_text("PUBLIC_URL")
    _shot(host, screenshots, "host-share")
    audit(host)

    ann = host
    ann.goto(links[0])
    ben = phone(links[1])
    cleo = phone(links[2])
    for page in (ann, ben, cleo):
        expect(page.locator("[data-status=connection]")).to_have_text("Live")
    expect(ann.locator("#turn")).to_have_text("You are the storyteller")
    expect(ben.locator("#turn")).to_have_text("Storyteller: Ann")

    # --- Ann tells a sentence with one of Ben's cards: only Ben is told, privately ------------
    ben_cards = hand(ben)
    target = next(c for c in ben_cards if any(g in c["classes"] for g in TELLABLE_GROUPS))
    card, label = target["id"], target["label"]
    ann.fill("#sentence", f"Once upon a time there was a {label.lower()} nobody could forget.")
    ann.press("#sentence", "Enter")  # Enter tells the sentence (Shift+Enter would break the line)
    expect(ann.locator("#story")).to_contain_text("nobody could forget")
    expect(cleo.locator("#story")).to_contain_text("nobody could forget")

    hint = ben.locator(f"#hint-box [data-hint='{card}']")
    expect(hint).to_contain_text(f"→ {label}")
    expect(ben.locator(f"#hand li.card.flagged[data-card='{card}']")).to_be_visible()
    expect(ben.locator("#story mark.heard")).to_have_text(re.compile(label, re.IGNORECASE))
    assert in_view(ben, f"#hint-box [data-hint='{card}'] button")  # tappable without scrolling
    _shot(ben, screenshots, "player-hint")
    audit(ben)
    # the others see no hint for it, and nothing of Ben's hand
    assert ann.locator("#hint-box").count() == 0
    assert cleo.locator(f"[data-hint='{card}']").count() == 0
    for page in (ann, cleo):
        assert page.locator(f"[data-card='{card}']").count() == 0

    # --- Cleo's interrupt is held on the wire while Ben's lands first (OU-15) ----------------
    held: list[Any] = []
    cleo.route("**/actions", lambda route: held.append(route))
    cleo_card = hand(cleo)[0]["id"]
    claim = cleo.locator(f"#hand [data-action=interrupt][data-card='{cleo_card}']")
    claim.click()  # a card the referee did not flag: the first tap only arms the button
    expect(claim).to_have_text("Sure? Tap again")
    assert not held
    claim.click()

    # --- Ben interrupts with his card and becomes storyteller ----------------------------------
    hint.get_by_role("button").click()
    expect(ben.locator("#turn")).to_have_text("You are the storyteller")
    for page in (ann, cleo):
        expect(page.locator("#turn")).to_have_text("Storyteller: Ben")
        expect(page.locator(f"#story .tag[data-card='{card}']")).to_have_text(f"{label} · Ben")
        expect(page.locator("#story mark.played")).to_have_text(re.compile(label, re.IGNORECASE))
    expect(ann.locator("#feed")).to_contain_text(f"Ben interrupted with {label}")
    _shot(ann, screenshots, "story-marked")

    # Cleo's late claim is refused, in plain words, the rule's id on tap
    assert len(held) == 1
    held[0].continue_()
    cleo.unroute("**/actions")
    expect(cleo.locator("#refusal")).to_contain_text(re.compile(r"Not allowed: \w+"))
    cleo.locator("#refusal details.rule-id summary").click()  # the rule's id, one tap away
    expect(cleo.locator("#refusal details.rule-id")).to_contain_text(re.compile(r"OU-\d+"))
    _shot(cleo, screenshots, "refusal")

    # --- Cleo's phone loses its connection; Ben passes meanwhile; she catches up -------------
    cleo.context.set_offline(True)
    expect(cleo.locator("[data-status=connection]")).to_have_text("Connection lost — retrying…")
    _shot(cleo, screenshots, "connection-lost")
    ben.click("#pass")
    ben.click("#pass-confirm")
    expect(ben.locator("#turn")).to_have_text("Storyteller: Cleo")
    expect(cleo.locator("#turn")).to_have_text("Storyteller: Ben")  # still the old state
    cleo.context.set_offline(False)
    expect(cleo.locator("[data-status=connection]")).to_have_text("Live")
    expect(cleo.locator("#turn")).to_have_text("You are the storyteller")
    expect(cleo.locator("#feed")).to_contain_text("Ben passed")

    # --- a card played on a sentence that does not tell it does not count --------------------
    # The reply is held until the stream has brought the event and the new view (a slow phone's
    # order of arrival): the notice must still be in #refusal, not cleared by that view.
    replies: list[Any] = []
    cleo.route("**/actions", lambda route: replies.append(route))
    first = hand(cleo)[0]
    cleo.select_option("#play-with", first["id"])
    cleo.fill("#sentence", "The wind blew softly over the hills.")
    cleo.click("#tell")
    wait_until(cleo, lambda: len(replies) == 1)
    response = replies[0].fetch()  # the server applies the play now
    expect(cleo.locator("#story")).to_contain_text("The wind blew softly")  # from the stream
    expect(cleo.locator("#refusal")).to_contain_text(f"Your {first['label']} did not count.")
    replies[0].fulfill(response=response)
    cleo.unroute("**/actions")
    expect(cleo.locator("#sentence")).to_have_value("")  # the reply arrived and was handled
    expect(cleo.locator("#refusal")).to_contain_text(f"Your {first['label']} did not count.")
    expect(ann.locator("#feed")).to_contain_text(f"Cleo's {first['label']} did not count")
    expect(cleo.locator(f"#hand li.card[data-card='{first['id']}']")).to_have_count(1)

    # --- Cleo plays every card, one sentence each, then ends; the others vote -----------------
    for _ in range(12):
        cards = hand(cleo)
        if not cards:
            break
        card = cards[0]
        cleo.select_option("#play-with", card["id"])
        cleo.fill("#sentence", sentence_for(card))
        cleo.click("#tell")
        played = cleo.locator(f"#hand li.card[data-card='{card['id']}']")
        wait_until(cleo, lambda p=played: not p.count() or ann.locator("#vote-yes").count())
        if played.count():  # the referee was unsure: the others decide by a show of hands
            ann.click("#vote-yes")
            ben.click("#vote-yes")
        expect(played).to_have_count(0)
    assert hand(cleo) == []
    _shot(cleo, screenshots, "storyteller-end")
    # one form at a time: the ending; one more sentence only on request, and back
    expect(cleo.locator("#end-form")).to_be_visible()
    expect(cleo.locator("#narrate-form")).to_have_count(0)
    cleo.click("#tell-instead")
    expect(cleo.locator("#narrate-form")).to_be_visible()
    expect(cleo.locator("#end-form")).to_have_count(0)
    cleo.click("#end-instead")
    expect(cleo.locator("#end-form")).to_be_visible()
    cleo.fill("#linking", "And so every thread of the tale came together at last.")
    cleo.click("#end")

    for voter in (ann, ben):
        expect(voter.locator("#vote")).to_be_visible()
    _shot(ann, screenshots, "vote")
    audit(ann)
    ann.click("#vote-yes")
    ben.click("#vote-yes")
    for page in (ann, ben, cleo):
        expect(page.locator("#finished")).to_contain_text("Cleo wins")
    _shot(cleo, screenshots, "finished")

    # --- the tale: readable page and Markdown, who told what, which cards --------------------
    cleo.click("#read-tale")
    expect(cleo.locator("#tale-story")).to_contain_text("nobody could forget")
    _shot(cleo, screenshots, "tale")
    audit(cleo)
    with cleo.expect_download() as download_info:
        cleo.click("#download-md")
    markdown = Path(download_info.value.path()).read_text(encoding="utf-8")
    assert "**Ann:** Once upon a time" in markdown
    assert f"*[{label} — Ben]*" in markdown  # Ben's interrupt card, on Ann's sentence
    assert "**Cleo:**" in markdown and "Winner: Cleo" in markdown


@pytest.mark.slow
def test_a_disputed_interrupt_goes_to_a_show_of_hands_with_the_referees_evidence(
    phone, screenshots
):
    """OU-13: a claim the referee did not hear is not penalised at once; the players not
    involved see what the referee found and decide, and only their "no" costs the card (OU-14)."""
    host = phone("/")
    host.click("#go-host")
    for seat, name in enumerate(("Ann", "Ben", "Cleo")):
        host.fill(f"#seat-name-{seat}", name)
    seed_new_tables(host, SEED)
    host.click("#create-table")
    expect(host.locator("#share")).to_be_visible()
    links = host.locator(".invite .link").all_inner_texts()
    ann = host
    ann.goto(links[0])
    ben, cleo = phone(links[1]), phone(links[2])
    for page in (ann, ben, cleo):
        expect(page.locator("[data-status=connection]")).to_have_text("Live")

    ann.fill("#sentence", "The wind blew softly over the hills.")
    ann.press("#sentence", "Enter")
    expect(cleo.locator("#story")).to_contain_text("The wind blew softly")
    claimed = hand(cleo)[0]
    claim = cleo.locator(f"#hand [data-action=interrupt][data-card='{claimed['id']}']")
    claim.click()
    expect(claim).to_have_text("Sure? Tap again")
    claim.click()

    # Ben, the one player not involved, votes, seeing what the referee found
    expect(ben.locator("#vote-title")).to_have_text(f"Cleo claims {claimed['label']}. Accept?")
    evidence = ben.locator("#vote-evidence")
    expect(evidence).to_have_text(f"The referee did not hear {claimed['label']} in this sentence.")
    expect(ben.locator("#vote blockquote")).to_contain_text("The wind blew softly")
    # the storyteller and the claimant see the same evidence, and no buttons
    for page in (ann, cleo):
        expect(page.locator("#vote-evidence")).to_have_attribute("data-finding", "not_heard")
        assert page.locator("#vote-yes").count() == 0
    expect(ann.locator("#feed")).to_contain_text("Cleo's claim goes to a show of hands")
    _shot(ben, screenshots, "vote-disputed-interrupt")
    audit(ben)
    ben.click("#vote-no")

    # turned down by the table: the card is shown and discarded, two drawn (OU-14)
    expect(cleo.locator(f"#hand li.card[data-card='{claimed['id']}']")).to_have_count(0)
    expect(cleo.locator("#hand li.card")).to_have_count(9)
    expect(cleo.locator("#refusal")).to_contain_text(claimed["label"])
    expect(ann.locator("#feed")).to_contain_text("(yes 0, no 1)")
    expect(ann.locator("#turn")).to_have_text("You are the storyteller")
