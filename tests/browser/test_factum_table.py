"""Factum on four phones, through the page only: the host sets up a table, three friends join
from their links, and they play two whole turns (the second with the secret best-story vote).
After every step no phone's page holds another phone's hand cards, another seat's decoy before
the table is shown, or the storyteller's card (except the storyteller's and the judge's); the
result, the scores and the best-story title show on every phone."""

import json
from collections.abc import Iterable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import audit, seed_new_tables, wait_until

expect.set_options(timeout=20_000)

SEED = 5
NAMES = ["Ana", "Ben", "Cai", "Dee"]
TARGET = 4  # no seat can reach it in the first turn (3 points at most without a best story)
STORIES = [
    "When I passed my driving test on the third try, I cried in the car park. "
    "Nobody had believed I would do it, not even me.",
    "My grandmother taught me to bake bread the winter before she died. "
    "I still use her wooden spoon.",
]

# Everything a page holds: its text (hidden parts too), every attribute, every field's value.
_PAGE_STRINGS = """() => {
    const parts = [document.documentElement.textContent];
    for (const el of document.querySelectorAll('*')) {
        for (const a of el.attributes) parts.push(a.value);
    }
    for (const el of document.querySelectorAll('input, textarea, select')) parts.push(el.value);
    return parts.join('\\n');
}"""

# The cards this phone holds: its hand panel, or the hand it chooses from right now.
_OWN_CARDS = """() => [
    ...[...document.querySelectorAll('#fa-hand [data-card], #fa-decoy [data-card]')]
        .map(el => el.dataset.card),
    ...[...document.querySelectorAll('#fa-pick-card input')].map(el => el.value),
]"""


def _shot(page: Page, screenshots: Any, screen: str) -> None:
    """A phone-size screenshot (one pixel per CSS pixel), named by screen and language."""
    language = page.evaluate("document.documentElement.lang")
    page.screenshot(path=str(screenshots / f"factum-{screen}-{language}.png"), scale="css")


def _role(page: Page) -> str | None:
    banner = page.locator("#fa-turn")
    return banner.get_attribute("data-role") if banner.count() else None


def _with_role(phones: list[Page], role: str) -> list[Page]:
    return [page for page in phones if _role(page) == role]


class Secrets:
    """What each phone may keep to itself, learnt from its own page as the game goes."""

    def __init__(self, phones: list[Page]) -> None:
        self.phones = phones
        self.checks = 0

    def hands(self) -> list[set[str]]:
        return [set(page.evaluate(_OWN_CARDS)) for page in self.phones]

    def check(
        self,
        *,
        teller_card: str | None,
        knows_card: Iterable[int],
        decoys: dict[int, str],
        table: set[str],
    ) -> None:
        """No phone shows another phone's hand card (unless it lies on the table, shuffled,
        for all), another's decoy while the table is hidden, or the storyteller's card unless
        it is the storyteller's or the judge's phone."""
        hands = self.hands()
        knowing = set(knows_card)
        for reader, page in enumerate(self.phones):
            shown = page.evaluate(_PAGE_STRINGS)
            for owner, hand in enumerate(hands):
                if owner == reader:
                    continue
                leaked = {card for card in hand - table if card in shown}
                assert not leaked, f"{NAMES[reader]}'s phone shows {NAMES[owner]}'s cards {leaked}"
                decoy = decoys.get(owner)
                if decoy and not table:
                    assert decoy not in shown, f"{NAMES[reader]} sees {NAMES[owner]}'s decoy"
            if teller_card and reader not in knowing and not table:
                assert teller_card not in shown, f"{NAMES[reader]} sees the storyteller's card"
        self.checks += 1


def _join(phone: Any, screenshots: Any) -> list[Page]:
    host = phone("/")
    host.click("#go-factum-host")
    expect(host.locator("#seats .seat-row")).to_have_count(4)
    for seat, name in enumerate(NAMES):
        host.fill(f"#seat-name-{seat}", name)
    # a short game: the best story's 3 points in turn 2 take its teller to the target
    host.fill("#fa-target", str(TARGET))
    audit(host)
    seed_new_tables(host, SEED)
    host.click("#create-table")
    expect(host.locator("#share")).to_be_visible()
    links = host.locator(".invite .link").all_inner_texts()
    assert len(links) == 4
    host.click("#open-my-seat")
    # Dee's phone speaks Japanese: the table's screens in another interface language
    friends = [phone(link, language="ja" if i == 2 else "en") for i, link in enumerate(links[1:])]
    phones = [host, *friends]
    for page in phones:
        expect(page.locator("[data-status=connection]")).to_be_visible()
        expect(page.locator("#fa-volunteer")).to_be_visible()
        expect(page.locator("#fa-turn")).to_have_attribute("data-role", "volunteer")
    audit(host)
    return phones


