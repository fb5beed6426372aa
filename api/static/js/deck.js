// The deck's cards as the page shows them: labels in the current language, search by any name in
// any language (labels and aliases), ending sentences. Loaded once from the API.

import { api } from "./api.js";
import { language, t } from "./i18n.js";

// Cards learnt from views (labels in the table's language) until the whole deck has loaded.
const deck = { cards: new Map(), endings: new Map() };
let loaded = false;
let loading = null;

/** Fold like companion.cards.fold: NFKC, case-folded, Latin accents dropped, spaces squeezed. */
export function fold(text) {
  const lowered = String(text).normalize("NFKC").toLowerCase();
  let out = "";
  for (const ch of lowered.normalize("NFD")) {
    if (/\p{M}/u.test(ch) && out && /[\x00-\x7f]$/.test(out)) continue;
    out += ch;
  }
  return out.normalize("NFC").split(/\s+/).filter(Boolean).join(" ");
}

function cardEntry(card) {
  const labels = [];
  const aliases = [];
  for (const text of Object.values(card.text || {})) {
    labels.push(text.label);
    aliases.push(...(text.aliases || []));
  }
  if (card.label) labels.push(card.label);
  const folded = (names) => names.filter(Boolean).map(fold);
  return { ...card, labels: folded(labels), aliases: folded(aliases) };
}

// GET /v1/decks/once_upon_a_time: story_cards [{id, group, interrupt, names: {lang: {label,
// aliases}}}], endings [{id, sentences: {lang: text}}].
function merge(raw) {
  for (const c of raw.story_cards || []) {
    deck.cards.set(c.id, cardEntry({ id: c.id, group: c.group, interrupt: c.interrupt, text: c.names }));
  }
  for (const e of raw.endings || []) {
    const text = e.sentences || {};
    deck.endings.set(e.id, { id: e.id, text, labels: Object.values(text).map(fold), aliases: [] });
  }
}

/** Load the whole deck (once). Resolves to false when the service offers no deck endpoint. */
export function loadDeck() {
  if (loaded) return Promise.resolve(true);
  if (!loading) {
    loading = api
      .deck()
      .then((raw) => {
        merge(raw);
        loaded = true;
        return true;
      })
      .catch(() => {
        loading = null;
        return false;
      });
  }
  return loading;
}

/** Teach the deck cards seen in a view (id, group, labels), when no deck endpoint answered. */
export function learnCards(cards) {
  for (const card of cards) {
    if (!card?.id) continue;
    const known = deck.cards.get(card.id);
    if (known?.text) continue; // the whole deck already knows it, in every language
    deck.cards.set(card.id, cardEntry({ ...known, ...card }));
  }
}

/** Forget the custom cards (a table's own) that are not among `ids`: a page that opens another
 * table must not offer the first table's own cards in its search. */
export function keepCustomCards(ids) {
  const kept = new Set(ids);
  for (const id of [...deck.cards.keys()]) {
    if (id.startsWith("custom:") && !kept.has(id)) deck.cards.delete(id);
  }
}

/** Teach the deck ending sentences seen in a view ({id, sentence}). */
export function learnEndings(endings) {
  for (const ending of endings) {
    if (ending?.id && !deck.endings.has(ending.id)) {
      deck.endings.set(ending.id, { id: ending.id, sentence: ending.sentence, labels: [fold(ending.sentence || "")], aliases: [] });
    }
  }
}

export function card(id) {
  return deck.cards.get(id) || null;
}

/** The card's label in the interface language (falling back to English, then to its id). */
export function cardLabel(id) {
  const c = card(id);
  const text = c?.text?.[language()] || c?.text?.en;
  return text?.label || c?.label || String(id);
}

export function cardGroup(id) {
  return card(id)?.group || null;
}

export function groupLabel(group) {
  return group ? t(`group.${group}`) : "";
}

export function isInterrupt(id) {
  return Boolean(card(id)?.interrupt);
}

export function endingText(id) {
  const e = deck.endings.get(id);
  return e?.text?.[language()] || e?.sentence || e?.text?.en || String(id);
}

/**
 * How well `name` matches the folded query `q`, lower is better (Infinity: no match): the whole
 * name, then its start, then the start of one of its words, then anywhere in it.
 */
function matchRank(name, q) {
  const at = name.indexOf(q);
  if (at < 0) return Infinity;
  if (name === q) return 0;
  if (at === 0) return 1;
  if (name.split(/[\s'’-]+/).some((word) => word.startsWith(q))) return 2;
  return 3;
}

/** A card's names come before its aliases: "tow" finds Tower before City (alias "town"),
 * "dra" Dragon before Bridge (alias "drawbridge"). */
function rank(id, item, q) {
  let best = Infinity;
  for (const name of item.labels) best = Math.min(best, matchRank(name, q));
  if (id.startsWith(q) && !id.startsWith("custom:")) best = Math.min(best, 1); // a table's own card goes by its label
  for (const name of item.aliases) best = Math.min(best, 4 + matchRank(name, q));
  return best;
}

function searchIn(map, query, limit) {
  const q = fold(query);
  if (!q) return [];
  const scored = [];
  for (const [id, item] of map) {
    const score = rank(id, item, q);
    if (score < Infinity) scored.push([score, id]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  return scored.slice(0, limit).map(([, id]) => id);
}

/** Story-card ids whose label or alias, in any language, contains `query` (best first). */
export function searchCards(query, limit = 12) {
  return searchIn(deck.cards, query, limit);
}

/** Ending ids whose sentence, in any language, contains `query`. */
export function searchEndings(query, limit = 8) {
  return searchIn(deck.endings, query, limit);
}

/** The names a card goes by in the other languages (shown next to search results). */
export function otherNames(id) {
  const c = card(id);
  if (!c?.text) return "";
  return Object.entries(c.text)
    .filter(([lang]) => lang !== language())
    .map(([, text]) => text.label)
    .join(" · ");
}
