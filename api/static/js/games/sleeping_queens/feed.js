// One line for each move of a Sleeping Queens table, in plain words, from what everyone saw of it
// (the `last` of an action event: the cards played face up, the queen it moved, the result).

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
};

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
    card: last.revealed ? cardName(last.revealed) : last.cards?.[0] ? cardName(last.cards[0]) : "",
    cards: (last.cards || []).map(cardName).join(", "),
  });
}