def _play_turn(
    phones: list[Page],
    teller: int,
    story: str,
    guessers: str,
    secrets: Secrets,
    screenshots: Any,
    number: int,
) -> None:
    phones[teller].click("#fa-volunteer")
    expect(phones[teller].locator("#fa-turn")).to_have_attribute("data-role", "storyteller")
    for other, page in enumerate(phones):
        if other != teller:
            expect(page.locator("#fa-volunteer")).to_have_count(0)
    # the storyteller picks a card of the hand and types the story
    teller_page = phones[teller]
    choice = teller_page.locator("#fa-pick-card input").first
    card = choice.get_attribute("value")
    assert card
    choice.check()
    teller_page.fill("#fa-story", story)
    audit(teller_page)
    if number == 1:
        _shot(teller_page, screenshots, "tell")
        # a phone that drops the page gets the story and its card back
        teller_page.reload()
        expect(teller_page.locator("#fa-story")).to_have_value(story)
        expect(
            teller_page.locator(f"#fa-pick-card input[value={json.dumps(card)}]")
        ).to_be_checked()
    teller_page.click("#fa-send-story")

    # the judge sees the card, privately, and chooses which team guesses
    wait_until(phones[0], lambda: len(_with_role(phones, "judge")) == 1)
    judge_page = _with_role(phones, "judge")[0]
    judge = phones.index(judge_page)
    expect(judge_page.locator("#fa-secret")).to_contain_text(card)
    for page in phones:
        expect(page.locator("#fa-story-panel")).to_contain_text(story[:30])
    secrets.check(teller_card=card, knows_card=[teller, judge], decoys={}, table=set())
    audit(judge_page)
    if number == 1:
        _shot(judge_page, screenshots, "judge")
    judge_page.click(f"#fa-guessers-{guessers}")

    # the other team adds decoys, each from its own hand
    decoys: dict[int, str] = {}
    while True:
        wait_until(
            phones[0],
            lambda: bool(_with_role(phones, "adder")) or bool(_with_role(phones, "guesser")),
        )
        adders = _with_role(phones, "adder")
        if not adders:
            break
        page = adders[0]
        seat = phones.index(page)
        audit(page)
        button = page.locator("#fa-decoy [data-card]").last
        decoys[seat] = button.get_attribute("data-card") or ""
        button.click()
        expect(page.locator("#fa-mine")).to_contain_text(decoys[seat])
        # after the last decoy the table is shown to all (this phone's reply view has it)
        shown = set(
            page.locator("#fa-table [data-card], #fa-guess [data-card]").evaluate_all(
                "cards => cards.map(c => c.dataset.card)"
            )
        )
        secrets.check(teller_card=card, knows_card=[teller, judge], decoys=decoys, table=shown)
    assert decoys, "nobody added a card"

    # the guessers see the shuffled table and vote; the others see it too, without owners
    wait_until(phones[0], lambda: bool(_with_role(phones, "guesser")))
    guesser_pages = _with_role(phones, "guesser")
    table = set(
        guesser_pages[0]
        .locator("#fa-guess [data-card]")
        .evaluate_all("buttons => buttons.map(b => b.dataset.card)")
    )
    assert card in table and set(decoys.values()) <= table and len(table) >= 5
    secrets.check(teller_card=card, knows_card=[teller, judge], decoys=decoys, table=table)
    audit(guesser_pages[0])
    if number == 2:
        _shot(guesser_pages[0], screenshots, "guess")
    for page in guesser_pages:
        page.locator(f"#fa-guess [data-card={json.dumps(card)}]").click()

    # the result on every phone: whose card was whose, points, scores
    for page in phones:
        result = page.locator(f"#fa-result[data-turn='{number}']")
        expect(result).to_be_visible()
        expect(result.locator(".fa-card.answer")).to_have_attribute("data-card", card)
        expect(result.locator(".fa-card.picked")).to_have_attribute("data-card", card)
        expect(page.locator("#fa-points li")).not_to_have_count(0)
        expect(page.locator("#fa-scores tbody tr")).to_have_count(4)


def _scores(page: Page) -> dict[str, int]:
    rows = page.locator("#fa-scores tbody tr").evaluate_all(
        "rows => rows.map(r => [r.querySelector('th').textContent,"
        " Number(r.querySelector('td').textContent)])"
    )
    return dict(rows)


