// Reading the table's events: a line for the feed, private hints, and "thinking" markers.

import { cardLabel } from "../deck.js";
import { t } from "../i18n.js";
import { namesOf } from "./model.js";

function actionOf(event) {
  const payload = event.payload || event.data || {};
  return payload.action || (payload.type ? payload : null);
}

/** A short line describing a public event, or null for events the feed does not show. */
export function describeEvent(event, view) {
  const names = namesOf(view);
  const action = actionOf(event);
  if (!action) return null;
  const name = names[action.seat] ?? "";
  switch (action.type) {
    case "play":
      return t("table.event", { name, what: t("table.played", { card: cardLabel(action.card) }) });
    case "interrupt":
    case "card_interrupt":
      return t("table.interrupted", { name, card: cardLabel(action.card) });
    case "pass":
      return t("table.passed", { name });
    default:
      return null;
  }
}

/** Hints in a private event: [{card, label, evidence, line}] (empty for other events). */
export function hintsFromEvent(event) {
  if (event.type !== "hint" && event.type !== "hints") return [];
  const payload = event.payload || event.data || {};
  const list = payload.hints || payload.mentions || [payload];
  return list
    .map((hint) => ({
      card: hint.card_id || hint.card,
      evidence: hint.evidence || "",
      score: hint.score ?? null,
      line: hint.line ?? null,
    }))
    .filter((hint) => hint.card)
    .map((hint) => ({ ...hint, label: cardLabel(hint.card) }));
}

/** {seat, thinking} when an AI seat starts or stops thinking, else null. */
export function thinkingFromEvent(event) {
  const payload = event.payload || event.data || {};
  if (event.type === "thinking") return { seat: payload.seat, thinking: payload.thinking !== false };
  return null;
}
