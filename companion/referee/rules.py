"""The referee's guard tables, per language, each with the reason it exists.

A word of a card in the text is not always the card in the story. OU-10 lets players interrupt
on what the storyteller brings into the story; OU-14 rejects a claim on what has not happened.

- NEGATORS: what is said not to be there is not in the story ("there was no dragon", "sin
  espada", ドラゴンはいなかった). English and Spanish negators stand before what they negate,
  Japanese ones after the predicate. SUBJECT_NEGATORS ("nobody", "nadie") deny the predicate,
  not the things in it: "nobody recognised the king" keeps its king, loses any "brave".
- IRREALIS: an event or state only planned, wished, feared, supposed or to come has not happened
  ("planned to marry", "iba a casarse", 結婚するつもり, "the wedding was to take place").
  Only for events and aspects: a sword one dreams of is still a sword brought into the story.
- FIGURATIVE: idioms whose words name a card in another sense ("a dry spell", "cola de
  caballo", 宝の山). SIMILE: a comparison is not a presence ("as strong as a bear", "como un
  lobo", 鬼のような). REPRESENTATION: a stone dragon, a portrait of a king, are not the
  creature. PRETENCE: children playing at kings are not kings.
- NAMING: a card's word used as a name is not the thing ("a cat called Queen", "Mr. Wolf the
  baker", "un perro llamado Lobo", オオカミという名の犬).
- TOLD_ABOUT: a story, song or legend about a giant does not bring the giant in.
- HYPOTHETICAL: a thing that is only supposed, planned or looked for, said with an indefinite
  article ("if a wolf came", "promised to bake a cake", "para buscar un tesoro", もし狼が来たら);
  a definite one is already in the story ("if the frog could talk").
- PURPOSE: an event that is the purpose of a going has not happened ("went to meet the king",
  "set out to rescue her", "para casarse").
- UNFINISHED: dying is not dead, drowning not drowned (死にかけていた).
- NEEDS_DETERMINER: English words that are cards only as nouns with a determiner ("the well",
  "a bear"), not as adverbs or verbs ("sang well", "could not bear it").
- PERCEPTION: seeing or hearing someone is not meeting them (OU-14's rejected People Meet).
- VAGUE_CLUES: a noise, a shadow, a snoring is no evidence of a creature (OU-10's snoring in
  the cave is not a Monster).

Tables are written as `|`-separated phrases so they stay readable.
"""

from companion.referee.tokens import Language, words


def phrases(text: str) -> tuple[str, ...]:
    """`"a b | c"` → ("a b", "c")."""
    return tuple(p.strip() for p in text.split("|") if p.strip())


_EN_CONTRACTIONS = words(
    "didn't don't doesn't wasn't weren't isn't aren't hadn't hasn't haven't couldn't wouldn't "
    "won't shouldn't can't mustn't"
)
NEGATORS: dict[Language, frozenset[str]] = {
    # contractions also as phones and dictation type them, without the apostrophe ("wasnt")
    "en": words("no not never without nor neither none nobody nothing cannot n't")
    | words("lack lacked lacks lacking")  # "the merchant lacked the courage"
    | _EN_CONTRACTIONS
    | frozenset(c.replace("'", "") for c in _EN_CONTRACTIONS),
    "es": words("no nunca jamás jamas sin ni ningún ningun ninguna ninguno nadie nada tampoco"),
    # Japanese: dictionary forms of negative auxiliaries and adjectives after the predicate.
    "ja": words("ない ず ぬ ん なし 無い 無し ません"),
}
# Negators that are the subject of a clause: they deny its predicate, not the things in it.
SUBJECT_NEGATORS: dict[Language, frozenset[str]] = {
    "en": words("nobody none nothing neither no-one"),
    "es": words("nadie nada ninguno ninguna"),
    "ja": frozenset(),
}
# Subject negators that are also determiners: right before a noun they deny the thing itself
# ("neither sword nor shield", "ninguna bruja vivía allí"; "not one ghost" is "not" + "one").
DETERMINER_NEGATORS: dict[Language, frozenset[str]] = {
    "en": words("neither"),
    "es": words("ninguno ninguna"),
    "ja": frozenset(),
}
# Correlative negators: before a definite noun phrase they deny the predicate, not the thing
# ("neither the witch nor the fairy could break the spell": both are in the story).
CORRELATIVE_NEGATORS: dict[Language, frozenset[str]] = {
    "en": words("neither nor"),
    "es": words("ni"),
    "ja": frozenset(),
}
# After a predicate, an object negator denies it: "the frog said nothing", "no dijo nada".
OBJECT_NEGATORS: dict[Language, frozenset[str]] = {
    "en": words("nothing nobody none"),
    "es": words("nada nadie"),
    "ja": frozenset(),
}
NEGATION_WINDOW = 3  # words before (en/es) or after (ja) the evidence
JA_NEGATION_WINDOW = 8  # words after a Japanese noun to its existence verb (竜など一匹もいません)

