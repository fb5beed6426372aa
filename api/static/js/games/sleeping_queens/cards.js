// Sleeping Queens' card names in the interface language, from GET /v1/decks/sleeping_queens
// (loaded once per page), and what a card id means: `king-3` is a King, `number-7-2` a 7.

import { api } from "../../api.js";
import { language } from "../../i18n.js";

let deck = null;

export async function loadQueensDeck() {
  deck = deck || (await api.deck("sleeping_queens"));
  return deck;
}

const names = (entry) => entry?.names?.[language()] || entry?.names?.en || "";

/** The kind of a red-backed card: king, jester, knight, potion, wand, dragon or number. */
export const kindOf = (card) => card.split("-")[0];

/** A number card's value, else null. */
export const valueOf = (card) => (kindOf(card) === "number" ? Number(card.split("-")[1]) : null);

export function cardName(card) {
  const value = valueOf(card);
  if (value !== null) return String(value);
  return names(deck?.cards.find((entry) => entry.kind === kindOf(card))) || kindOf(card);
}

export const queenOf = (id) => deck?.queens.find((queen) => queen.id === id) || null;

export const queenName = (id) => names(queenOf(id)) || id;

export const queenPoints = (id) => queenOf(id)?.points ?? 0;

/** Cards alike for the rules (two 7s, two kings): the order-free signature of a selection. */
export const signature = (cards) => cards.map((c) => (valueOf(c) ?? kindOf(c))).map(String).sort().join(",");
