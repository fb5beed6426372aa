"""Guards: reasons a match of a card's words is not a mention of the card.

Each guard takes the analysed text and a match (its first and last token) and returns the
reason it blocks, or None. The word tables are in `rules.py`; `block_reason` applies the ones
that fit the card's group.
"""

import re

from companion.referee import rules
from companion.referee.patterns import Hit
from companion.referee.text import Analysis
from companion.referee.tokens import words

# Japanese: the verbs of existence and possession (ドラゴンはいなかった, 剣を持っていない).
_JA_EXISTENCE = words("いる 居る ある 有る 持つ 見つかる 見つける 無い ない なし 無し")
_JA_SINGLE_WINDOW = 8  # from a noun to the も of 一本も, 一人も, 一度も
# Counters of things (一匹も: not a single one) and of times (一度も: never once; it denies an
# event, not the prince who 一度も笑わなかった).
_JA_THINGS = words("人 匹 本 つ 頭 羽 冊 軒 枚 個 台 隻 粒 輪 着 通 滴 片")
_JA_TIMES = words("度 回")
_ARTICLES = words("a an the un una el la los las unos unas")
_JA_EXPERIENCE = words("見る 会う 出会う 聞く 見かける")
# Definite determiners: the thing is already in the story ("she hoped the king would come").
_DEFINITE = words("the his her their its my our your el la los las al del su sus mi")
# Spanish "iba a la posada" is a going, not a future ("iba a casarse").
_ES_DETERMINERS = words("el la los las un una unos unas mi su sus")
# Spanish future and conditional after an event noun: "la boda se celebraría", "será".
_ES_FUTURE = re.compile(r"^[a-zñ]{2,}(?:rá|rán|ría|rían)$")


def _is_negator(analysis: Analysis, index: int) -> bool:
    token = analysis.tokens[index]
    if token.lang == "ja":
        return bool(token.keys & rules.NEGATORS["ja"]) and not token.pos.startswith("名詞")
    return token.text in rules.NEGATORS[token.lang] or token.text.endswith("n't")


def _is_subject_negator(analysis: Analysis, index: int) -> bool:
    tokens = analysis.tokens
    token = tokens[index]
    if token.text in rules.SUBJECT_NEGATORS[token.lang]:
        return True
    # "no one", "not one of the soldiers"
    return (
        token.text in ("no", "not") and index + 1 < len(tokens) and tokens[index + 1].text == "one"
    )


def negated(analysis: Analysis, first: int, last: int, *, predicate: bool) -> str | None:
    """The match is negated.

    `predicate`: the match is an event or a state ("met", "brave"). A subject negator ("nobody
    was brave") denies a predicate anywhere after it in its clause, and an object negator right
    after one ("the frog said nothing") too; a thing is negated only by a negator just before
    it ("no dragon", "sin espada"), and in Japanese through an existence or possession verb
    (竜はいなかった), so that 王は森に行かなかった keeps its king.
    """
    tokens = analysis.tokens
    if tokens[first].lang == "ja":
        return _negated_japanese(analysis, first, last, predicate=predicate)
    for j in range(first - 1, -1, -1):
        if not analysis.same_clause(j, first):
            break
        within = first - j <= rules.NEGATION_WINDOW
        if _is_subject_negator(analysis, j):
            # "nobody had ever seen a giant": an indefinite thing is denied too; and "neither
            # sword", "ninguna bruja", "not one ghost": the negator is the thing's determiner
            if predicate or _indefinite_before(analysis, first) or _determines(analysis, j, first):
                return f"negated by {tokens[j].text!r}"
        elif within and _is_negator(analysis, j):
            if not predicate and _correlative_before_definite(analysis, j, first):
                continue  # "ni la bruja ni el hada pudieron…": both are in the story
            return f"negated by {tokens[j].text!r}"
    if predicate:
        for k in range(last + 1, min(len(tokens), last + 3)):
            if tokens[k].text in rules.OBJECT_NEGATORS[tokens[k].lang]:
                return f"negated by {tokens[k].text!r}"
    return None


