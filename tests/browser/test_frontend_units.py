"""Front-end modules checked in the real browser, without the API: the QR encoder against the
Python `qrcode` package, and the interface dictionary in all three languages."""

import re
import shutil
import subprocess

import pytest
import qrcode
from qrcode.util import MODE_8BIT_BYTE, QRData

from tests.browser.conftest import PHONE, STATIC_DIR
from tests.browser.helpers import audit

LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}
TEXTS = [
    "hi",
    "http://192.168.1.20:8000/#/t/3f9c2a7e1b5d4c6f8a0e/" + "x" * 43,  # a join link
    "https://example.org/" + "y" * 150,  # version 7+ (version bits)
    "むかしむかし、ある森に小さな王子がいました。" * 4,  # multi-byte UTF-8
    "a" * 600,  # many blocks, 16-bit length field
]


@pytest.fixture(scope="module")
def page(browser, static_url):
    context = browser.new_context()
    page = context.new_page()
    page.goto(static_url + "/css/app.css")  # any same-origin page lets us import the modules
    yield page
    context.close()


def _python_matrix(text: str, level: str, mask: int) -> tuple[int, list[list[bool]]]:
    code = qrcode.QRCode(error_correction=LEVELS[level], mask_pattern=mask, border=0)
    code.add_data(QRData(text.encode(), mode=MODE_8BIT_BYTE))
    code.make(fit=True)
    return code.version, code.get_matrix()


@pytest.mark.parametrize("level", list(LEVELS))
def test_qr_matches_the_python_qrcode_package_module_for_module(page, level):
    # every text at one mask each (rotating), and the join link at all eight masks
    cases = [(text, (i + len(level)) % 8) for i, text in enumerate(TEXTS)]
    cases += [(TEXTS[1], mask) for mask in range(8)]
    got = page.evaluate(
        """async ([cases, level]) => {
            const qr = await import('/js/qr.js');
            return cases.map(([text, mask]) => {
                const code = qr.encodeQr(text, {ecl: level, mask});
                return [code.version, code.dark];
            });
        }""",
        [cases, level],
    )
    for (text, mask), (version, dark) in zip(cases, got, strict=True):
        expected_version, expected = _python_matrix(text, level, mask)
        assert version == expected_version, (text[:20], level, mask)
        assert dark == expected, (text[:20], level, mask)


def test_qr_svg_has_a_quiet_zone_and_a_label(page):
    attrs = page.evaluate(
        """async () => {
            const qr = await import('/js/qr.js');
            const svg = qr.qrSvg('http://example.org/#/t/a/b', {label: 'seat 1'});
            const code = qr.encodeQr('http://example.org/#/t/a/b');
            return [svg.getAttribute('viewBox'), svg.getAttribute('aria-label'), code.size];
        }"""
    )
    view_box, label, size = attrs
    assert view_box == f"0 0 {size + 8} {size + 8}"
    assert label == "seat 1"


def test_every_language_has_every_key(page):
    keys = page.evaluate("async () => (await import('/js/i18n.js')).allKeys()")
    assert keys["en"], "the English dictionary is empty"
    for language in ("ja", "es"):
        missing = sorted(set(keys["en"]) - set(keys[language]))
        extra = sorted(set(keys[language]) - set(keys["en"]))
        assert not missing, f"{language} lacks {missing}"
        assert not extra, f"{language} has keys English lacks: {extra}"


