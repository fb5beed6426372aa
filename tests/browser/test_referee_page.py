"""Ask the referee, on a phone: a sentence and the cards the others hold (printed or made up),
the verdict with the words that brought each card in; the story so far; in Japanese too."""

from playwright.sync_api import expect

from tests.browser.helpers import audit

expect.set_options(timeout=20_000)


def test_the_referee_says_which_cards_a_sentence_brings_in(phone, screenshots):
    page = phone("/")
    page.click("#go-referee")
    page.fill("#referee-text", "The old king rode out of the castle at dawn.")
    page.fill("#referee-cards", "King, Forest\nScarecrow")
    page.click("#referee-rule")
    mentions = page.locator("#referee-mentions li")
    expect(mentions).to_have_count(1)
    expect(mentions.first).to_have_attribute("data-card", "King")
    expect(mentions.first).to_contain_text("“king” (named)")
    expect(page.locator("#referee-result")).to_have_attribute("aria-live", "polite")
    audit(page)
    page.screenshot(path=str(screenshots / "referee.png"))

    # the story so far: "the creature" is the wolf met before
    page.fill("#referee-text", "The creature howled at the moon.")
    page.fill("#referee-cards", "Wolf, Moon")
    page.click("#referee-story-toggle")
    page.fill("#referee-story", "A grey wolf followed her through the trees.")
    page.click("#referee-rule")
    wolf = page.locator("#referee-mentions li[data-card=Wolf]")
    expect(wolf).to_contain_text("described again")
    expect(wolf).to_contain_text("“The creature” (described again)")
    expect(wolf).to_contain_text("the “wolf” met earlier in the story")

    # nothing brought in, and no card typed
    page.fill("#referee-story", "")
    page.fill("#referee-text", "She sang quietly to herself.")
    page.fill("#referee-cards", "Sword")
    page.click("#referee-rule")
    expect(page.locator("#referee-none")).to_contain_text("no one may interrupt")
    page.fill("#referee-cards", " , ")
    page.click("#referee-rule")
    expect(page.locator("#referee-result .error")).to_have_text("Type at least one card.")


def test_the_referee_page_in_japanese(phone):
    page = phone("/#/referee", language="ja")
    expect(page.locator("h1")).to_have_text("審判に聞く")
    page.fill("#referee-text", "昔々、森の奥に王様が住んでいました。")
    page.fill("#referee-cards", "王様、剣")
    page.click("#referee-rule")
    mentions = page.locator("#referee-mentions li")
    expect(mentions).to_have_count(1)
    expect(mentions.first).to_have_attribute("data-card", "王様")
    expect(mentions.first).to_contain_text("名前で")