IRREALIS: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "would | will | shall | might | should | may | if | unless | able to | unable to |"
        "want to | wanted to | wants to | wish | wished | hope | hoped | plan | planned | intend |"
        "intended | be going to | about to | dream of | dreamed of | dreamt of | try to |"
        "tried to | decide to | decided to | promise to | promised to | prepare to | prepared to |"
        "long to | longed to | fear | feared | afraid | imagine | imagined | someday | soon |"
        "tomorrow | until | before | whether | ready to | meant to | supposed to | expect |"
        "expected | yearn | yearned | threaten | threatened | vow to | vowed to | swore to |"
        "more than to | for the | for a | for their | for her | for his | waiting for |"
        "waited for | wait for | talk of | talked of | spoke of | speak of | whispered about |"
        "talked about | dreamed about | thought about | think about | invited to | invitation to |"
        "preparations for | prepared for | preparing for | on the eve of | the day before |"
        "looked forward to | look forward to | looking forward to | awaited | awaiting |"
        "announced | proclaimed | next week | next month | next year | next spring | next summer |"
        "next autumn | next winter | in a week | in a month | in a year"
    ),
    "es": phrases(
        "iba a | va a | van a | iban a | vas a | quería | querían | quiere | quiso | planeaba |"
        "planeaban | pensaba | pensaban | esperaba | esperaban | soñaba con | soñaban con | si |"
        "ojalá | deseaba | deseaban | intentó | intentaba | decidió | prometió | prometieron |"
        "a punto de | mañana | algún día | pronto | antes de | hasta que | temía | temían |"
        "podría | podrían | debería | habría | quizá | quizás | tal vez | para el | para la |"
        "para su | rogó | pidió | suplicó | propuso | de sus sueños | de su sueño | hablaban de |"
        "esperando | invitó a | invitados a | invitadas a | preparativos para | preparativos de |"
        "la víspera de | anunció | proclamó | próxima semana | próximo mes | próximo año |"
        "próxima primavera | esperaba con ilusión | dentro de un mes | dentro de un año"
    ),
    "ja": phrases(
        "つもり | たい | 予定 | だろう | でしょう | かもしれない | かも | なら | ば | よう | う |"
        "まい | はず | 計画 | 夢見る | 願う | 望む | 明日 | いつか | そう | 約束 | 夢 | 誓う |"
        "ため | 前日 | 準備 | 招待 | 予告 | 発表 | 楽しみに | 来週 | 来月 | 来年"
    ),
}
# an aspect is not-yet when close: "would be happy", not "podrás acabar con el rey malvado"
IRREALIS_WINDOW = {"events": 5, "aspects": 2}
# Wishes and longings: what is only wished for is not in the story, whatever its group ("she
# longed for a child", "いつか竜を見てみたい"). A thing merely feared or planned is ("the
# dragon would find her", "planned to steal the horse").
DESIRE: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "want | wanted | wants | wish | wished | wishes | hope | hoped | hopes | dream of |"
        "dreamed of | dreamt of | dreams of | long for | longed for | longs for | yearned for |"
        "yearn for | pray for | prayed for | someday | if only"
    ),
    "es": phrases(
        "quería | quiere | quisiera | querían | deseaba | desea | deseaban | ojalá | soñaba con |"
        "sueña con | soñaban con | anhelaba | algún día | rezaba por"
    ),
    "ja": phrases("たい | いつか | 夢見る | 願う | 望む | ほしい | 欲しい"),
}
DESIRE_WINDOW = 4

# After an event noun: "the wedding was to take place", "la boda se celebraría".
POST_IRREALIS: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "would | will | shall | was to | were to | is to | are to | was going to | is going to |"
        "was planned | was set for | had been planned | was announced"
    ),
    "es": phrases(
        "sería | será | serían | serán | se celebraría | se celebrará | tendría | tendrá | iba a |"
        "estaba prevista | estaba previsto"
    ),
    "ja": (),
}
POST_IRREALIS_WINDOW = 3
IRREALIS_GROUPS = frozenset({"events", "aspects"})