def test_every_key_the_code_uses_exists(page):
    keys = set(page.evaluate("async () => (await import('/js/i18n.js')).allKeys().en"))
    called: set[str] = set()
    literals: set[str] = set()
    for path in STATIC_DIR.rglob("*.js"):
        if path.name == "i18n.js":
            continue
        code = path.read_text(encoding="utf-8")
        called.update(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", code))
        literals.update(re.findall(r"""["']([a-z]+\.[\w-]+)["']""", code))
    assert called, "found no t(...) calls: the scan is broken"
    assert not sorted(called - keys)
    # and every key is used: in a call, as a string the code picks, or by a built prefix
    dynamic = ("group.", "rule.")
    unused = sorted(k for k in keys - literals - called if not k.startswith(dynamic))
    assert not unused, f"keys no code uses: {unused}"


def test_rule_explanations_cover_every_once_upon_a_time_rule(page):
    texts = page.evaluate(
        """async () => {
            const i18n = await import('/js/i18n.js');
            const out = {};
            for (const lang of i18n.LANGUAGES) {
                i18n.setLanguage(lang, {remember: false});
                out[lang] = Array.from({length: 22}, (_, i) => i18n.explainRule(`OU-${i + 1}`));
                out[lang].push(i18n.explainRule('XX-99'));
            }
            return out;
        }"""
    )
    for language, explanations in texts.items():
        *rules, unknown = explanations
        assert len(set(rules)) == 22, f"{language}: rule explanations repeat or are missing"
        assert unknown not in rules
    assert texts["ja"][10] != texts["en"][10]


def test_card_search_finds_cards_by_any_language_name(page):
    found = page.evaluate(
        """async () => {
            const deck = await import('/js/deck.js');
            deck.learnCards([
                {id: 'king', group: 'characters', text: {en: {label: 'King', aliases: ['monarch']},
                 ja: {label: '王', aliases: ['王様']}, es: {label: 'Rey', aliases: []}}},
                {id: 'prince', group: 'characters', text: {en: {label: 'Prince', aliases: []},
                 ja: {label: '王子', aliases: []}, es: {label: 'Príncipe', aliases: []}}},
            ]);
            return {
                rey: deck.searchCards('rey'), principe: deck.searchCards('principe'),
                king: deck.searchCards('KIN'), oh: deck.searchCards('王'),
                none: deck.searchCards('zzz'),
                fold: deck.fold('  Príncipe   AZUL '),
            };
        }"""
    )
    assert found["rey"] == ["king"]
    assert found["principe"] == ["prince"]
    assert found["king"] == ["king"]
    assert found["oh"] == ["king", "prince"]  # exact name first
    assert found["none"] == []
    assert found["fold"] == "principe azul"


@pytest.mark.parametrize("language", ["en", "ja", "es"])
def test_forms_are_labelled_and_readable_in_every_language(browser, static_url, language):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        for route, heading in (
            ("/", "#go-host"),
            ("/host", "#host-form"),
            ("/solo", "#solo-form"),
            ("/factum", "#generate-cards"),
        ):
            page.goto(f"{static_url}/?lang={language}#{route}")
            page.wait_for_selector(heading)
            assert page.evaluate("document.documentElement.lang") == language
            audit(page)
        # the host form's own checks answer in the interface language before any request
        page.goto(f"{static_url}/?lang={language}#/host")
        page.fill("#seat-name-0", "")
        page.click("#create-table")
        message = page.locator("#host-error").inner_text()
        expected = {
            "en": "Every seat needs a name.",
            "ja": "すべての席に名前をつけてください。",
            "es": "Cada asiento necesita un nombre.",
        }[language]
        assert message == expected
        page.fill("#seat-name-0", "Ann")
        page.click("#add-ai")
        page.check("input[name=deck][value=physical]")
        page.click("#create-table")
        no_ai = {"en": "AI seats play only", "ja": "AI席は仮想デッキ", "es": "Los asientos de IA"}
        assert page.locator("#host-error").inner_text().startswith(no_ai[language])
        assert not errors
    finally:
        context.close()


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg not installed (zbar-tools)")
def test_a_join_link_qr_code_scans_back_to_the_link(page, tmp_path):
    link = (
        "http://192.168.1.20:8000/#/t/JbztkDY4DQSWHJyW/P8YG6U45Aks7R2PU6Dw_8yChBvpUXoviiHr2i_-w_jE"
    )
    page.evaluate(
        """async (link) => {
            const qr = await import('/js/qr.js');
            const svg = qr.qrSvg(link, {label: 'join'});
            svg.style.width = '240px';
            svg.id = 'code';
            document.body.replaceChildren(svg);
        }""",
        link,
    )
    image = tmp_path / "qr.png"
    page.locator("#code").screenshot(path=str(image))
    scanned = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, check=True
    )
    assert scanned.stdout.strip() == link


