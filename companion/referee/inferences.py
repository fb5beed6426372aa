"""Inferences the rules accept (OU-10: "a baby is a child, and the king's son is a prince").

Each rule names a deck card and two kinds of words; the card is mentioned when a word of each
kind stand in one sentence, within `window` words ("son" near "king" → Prince). A rule with no
second kind needs only its first ("widow" presupposes that someone died). Royal births use the
story so far: the seed's "she gave birth to a baby boy" makes a Prince because the father, named
a sentence earlier, is a king.
"""

from dataclasses import dataclass

from companion.referee.phenomena._scope import phrases
from companion.referee.tokens import Language


@dataclass(frozen=True)
class Inference:
    card: str  # deck id
    lang: Language
    first: tuple[str, ...]
    second: tuple[str, ...] = ()
    window: int = 6
    reason: str = ""
    first_noun: bool = True  # match nouns' forms only (Spanish "gemelas" is not "gemelos")
    second_noun: bool = True
    kinship: bool = False  # "the miller's son" is not the king's: no other owner in between


_ROYAL = {
    "en": phrases("king | queen | royal | monarch | emperor | empress | his majesty | her majesty"),
    "es": phrases("rey | reina | real | monarca | emperador | emperatriz | reyes | su majestad"),
    "ja": phrases("王 | 国王 | 王様 | 女王 | 王妃 | 皇帝 | 王家 | 王室 | 陛下 | お妃 | 妃"),
}
_HEIRS = {
    "en": phrases("prince | princess | princes | princesses"),
    "es": phrases("príncipe | princesa | príncipes | princesas | infanta | infante"),
    "ja": phrases("王子 | 王女 | 姫 | お姫様 | 姫君"),
}
ANIMALS = {  # animal words; also what tells the cast (cast.py) an animal
    "en": phrases(
        "frog | toad | wolf | fox | bear | cat | kitten | horse | stallion | mare | pony | bird |"
        "raven | crow | owl | dove | sparrow | dog | hound | mouse | rat | goose | duck | swan |"
        "fish | snake | serpent | rabbit | hare | deer | stag | goat | pig | cow | bull | donkey |"
        "lion | tiger | giraffe | animal | beast | squirrel | hedgehog | tortoise | turtle |"
        "monkey | parrot | magpie | eagle | cricket | hen | rooster | cockerel | lamb | sheep"
    ),
    "es": phrases(
        "rana | sapo | lobo | zorro | oso | gato | caballo | yegua | pájaro | ave | cuervo |"
        "búho | paloma | perro | ratón | rata | ganso | pato | cisne | pez | serpiente | conejo |"
        "liebre | ciervo | cabra | cerdo | vaca | toro | burro | asno | león | tigre | jirafa |"
        "animal | bestia | ardilla | tortuga | mono | loro | urraca | águila | grillo | gallina |"
        "gallo | cordero | oveja"
    ),
    "ja": phrases(
        "蛙 | カエル | 狼 | オオカミ | 狐 | キツネ | 熊 | クマ | 猫 | ネコ | 馬 | ウマ | 鳥 |"
        "カラス | フクロウ | 鳩 | 犬 | イヌ | ネズミ | 鼠 | ガチョウ | アヒル | 白鳥 | 魚 | 蛇 |"
        "ヘビ | ウサギ | 兎 | 鹿 | シカ | ヤギ | 豚 | 牛 | ロバ | ライオン | 虎 | キリン | 動物 |"
        "獣 | リス | 亀 | 猿 | オウム | 鶏 | 羊 | 子羊"
    ),
}
_SPEAK = {
    "en": phrases(
        "speak | spoke | talk | say | said | ask | asked | reply | answer | whisper | tell |"
        "told | cry out | call out | shout | greet | beg | explain | human voice | in words |"
        "language of men | by name"
    ),
    "es": phrases(
        "hablar | habló | decir | dijo | preguntar | preguntó | responder | respondió |"
        "contestar | contestó | susurrar | susurró | gritar | gritó | contar | explicar |"
        "voz humana | saludó | por su nombre"
    ),
    "ja": phrases(
        "話す | しゃべる | 喋る | 言う | 話しかける | 答える | 尋ねる | 叫ぶ | ささやく |"
        "口を開く | 人間の言葉 | 名前を呼ぶ"
    ),
}