# A `*` marks the figurative word where the idiom's other words keep their sense ("*poor child":
# not Poor, still a Child); without one, every word of the idiom is figurative.
FIGURATIVE: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "*crown prince | *crown princess | king's ransom | king size | queen bee | drama queen |"
        "beauty queen | child's play | witching hour | witch hunt | giant leap | giant step |"
        "giant steps | wolfed | wolfed down | cry wolf | cried wolf | lone wolf |"
        "wolf from the door | frog in his throat | frog in her throat | frog in my throat |"
        "frog in the throat | horse around | dark horse | hold your horses | horse sense |"
        "high horse | horse's mouth | rocking horse | hobby horse | clothes horse | sea horse |"
        "cat's cradle | *cat burglar | cats and dogs | cat out of the bag | cat nap |"
        "cat and mouse | fat cat | scaredy cat | early bird | little bird told | two birds |"
        "bird's eye | birds of a feather | ghost of a smile | ghost of a chance |"
        "give up the ghost | gave up the ghost | ghost town | thick as thieves |"
        "double edged sword | sword of damocles | cross swords | crossed swords | dry spell |"
        "cold spell | hot spell | warm spell | a spell of | short spell | brief spell |"
        "spell out | spelled out | spell trouble | spell disaster | spells trouble |"
        "spells disaster | next door | behind closed doors | window of time |"
        "window of opportunity | window shopping | out the window | crown of the hill |"
        "crown of his head | crown of her head | crown of the head | crown of the tree |"
        "crowning glory | ring of fire | ring of stones | ring of mushrooms | ring of light |"
        "boxing ring | ring a bell | rang a bell | ring true | rang true | ring the bell |"
        "rang the bell | bridge of his nose | bridge of her nose | bridge of the nose |"
        "ring of truth | key to the riddle | key to success | key to the mystery |"
        "key to victory | key to happiness | key to the puzzle | key to her heart |"
        "key to his heart | key point | key question | key moment | key role | key witness |"
        "low key | mirror image | mirror smooth | by the book | in my book | book a room |"
        "booked | food for thought | same boat | rock the boat | miss the boat | missed the boat |"
        "cloak of darkness | cloak of night | cloak of secrecy | to the letter |"
        "letter of the law | capital letter | man of letters | in his shoes | in her shoes |"
        "axe to grind | on the map | off the map | rib cage | family tree | wrong tree |"
        "made of oak | of polished oak | oak table | oak chest | oak beams | oak panel |"
        "gift for | gift of the gab | forest of masts | forest of spears | forest of arms |"
        "mountain of | mountains of | out of a molehill | castles in the air | castle in the air |"
        "sand castle | tower of strength | ivory tower | cave in | river of tears |"
        "river of blood | sold down the river | sea of faces | sea of flowers | sea of troubles |"
        "sea of people | sea of grass | all at sea | sea change | no man is an island |"
        "traffic island | road to success | road to ruin | road to recovery | end of the road |"
        "garden variety | up the garden path | cottage cheese | cottage industry | lake of fire |"
        "storm of applause | storm of protest | storm of arrows | storm in a teacup |"
        "stormed out | stormed off | stormed in | stormed into | stormed away | storming out |"
        "dying to | dying of laughter | to death | dead tired | dead of night | dead end |"
        "dead silence | dead quiet | dead still | dying embers | dying light | dying fire |"
        "battle plans | battle plan | trick of the light | bear in mind | bear with |"
        "bear witness | bear fruit | bore fruit | teddy bear | bear hug | *goose girl |"
        "goose bumps | goose pimples | wild goose chase | golden goose | *poor thing |"
        "*poor soul | *poor fellow | *poor child | *poor girl | *poor boy | *poor man |"
        "*poor woman | *poor creature | *poor little | fairy tale | fairy tales | fairy lights |"
        "happy hour | lost cause | lost in thought | *lost his temper | *lost her temper |"
        "lost track | lost count | sweet tooth | feast your eyes | feast of colours |"
        "feast for the eyes | trick question | contest of wills | taught her letters |"
        "learned his letters | eye of the storm | calm before the storm | took by storm |"
        "taken by storm | *born leader | natural *born | king of the castle | king of the hill |"
        "king of beasts | queen of hearts | queen of spades | prom queen | ice queen |"
        "prince of darkness | old wives' tale | witch hazel | wizard at | wizard with |"
        "fairy ring | fairy cake | monster wave | green-eyed monster | chasing the dragon |"
        "wolf whistle | wolves at the door | thrown to the wolves | throw to the wolves |"
        "wolf in sheep's clothing | frog march | frogmarched | workhorse | horse chestnut |"
        "horsefly | gift horse | cart before the horse | horse of a different colour |"
        "flog a dead horse | beat a dead horse | horse trading | bear market | bear the brunt |"
        "bear a grudge | bore a grudge | bear the name | bore the name | bear arms |"
        "bear a resemblance | bore a resemblance | grin and bear it | bear down | bear up |"
        "cat's eyes | cat's eye | catcall | swing a cat | cat's whiskers | cat o' nine tails |"
        "cool cat | bird brain | jailbird | birds and the bees | ghost story | ghost stories |"
        "ghostwriter | pen is mightier than the sword | fall on his sword | door to door |"
        "death's door | show him the door | foot in the door | darken my door | window dressing |"
        "crown of thorns | half a crown | ring road | ring finger | ringside | ring of people |"
        "in a ring | formed a ring | sat in a ring | rang out | rings out | ring out | off key |"
        "key player | key element | key factor | keynote | treasure hunt | mirror of the soul |"
        "cook the books | good books | throw the book at | open book | poison ivy | poison pen |"
        "poisoned chalice | what's your poison | burn his boats | burn their boats |"
        "push the boat out | float your boat | cloak of mystery | cloak of silence |"
        "cloak and dagger | letters of the alphabet | red letter day | first letter of |"
        "if the shoe fits | fill his shoes | fill her shoes | other shoe to drop |"
        "on a shoestring | get the axe | got the axe | map out | mapped out | rattle his cage |"
        "rattle her cage | shoe tree | up a tree | grow on trees | wood for the trees |"
        "palace coup | picture palace | move mountains | mountain to climb | global village |"
        "sandcastle | englishman's home is his castle | tower over | towered over | towering |"
        "caved in | up the river | a sea of | sea legs | hit the road | one for the road |"
        "road rage | everything in the garden | kitchen sink | cottage pie | bridge the gap |"
        "bridged the gap | burn bridges | burned his bridges | water under the bridge |"
        "cross that bridge | game of bridge | played bridge | happy medium | happy go lucky |"
        "brave face | ugly duckling | clever clogs | open *secret | *lost interest |"
        "*lost no time | *lost sight of | *lost patience | *lost heart | *lost his life |"
        "*lost her life | *lost their lives | *wedding ring | *wedding dress | *wedding gown |"
        "*wedding band | fight back tears | fought back tears | fighting chance |"
        "fighting spirit | fight fire with fire | do the trick | did the trick |"
        "tricks of the trade | every trick in the book | matter of life and death | death wish |"
        "deadline | dead of winter | dead centre | dead certain | dead right | dead wrong |"
        "dead ahead | dead calm | died down | died away | died out | dies down |"
        "dying of boredom | died laughing | to die for | die hard | never say die |"
        "feast or famine | escaped her notice | escaped his notice | escaped her lips |"
        "escaped his lips | escaped her attention | escaped his attention | a sigh escaped |"
        "by *birth | of noble *birth | of humble *birth | of high *birth | of low *birth |"
        "birthright | chased away | chase away | cut to the chase | paper chase |"
        "storm in a teacup | brainstorm | weather the storm | weathered the storm |"
        "*giant of a man | *giant of a woman | *bear of a man | *mountain of a man |"
        "*monster of a | *tower of a man | *saint of a"
    ),
    "es": phrases(
        "pez espada | peces espada | cola de caballo | caballo de batalla | caballito de mar |"
        "a caballo regalado | *sirena del navío | *sirena del barco | sirena de niebla |"
        "sirena de la fábrica | sirena de alarma | corro de brujas | caza de brujas |"
        "hora de las brujas | corona de flores | corona de laurel | príncipe azul |"
        "estrella de mar | lobo de mar | como pez en el agua | árbol genealógico |"
        "en el mismo barco | mar de lágrimas | mar de gente | mar de dudas | río de lágrimas |"
        "río de gente | montaña rusa | montaña de | montañas de | castillo de naipes |"
        "castillos en el aire | castillo de arena | llave inglesa | gato hidráulico | a gatas |"
        "gato por liebre | cuatro gatos | reina de belleza | abeja reina | reina del baile |"
        "día de reyes | oso de peluche | hacer el oso | tormenta de ideas | tormenta de aplausos |"
        "pan comido | morirse de | muerto de hambre | muerta de hambre | muerto de miedo |"
        "muerta de miedo | muerto de cansancio | muerta de cansancio | muerto de frío |"
        "muerta de frío | muerto de risa | muerta de risa | muertos de risa | se moría de |"
        "me muero de | como muerta | como muerto | tener don | un don para | callejón sin salida |"
        "pobre de mí | *pobre hombre | *pobre mujer | *pobre niña | *pobre niño | pobrecita |"
        "pobrecito | cuento de hadas | cuentos de hadas | secreto a voces | *perdió la cabeza |"
        "*perdió los estribos | *perdió la paciencia | perdido en sus pensamientos |"
        "fantasma de una sonrisa | a la luz de | carta de navegación | castillo de fuegos |"
        "fuegos artificiales | en el fondo del pozo | mundo de los sueños |"
        "la reina de la fiesta | reyes magos | a cuerpo de rey | paso de gigante |"
        "pasos de gigante | monstruo de | boca de lobo | boca del lobo | lobo solitario |"
        "piel de cordero | salir rana | salió rana | las ranas críen pelo | a caballo entre |"
        "caballo de troya | caballos de fuerza | a mata caballo | oso hormiguero |"
        "gato encerrado | como el perro y el gato | pájaro de mal agüero |"
        "dos pájaros de un tiro | pájaros en la cabeza | pájaro en mano | pueblo fantasma |"
        "entre la espada y la pared | espada de damocles | doble filo | a puerta cerrada |"
        "puerta a puerta | en puertas | casa por la ventana | anillo al dedo | bajo siete llaves |"
        "tesoro mío | mi tesoro | libro abierto | de capa caída | capa y espada | carta blanca |"
        "a carta cabal | a las cartas | cartas sobre la mesa | tomar cartas | tomó cartas |"
        "tomaron cartas | es un hacha | era un hacha | borrar del mapa | borró del mapa |"
        "árbol de levas | no dejan ver el bosque | torre de marfil | a río revuelto | la mar de |"
        "a medio camino | abrirse camino | se abrió camino | meterse en un jardín |"
        "se metió en un jardín | pozo de sabiduría | estaba rica | estaba rico | qué rico |"
        "qué rica | está rico | está rica | hacerse el tonto | se hizo el tonto |"
        "se hacía el tonto | estaba listo | estaba lista | estaban listos | estaban listas |"
        "está listo | está lista | están listos | estar listo | estar lista | listo para |"
        "lista para | listos para | listas para | *fuerte ruido | ruido *fuerte | *fuerte golpe |"
        "golpe *fuerte | voz *fuerte | *perdió la vida | *perdieron la vida |"
        "*perdió el conocimiento | *perdió el sentido | *perdió el tiempo | *vestido de boda |"
        "*anillo de boda | *traje de novia | pagar el rescate | pagó el rescate |"
        "pidió un rescate | pidieron un rescate | exigió un rescate | exigieron un rescate |"
        "me muero por | se moría por | muerto de ganas | muerta de ganas | es un robo |"
        "se le escapó | de *nacimiento | tormenta en un vaso de agua"
    ),
    "ja": phrases(
        "宝の *山 | 山のよう | 山ほど | ごみの山 | ゴミの山 | 本の山 | 書類の山 | 洗い物の山 |"
        "狐の嫁入り | 猫の手 | 猫の額 | 猫舌 | 猫かぶり | 猫をかぶる | 鬼に金棒 | 井の中の蛙 |"
        "馬の耳 | 絵に描いた餅 | 宝の持ち腐れ | 血の海 | 火の海 | 涙の川 | 心の扉 | 鍵を握る |"
        "王手 | 夢の中 | 死ぬほど | 死にそう | 死ぬかと思う | 泣きっ面に蜂 | おとぎ話 |"
        "嵐のような拍手 | 一匹狼 | 虎の子 | 鶴の一声 | 貧乏くじ | 迷子札 | 秘密兵器 | 百獣の王 |"
        "子供っぽい | 子供騙し | 子供だまし | 魔女狩り | 知の巨人 | 送り狼 | 蛙の子は蛙 | 蛙の面 |"
        "馬が合う | 狐につままれ | 化かし合い | 猫に小判 | 猫の子一匹 | 猫背 | 猫なで声 |"
        "借りてきた猫 | 鳥肌 | 一石二鳥 | 諸刃の剣 | 冠を曲げ | 宝くじ | 気の毒 | 渡りに船 |"
        "乗りかかった船 | 地図に載 | 木で鼻 | 一国一城 | 取り付く島 | 台所事情 | 危ない橋 |"
        "橋渡し | 死んだよう | 心を盗 | 夢のよう"
    ),
}

