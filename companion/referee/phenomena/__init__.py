"""The referee's phenomena: why a card's word in the text is not always the card in the story.

One module per phenomenon, each with its tables in `companion/referee/data/phenomena/<name>.yaml`
(every table with the reason it exists) and its tests in `tests/unit/referee/phenomena/`:

| module | why a word does not fire |
|---|---|
| `negation` | denied or absent: "there was no dragon", "sin espada", ドラゴンはいなかった |
| `mood` | not happened yet: planned, wished, supposed, sought, a purpose, dying |
| `figures` | another sense: idioms, similes, copula metaphors |
| `likeness` | only a likeness: a statue, a tapestry, an illusion, a pretence |
| `names` | a name or a word's shape: "a cat called Queen", "the Green Dragon", "sang well" |
| `hearsay` | only told about, or reported and denied |
| `clues` | only a trace (a snoring is no Monster), only seen (no People Meet) |

`companion.referee.guards.block_reason` asks them, in order, for a card of a given group;
`_scope` holds what they share.
"""