_KIN = {
    # (card, first kind, second kind, window, reason)
    "en": [
        ("prince", "son | sons | boy | heir", _ROYAL["en"], 5, "a king's son is a prince"),
        ("princess", "daughter | daughters | girl", _ROYAL["en"], 5, "a king's daughter"),
        ("king", "father", _HEIRS["en"], 4, "a prince's father is a king"),
        ("queen", "mother", _HEIRS["en"], 4, "a prince's mother is a queen"),
        ("queen", "widow | wife", phrases("king"), 3, "a king's wife or widow is a queen"),
    ],
    "es": [
        ("prince", "hijo | hijos | heredero", _ROYAL["es"], 7, "el hijo del rey es príncipe"),
        ("princess", "hija | hijas", _ROYAL["es"], 7, "la hija del rey es princesa"),
        ("king", "padre", _HEIRS["es"], 4, "el padre del príncipe es rey"),
        ("queen", "madre", _HEIRS["es"], 4, "la madre del príncipe es reina"),
        ("queen", "viuda | esposa | mujer", phrases("rey"), 3, "la esposa del rey es reina"),
    ],
    "ja": [
        ("prince", "息子 | 男の子 | 跡継ぎ", _ROYAL["ja"], 6, "王の息子は王子"),
        ("princess", "娘 | 女の子", _ROYAL["ja"], 6, "王の娘は王女"),
        ("king", "父 | 父親 | お父様 | 父上", _HEIRS["ja"], 4, "王子の父は王"),
        ("queen", "母 | 母親 | お母様 | 母上", _HEIRS["ja"], 4, "王子の母は女王"),
        ("queen", "妃 | 妻 | 未亡人", phrases("王 | 国王 | 王様"), 3, "王の妻は女王"),
    ],
}
_STEPMOTHER = {
    "en": (
        "new wife | second wife | married again | remarried | stepdaughter | stepson",
        "daughter | son | children | girl | boy",
    ),
    "es": (
        "nueva esposa | segunda esposa | volvió a casarse | hijastra | hijastro",
        "hija | hijo | hijos | niña | niño",
    ),
    "ja": ("後妻 | 新しい妻 | 再婚 | 継子 | 継娘", "娘 | 息子 | 子供"),
}
_DEATH = {
    "en": "widow | widower | widowed | orphan | orphaned | grave | tomb | funeral | burial |"
    "buried | mourned | mourning | late king | late queen | late husband | late wife | corpse |"
    "dead body | breathed her last | breathed his last | gave up the ghost | draw last breath |"
    "drew last breath | breathed its last | breathed their last | laid to rest",
    "es": "viuda | viudo | enviudó | huérfano | huérfana | tumba | sepultura | funeral |"
    "entierro | enterrado | enterrada | luto | difunto | difunta | cadáver |"
    "exhaló su último aliento | exhaló el último aliento | su último suspiro",
    "ja": "未亡人 | 孤児 | 亡き王 | 亡き国王 | 亡き父 | 亡き母 | 亡き夫 | 亡き妻 | 亡き王妃 | 墓 |"
    "葬式 | 葬儀 | 埋葬 | 亡骸 | 遺体 | 喪 | 息を引き取る | 葬る | 葬られる",
}
_TWINS = {
    "en": "twins | twin | triplets",
    "es": "gemelos | gemelas | mellizos | mellizas",
    "ja": "双子 | 三つ子",
}
# Events and aspects told in other words (LABELLING "paraphrase"): card → language → (first
# kind, second kind or "" for none, window). Each pair names the event, not a clue to it.
_PARAPHRASES: dict[str, dict[Language, tuple[str, str, int]]] = {
    "theft": {  # a thief carrying something off
        "en": (
            "thief | thieves | robber | robbers | bandit | bandits",
            "carried off | ran off with | ran away with | snatched | pocketed | took away",
            4,
        ),
        "es": (
            "ladrón | ladrones | ladrona | bandido | bandidos",
            "se llevó | se llevaron |huyó con | huyeron con",
            4,
        ),
        "ja": ("泥棒 | 盗賊 | 盗人", "持ち去る | 持ち出す | 持って逃げる", 6),
    },
    "wedding": {  # exchanging rings or vows
        "en": ("exchange | exchanged", "rings | vows", 3),
        "es": ("intercambiar | intercambiaron | intercambió", "anillos | votos", 3),
        "ja": ("指輪", "交わす | 交換", 4),
    },
    "storm": {  # lightning with wind or rain
        "en": ("lightning", "wind | winds | rain", 10),
        "es": ("relámpago | relámpagos | rayos", "viento | vientos | lluvia", 10),
        "ja": ("稲妻 | 稲光", "風 | 雨", 10),
    },
    "lost": {  # not finding one's way
        "en": ("could not find way | couldn't find way | did not know way | lost way", "", 0),
        "es": (
            "no encontraban el camino | no encontraba el camino | no encontraron el camino |"
            "no sabían volver | no sabía volver",
            "",
            0,
        ),
        "ja": ("帰り道 が わかる ない | 道 が わかる ない", "", 0),
    },
    "secret": {  # telling no one
        "en": ("never told anyone | told no one | told nobody | never told a soul", "", 0),
        "es": ("no se lo contó a nadie | nunca se lo dijo a nadie | no se lo dijo a nadie", "", 0),
        "ja": ("誰 に も 言う ない | 誰 に も 話す ない", "", 0),
    },
    "poor": {  # begging for a living
        "en": (
            "begged in the streets | beg in the streets | begging for bread |begged for bread",
            "",
            0,
        ),
        "es": ("pedir limosna | pedía limosna | pedían limosna | mendigar | mendigaba", "", 0),
        "ja": ("物乞い を する", "", 0),
    },
}
_LANGUAGES: tuple[Language, ...] = ("en", "es", "ja")
# Japanese puts the whole quotation between the animal and its verb: 蛙は「…」と言いました.
_TALK_WINDOW = {"en": 12, "es": 12, "ja": 24}

