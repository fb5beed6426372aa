// Creating a table and reading back its seats and join links (shared by host and solo pages).

import { api } from "./api.js";

export const MIN_SEATS = 2;
export const MAX_SEATS = 6;
// AI seats are named after storytellers of the tradition (the same in every language).
export const AI_NAMES = ["Grimm", "Andersen", "Perrault", "Basile", "Aesop"];

/** The page's own link for a seat: the token stays in the fragment, never in a server log. */
export function joinLink(tableId, token) {
  return `${location.origin}/#/t/${encodeURIComponent(tableId)}/${encodeURIComponent(token)}`;
}

/** In-page links (hash routes) to a table and to its tale; no token: the spectator's. */
export function tableLink(tableId, token = null) {
  return `#/t/${encodeURIComponent(tableId)}` + (token ? `/${encodeURIComponent(token)}` : "");
}

export function taleLink(tableId, token = null) {
  return `#/tale/${encodeURIComponent(tableId)}` + (token ? `/${encodeURIComponent(token)}` : "");
}

/**
 * Create a table. `seats`: [{name, kind: "human"|"ai"}]; returns
 * {id, seats: [{seat, name, kind, token, link}]}.
 */
export async function createTable({ seats, language, deckMode, multipleEndings, endingSwap }) {
  const body = {
    game: "once_upon_a_time",
    language,
    deck_mode: deckMode,
    players: seats.map((seat) => ({ name: seat.name.trim(), kind: seat.kind })),
    variants: {
      multiple_endings: multipleEndings ? seats.map((_, i) => i) : [],
      ending_swap: Boolean(endingSwap),
    },
  };
  const created = await api.createTable(body);
  const id = created.id || created.table_id;
  const players = created.players || created.seats || [];
  return {
    id,
    seats: players.map((player, i) => ({
      seat: player.seat ?? i,
      name: player.name ?? seats[i]?.name,
      kind: player.kind ?? seats[i]?.kind,
      token: player.token || null,
      link: player.token ? joinLink(id, player.token) : null,
    })),
  };
}