def _determines(analysis: Analysis, negator: int, first: int) -> bool:
    """The subject negator at `negator` is the determiner of the noun at `first`: "neither
    sword", "ninguna bruja", "not one ghost" (at most one word, an adjective, between; "not one
    of the soldiers" and "neither the witch" name things that are there)."""
    tokens = analysis.tokens
    token = tokens[negator]
    start = negator + 1
    if token.text in ("not", "no") and start < len(tokens) and tokens[start].text == "one":
        start += 1
    elif token.text not in rules.DETERMINER_NEGATORS[token.lang]:
        return False
    between = tokens[start:first]
    return len(between) <= 1 and not any(
        t.text in _DEFINITE or t.text in ("of", "de") for t in between
    )


def _correlative_before_definite(analysis: Analysis, negator: int, first: int) -> bool:
    """A correlative negator ("nor", "ni") with a definite determiner before the noun."""
    tokens = analysis.tokens
    if tokens[negator].text not in rules.CORRELATIVE_NEGATORS[tokens[negator].lang]:
        return False
    return any(tokens[k].text in _DEFINITE for k in range(negator + 1, first))


def _indefinite_before(analysis: Analysis, first: int) -> bool:
    tokens = analysis.tokens
    return any(
        tokens[j].text in rules.INDEFINITE and analysis.same_clause(j, first)
        for j in range(max(0, first - 2), first)
    )


def _negated_japanese(analysis: Analysis, first: int, last: int, *, predicate: bool) -> str | None:
    tokens = analysis.tokens
    end = min(len(tokens), last + 1 + rules.JA_NEGATION_WINDOW)
    if predicate:
        # a negator the evidence passes over (盗まれた read in 盗まれなかった), or one after it; a
        # negator that ends the evidence is the card's own phrase (帰り道がわからなく: lost)
        for k in [*range(first + 1, last), *range(last + 1, end)]:
            if k > last and not analysis.same_clause(k, last):
                break
            if _is_negator(analysis, k):
                return f"negated by {tokens[k].text!r}"
    single = _not_a_single(analysis, last, predicate=predicate)
    if single is not None:
        return single
    # the first verb or adjective after the noun: an existence verb, then a negator
    for k in range(last + 1, end):
        if not analysis.same_clause(k, last):
            return None
        if tokens[k].pos.startswith(("動詞", "形容詞")) or tokens[k].keys & _JA_EXISTENCE:
            if tokens[k].keys & _JA_EXPERIENCE:  # the noun is its object: 巨人を見た
                seen = tokens[last + 1].text in ("を", "に")
                return _never_experienced(analysis, k) if seen else None
            if not tokens[k].keys & _JA_EXISTENCE or _not_the_verbs_subject(analysis, last, k):
                return None
            if _is_negator(analysis, k):
                return f"negated by {tokens[k].text!r}"
            for n in range(k + 1, min(len(tokens), k + 6)):
                if _is_negator(analysis, n):
                    return f"negated by {tokens[n].text!r}"
            return None
    return None


def _not_a_single(analysis: Analysis, last: int, *, predicate: bool) -> str | None:
    """木は一本も残っていなかった, 幽霊は一人も現れなかった, 一度もない: "not a single one"
    (一 and a counter, then も) and a negator after it, in the noun's clause. A thing must be
    what is counted: marked は, が or も, and no other noun before the count (塔には幽霊は一人も
    keeps its tower); an event is denied by 一度も anywhere in its clause."""
    tokens = analysis.tokens
    particle = tokens[last + 1].text if last + 1 < len(tokens) else ""
    if not predicate and particle not in ("は", "が", "も"):
        return None
    counters = _JA_TIMES | _JA_THINGS if predicate else _JA_THINGS
    for k in range(last + 2, min(len(tokens), last + 1 + _JA_SINGLE_WINDOW)):
        if not analysis.same_clause(k, last):
            return None
        if tokens[k].text == "も" and _one_of_a_counter(analysis, k - 1, counters):
            count = k - 2 if tokens[k - 2].text == "一" else k - 1
            if not predicate and any(
                tokens[j].pos.startswith(("名詞", "代名詞")) for j in range(last + 2, count)
            ):
                return None
            for n in range(k + 1, min(len(tokens), k + 6)):
                if not analysis.same_clause(n, k):
                    return None
                if _is_negator(analysis, n):
                    return f"not a single one ({tokens[n].text!r})"
    return None


