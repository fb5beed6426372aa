// One line for each move of a Sleeping Queens table, in plain words, from what everyone saw of it
// (the `last` of an action event: the cards played face up, the queen it moved, the result; on
// a live table the keeper's: the numbers thrown, the kind of card shown).

import { t } from "../../i18n.js";
import { cardName, queenName } from "./cards.js";

const LINES = {
  "king/woke": "sqfeed.kingWoke",
  "wake/woke": "sqfeed.woke",
  "king/returned": "sqfeed.returned",
  "wake/returned": "sqfeed.returned",
  "knight/pending": "sqfeed.knight",
  "potion/pending": "sqfeed.potion",
  "allow/stolen": "sqfeed.stolen",
  "allow/slept": "sqfeed.slept",
  "block/blocked": "sqfeed.blocked",
  "jester/to_hand": "sqfeed.jesterCard",
  "jester/counted": "sqfeed.jesterCount",
  "discard/discarded": "sqfeed.discarded",
  "discard_other/discarded": "sqfeed.discarded",
};

/** The card a move showed: a jester's turned card (a live table names a number or a kind),
 * else the first card played (a blocker). */
function shown(last) {
  if (typeof last.revealed === "number") return String(last.revealed);
  if (last.revealed) return cardName(last.revealed);
  const played = last.card || last.cards?.[0];
  return played ? cardName(played) : "";
}

export function describe(event, view) {
  const last = event.data?.last;
  if (!last) return "";
  const names = view.seats.map((seat) => seat.name);
  const key = LINES[`${last.type}/${last.result}`];
  if (!key) return "";
  return t(key, {
    name: names[last.seat] ?? "",
    target: names[last.target] ?? "",
    queen: last.queen ? queenName(last.queen) : "",
    card: shown(last),
    cards: last.numbers?.length ? last.numbers.join(", ") : (last.cards || []).map(cardName).join(", "),
  });
}
