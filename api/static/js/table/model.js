// The player view as the page uses it, read from the API's JSON in one place.

/** Normalise the API's view of a table (player or spectator) for rendering. */
export function readView(raw) {
  const state = raw.state || raw.public || raw;
  const seats = (raw.seats || state.seats || []).map((seat, i) => ({
    seat: seat.seat ?? i,
    name: seat.name,
    kind: seat.kind || "human",
    handSize: seat.hand_size ?? seat.cards ?? 0,
    endingCount: seat.ending_count ?? seat.endings ?? 0,
    thinking: Boolean(seat.thinking),
  }));
  const you = raw.you ?? raw.seat ?? null;
  const me = raw.hand !== undefined ? raw : raw.player || raw.me || {};
  const moves = raw.moves || raw.legal || raw.legal_moves || [];
  return {
    tableId: raw.table_id || raw.id,
    seq: raw.seq ?? raw.last_seq ?? 0,
    language: raw.language || "en",
    deckMode: raw.deck_mode || state.deck_mode || "virtual",
    narrator: raw.narrator || null,
    seats,
    you,
    storyteller: state.storyteller ?? raw.storyteller,
    story: (state.story || []).map((line) => ({
      seat: line.seat,
      text: line.text,
      card: line.card || null,
      kind: line.kind || "story",
      evidence: line.evidence || null,
    })),
    table: state.table || [],
    window: state.window ?? null,
    turnStart: state.turn_start ?? 0,
    hand: me.hand || [],
    hidden: me.hidden || 0,
    owed: me.owed || 0,
    endings: me.endings || [],
    hiddenEndings: me.hidden_endings || 0,
    owedEndings: me.owed_endings || 0,
    hints: (raw.hints || []).map((hint) => ({
      card: hint.card_id || hint.card,
      evidence: hint.evidence || "",
      score: hint.score ?? null,
      line: hint.line ?? null,
    })),
    moves: moves.map((move) => ({
      type: move.type,
      cards: move.cards || [],
      endings: move.endings || [],
      hidden: move.hidden || 0,
      hiddenEndings: move.hidden_endings || 0,
      judgement: move.judgement || null,
    })),
    pending: raw.pending || null,
    ending: state.ending ?? null,
    winner: state.winner ?? null,
    last: state.last || null,
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