# English similes are found by their shape: "like a wolf", "as strong as a bear".
SIMILE: dict[Language, tuple[str, ...]] = {
    "en": (),
    "es": phrases("como un | como una | como el | como la | como los | como las | cual"),
    "ja": phrases("のよう | のような | のように | みたい | のごとく | そっくり"),
}
# "sly as a fox" (without the first "as"): a comparison after these adjectives.
SIMILE_ADJECTIVES = words(
    "sly quick swift fast slow strong brave bold proud free wise fierce cold hot white black red "
    "quiet still tall big huge small thin fat old hard soft sharp sweet gentle wild blind deaf mad "
    "meek stubborn clever cunning loyal light dark bright fair happy busy hungry heavy mighty "
    "pretty ugly silly crafty wily angry sick poor rich tiny large timid shy graceful nimble "
    "fearless greedy lazy loud noisy calm cruel kind patient playful sleepy slippery stiff"
)
# "a dragon of a woman", "a bear of a man": the first noun is a figure for the person.
FIGURE_OF = words("man woman fellow girl boy lad lass husband wife creature")
# "like" is a verb after these ("she did not like the wolf").
LIKE_AS_VERB = words("not n't did do does would 'd i you we they to didn't don't doesn't")

REPRESENTATION_BEFORE: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "stone | statue of | statue | statues of | carved | painted | toy | wooden | marble |"
        "bronze | stuffed | clay | plaster | paper | picture of | pictures of | painting of |"
        "paintings of | portrait of | image of | drawing of | carving of | tapestry of |"
        "figure of | effigy of | mask of | costume of | shadow puppet | puppet | figurine of"
    ),
    "es": phrases(
        "estatua de | estatua del | retrato de | retrato del | pintura de | imagen de |"
        "dibujo de | figura de | cuadro de | máscara de | disfraz de"
    ),
    "ja": phrases("石の | 木彫りの | おもちゃの | ぬいぐるみの | 絵の中の"),
}
REPRESENTATION_AFTER: dict[Language, tuple[str, ...]] = {
    "en": phrases("statue | costume | mask | puppet | doll | figurine | shaped | drawing"),
    "es": phrases(
        "de piedra | de madera | de mármol | de bronce | de juguete | de peluche | de papel |"
        "de trapo | de barro"
    ),
    "ja": phrases(
        "の像 | の絵 | の彫刻 | の人形 | のぬいぐるみ | の置物 | の肖像 | の石像 | 像 | の模型"
    ),
}
PRETENCE: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "played at being | play at being | playing at being | pretended to be | pretending to be |"
        "pretend to be | dressed up as | dressed as | disguised as | posed as | posing as"
    ),
    "es": phrases(
        "jugaban a ser | jugaba a ser | fingía ser | fingió ser | se hizo pasar por |"
        "se hacía pasar por | disfrazado de | disfrazada de | vestido de | vestida de"
    ),
    "ja": phrases("ごっこ | のふり | のまね | に扮し | に化け"),
}
PRETENCE_GROUPS = frozenset({"characters", "aspects"})

