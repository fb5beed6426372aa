"""Helpers shared by the browser tests."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

_AUDIT = (Path(__file__).parent / "a11y.js").read_text(encoding="utf-8")


def audit(page: Page) -> None:
    """Fail on accessibility problems of the page as it is now (see a11y.js)."""
    problems = page.evaluate(_AUDIT)
    assert not problems, f"accessibility problems on {page.url}: {problems}"


def seed_new_tables(page: Page, seed: int) -> None:
    """Add a fixed `seed` to the page's POST /v1/tables (the form has no such field), so the
    deal is the same on every run."""

    def add_seed(route: Any) -> None:
        body = json.loads(route.request.post_data)
        body["seed"] = seed
        route.continue_(post_data=json.dumps(body))

    page.route("**/v1/tables", add_seed)


def wait_until(page: Page, condition: Callable[[], Any], timeout_s: float = 20) -> None:
    """Poll `condition` (which may look at several pages) until it holds."""
    for _ in range(int(timeout_s * 10)):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("the pages did not get there in time")


def hand(page: Page) -> list[dict[str, str]]:
    """The cards in the player's hand: id, label and classes (group, flagged)."""
    cards: list[dict[str, str]] = page.locator("#hand li.card").evaluate_all(
        """cards => cards.map(card => ({
            id: card.dataset.card,
            label: card.querySelector('.name').textContent,
            classes: card.className,
        }))"""
    )
    return cards


def sentence_for(card: dict[str, str]) -> str:
    """A sentence that tells `card` (from `hand`) plainly, by its group: the referee hears
    each of the deck's 109 cards in these (checked against the real referee)."""
    label = card["label"].lower()
    if "g-aspects" in card["classes"]:
        if card["id"] == "this-animal-can-talk":
            return "Then the animal began to talk, and everything changed for our hero."
        return f"Then our hero became {label}, and everything changed."
    if "g-events" in card["classes"]:
        return f"Then came {label}, and everything changed for our hero."
    return f"Then came the {label}, and everything changed for our hero."


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the phone's screen as it is scrolled now."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, selector
    return bool(
        box["y"] >= 0
        and box["x"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] + box["width"] <= size["width"]
    )