def _one_of_a_counter(analysis: Analysis, index: int, counters: frozenset[str]) -> bool:
    """一 and one of `counters`, as one token (一人) or two (一/本)."""
    tokens = analysis.tokens
    token = tokens[index]
    if token.text.startswith("一") and token.text[1:] in counters:
        return True
    return index > 0 and tokens[index - 1].text == "一" and token.text in counters


def _not_the_verbs_subject(analysis: Analysis, noun: int, verb: int) -> bool:
    """The noun is where (島には川がなかった) or whose (王子は剣を持たずに), not what is denied:
    it is followed by に or で, or it is a topic or subject with another noun marked as the
    verb's subject or object (が, も, を) between it and the verb."""
    tokens = analysis.tokens
    particle = tokens[noun + 1].text if noun + 1 < len(tokens) else ""
    # 狼ではなく is a copula denied (not a wolf); 森では竜がいなかった is a place
    copula = (
        particle == "で"
        and noun + 3 < len(tokens)
        and tokens[noun + 2].text in ("は", "も")
        and _is_negator(analysis, noun + 3)
    )
    if particle == "に" or (particle == "で" and not copula):
        return True
    if particle not in ("は", "が"):
        return False
    return any(
        tokens[k].text in ("が", "も", "を")
        and tokens[k - 1].pos.startswith(("名詞", "代名詞"))
        and not _one_of_a_counter(analysis, k - 1, _JA_THINGS)
        for k in range(noun + 3, verb)
    )


def _never_experienced(analysis: Analysis, verb: int) -> str | None:
    """巨人を見たことがなかった: a verb of seeing or meeting, こと, then a negator."""
    tokens = analysis.tokens
    for k in range(verb + 1, min(len(tokens), verb + 4)):
        if tokens[k].text == "こと":
            for n in range(k + 1, min(len(tokens), k + 4)):
                if _is_negator(analysis, n):
                    return f"never seen ({tokens[n].text!r})"
    return None


def _before(analysis: Analysis, markers: list[Hit], first: int, window: int) -> Hit | None:
    """A marker ending within `window` words before the match, in its clause."""
    for marker in markers:
        if 0 < first - marker.last <= window and analysis.same_clause(marker.last, first):
            return marker
    return None


def _after(analysis: Analysis, markers: list[Hit], last: int, window: int) -> Hit | None:
    """A marker starting within `window` words after the match, in its clause."""
    for marker in markers:
        if 0 < marker.first - last <= window and analysis.same_clause(marker.first, last):
            return marker
    return None


def _quote(analysis: Analysis, marker: Hit) -> str:
    return repr(analysis.text[marker.start : marker.end])


def wished(analysis: Analysis, first: int, last: int, group: str | None = None) -> str | None:
    """Only wished or longed for: "she longed for a child", いつか竜を見てみたい. A definite
    person is already there: "she hoped the king would come" has a king."""
    markers = analysis.markers["desire"]
    tokens = analysis.tokens
    if group == "characters" and first > 0 and tokens[first - 1].text in _DEFINITE:
        return None
    if analysis.tokens[first].lang == "ja":
        marker = _after(analysis, markers, last, rules.DESIRE_WINDOW + 2)
    else:
        marker = _before(analysis, markers, first, rules.DESIRE_WINDOW)
    return None if marker is None else f"only wished for ({_quote(analysis, marker)})"


def not_yet(analysis: Analysis, first: int, last: int, group: str = "events") -> str | None:
    """The event or state is only intended, feared, supposed, or to come."""
    markers = [m for m in analysis.markers["irrealis"] if not _going_somewhere(analysis, m)]
    window = rules.IRREALIS_WINDOW.get(group, rules.IRREALIS_WINDOW["events"])
    if analysis.tokens[first].lang == "ja":
        marker = _after(analysis, markers, last, window)
    else:
        marker = _before(analysis, markers, first, window)
        if marker is None and group == "events":
            marker = _after(
                analysis, analysis.markers["post-irrealis"], last, rules.POST_IRREALIS_WINDOW
            )
        if marker is None and group == "events" and analysis.tokens[first].lang == "es":
            return _spanish_future(analysis, last)
    return None if marker is None else f"not happened yet ({_quote(analysis, marker)})"


