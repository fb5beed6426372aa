"""The bundled deck's vocabulary (ids, groups, interrupt flags, English labels) as listed in the
team brief, built into a `Deck` so the engine tests do not depend on the deck file's progress."""

from companion.cards import CardText, Deck, EndingCard, Group, StoryCard

_GROUPS: dict[Group, str] = {
    Group.CHARACTERS: (
        "king King|queen Queen|prince Prince|princess Princess|child Child|old-woman Old Woman|"
        "old-man Old Man|witch Witch|wizard Wizard|fairy Fairy|giant Giant|monster Monster|"
        "dragon Dragon|wolf Wolf|frog Frog|horse Horse|fox Fox|bear Bear|cat Cat|"
        "shepherdess Shepherdess|stepmother Stepmother|woodcutter Woodcutter|hunter Hunter|"
        "thief Thief|servant Servant|soldier Soldier|dwarf Dwarf|mermaid Mermaid|*bird Bird|"
        "*ghost Ghost"
    ),
    Group.ITEMS: (
        "sword Sword|spell Spell|door Door|window Window|crown Crown|ring Ring|key Key|"
        "treasure Treasure|mirror Mirror|book Book|food Food|poison Poison|boat Boat|cloak Cloak|"
        "letter Letter|shoes Shoes|axe Axe|wand Wand|map Map|cage Cage|*tree Tree|*gift Gift"
    ),
    Group.PLACES: (
        "palace Palace|forest Forest|mountain Mountain|village Village|castle Castle|"
        "tower Tower|cave Cave|river River|sea Sea|island Island|road Road|garden Garden|"
        "kitchen Kitchen|chapel Chapel|city City|inn Inn|dungeon Dungeon|cottage Cottage|"
        "lake Lake|*well Well|*bridge Bridge"
    ),
    Group.ASPECTS: (
        "happy Happy|disguised Disguised|this-animal-can-talk This Animal Can Talk|"
        "asleep Asleep|beautiful Beautiful|wicked Wicked|poor Poor|wealthy Wealthy|brave Brave|"
        "foolish Foolish|tiny Tiny|ugly Ugly|clever Clever|strong Strong|"
        "transformed Transformed|sad Sad|*secret Secret|*lost Lost"
    ),
    Group.EVENTS: (
        "argument An Argument|people-meet People Meet|"
        "two-people-fall-in-love Two People Fall in Love|journey A Journey|fight A Fight|"
        "wedding A Wedding|rescue A Rescue|trick A Trick|death Someone Dies|feast A Feast|"
        "theft Something Is Stolen|escape An Escape|birth A Birth|prophecy A Prophecy|"
        "contest A Contest|kidnapping A Kidnapping|*chase A Chase|*storm A Storm"
    ),
}


def vocabulary_deck() -> Deck:
    cards: list[StoryCard] = []
    for group, spec in _GROUPS.items():
        for entry in spec.split("|"):
            card_id, label = entry.split(" ", 1)
            interrupt = card_id.startswith("*")
            cards.append(
                StoryCard(
                    id=card_id.lstrip("*"),
                    group=group,
                    text={"en": CardText(label=label)},
                    interrupt=interrupt,
                )
            )
    endings = tuple(
        EndingCard(id=f"end-{n:02d}", text={"en": f"Ending sentence {n}."}) for n in range(1, 52)
    )
    return Deck(
        name="vocabulary", game="once_upon_a_time", story_cards=tuple(cards), endings=endings
    )