def _deck_json() -> str:
    """The real deck in the shape of GET /v1/decks/once_upon_a_time."""
    import json

    from companion.cards import once_upon_a_time_deck

    deck = once_upon_a_time_deck()
    return json.dumps(
        {
            "game": "once_upon_a_time",
            "name": deck.name,
            "story_cards": [
                {
                    "id": card.id,
                    "group": str(card.group.value),
                    "interrupt": card.interrupt,
                    "names": {
                        lang: {"label": text.label, "aliases": list(text.aliases)}
                        for lang, text in card.text.items()
                    },
                }
                for card in deck
            ],
            "endings": [{"id": e.id, "sentences": dict(e.text)} for e in deck.endings],
        }
    )


@pytest.fixture
def deck_page(browser, static_url):
    """A page whose /v1/decks answers with the real deck (the static server has no API)."""
    context = browser.new_context()
    deck = _deck_json()
    context.route(
        "**/v1/decks/once_upon_a_time",
        lambda route: route.fulfill(status=200, content_type="application/json", body=deck),
    )
    page = context.new_page()
    page.goto(static_url + "/css/app.css")
    yield page
    context.close()


def test_card_search_ranks_names_before_aliases(deck_page):
    found = deck_page.evaluate(
        """async () => {
            const deck = await import('/js/deck.js');
            await deck.loadDeck();
            const first = (query) => deck.searchCards(query)[0];
            return {
                tow: deck.searchCards('tow'), dra: deck.searchCards('dra'),
                town: first('town'), draw: first('drawb'), fight: first('fig'),
                torre: first('torre'),
            };
        }"""
    )
    # City is called "town" and Bridge "drawbridge", Monster "dragon": the names come first
    assert found["tow"][0] == "tower" and "city" in found["tow"]
    assert found["dra"][0] == "dragon" and {"bridge", "monster"} <= set(found["dra"])
    assert found["town"] == "city"  # an alias still finds its card when no name matches
    assert found["draw"] == "bridge"
    assert found["fight"] == "fight"  # a word of the name "A Fight"
    assert found["torre"] == "tower"


def test_a_tables_own_cards_are_found_by_label_and_forgotten_at_another_table(deck_page):
    found = deck_page.evaluate(
        """async () => {
            const deck = await import('/js/deck.js');
            const { readView } = await import('/js/table/model.js');
            await deck.loadDeck();
            const own = (label) => ({id: `custom:items:${label}`, label, group: 'items',
                                     interrupt: false});
            readView({id: 'a', custom_cards: [own('Lantern')], seats: []});
            const atA = {lan: deck.searchCards('lan'), cus: deck.searchCards('cus'),
                         label: deck.cardLabel('custom:items:Lantern')};
            readView({id: 'b', custom_cards: [own('Kettle')], seats: []});
            return {...atA, atB: deck.searchCards('lan'), kettle: deck.searchCards('kett')};
        }"""
    )
    assert found["lan"][0] == "custom:items:Lantern" and found["label"] == "Lantern"
    # ids are not names for a table's own cards ("cus" still finds deck words: "discuss")
    assert not [card for card in found["cus"] if card.startswith("custom:")]
    assert "custom:items:Lantern" not in found["atB"]  # table b holds no Lantern
    assert found["kettle"] == ["custom:items:Kettle"]


def test_a_japanese_tale_exported_from_an_english_interface_is_japanese(deck_page):
    markdown, after = deck_page.evaluate(
        """async () => {
            const i18n = await import('/js/i18n.js');
            const deck = await import('/js/deck.js');
            const { readView } = await import('/js/table/model.js');
            const { taleMarkdown } = await import('/js/views/tale.js');
            i18n.setLanguage('en', {remember: false});
            await deck.loadDeck();
            const view = readView({
                id: 't1', seq: 9, language: 'ja', storyteller: 1, winner: 1, finished: true,
                seats: [{seat: 0, name: 'Ann'}, {seat: 1, name: 'Ben'}],
                story: [{line: 0, seat: 0, text: '昔々、王がいました。'},
                        {line: 1, seat: 1, text: '王は森へ行きました。'}],
                table: [{line: 0, seat: 0, card: 'king'}, {line: 1, seat: 1, card: 'forest'}],
                ending: {id: 'end-01'},
            });
            return [taleMarkdown(view), i18n.t('tale.winner', {name: 'Ben'})];
        }"""
    )
    assert markdown.startswith("# Ann、Benの物語") or markdown.startswith("# AnnとBenの物語")
    assert "**Ann:** 昔々、王がいました。 *[王]*" in markdown
    assert "> カード：森" in markdown
    ending = "そして私の知る限り、彼らは今でも踊り続けているのです。"
    assert f"**結末カード** (Ben): {ending}" in markdown
    assert "勝者：Ben" in markdown
    for english in ("A tale by", "Cards:", "Ending card", "Winner", "dancing", "King", "Forest"):
        assert english not in markdown, english
    assert after == "Winner: Ben"  # the interface stays in English