def _going_somewhere(analysis: Analysis, marker: Hit) -> bool:
    """ "iba a la boda": "ir a" before a determiner is a going, not a future."""
    tokens = analysis.tokens
    after = marker.last + 1
    return (
        tokens[marker.last].lang == "es"
        and tokens[marker.last].text == "a"
        and after < len(tokens)
        and tokens[after].text in _ES_DETERMINERS
    )


def _spanish_future(analysis: Analysis, last: int) -> str | None:
    tokens = analysis.tokens
    for k in range(last + 1, min(len(tokens), last + 1 + rules.POST_IRREALIS_WINDOW)):
        word = analysis.text[tokens[k].start : tokens[k].end]
        if _ES_FUTURE.match(word) and analysis.same_clause(k, last):
            return f"not happened yet ({word!r})"
    return None


def figurative(analysis: Analysis, start: int, end: int) -> str | None:
    """The words are part of an idiom in another sense ("a dry spell", 宝の山)."""
    for span_start, span_end in analysis.figurative:
        if span_start < end and start < span_end:
            return f"idiom ({analysis.text[span_start:span_end]!r})"
    return None


def simile(analysis: Analysis, first: int, last: int) -> str | None:
    """A comparison: "like a wolf", "as strong as a bear", "como un oso", 鬼のような."""
    tokens = analysis.tokens
    if tokens[first].lang == "ja":
        marker = _after(analysis, analysis.markers["simile"], last, 1)
        return None if marker is None else f"a comparison ({_quote(analysis, marker)})"
    if tokens[first].lang == "es":
        marker = _before(analysis, analysis.markers["simile"], first, 2)
        if marker is None and _spanish_comparative(analysis, first):
            return "a comparison ('más … que')"
        return None if marker is None else f"a comparison ({_quote(analysis, marker)})"
    if _figure_of_a_person(analysis, first, last):
        return "a figure of speech ('… of a man')"
    j = first - 1
    while j >= 0 and tokens[j].text in _ARTICLES | rules.DETERMINERS and first - j <= 3:
        j -= 1
    if j < 0 or not analysis.same_clause(j, first):
        return None
    indefinite = any(tokens[k].text in rules.INDEFINITE for k in range(j + 1, first))
    if tokens[j].text == "like" and (j == 0 or tokens[j - 1].text not in rules.LIKE_AS_VERB):
        return "a comparison ('like')"
    if tokens[j].text == "as" and j >= 2 and tokens[j - 2].text == "as":
        return "a comparison ('as … as')"
    if tokens[j].text == "as" and j >= 1 and tokens[j - 1].text in rules.SIMILE_ADJECTIVES:
        return "a comparison ('… as')"
    if tokens[j].text == "than" and indefinite:  # "bigger than a horse", not "than the king"
        return "a comparison ('than')"
    return None


def _spanish_comparative(analysis: Analysis, first: int) -> bool:
    """ "más grande que un caballo" (not "que el rey": a definite one is there)."""
    tokens = analysis.tokens
    if (
        first < 3
        or tokens[first - 1].text not in rules.INDEFINITE
        or tokens[first - 2].text != "que"
    ):
        return False
    return any(tokens[k].text in ("mas", "menos") for k in range(max(0, first - 6), first - 2))


def _figure_of_a_person(analysis: Analysis, first: int, last: int) -> bool:
    """ "a dragon of a woman", "a bear of a man"."""
    tokens = analysis.tokens
    return (
        first >= 1
        and tokens[first - 1].text in ("a", "an")
        and last + 3 < len(tokens)
        and tokens[last + 1].text == "of"
        and tokens[last + 2].text in ("a", "an")
        and tokens[last + 3].text in rules.FIGURE_OF
    )


def represented(analysis: Analysis, first: int, last: int) -> str | None:
    """A likeness, not the creature: a stone dragon, a portrait of the king, 竜の像."""
    marker = _before(analysis, analysis.markers["representation-before"], first, 2)
    if marker is None:
        marker = _after(analysis, analysis.markers["representation-after"], last, 2)
    return None if marker is None else f"a likeness ({_quote(analysis, marker)})"