NEEDS_DETERMINER: dict[Language, frozenset[str]] = {
    "en": words("well bear ring spell book key crown cage map letter gift"),
    "es": frozenset(),
    "ja": frozenset(),
}
DETERMINERS = words(
    "a an the this that these those his her their its my your our one two three four five "
    "some every each any another no old deep dry stone great little small big ancient "
    "village magic golden silver iron wooden mighty huge enormous tiny brown black white grey "
    "gray young fierce wild dark secret wishing poisoned enchanted heavy sharp rusty"
)

PERCEPTION: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "saw | see | seen | watch | glimpse | spot | spy | notice | observe | hear | peer | peek |"
        "look at | look through | through the window | from afar | in the distance |"
        "caught sight | catch sight"
    ),
    "es": phrases(
        "ver | vio | veía | mirar | miró | observar | observó | oír | oyó | divisar | divisó |"
        "espiar | espió | por la ventana | a lo lejos | de lejos"
    ),
    "ja": phrases("見る | 見える | 覗く | 眺める | 聞く | 聞こえる | 窓越し | 遠く"),
}
PEOPLE_MEET = "people-meet"

VAGUE_CLUES: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "noise | sound | snore | snoring | roar | growl | rumble | footstep | shadow |"
        "silhouette | shape | figure | something | someone | somebody | presence | whisper |"
        "scream | cry | howl | breathing | smell | track | print"
    ),
    "es": phrases(
        "ruido | sonido | ronquido | roncar | ronco | rugido | gruñido | paso | sombra | silueta |"
        "figura | algo | alguien | presencia | susurro | grito | aullido | respiración | olor |"
        "huella"
    ),
    "ja": phrases(
        "音 | いびき | 鼾 | うなり声 | 唸り声 | 足音 | 影 | 人影 | 気配 | 何か | 誰か | 声 |"
        "叫び | 息 | 匂い | 臭い | 足跡"
    ),
}