INFERENCES: tuple[Inference, ...] = (
    *(
        Inference(card, lang, phrases(first), second, window, reason, kinship=True)
        for lang in _LANGUAGES
        for card, first, second, window, reason in _KIN[lang]
    ),
    *(
        Inference(
            "stepmother",
            lang,
            phrases(_STEPMOTHER[lang][0]),
            phrases(_STEPMOTHER[lang][1]),
            15,
            "a father's new wife is a stepmother",
            first_noun=False,
        )
        for lang in _LANGUAGES
    ),
    *(
        Inference(
            "death",
            lang,
            phrases(_DEATH[lang]),
            reason="these words presuppose a death",
            first_noun=False,
        )
        for lang in _LANGUAGES
    ),
    *(
        Inference(
            card,
            lang,
            phrases(rule[lang][0]),
            phrases(rule[lang][1]),
            rule[lang][2] or 6,
            "an event told in other words",
            first_noun=False,
            second_noun=False,
        )
        for card, rule in _PARAPHRASES.items()
        for lang in _LANGUAGES
    ),
    *(
        Inference("child", lang, phrases(_TWINS[lang]), reason="twins are children")
        for lang in _LANGUAGES
    ),
    *(
        Inference(
            "this-animal-can-talk",
            lang,
            ANIMALS[lang],
            _SPEAK[lang],
            _TALK_WINDOW[lang],
            "an animal that speaks",
            second_noun=False,
        )
        for lang in _LANGUAGES
    ),
)

ROYAL_WORDS = _ROYAL
ROYAL_BIRTHS: dict[str, dict[Language, tuple[str, ...]]] = {
    "prince": {
        "en": phrases("baby boy | son | boy | infant son | baby son | sons | boys"),
        "es": phrases("un niño | un bebé | un hijo | hijo varón | un varón | gemelos"),
        "ja": phrases("男の赤ん坊 | 男の子 | 息子 | 男児"),
    },
    "princess": {
        "en": phrases("baby girl | daughter | daughters | girl | girls | infant daughter"),
        "es": phrases("una niña | una hija | hijas | gemelas | niñas"),
        "ja": phrases("女の赤ん坊 | 女の子 | 娘 | 女児"),
    },
}
BIRTH_WORDS: dict[Language, tuple[str, ...]] = {
    "en": phrases("birth | born | bore | deliver | delivered"),
    "es": phrases("dar a luz | dio a luz | nacer | nació | nacieron | parir | parió"),
    "ja": phrases("産む | 生む | 生まれる | 出産 | 誕生"),
}