def pretended(analysis: Analysis, first: int, last: int) -> str | None:
    """Pretence: "played at being kings", "disfrazado de mendigo", 王様ごっこ."""
    tokens = analysis.tokens
    for marker in analysis.markers["pretence"]:
        if not analysis.same_sentence(marker.first, first):
            continue
        if tokens[first].lang == "ja" and 0 < marker.first - last <= 2:
            return f"pretence ({_quote(analysis, marker)})"
        if tokens[first].lang != "ja" and 0 < first - marker.last <= 5:  # "kings and queens"
            return f"pretence ({_quote(analysis, marker)})"
    return None


_COMPOUND_ADJECTIVE = re.compile(
    r"-(?:like|shaped|sized|size|smooth|colou?red|headed|faced|eyed|legged|hearted|footed|"
    r"tailed|winged|skinned|haired|wise|proof|free|tight|bound|struck)\b",
    re.IGNORECASE,
)
_TITLES = frozenset({"king", "queen", "prince", "princess", "old", "lady", "lord", "sir"})


def in_a_name_or_compound(analysis: Analysis, first: int, last: int) -> str | None:
    """English words that are not the thing: a compound adjective ("dragon-shaped", "mirror-
    smooth", "lion-hearted"), or a word inside a longer proper name that it does not end ("the
    Dragon Inn", but "the Dark Forest" is a forest and "King Arthur" a king)."""
    tokens = analysis.tokens
    token = tokens[last]
    if token.lang != "en":
        return None
    if _COMPOUND_ADJECTIVE.match(analysis.text, token.end):
        return "part of a compound adjective"
    original = analysis.text[tokens[first].start : tokens[first].end]
    sentence_start = first == 0 or not analysis.same_sentence(first - 1, first)
    if not original[:1].isupper() or sentence_start or tokens[first].text in _TITLES:
        return None
    if last + 1 < len(tokens) and analysis.same_clause(last, last + 1):
        following = analysis.text[tokens[last + 1].start : tokens[last + 1].end]
        if following[:1].isupper():
            return "part of a proper name"
    return None


def _original(analysis: Analysis, index: int) -> str:
    token = analysis.tokens[index]
    return analysis.text[token.start : token.end]


def named(analysis: Analysis, first: int, last: int) -> str | None:
    """A card's word used as a name: "a cat called Queen", "the inn named The Crown", "Mr. Wolf",
    "un perro llamado Lobo", オオカミという名の犬. Titles keep their sense ("called Queen Mab
    to her side" is a queen), and so do lower-case words ("the king called the guards")."""
    tokens = analysis.tokens
    if tokens[first].lang == "ja":
        for marker in analysis.markers["naming"]:
            if marker.first == last + 1:
                return f"a name ({_quote(analysis, marker)})"
        return None
    if not _original(analysis, first)[:1].isupper():
        return None
    followed = last + 1 < len(tokens) and _original(analysis, last + 1)[:1].isupper()
    if tokens[first].text in _TITLES and followed:
        return None
    before = first - 1
    if (
        before >= 0
        and tokens[before].text in _ARTICLES
        and _original(analysis, before)[:1].isupper()
    ):
        before -= 1  # "named The Crown"
    for marker in analysis.markers["naming"]:
        if marker.last == before:
            return f"a name ({_quote(analysis, marker)})"
    return None


def told_about(analysis: Analysis, first: int, last: int) -> str | None:
    """Only the subject of a tale: "a story about a giant", "un cuento sobre un gigante",
    巨人の物語."""
    marker = _before(analysis, analysis.markers["told-about-before"], first, 3)
    if marker is None:
        marker = _after(analysis, analysis.markers["told-about-after"], last, 1)
    return None if marker is None else f"only told about ({_quote(analysis, marker)})"