# Words that introduce a name; the name follows, capitalised (en/es) or before という名 (ja).
NAMING: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "called | named | known as | nicknamed | by the name of | mr | mrs | mister | miss | sir"
    ),
    "es": phrases(
        "llamado | llamada | llamados | llamadas | se llamaba | se llama | de nombre | apodado |"
        "apodada | conocido como | conocida como | señor | señora | don | doña | sr | sra"
    ),
    "ja": phrases("という 名 | という 名前 | と 名付ける | と 名乗る"),
}

# Before the thing (en/es) or after it (ja): a tale told about it, not the thing itself.
TOLD_ABOUT_BEFORE: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "story about | stories about | story of | stories of | tale of | tales of | tale about |"
        "tales about | song about | songs about | song of | songs of | ballad of | ballad about |"
        "legend of | legends of | legend about | legends about | fable of | fable about |"
        "rhyme about | poem about | poem of | book about | books about | rumours of | rumors of"
    ),
    "es": phrases(
        "cuento sobre | cuentos sobre | cuento de | cuentos de | cuento del | historia sobre |"
        "historias sobre | historia de | historias de | historia del | leyenda de | leyendas de |"
        "leyenda del | leyenda sobre | canción sobre | canción de | canción del | canciones de |"
        "relato de | relato sobre | fábula de | fábula del | libro sobre | rumores de"
    ),
    "ja": (),
}
TOLD_ABOUT_AFTER: dict[Language, tuple[str, ...]] = {
    "en": (),
    "es": (),
    "ja": phrases("の 物語 | の 伝説 | の 昔話 | の 童話 | の 噂 | の 話 を する | について の"),
}

