// What a Factum view (GET /v1/tables/{id}, game "factum") means for the phone showing it: who
// must act now, this seat's role in the turn, names. Pure functions of one seat's view: nothing
// here is kept between views or shared between seats.

/** The seats' names, by seat number. */
export const namesOf = (view) => view.seats.map((seat) => seat.name);

/** The move of `type` this seat may make now, or null. */
export const moveOf = (view, type) => view.moves.find((move) => move.type === type) || null;

/** Whether this phone is a player's (not a spectator's). */
export const seated = (view) => view.you !== null && view.you !== undefined;

/** The seats the game waits for now. */
export const awaiting = (view) => view.state.awaiting || [];

/** Whether this seat must act now (it has a move). */
export const myTurn = (view) => seated(view) && view.moves.length > 0;

/**
 * This seat's part in the turn now: "storyteller", "judge", "adder" (adds a decoy), "guesser",
 * "voter" (best story), "volunteer" (may offer to tell), or "waiting"; spectators are
 * "spectator" and a finished game "over".
 */
export function roleOf(view) {
  if (view.finished) return "over";
  if (!seated(view)) return "spectator";
  const { phase, turn } = view.state;
  const me = view.you;
  if (phase === "volunteer") return awaiting(view).includes(me) ? "volunteer" : "waiting";
  if (!turn) return "waiting";
  if (turn.storyteller === me && phase === "storytelling") return "storyteller";
  if (turn.judge === me && (phase === "judging" || phase === "filling")) return "judge";
  if (phase === "decoys" && awaiting(view).includes(me)) return "adder";
  if (phase === "guessing" && turn.voters.includes(me)) return "guesser";
  if (phase === "best_story" && awaiting(view).includes(me)) return "voter";
  return "waiting";
}

/** What the story of turn `number` is when an AI seat told it: "canned" (from its bank, written
 * in advance) or "generated" (invented by the language model the table turned on); null when a
 * person told it. Never lived either way. */
export const storyOrigin = (view, number) => view.story_origin?.[String(number)] || null;
