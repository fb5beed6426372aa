"""Factum's private advice on four phones (issue 12, item 5): the storyteller asks "Too obvious?"
of a draft that uses the card's own words and sees the warning with those words; the judge sees
an estimate and the team it points to; an adder sees a suggested card marked in its hand (after
a busy server said so kindly), and still chooses. After each, no other phone's DOM holds any of
it: the advice is a plain request and response to the asking phone."""

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import audit, wait_until
from tests.browser.test_factum_table import _PAGE_STRINGS, NAMES, _join, _with_role

expect.set_options(timeout=20_000)

ADVICE = "**/factum/advice"
SHOWN_ADVICE = ".fa-advice:not(:empty), [data-suggested], .fa-suggested-tag"


def _ask(page: Page, kind: str) -> dict[str, Any]:
    """Tap this phone's advice button `kind` and return the API's answer to it."""
    with page.expect_response(lambda r: r.url.endswith("/factum/advice")) as reply:
        page.click(f"#fa-ask-{kind}")
    response = reply.value
    assert response.status == 200, response.text()
    answer: dict[str, Any] = response.json()
    expect(page.locator(f"#fa-advice-{kind}")).to_have_attribute("data-state", "answered")
    return answer


def _shows_no_advice(phones: list[Page], asker: Page, private: list[str]) -> None:
    """No phone but `asker` shows any advice (its own empty advice line aside), a suggestion
    mark or one of the strings `private`."""
    for page in phones:
        if page is asker:
            continue
        assert page.locator(SHOWN_ADVICE).count() == 0
        shown = page.evaluate(_PAGE_STRINGS)
        leaked = [text for text in private if text in shown]
        assert not leaked, f"{NAMES[phones.index(page)]}'s phone shows {leaked}"


@pytest.mark.slow
def test_each_role_gets_private_advice_on_its_own_phone(phone, screenshots):
    phones = _join(phone, screenshots)
    teller = phones[1]
    teller.click("#fa-volunteer")
    choice = teller.locator("#fa-pick-card input").first
    card = choice.get_attribute("value")
    assert card
    choice.check()

    # the storyteller's draft repeats the card's words: the check lists them and warns
    teller.fill("#fa-story", f"{card}: that was me, the summer I turned twelve.")
    check = _ask(teller, "story")
    verdict = teller.locator("#fa-advice-story .fa-advice-verdict")
    expect(verdict).to_have_attribute("data-too-obvious", "true")
    assert check["too_obvious"] is True
    expect(verdict).to_have_text("Most readers would find this card — try a less direct link.")
    words = teller.locator("#fa-advice-story .fa-shared-words mark").all_inner_texts()
    assert words and words == check["shared_words"]
    assert all(word in card.lower() for word in words), (words, card)
    audit(teller)
    teller.evaluate("document.getElementById('fa-story').scrollIntoView({block: 'center'})")
    teller.screenshot(path=str(screenshots / "factum-advice-en.png"), scale="css")
    _shows_no_advice(phones, teller, [verdict.inner_text(), "Too obvious?"])

    # editing the draft makes the verdict stale: it goes
    quiet = "The summer I turned twelve I learnt who my friends were."
    teller.fill("#fa-story", quiet)
    expect(teller.locator("#fa-advice-story")).to_be_empty()
    # and an answer still on its way when the draft is edited is dropped, not shown
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    teller.route(ADVICE, hold)
    teller.click("#fa-ask-story")
    wait_until(teller, lambda: bool(held))
    expect(teller.locator("#fa-advice-story")).to_have_attribute("data-state", "pending")
    expect(teller.locator("#fa-ask-story")).to_be_disabled()
    teller.fill("#fa-story", quiet + " I still think of it.")
    with teller.expect_response(lambda r: r.url.endswith("/factum/advice")):
        held[0].continue_()
    expect(teller.locator("#fa-advice-story")).to_be_empty()
    expect(teller.locator("#fa-ask-story")).to_be_enabled()
    teller.unroute(ADVICE)
    teller.click("#fa-send-story")

    # the judge (Dee, whose phone speaks Japanese): the estimate in words and the team it points
    # to, without choosing for the judge
    wait_until(phones[0], lambda: len(_with_role(phones, "judge")) == 1)
    judge = _with_role(phones, "judge")[0]
    assert judge is phones[3]
    estimate = _ask(judge, "judge")
    line = judge.locator("#fa-advice-judge .fa-advice-verdict")
    expect(line).to_have_attribute("data-guessing-team", estimate["guessing_team"])
    expect(line).to_contain_text(f"10人中およそ{round(estimate['obviousness'] * 10)}人")
    expect(judge.locator("#fa-advice-judge")).to_contain_text(
        "あなたのチームが当てる"
        if estimate["guessing_team"] == "judge"
        else f"{NAMES[1]}さんのチームが当てる"
    )
    expect(judge.locator("#fa-turn")).to_have_attribute("data-role", "judge")  # still to choose
    audit(judge)
    _shows_no_advice(phones, judge, [line.inner_text()])
    judge.click("#fa-guessers-storyteller")

    # an adder: a busy server is said kindly, then the suggestion is marked in the hand
    wait_until(phones[0], lambda: bool(_with_role(phones, "adder")))
    adders = _with_role(phones, "adder")
    assert len(adders) == 2, "the judge's team of two adds decoys"
    adder = adders[0]
    adder.route(
        ADVICE,
        lambda route: route.fulfill(
            status=503,
            headers={"Retry-After": "5"},
            content_type="application/json",
            body=json.dumps({"error": "busy", "message": "busy"}),
        ),
    )
    adder.click("#fa-ask-decoy")
    expect(adder.locator("#fa-advice-decoy")).to_contain_text("The helper is busy right now")
    adder.unroute(ADVICE)
    suggestion = _ask(adder, "decoy")
    hand = adder.locator("#fa-decoy [data-card]").evaluate_all("b => b.map(x => x.dataset.card)")
    assert sorted(suggestion["ranking"]) == sorted(hand)
    best = suggestion["ranking"][0]
    marked = adder.locator("#fa-decoy [data-suggested]")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-card", best)
    expect(marked).to_have_attribute("aria-label", f"Add “{best}” (suggested)")
    audit(adder)
    _shows_no_advice(phones, adder, [best])

    # the mark survives the live redraw another adder's move causes; the player still chooses
    adder.evaluate("document.activeElement.blur()")
    adder.evaluate("document.getElementById('fa-decoy').dataset.old = ''")
    other = adders[1]
    other.locator("#fa-decoy [data-card]").first.click()
    expect(other.locator("#fa-mine")).to_be_visible()
    expect(adder.locator("#fa-decoy")).not_to_have_attribute("data-old", "")  # drawn anew
    expect(marked).to_have_attribute("data-card", best)
    _shows_no_advice(phones, adder, [best])
    own = next(c for c in hand if c != best)
    adder.locator(f"#fa-decoy [data-card={json.dumps(own)}]").click()
    expect(adder.locator("#fa-mine")).to_contain_text(own)
    expect(adder.locator(".fa-advice")).to_have_count(0)  # gone with the panel
    _shows_no_advice(phones, adder, [])