def hypothetical(analysis: Analysis, first: int, last: int) -> str | None:
    """A thing only supposed, promised or sought: "if a wolf came", "promised to bake a cake",
    "para buscar un tesoro", もし狼が来たら. An indefinite article marks it as not in the story
    yet; a definite one is ("if the frog could talk" has a frog)."""
    tokens = analysis.tokens
    if tokens[first].lang == "ja":
        arrival = range(last + 1, min(len(tokens), last + 4))
        if not any(tokens[k].keys & rules.JA_ARRIVAL for k in arrival):
            return None
    else:
        articles = [
            j
            for j in range(max(0, first - 3), first)
            if tokens[j].text in rules.INDEFINITE and analysis.same_clause(j, first)
        ]
        if not articles:
            return None
        first = articles[0]  # the marker stands before the article
    marker = _before(analysis, analysis.markers["hypothetical"], first, rules.HYPOTHETICAL_WINDOW)
    return None if marker is None else f"only supposed ({_quote(analysis, marker)})"


def purposed(analysis: Analysis, first: int) -> str | None:
    """An event that is only the purpose: "went to the inn to meet the king", "set out to
    rescue her", "in order to marry", "para casarse"."""
    for marker in analysis.markers["purpose"]:
        if marker.last == first - 1:
            return f"not happened yet ({_quote(analysis, marker)})"
    if first == 0 or analysis.tokens[first - 1].text != "to":
        return None
    going = _before(analysis, analysis.markers["going"], first - 1, rules.GOING_WINDOW)
    return None if going is None else f"not happened yet ({_quote(analysis, going)} … 'to')"


def unfinished(analysis: Analysis, first: int, last: int) -> str | None:
    """Dying is not dead, drowning not drowned: "the old man was dying", 死にかけていた."""
    tokens = analysis.tokens
    if tokens[first].text in rules.UNFINISHED:
        return f"not happened yet ({_original(analysis, first)!r})"
    if first > 0 and tokens[first - 1].text in rules.NEARLY:  # "near death", "casi murió"
        return f"not happened yet ({_original(analysis, first - 1)!r})"
    for k in range(last + 1, min(len(tokens), last + 3)):
        if tokens[k].lang == "ja" and tokens[k].keys & rules.JA_UNFINISHED:
            return f"not happened yet ({_original(analysis, k)!r})"
    return None


def needs_determiner(analysis: Analysis, first: int, last: int) -> str | None:
    """ "well", "bear", "ring", … are cards only as nouns: "the well", "a bear", "rings"."""
    tokens = analysis.tokens
    token = tokens[first]
    if first != last or token.text not in rules.NEEDS_DETERMINER[token.lang]:
        return None
    if analysis.text[token.end : token.end + 1] == "-":
        return f"{token.text!r} in a compound"
    for j in range(first - 1, max(-1, first - 4), -1):
        if tokens[j].text in rules.DETERMINERS or tokens[j].text.endswith("'s"):
            return None
        if not analysis.same_clause(j, first):
            break
    return f"{token.text!r} without a determiner is not the noun"


def _in_clause(analysis: Analysis, markers: list[Hit], token: int) -> Hit | None:
    for marker in markers:
        if analysis.same_clause(marker.first, token):
            return marker
    return None


def only_perceived(analysis: Analysis, token: int) -> str | None:
    """Someone is only seen or heard, not met (OU-14's rejected People Meet)."""
    marker = _in_clause(analysis, analysis.markers["perception"], token)
    return None if marker is None else f"only perceived ({_quote(analysis, marker)})"


def vague_clue(analysis: Analysis, token: int) -> str | None:
    """Only a sound, shadow or presence: anticipating a creature (OU-10's snoring)."""
    marker = _in_clause(analysis, analysis.markers["vague"], token)
    return None if marker is None else f"only a clue ({_quote(analysis, marker)})"


