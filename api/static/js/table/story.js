// The story as told: each line with its teller, and each played card marked where it was told
// (the words that name it underlined in the card group's colour, plus a tag with the card).

import { cardGroup, cardLabel, card as deckCard, fold } from "../deck.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** Where in `text` one of the card's names (any language) or `evidence` occurs: [start, end] or null. */
export function findMention(text, cardId, evidence) {
  const lowered = text.toLowerCase();
  const candidates = [];
  if (evidence) candidates.push(evidence);
  const entry = deckCard(cardId);
  for (const names of Object.values(entry?.text || {})) {
    candidates.push(names.label, ...(names.aliases || []));
  }
  candidates.sort((a, b) => b.length - a.length);
  for (const name of candidates) {
    if (!name) continue;
    const needle = name.toLowerCase();
    for (let at = lowered.indexOf(needle); at >= 0; at = lowered.indexOf(needle, at + 1)) {
      if (!/[a-z]/.test(needle)) return [at, at + needle.length]; // Japanese: no word spaces
      const before = lowered.slice(0, at);
      const after = lowered.slice(at + needle.length);
      const plural = after.match(/^(es|s)?/)[0];
      if (!/[\p{L}\p{N}]$/u.test(before) && !/^[\p{L}\p{N}]/u.test(after.slice(plural.length))) {
        return [at, at + needle.length + plural.length];
      }
    }
  }
  // accent-insensitive fallback (e.g. "principe" for "Príncipe") when lengths are preserved
  const folded = fold(text);
  if (folded.length === text.length) {
    for (const name of candidates) {
      const at = name ? folded.indexOf(fold(name)) : -1;
      if (at >= 0) return [at, at + fold(name).length];
    }
  }
  return null;
}

/** A card tag: its label and group (text, not colour alone), and who played it when that was
 * not the line's teller (an interrupt). */
export function cardTag(cardId, playedBy = null) {
  const group = cardGroup(cardId);
  return h("span", { class: `tag g-${group || "none"}`, "data-card": cardId, title: group ? t(`group.${group}`) : "" },
    cardLabel(cardId), playedBy ? h("span", { class: "by" }, ` · ${playedBy}`) : null);
}

/**
 * One line's text with marks: the words of each card played on it (`line.cards`, in the group's
 * colour, plus a tag) and, for the card's holder only, the words the referee heard for one of their cards (`heard`: [{start, end, card}]).
 */
export function lineText(line, heard = [], names = null) {
  const spans = [];
  const cards = line.cards || (line.card ? [line.card] : []);
  for (const card of cards) {
    const span = findMention(line.text, card, null);
    if (span) spans.push({ start: span[0], end: span[1], cls: `played g-${cardGroup(card) || "none"}` });
  }
  for (const hint of heard) {
    if (hint.start >= 0 && hint.end > hint.start && hint.end <= line.text.length) {
      spans.push({ start: hint.start, end: hint.end, cls: "heard", title: cardLabel(hint.card) });
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const out = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue; // overlapping marks: keep the first
    out.push(line.text.slice(at, span.start));
    out.push(h("mark", { class: span.cls, title: span.title || false }, line.text.slice(span.start, span.end)));
    at = span.end;
  }
  out.push(line.text.slice(at));
  const byOthers = new Map((line.plays || []).filter((p) => p.seat !== line.seat).map((p) => [p.card, p.seat]));
  for (const card of cards) out.push(" ", cardTag(card, byOthers.has(card) ? names?.[byOthers.get(card)] : null));
  return out;
}

/**
 * Paragraphs of the story: consecutive lines by the same teller form one paragraph, headed by the
 * teller's name. `names[seat]` gives names; `endingSentence` closes the tale when it is over;
 * `hints` are the reader's own referee hints, marked where they were heard.
 */
export function storyParagraphs(lines, names, { endingSentence = null, endingSeat = null, hints = [] } = {}) {
  const paragraphs = [];
  let current = null;
  lines.forEach((line, index) => {
    if (!current || current.seat !== line.seat) {
      current = { seat: line.seat, lines: [] };
      paragraphs.push(current);
    }
    current.lines.push({ ...line, index });
  });
  const nodes = paragraphs.map((para, i) => {
    const last = i === paragraphs.length - 1;
    const ending = endingSentence && last && para.seat === endingSeat;
    return h("p", { class: "passage", "data-seat": para.seat },
      h("span", { class: "teller-name" }, names[para.seat] ?? `#${para.seat}`),
      para.lines.map((line) => [
        h("span", { class: `line kind-${line.kind || "story"}`, "data-line": line.index },
          lineText(line, hints.filter((hint) => hint.line === line.index), names)),
        " ",
      ]),
      ending ? h("strong", { class: "ending-line" }, endingSentence) : null,
    );
  });
  const endingTold = endingSentence && paragraphs.at(-1)?.seat === endingSeat;
  if (endingSentence && !endingTold) {
    nodes.push(h("p", { class: "passage", "data-seat": endingSeat ?? false },
      h("span", { class: "teller-name" }, names[endingSeat] ?? ""), h("strong", { class: "ending-line" }, endingSentence)));
  }
  return nodes;
}