# Before an indefinite thing in its clause: it is only supposed, promised, planned or sought.
HYPOTHETICAL: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "would | will | shall | might | if | unless | in case | be going to | about to | plan |"
        "intend | promise | try to | decide to | want | wish | hope | fear | threaten | vow |"
        "swear | expect | in order to | so as to | look for | search for | seek | dream of"
    ),
    "es": phrases(
        "si | para | quería | querían | prometió | prometía | planeaba |"
        "pensaba | buscaba | buscaban | buscar | busca | ojalá | tal vez | quizá |"
        "quizás | soñaba con | temía"
    ),
    "ja": phrases("もし | もしも"),
}
# Japanese has no articles: もし makes a thing hypothetical only when it comes or is there
# (もし狼が来たら), not when it acts (もし王様が許すなら: the king is in the story).
JA_ARRIVAL = words("来る 現れる いる ある 出る 出会う 見つかる 居る 有る")
INDEFINITE = words("a an some any un una unos unas algun alguna")  # folded
HYPOTHETICAL_WINDOW = 6
THING_GROUPS = frozenset({"characters", "items", "places"})

# Right before an event: its purpose ("in order to rescue her", "para casarse").
PURPOSE: dict[Language, tuple[str, ...]] = {
    "en": phrases("in order to | so as to"),
    "es": phrases("para | a fin de"),
    "ja": (),
}
# A going earlier in the clause, and "to" right before the event: "went to the inn to meet
# the king", "set out to rescue her".
GOING: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "go | come | set out | set off | ride | run | hurry | sail | travel | leave | return |"
        "head | send | fly | rush | walk | march | journey"
    ),
    "es": (),
    "ja": (),
}
GOING_WINDOW = 6

# An event word in an unfinished form: dying is not dead (LABELLING: "dying", "drowning").
UNFINISHED = words("dying drowning muriendo agonizando ahogandose moribundo moribunda")  # folded
# Japanese: a verb + かける after the event (死にかけていた, 溺れかけた).
JA_UNFINISHED = words("かける 掛ける")

# Copula metaphors: "his words were a sword", "the queen was a wolf", 彼の言葉は剣だった. A thing
# said (with an indefinite article) to BE what an abstract subject is, or an animal said of a
# person, is a figure. "The fish was a toad" and "she was a witch" keep their sense.
COPULA: dict[Language, frozenset[str]] = {
    "en": words("was were is are be been 's"),
    "es": words("era eran es son fue fueron sera seria"),  # folded
    "ja": words("だ だっ です でし である"),
}
METAPHOR_SUBJECTS: dict[Language, frozenset[str]] = {
    "en": words(
        "words word heart voice tongue life love mind soul eyes gaze smile anger silence grief "
        "hope memory memories laugh laughter look tears temper fear kiss"
    ),
    "es": words(
        "palabras palabra corazon voz lengua vida amor mente alma ojos mirada sonrisa ira "
        "silencio pena esperanza recuerdo recuerdos risa lagrimas miedo beso"
    ),
    "ja": words("言葉 心 声 人生 愛 目 瞳 眼差し まなざし 笑顔 怒り 沈黙 悲しみ 希望 思い出 涙 胸"),
}
PERSON_SUBJECTS: dict[Language, frozenset[str]] = {
    "en": words(
        "he she they i you we man woman men women queen king prince princess wife husband "
        "steward girl boy lady lord knight mother father sister brother daughter son widow "
        "miller merchant master mistress"
    ),
    "es": words(
        "el ella ellos ellas hombre mujer reina rey principe princesa esposa esposo marido "
        "mayordomo muchacha muchacho dama senor caballero madre padre hermana hermano hija hijo "
        "viuda molinero mercader amo ama"
    ),
    "ja": words("彼 彼女 女王 王 王様 男 女 娘 妻 夫 王子 王女 姫 母 父 姉 兄 妹 弟 執事"),
}
# Animals that stand for a person's character ("a wolf in battle", "a sly fox"); Frog is left
# out: in a tale "the prince was a frog" is a transformation.
METAPHOR_ANIMALS = frozenset({"wolf", "fox", "bear", "cat", "bird", "dragon", "horse"})

