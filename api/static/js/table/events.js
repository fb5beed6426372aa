// Reading the table's events (EventView: {seq, type, created, data}): a line for the feed and
// the private hints. Types: table_created, action, ruled (with the reader's own hints), drew (private), vote_opened,
// vote_cast, step_failed.

import { cardLabel } from "../deck.js";
import { t } from "../i18n.js";
import { namesOf, readHint } from "./model.js";

/** A short line describing a public event, or null for events the feed does not show. A claim
 * settled by a show of hands says how the hands went. */
export function describeEvent(event, view) {
  const names = namesOf(view);
  const data = event.data || {};
  if (event.type === "step_failed") return t("table.stepFailed");
  if (event.type === "vote_opened") return t("table.voteCalled", { name: names[data.claimant] ?? "" });
  if (event.type !== "action") return null;
  const action = data.action || data;
  const line = actionLine(action, data.outcome || data.last || {}, names, data.seat);
  const votes = action.judgement?.kind === "vote" ? action.judgement : null;
  return line && votes ? t("table.voteCount", { line, yes: votes.yes.length, no: votes.no.length }) : line;
}

function actionLine(action, outcome, names, seat) {
  const name = names[action.seat ?? seat] ?? "";
  switch (action.type) {
    case "play": // the story shows played cards; the feed only says when one did not count
      return outcome.accepted === false ? t("table.rejected", { name, card: cardLabel(action.card) }) : null;
    case "interrupt":
    case "card_interrupt":
      return outcome.accepted === false
        ? t("table.rejected", { name, card: cardLabel(action.card) })
        : t("table.interrupted", { name, card: cardLabel(action.card) });
    case "pass":
      return t("table.passed", { name });
    case "stall":
      return t("table.stalled", { name: names[outcome.storyteller_before] ?? "" });
    case "challenge":
      return outcome.accepted === false
        ? t("table.challengeRejected", { name })
        : t("table.challengeUpheld", { name, teller: names[outcome.storyteller_before] ?? "" });
    case "end":
      return outcome.accepted === false
        ? t("table.endingRejected", { name, linking: (action.linking || []).join(" ") })
        : t("table.ended", { name });
    default:
      return null;
  }
}

/** The reader's own hints in a `ruled` event (or an older log's private `hints` event):
 * [{card, label, evidence, line, ...}] (else empty). */
export function hintsFromEvent(event) {
  if (event.type !== "ruled" && event.type !== "hints") return [];
  const data = event.data || {};
  return (data.hints || [])
    .map((hint) => readHint({ line: data.line, ...hint }))
    .filter((hint) => hint.card);
}

/** When the reader's own claim or play was judged against: {text, reason}, else null. */
export function ownRejection(event, view) {
  if (event.type !== "action") return null;
  const action = event.data?.action || {};
  const outcome = event.data?.outcome || {};
  if (outcome.accepted !== false || action.seat !== view.you || !action.card) return null;
  const key = action.type === "play" ? "action.notCounted" : "action.claimRejected";
  return { text: t(key, { card: cardLabel(action.card) }), reason: action.judgement?.reason || "" };
}