@pytest.mark.slow
def test_four_phones_play_two_turns_with_the_secret_best_story_vote(phone, screenshots):
    phones = _join(phone, screenshots)
    secrets = Secrets(phones)

    # turn 1: Ben tells, the judge sends the guess to Ben's team (the card is too hard)
    _play_turn(phones, 1, STORIES[0], "storyteller", secrets, screenshots, 1)
    first = _scores(phones[0])
    assert 0 < max(first.values()) < TARGET
    for page in phones:
        assert _scores(page) == first
        expect(page.locator("#fa-title")).to_contain_text(STORIES[0][:30])
        expect(page.locator("#fa-volunteer")).to_have_count(0 if page is phones[1] else 1)

    # turn 2: Cai tells; the judge's own team guesses (the card is too obvious)
    _play_turn(phones, 2, STORIES[1], "judge", secrets, screenshots, 2)

    # the secret best-story vote: neither storyteller (Ben, Cai) votes
    wait_until(phones[0], lambda: len(_with_role(phones, "voter")) == 2)
    voters = _with_role(phones, "voter")
    assert {phones.index(page) for page in voters} == {0, 3}
    for page in (phones[1], phones[2]):
        expect(page.locator("#fa-best")).to_have_count(0)
    audit(voters[1])
    voters[1].locator("#fa-best").scroll_into_view_if_needed()
    _shot(voters[1], screenshots, "best-story")
    voters[0].click("#fa-best-current")
    expect(voters[0].locator("[data-best-vote=current]")).to_be_visible()
    for page in phones[1:]:  # the vote is secret: no other phone learns it
        expect(page.locator("#fa-progress")).to_have_attribute("data-done", "1")
        assert page.locator("[data-best-vote]").count() == 0
    voters[1].click("#fa-best-current")

    # the title moves to Cai with its 3 points, on every phone
    for page in phones:
        expect(page.locator("#fa-best-result")).to_be_visible()
        expect(page.locator("#fa-title")).to_contain_text(STORIES[1][:30])
    final = _scores(phones[0])
    assert all(_scores(page) == final for page in phones)
    assert final["Cai"] >= first["Cai"] + 3 >= TARGET

    # the end (FA-9): the highest score wins, on every phone; nobody is asked to tell again
    top = max(final.values())
    winners = [name for name, score in final.items() if score == top]
    for page in phones:
        end = page.locator("#fa-end")
        expect(end).to_be_visible()
        for name in winners:
            expect(end).to_contain_text(name)
        expect(page.locator("#fa-volunteer")).to_have_count(0)
        expect(page.locator("#fa-turn")).to_have_count(0)
    phones[3].locator("#fa-result").scroll_into_view_if_needed()
    _shot(phones[3], screenshots, "result")
    audit(phones[3])
    assert secrets.checks >= 8


def _host(phone: Any, *, physical: bool = False, kinds: tuple[str, ...] = ()) -> tuple[Page, str]:
    """The host's phone on the invitations of a new table; returns it and the spectator link."""
    host = phone("/")
    host.click("#go-factum-host")
    for seat, name in enumerate(NAMES):
        host.fill(f"#seat-name-{seat}", name)
    for seat, kind in enumerate(kinds):
        host.select_option(f"#seat-kind-{seat}", kind)
    if physical:
        host.check("input[name=deck][value=physical]")
    seed_new_tables(host, SEED)
    host.click("#create-table")
    expect(host.locator("#share")).to_be_visible()
    spectate = host.locator("#spectate").get_attribute("href")
    assert spectate
    return host, spectate


