// The player view as the page uses it, read from the API's TableView (api/schemas.py) in one
// place. Card objects in the view (the table's own cards among them) also teach the deck module
// their labels.

import { keepCustomCards, learnCards, learnEndings } from "../deck.js";

/** Normalise the API's TableView (player or spectator) for rendering. */
export function readView(raw) {
  keepCustomCards((raw.custom_cards || []).map((card) => card.id)); // another table's are not ours
  learnCards([
    ...(raw.custom_cards || []), // the table's own cards: the physical deck's search finds them too
    ...(raw.hand || []),
    ...(raw.table || []).map((p) => ({ id: p.card, label: p.label })),
  ]);
  learnEndings([...(raw.endings || []), ...(raw.ending ? [raw.ending] : [])]);
  return {
    tableId: raw.id,
    seq: raw.seq ?? 0,
    language: raw.language || "en",
    deckMode: raw.deck_mode || "virtual",
    variants: raw.variants || {},
    narrator: raw.narrator || null,
    seats: (raw.seats || []).map((seat) => ({
      seat: seat.seat,
      name: seat.name,
      kind: seat.kind || "human",
      handSize: seat.hand_size ?? 0,
      endingCount: seat.ending_count ?? 0,
    })),
    you: raw.you ?? null,
    storyteller: raw.storyteller,
    turnStart: raw.turn_start ?? 0,
    story: (raw.story || []).map((line, i) => ({
      line: line.line ?? i,
      seat: line.seat,
      text: line.text,
      card: line.card || null,
      // every card on the table told on this line: played by the teller or by an interrupter
      cards: (raw.table || []).filter((p) => p.line === (line.line ?? i)).map((p) => p.card),
      plays: (raw.table || []).filter((p) => p.line === (line.line ?? i)),
      kind: line.kind || "story",
    })),
    table: raw.table || [],
    window: raw.window ?? null,
    windowGroup: raw.window_group ?? null,
    hand: (raw.hand || []).map((card) => card.id),
    hidden: raw.hidden || 0,
    owed: raw.owed || 0,
    endings: (raw.endings || []).map((ending) => ending.id),
    hiddenEndings: raw.hidden_endings || 0,
    owedEndings: raw.owed_endings || 0,
    drew: raw.drew || [],
    hints: (raw.hints || []).map(readHint),
    moves: (raw.moves || []).map((move) => ({
      type: move.type,
      cards: move.cards || [],
      endings: move.endings || [],
      hidden: move.hidden || 0,
      hiddenEndings: move.hidden_endings || 0,
      judgement: move.judgement || null,
    })),
    pending: raw.pending || null,
    canVote: Boolean(raw.can_vote),
    aiLevel: raw.ai_level || "fair",
    // an AI storyteller about to tell on: {seat, name, speaksAt (ms)} or null
    aiThinking: raw.ai_thinking
      ? { seat: raw.ai_thinking.seat, name: raw.ai_thinking.name, speaksAt: Date.parse(raw.ai_thinking.speaks_at) }
      : null,
    failure: raw.failure || null,
    ending: raw.ending?.id ?? null,
    winner: raw.winner ?? null,
    finished: Boolean(raw.finished),
    last: raw.last || null,
  };
}

/** A referee hint (HintView) as the page uses it. */
export function readHint(hint) {
  return {
    card: hint.card,
    label: hint.label,
    evidence: hint.evidence || "",
    score: hint.score ?? null,
    line: hint.line ?? null,
    start: hint.start ?? -1,
    end: hint.end ?? -1,
    borderline: Boolean(hint.borderline),
  };
}

export function move(view, type) {
  return view.moves.find((m) => m.type === type) || null;
}

export function namesOf(view) {
  return Object.fromEntries(view.seats.map((seat) => [seat.seat, seat.name]));
}

export function isPractice(view) {
  return view.seats.filter((seat) => seat.kind === "human").length === 1;
}

/** The AI seat the table is waiting for (storyteller, or an open ballot's voter), or null. */
export function aiThinking(view) {
  if (view.finished) return null;
  const ai = new Set(view.seats.filter((seat) => seat.kind === "ai").map((seat) => seat.seat));
  if (view.pending) {
    const waiting = (view.pending.voters || []).find(
      (seat) => ai.has(seat) && !view.pending.yes.includes(seat) && !view.pending.no.includes(seat),
    );
    return waiting ?? null;
  }
  return ai.has(view.storyteller) ? view.storyteller : null;
}

/** The "storyteller is thinking" cue: whose, and in about how many seconds they tell on (0: any
 * moment now), or null when no AI storyteller is about to speak. */
export function thinkingCue(view, now) {
  const cue = view.aiThinking;
  if (!cue || view.finished || view.pending) return null;
  const seconds = Number.isFinite(cue.speaksAt) ? Math.max(0, Math.ceil((cue.speaksAt - now) / 1000)) : 0;
  return { seat: cue.seat, name: cue.name, seconds };
}