# Depictions without "of": an artwork that shows someone, a thing carved or painted with them.
DEPICTION_WITH: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "carved with | painted with | embroidered with | engraved with | decorated with |"
        "woven with | adorned with | stamped with | etched with | bore the face of |"
        "bore the image of | bore the likeness of | likeness of"
    ),
    "es": phrases(
        "tallada con | tallado con | talladas con | tallados con | pintado con | pintada con |"
        "bordado con | bordada con | grabado con | grabada con | decorado con | decorada con |"
        "adornado con | adornada con"
    ),
    "ja": (),
}
# "showed", "mostraba" depict only after an artwork in the clause ("a tapestry showed the king",
# not "she showed the king the map").
DEPICTION_VERBS: dict[Language, tuple[str, ...]] = {
    "en": phrases("show | showed | shows | depict | depicted | portray | portrayed"),
    "es": phrases(
        "mostraba | mostraban | mostró | representaba | representaban | retrataba | mostraba al |"
        "representaba al"
    ),
    "ja": (),
}
ARTWORKS: dict[Language, frozenset[str]] = {
    "en": words(
        "tapestry tapestries painting paintings picture pictures portrait mural fresco banner "
        "banners shield coin coins seal crest emblem flag carving frieze relief engraving drawing "
        "sketch illustration tile tiles vase window"
    ),
    "es": words(
        "tapiz tapices cuadro cuadros pintura pinturas retrato mural fresco estandarte escudo "
        "moneda monedas sello emblema bandera vidriera grabado dibujo"
    ),
    "ja": frozenset(),
}
# Japanese: a noun followed by が and a passive carving or drawing verb (竜が彫られていた).
JA_DEPICTING = words("描く 彫る 刻む 織る")
JA_PASSIVE = words("れる られる")
DEPICTION_WINDOW = 4  # reaches coordinated nouns: "carved with dragons and giants"

# An appearance or illusion: "what looked like a castle", "creyeron ver un lago",
# 湖が見えた気がした (Japanese markers come after the thing).
ILLUSION: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "thought they saw | thought he saw | thought she saw | thought i saw | seemed to see |"
        "fancied they saw | mistook | what looked like | what seemed | seemed to be |"
        "appeared to be"
    ),
    "es": phrases(
        "creyeron ver | creyó ver | creía ver | creían ver | les pareció ver | le pareció ver |"
        "lo que parecía | parecía ser | parecían ser"
    ),
    "ja": phrases("気 が する | 錯覚 | 幻 | 蜃気楼"),
}
ILLUSION_WINDOW = 5

# Denial of a report: "people said a dragon lived there, but none of it was true".
REPORT: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "said | say | says | told | claimed | swore | rumoured | rumored | whispered | believed |"
        "rumour | rumours | rumor | rumors"
    ),
    "es": phrases(
        "decían | dijo | dijeron | contaban | aseguraban | juraban | juraron | se decía |"
        "creían | rumor | rumores"
    ),
    "ja": phrases("うわさ | 噂 | という | と 言う"),
}
DENIAL: dict[Language, tuple[str, ...]] = {
    "en": phrases(
        "none of it was true | none of that was true | it was not true | was not true |"
        "was a lie | were lies | was untrue | were untrue | only a rumour | just a story"
    ),
    "es": phrases(
        "nada de eso era verdad | nada de eso era cierto | no era verdad | no era cierto |"
        "era mentira | eran mentiras | era falso | solo un rumor"
    ),
    "ja": phrases("うそ | 嘘 | でたらめ | 作り話"),
}

# A name with no naming word: "drank at the Green Dragon", "The Crown and Anchor", "the ship
# Sea Wolf", "en El Dragón Verde". Places keep their sense ("the Dark Forest" is a forest).
VENUES = words("inn tavern pub alehouse ship boat vessel posada taberna mesón barco nave")
LOCATIVES = words("at in to from into en a de")

# "near death", "nearly died", "casi murió": not dead yet.
NEARLY = words("near nearly almost casi")
