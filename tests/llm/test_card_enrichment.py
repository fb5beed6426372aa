"""Card enrichment through the real OpenAI SDK, the server mocked by respx: a card typed by
players gets verified words once, the referee uses them without waiting for them, a proposal
naming a printed card or written in the wrong script loses those words, a failing model gives
nothing (and is not asked again at once), and a restart reads the words back from disk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import respx

from companion.cards import Group, custom_card, once_upon_a_time_deck
from companion.referee import Referee
from companion.story.card_enrichment import LLMCardEnricher, verified_card
from companion.story.drafts import CardEnrichmentDraft
from tests.llm.conftest import CHAT, chat_reply, error_reply, make_llm, sent

DECK = once_upon_a_time_deck()
SCARECROW: dict[str, Any] = {
    "group": "characters",
    "en": {
        "label": "Scarecrow",
        "aliases": ["straw man", "straw figure", "king", "かかし"],
        "prototypes": ["a straw man stood in the corn"],
    },
    "ja": {"label": "かかし", "aliases": ["わら人形", "案山子"], "prototypes": []},
    "es": {
        "label": "Espantapájaros",
        "aliases": ["muñeco de paja", "<b>spam</b>"],
        "prototypes": ["un muñeco de paja vigilaba el maizal"],
    },
}


def _reply(payload: dict[str, Any]) -> httpx.Response:
    return chat_reply(json.dumps(payload, ensure_ascii=False))


def test_the_referee_uses_the_words_once_known_and_never_waits(
    server: respx.MockRouter, tmp_path: Path
) -> None:
    route = server.post(CHAT).mock(return_value=_reply(SCARECROW))
    enricher = LLMCardEnricher(make_llm(), DECK, cache_dir=tmp_path)
    referee = Referee(DECK, None, enricher=enricher)
    text = "A straw man stood in the field, and the king rode by."

    first = referee.rule(text, ["Scarecrow", "king"])  # the model is asked in the background
    assert [m.card for m in first.mentions] == ["king"]
    card = enricher.enrich("Scarecrow")  # waits for that same request
    assert card is not None and card.group is Group.CHARACTERS

    later = {m.card: m for m in referee.rule(text, ["Scarecrow", "king"]).mentions}
    assert set(later) == {"Scarecrow", "king"}
    assert later["Scarecrow"].evidence == "straw man" and later["Scarecrow"].card_id is None
    spanish = referee.rule("Un muñeco de paja vigilaba el maizal.", ["scarecrow"]).mentions
    assert [m.card for m in spanish] == ["scarecrow"]
    assert [m.card for m in referee.rule("畑にわら人形が立っていた。", ["Scarecrow"]).mentions] == [
        "Scarecrow"
    ]
    assert route.call_count == 1  # once per card, never per sentence

    prompt = "\n".join(m["content"] for m in sent(route)["messages"])
    assert "<card>\nScarecrow\n</card>" in prompt


def test_a_tables_own_card_gets_the_words_and_keeps_its_id_and_group(
    server: respx.MockRouter, tmp_path: Path
) -> None:
    """A custom card of a table (companion.cards.custom) is enriched by its label like a typed
    one; the table's id and the group its host chose stay (the model proposed another)."""
    route = server.post(CHAT).mock(return_value=_reply({**SCARECROW, "group": "items"}))
    enricher = LLMCardEnricher(make_llm(), DECK, cache_dir=tmp_path)
    referee = Referee(DECK, None, enricher=enricher)
    card = custom_card("characters", "Scarecrow").id
    text = "A straw man stood in the field."

    assert referee.rule(text, [card]).mentions == ()  # asked in the background meanwhile
    assert enricher.enrich("Scarecrow") is not None
    mentions = referee.rule(text, [card]).mentions
    assert [(m.card, m.card_id, m.evidence) for m in mentions] == [(card, None, "straw man")]
    assert route.call_count == 1


def test_words_naming_a_printed_card_or_in_the_wrong_script_are_dropped() -> None:
    card = verified_card("Scarecrow", CardEnrichmentDraft.model_validate(SCARECROW), DECK)
    assert card is not None
    assert card.text["en"].label == "Scarecrow"
    assert card.text["en"].aliases == ("straw man", "straw figure")  # not "king", not かかし
    # the typed label stays a name wherever its script is read (as a free-text card's was)
    assert card.text["es"].names == ("Scarecrow", "Espantapájaros", "muñeco de paja")  # no <b>
    assert card.text["ja"].names == ("かかし", "わら人形", "案山子")


def test_a_proposal_with_no_word_of_its_own_gives_nothing() -> None:
    bare = {lang: {"label": label, "aliases": [], "prototypes": []} for lang, label in (
        ("en", "Scarecrow"), ("ja", "王様"), ("es", "Rey"),
    )}  # fmt: skip
    draft = CardEnrichmentDraft.model_validate({"group": "characters", **bare})
    assert verified_card("Scarecrow", draft, DECK) is None


def test_a_failing_model_gives_nothing_and_is_not_asked_again_at_once(
    server: respx.MockRouter,
) -> None:
    route = server.post(CHAT).mock(return_value=error_reply(500, "down"))
    enricher = LLMCardEnricher(make_llm(), DECK)
    assert enricher.enrich("Scarecrow") is None
    referee = Referee(DECK, None, enricher=enricher)
    for _ in range(3):
        ruling = referee.rule("The scarecrow stood in the field.", ["Scarecrow"])
        assert [m.card for m in ruling.mentions] == ["Scarecrow"]  # its own word still counts
    assert route.call_count == 1


def test_a_restart_reads_the_words_back_from_disk(server: respx.MockRouter, tmp_path: Path) -> None:
    route = server.post(CHAT).mock(return_value=_reply(SCARECROW))
    assert LLMCardEnricher(make_llm(), DECK, cache_dir=tmp_path).enrich("Scarecrow") is not None
    again = LLMCardEnricher(make_llm(), DECK, cache_dir=tmp_path)
    card = again.card_for("scarecrow")
    assert card is not None and "straw man" in card.text["en"].aliases
    assert route.call_count == 1