def metaphor(analysis: Analysis, first: int, last: int, card_id: str | None) -> str | None:
    """A copula metaphor: "his words were a sword", "the queen was a wolf in battle",
    "sus palabras eran una espada", 女王はまさに狼だった. The thing must follow the copula
    with an indefinite article (en/es); the subject must be abstract ("words", "heart"), or a
    person when the thing is an animal."""
    tokens = analysis.tokens
    lang = tokens[first].lang
    animal = card_id in rules.METAPHOR_ANIMALS

    def figure(keys: frozenset[str]) -> bool:
        return bool(keys & rules.METAPHOR_SUBJECTS[lang]) or (
            animal and bool(keys & rules.PERSON_SUBJECTS[lang])
        )

    if lang == "ja":
        if last + 1 >= len(tokens) or not tokens[last + 1].keys & rules.COPULA["ja"]:
            return None
        for k in range(first - 1, 0, -1):  # the topic: Xは
            if not analysis.same_clause(k, first):
                break
            if tokens[k].text == "は" and tokens[k].pos.startswith("助詞"):
                return "a metaphor ('は…だ')" if figure(tokens[k - 1].keys) else None
        return None
    copula = None
    for j in range(first - 1, max(-1, first - 5), -1):
        if not analysis.same_clause(j, first):
            break
        if tokens[j].text in rules.COPULA[lang]:
            copula = j
            break
    if copula is None or not _indefinite_before(analysis, first):
        return None
    for k in range(copula - 1, max(-1, copula - 5), -1):
        if not analysis.same_clause(k, copula):
            break
        if figure(frozenset({tokens[k].text})):
            return f"a metaphor ({_original(analysis, copula)!r} …)"
    return None


def depicted(analysis: Analysis, first: int, last: int) -> str | None:
    """A depiction without "of": "a tapestry showed the king", "carved with dragons",
    "un tapiz mostraba al rey", 扉には竜が彫られていた."""
    tokens = analysis.tokens
    lang = tokens[first].lang
    if lang == "ja":
        end = min(len(tokens) - 1, last + 1 + rules.DEPICTION_WINDOW + 2)
        for k in range(last + 1, end):
            if not analysis.same_clause(k, last):
                return None
            carved = tokens[k].keys & rules.JA_DEPICTING and tokens[k + 1].keys & rules.JA_PASSIVE
            if carved and any(tokens[m].text == "が" for m in range(last + 1, k)):
                return f"a likeness ({_original(analysis, k)!r})"
        return None
    window = rules.DEPICTION_WINDOW
    marker = next(  # the sentence, not the clause: "carved with dragons and giants"
        (
            m
            for m in analysis.markers["depiction-with"]
            if 0 < first - m.last <= window and analysis.same_sentence(m.last, first)
        ),
        None,
    )
    verb = _before(analysis, analysis.markers["depiction-verb"], first, window)
    if marker is None and verb is not None:
        shown_by_art = any(
            tokens[k].text in rules.ARTWORKS[lang] and analysis.same_clause(k, verb.first)
            for k in range(verb.first)
        )
        marker = verb if shown_by_art else None
    return None if marker is None else f"a likeness ({_quote(analysis, marker)})"


def illusory(analysis: Analysis, first: int, last: int) -> str | None:
    """Only seemed: "what looked like a castle", "creyeron ver un lago", 湖が見えた気がした."""
    markers = analysis.markers["illusion"]
    if analysis.tokens[first].lang == "ja":
        marker = _after(analysis, markers, last, rules.ILLUSION_WINDOW)
    else:
        marker = _before(analysis, markers, first, rules.ILLUSION_WINDOW)
    return None if marker is None else f"only seemed ({_quote(analysis, marker)})"


def denied(analysis: Analysis, first: int, last: int) -> str | None:
    """A report then denied: "people said a dragon lived there, but none of it was true",
    竜がいるといううわさだったが、うそだった. The reporter ("the king said") stays."""
    sentence = analysis.sentence_of[first]
    denial = any(
        m.first > last and 0 <= analysis.sentence_of[m.first] - sentence <= 1
        for m in analysis.markers["denial"]
    )
    if not denial:
        return None
    ja = analysis.tokens[first].lang == "ja"
    for report in analysis.markers["report"]:
        if analysis.same_sentence(report.first, first) and (ja or report.last < first):
            return f"denied ({_quote(analysis, report)} … untrue)"
    return None