@pytest.mark.slow
def test_a_live_table_with_printed_cards_and_a_spectator(phone, server_url):
    """deck_mode "physical": players name the printed cards they lay down, the story is told
    aloud, the judge names the cards drawn to fill the table; a spectator sees the table but
    no card before it is shown."""
    from companion.story.factum import factum_bank

    printed = factum_bank("en")  # the cards on the table's printed sheets
    host, spectate = _host(phone, physical=True)
    links = host.locator(".invite .link").all_inner_texts()
    host.click("#open-my-seat")
    phones = [host, *(phone(link) for link in links[1:])]
    spectator = phone(server_url + "/" + spectate)
    expect(spectator.locator("#fa-turn")).to_have_attribute("data-role", "spectator")
    expect(spectator.locator("#fa-hand")).to_have_count(0)
    for page in phones:
        expect(page.locator("#fa-volunteer")).to_be_visible()
        expect(page.locator("#fa-hand")).to_have_count(0)  # the hand is in the player's hand

    phones[0].click("#fa-volunteer")
    phones[0].fill("#fa-printed-card", printed[0])
    audit(phones[0])
    phones[0].click("#fa-told-aloud")
    wait_until(phones[0], lambda: len(_with_role(phones, "judge")) == 1)
    judge = _with_role(phones, "judge")[0]
    expect(judge.locator("#fa-secret")).to_contain_text(printed[0])
    expect(spectator.locator("#fa-story-panel")).to_contain_text("told aloud")
    assert printed[0] not in spectator.evaluate(_PAGE_STRINGS)
    judge.click("#fa-guessers-storyteller")

    # a card already on the table is refused, in plain words; then each adder names theirs
    wait_until(phones[0], lambda: bool(_with_role(phones, "adder")))
    first = _with_role(phones, "adder")[0]
    first.fill("#fa-decoy-card", printed[0])
    first.click("#fa-decoy-send")
    expect(first.locator("#fa-refusal")).not_to_be_empty()
    audit(first)
    for n, page in enumerate(_with_role(phones, "adder"), start=1):
        page.fill("#fa-decoy-card", printed[n])
        page.click("#fa-decoy-send")
        expect(page.locator("#fa-mine")).to_contain_text(printed[n])
        assert printed[n] not in spectator.evaluate(_PAGE_STRINGS)

    # three cards on the table: the judge names the two drawn to fill it up to five
    expect(judge.locator("#fa-fill")).to_be_visible()
    judge.fill("#fa-fill-0", printed[10])
    judge.fill("#fa-fill-1", printed[11])
    audit(judge)
    judge.click("#fa-send-fill")
    expect(spectator.locator("#fa-table li")).to_have_count(5)
    expect(spectator.locator("#fa-table")).to_contain_text("Lay the cards out")
    for page in _with_role(phones, "guesser"):
        page.locator(f"#fa-guess [data-card={json.dumps(printed[0])}]").click()
    for page in [*phones, spectator]:
        expect(page.locator("#fa-result .fa-card.answer")).to_have_attribute(
            "data-card", printed[0]
        )
    audit(spectator)


@pytest.mark.slow
def test_a_story_told_by_an_ai_player_is_labelled_canned(phone):
    """One person and three AI players: after the person's turn an AI volunteers and tells a
    canned story, which every screen labels as invented, not lived."""
    host, _ = _host(phone, kinds=("human", "ai", "ai", "ai"))
    expect(host.locator(".invite .link")).to_have_count(1)  # AI seats need no link
    host.click("#open-my-seat")
    host.click("#fa-volunteer")
    choice = host.locator("#fa-pick-card input").first
    choice.check()
    expect(host.locator("#fa-told-aloud")).to_have_count(0)  # AI players must read the story
    host.fill("#fa-story", STORIES[0])
    host.click("#fa-send-story")
    # the AI judge, adders and guessers play; then an AI tells the next story
    expect(host.locator("#fa-result[data-turn='1']")).to_be_visible(timeout=60_000)
    canned = host.locator("#fa-story-panel [data-canned]")
    expect(canned).to_be_visible(timeout=60_000)
    expect(canned).to_have_text(
        "Told by an AI player: a canned story from its bank, written in advance — not a lived one."
    )
    expect(host.locator("#fa-model-note")).to_have_count(0)  # the model was not turned on
    audit(host)
    # the interface changes language in place, the table staying as it is
    host.select_option("#language", "es")
    expect(canned).to_have_text(
        "Contada por un jugador IA: una historia de repertorio, escrita de antemano; no vivida."
    )
    expect(host.locator("#fa-scores-head")).to_have_text("Puntuación")


@pytest.mark.slow
@pytest.mark.parametrize("source", ["fresh", "own"])
def test_a_table_plays_with_a_fresh_set_or_its_own_cards(phone, source):
    """The host picks the plot cards: a fresh set for the table (the prompts tool; with no
    model here, a new draw of the built-in cards), or the table's own, typed one per line; the
    hands are dealt from it."""
    own = [f"The day number {n} went wrong" for n in range(1, 31)]
    host = phone("/")
    host.click("#go-factum-host")
    for seat, name in enumerate(NAMES):
        host.fill(f"#seat-name-{seat}", name)
    host.check(f"input[name=cards][value={source}]")
    if source == "own":
        host.fill("#fa-own-cards", "\n".join([*own, own[0], "  "]))  # a repeat and a blank line
    seed_new_tables(host, SEED)
    asked: list[str] = []
    host.on("request", lambda r: asked.append(r.url) if "/v1/factum/prompts" in r.url else None)
    with host.expect_request("**/v1/tables") as created:
        host.click("#create-table")
    cards = json.loads(created.value.post_data or "{}")["cards"]
    assert len(cards) == len(set(cards))
    if source == "own":
        assert cards == own and not asked
    else:
        assert len(cards) >= 60 and len(asked) >= 2  # 60 cards, 30 a request
    expect(host.locator("#share")).to_be_visible()
    host.click("#open-my-seat")
    expect(host.locator("#fa-hand [data-card]")).to_have_count(5)
    assert set(host.evaluate(_OWN_CARDS)) <= set(cards)
    audit(host)