def test_a_draft_survives_a_reload_and_is_gone_once_sent(page):
    first = page.evaluate(
        """async () => {
            const { savedDraft } = await import('/js/table/draft.js');
            const draft = savedDraft('t1', 'tok');
            Object.assign(draft, {text: 'Once upon a', card: 'king', askTable: true});
            draft.save();
            sessionStorage.setItem('draft:t1:other', JSON.stringify({text: 7, card: 'wolf'}));
        }"""
    )
    assert first is None
    page.reload()
    restored = page.evaluate(
        """async () => {
            const { savedDraft } = await import('/js/table/draft.js');
            const draft = savedDraft('t1', 'tok');
            const other = savedDraft('t1', 'other');
            const kept = {text: draft.text, card: draft.card, askTable: draft.askTable,
                          otherText: other.text, otherCard: other.card};
            Object.assign(draft, {text: '', card: '', askTable: false});
            draft.save();
            return {kept, left: sessionStorage.getItem('draft:t1:tok')};
        }"""
    )
    assert restored["kept"] == {
        "text": "Once upon a",
        "card": "king",
        "askTable": True,
        "otherText": "",  # a stored value of the wrong type is dropped
        "otherCard": "wolf",
    }
    assert restored["left"] is None


def test_join_links_and_the_local_only_warning_trigger(page):
    found = page.evaluate(
        """async () => {
            const tables = await import('/js/tables.js');
            return {
                loopback: ['http://localhost:8000/', 'http://127.0.0.1:8000', 'http://127.9.0.2/',
                           'http://[::1]:8000'].map(tables.isLoopbackUrl),
                lan: ['http://192.168.1.20:8000', 'https://tales.example',
                      'http://127.example.org'].map(tables.isLoopbackUrl),
                link: tables.joinLink('t-1', 'a/b', 'http://192.168.1.20:8000'),
                // this static server has no /v1/server: the page's own (loopback) address
                base: await tables.publicBase(),
                origin: location.origin,
            };
        }"""
    )
    assert found["loopback"] == [True, True, True, True]
    assert found["lan"] == [False, False, False]
    assert found["link"] == "http://192.168.1.20:8000/#/t/t-1/a%2Fb"
    assert found["base"] == {"base": found["origin"], "localOnly": True}


def test_the_feed_says_what_every_outcome_did_in_every_language(page):
    """A challenge, an ending turned down (its linking sentence shown), a vote with its
    counts, a show of hands called: each has a line, in the interface language."""
    lines = page.evaluate(
        """async () => {
            const i18n = await import('/js/i18n.js');
            const { describeEvent } = await import('/js/table/events.js');
            const seats = ['Ann', 'Ben', 'Cleo'].map((name, seat) => ({seat, name}));
            const view = {seats, you: 2};
            const vote = {kind: 'vote', yes: [2], no: [0]};
            const events = [
                {type: 'action', data: {seat: 1, action: {type: 'end', seat: 1,
                    linking: ['And so the well ran dry.'], judgement: vote},
                    outcome: {accepted: false, storyteller_before: 1}}},
                {type: 'action', data: {seat: 2, action: {type: 'challenge', seat: 2},
                    outcome: {accepted: true, storyteller_before: 0}}},
                {type: 'vote_opened', data: {claimant: 2}},
            ];
            const out = {};
            for (const lang of i18n.LANGUAGES) {
                i18n.setLanguage(lang, {remember: false});
                out[lang] = events.map((event) => describeEvent(event, view));
            }
            return out;
        }"""
    )
    for language, (ending, challenge, called) in lines.items():
        assert "Ben" in ending and "And so the well ran dry." in ending, (language, ending)
        assert "1" in ending.split("well ran dry")[1], (language, ending)  # the counts
        assert "Cleo" in challenge and "Ann" in challenge, (language, challenge)
        assert "Cleo" in called, (language, called)
    assert lines["en"][0].endswith("(yes 1, no 1)")