def venue_name(analysis: Analysis, first: int, last: int) -> str | None:
    """A capitalised name with no naming word: "drank at the Green Dragon", "at The Crown and
    Anchor", "the ship Sea Wolf", "en El Dragón Verde". Titles keep their sense ("King
    Arthur"), and callers leave places alone ("the Dark Forest" is a forest)."""
    tokens = analysis.tokens
    if tokens[first].lang == "ja" or not _original(analysis, first)[:1].isupper():
        return None
    if first == 0 or not analysis.same_sentence(first - 1, first):
        return None

    def capital(k: int) -> bool:
        inside = 0 < k < len(tokens) and analysis.same_sentence(k - 1, k)
        return inside and analysis.same_clause(k, first) and _original(analysis, k)[:1].isupper()

    if tokens[first].text in _TITLES and capital(last + 1):
        return None
    start, end = first, last
    while capital(start - 1):
        start -= 1
    while capital(end + 1) or (
        end + 2 < len(tokens) and tokens[end + 1].text in ("and", "y") and capital(end + 2)
    ):
        end += 1 if capital(end + 1) else 2
    if tokens[start].text in _ARTICLES:  # "at The Crown", "en El Dragón Verde"
        return "part of a name (capitalised article)"
    if (start, end) == (first, last):
        return None
    before = start - 1
    if before >= 0 and tokens[before].text in ("the", "el", "la"):
        before -= 1
    located = before >= 0 and tokens[before].text in rules.LOCATIVES
    venue = (before >= 0 and tokens[before].text in rules.VENUES) or (
        end + 1 < len(tokens) and tokens[end + 1].text in rules.VENUES
    )
    return "part of a name" if located or venue else None


def unreal(analysis: Analysis, group: str | None, first: int, last: int) -> str | None:
    """Why the words from `first` to `last` tell of something not (yet) there in the story,
    for a card of `group` (None: a free-text card, which may be of any group): only wished for,
    supposed or sought, a purpose, an unfinished event, the subject of a tale, a likeness, an
    illusion, a report then denied, a pretence. The mood guards of `block_reason`, without its
    guards on a word's shape (names, compounds, determiners), for evidence that is not a
    card's own word: the learned scorer's span (`learned.blocking_guard`)."""
    anything = group is None
    reason = wished(analysis, first, last, group) or told_about(analysis, first, last)
    if reason is None and (anything or group in rules.THING_GROUPS):
        reason = (
            hypothetical(analysis, first, last)
            or depicted(analysis, first, last)
            or illusory(analysis, first, last)
            or denied(analysis, first, last)
        )
    if reason is None and (anything or group in rules.PRETENCE_GROUPS):
        reason = pretended(analysis, first, last)
    if reason is None and (anything or group == "events"):
        reason = purposed(analysis, first) or unfinished(analysis, first, last)
    return reason


def block_reason(
    analysis: Analysis, group: str | None, first: int, last: int, card_id: str | None = None
) -> str | None:
    """Why the words from token `first` to `last` do not mention a card of `group` (None:
    a free-text card; `card_id`: the deck card, if any), or None when nothing blocks them."""
    start, end = analysis.tokens[first].start, analysis.tokens[last].end
    predicate = group in rules.IRREALIS_GROUPS
    reason = (
        figurative(analysis, start, end)
        or needs_determiner(analysis, first, last)
        or in_a_name_or_compound(analysis, first, last)
        or named(analysis, first, last)
        or simile(analysis, first, last)
        or told_about(analysis, first, last)
        or negated(analysis, first, last, predicate=predicate)
    )
    if reason is None and group == "characters":
        reason = represented(analysis, first, last)
    if reason is None and group in rules.PRETENCE_GROUPS:
        reason = pretended(analysis, first, last)
    if reason is None and (group is None or group in rules.THING_GROUPS):
        reason = (
            metaphor(analysis, first, last, card_id)
            or depicted(analysis, first, last)
            or illusory(analysis, first, last)
            or denied(analysis, first, last)
        )
        if reason is None and group != "places":
            reason = venue_name(analysis, first, last)
    if reason is None:
        reason = wished(analysis, first, last, group)
    if reason is None and group in rules.THING_GROUPS:
        reason = hypothetical(analysis, first, last)
    if reason is None and group == "events":
        reason = purposed(analysis, first) or unfinished(analysis, first, last)
    if reason is None and predicate and group is not None:
        reason = not_yet(analysis, first, last, group)
    return reason
