// One line for each move of a Sleeping Queens table, in plain words, from what everyone saw of it
// (the `last` of an action event: the cards played face up, the queen it moved, the result; on
// a live table the keeper's: the numbers thrown, the kind of card shown). An AI player's move
// says why too (the event's `why`: the player's own reason, in public terms only).

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

// The player's reasons (companion.seats.sleeping_queens.REASONS).
const WHY = {
  win: "sqwhy.win",
  stop: "sqwhy.stop",
  catch_up: "sqwhy.catchUp",
  steal: "sqwhy.steal",
  slow: "sqwhy.slow",
  best_queen: "sqwhy.bestQueen",
  unseen_queen: "sqwhy.unseenQueen",
  dig: "sqwhy.dig",
  luck: "sqwhy.luck",
  stuck: "sqwhy.stuck",
  defend: "sqwhy.defend",
  chance: "sqwhy.chance",
};

/** Why an AI player made the move, or "" (a person's move, or a reason this page lacks). */
export function why(event, names) {
  const reason = event.data?.why;
  const key = reason ? WHY[reason.reason] : undefined;
  return key ? t(key, { target: names[reason.about] ?? "" }) : "";
}

export function describe(event, view) {
  const last = event.data?.last;
  if (!last) return "";
  const names = view.seats.map((seat) => seat.name);
  const key = LINES[`${last.type}/${last.result}`];
  if (!key) return "";
  const line = t(key, {
    name: names[last.seat] ?? "",
    target: names[last.target] ?? "",
    queen: last.queen ? queenName(last.queen) : "",
    card: shown(last),
    cards: last.numbers?.length ? last.numbers.join(", ") : (last.cards || []).map(cardName).join(", "),
  });
  const reason = why(event, names);
  return reason ? t("sqwhy.line", { line, why: reason }) : line;
}
