// Creating a table and reading back its seats and join links (shared by host and solo pages).

import { api } from "./api.js";

export const MIN_SEATS = 2;
export const MAX_SEATS = 6;
// AI seats are named after storytellers of the tradition (the same in every language).
export const AI_NAMES = ["Grimm", "Andersen", "Perrault", "Basile", "Aesop"];

/** A seat's join link on `base` (where other phones reach the server): the token stays in the
 * fragment, never in a server log. */
export function joinLink(tableId, token, base = location.origin) {
  return `${base}/#/t/${encodeURIComponent(tableId)}/${encodeURIComponent(token)}`;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether a URL's host is this device only (localhost, 127.x.x.x, [::1]). */
export function isLoopbackUrl(url) {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

let shareBase = null;

/**
 * Where other phones reach this server: {base, localOnly}. The server's public URL (PUBLIC_URL,
 * or the LAN address `make run` found) when it has one, taken as given; else this page's own
 * origin, with `localOnly` when that is a loopback address (the links would open on this
 * device only).
 */
export function publicBase() {
  shareBase ??= api.server().then(
    (info) => info?.public_url || null,
    () => null, // an older server without /v1/server
  ).then((configured) => configured
    ? { base: configured.replace(/\/+$/, ""), localOnly: false }
    : { base: location.origin, localOnly: isLoopbackUrl(location.origin) });
  return shareBase;
}

/** In-page links (hash routes) to a table and to its tale; no token: the spectator's. */
export function tableLink(tableId, token = null) {
  return `#/t/${encodeURIComponent(tableId)}` + (token ? `/${encodeURIComponent(token)}` : "");
}

export function taleLink(tableId, token = null) {
  return `#/tale/${encodeURIComponent(tableId)}` + (token ? `/${encodeURIComponent(token)}` : "");
}

/**
 * Create a table. `seats`: [{name, kind: "human"|"ai"}]; `customCards`: the table's own story
 * cards, [{label, group}] (js/custom_cards.js), dealt first when `dealCustomFirst` (virtual deck);
 * returns
 * {id, seats: [{seat, name, kind, token}]} (`withLinks` adds each seat's join link).
 */
export async function createTable({ seats, language, deckMode, multipleEndings, endingSwap, aiLevel = null, customCards = [], dealCustomFirst = false }) {
  const body = {
    game: "once_upon_a_time",
    language,
    deck_mode: deckMode,
    players: seats.map((seat) => ({ name: seat.name.trim(), kind: seat.kind })),
    variants: {
      multiple_endings: multipleEndings ? seats.map((_, i) => i) : [],
      ending_swap: Boolean(endingSwap),
    },
    ...(aiLevel ? { ai_level: aiLevel } : {}),
    ...(customCards.length ? { custom_cards: customCards.map(({ label, group }) => ({ label, group })) } : {}),
    ...(customCards.length && dealCustomFirst ? { deal_custom_first: true } : {}),
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
    })),
  };
}

/** The table's seats with their join links on `base`. */
export function withLinks(table, base) {
  return {
    ...table,
    seats: table.seats.map((seat) => ({ ...seat, link: seat.token ? joinLink(table.id, seat.token, base) : null })),
  };
}
