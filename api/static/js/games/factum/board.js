// The public part of a Factum table: the seats with their scores and parts in the turn, the
// banner saying who must act now ("your turn" in its own colour), the reigning best story, the
// scores and the end of the game with its winners.

import { h } from "../../dom.js";
import { listOf, t } from "../../i18n.js";
import { awaiting, myTurn, namesOf, roleOf, seated, storyOrigin } from "./model.js";

/** The seat chips: name, score, and marks for the storyteller, the judge and the title. */
export function seatChips(view) {
  const { turn, title } = view.state;
  return h("ul", { class: "seats", id: "fa-seats", "aria-label": t("table.players") },
    view.seats.map((seat) => {
      const marks = [];
      if (turn?.storyteller === seat.seat) marks.push(t("fa.markStoryteller"));
      if (turn?.judge === seat.seat) marks.push(t("fa.markJudge"));
      if (title?.holder === seat.seat) marks.push(t("fa.markTitle"));
      if (seat.kind === "ai") marks.push(t("table.ai"));
      return h("li", {
        class: `seat${turn?.storyteller === seat.seat ? " teller" : ""}`, "data-seat": seat.seat,
        "aria-current": turn?.storyteller === seat.seat ? "true" : false,
      },
        h("span", { class: "who" }, seat.seat === view.you ? t("table.seatOf", { name: seat.name }) : seat.name),
        marks.length ? ` · ${marks.join(" · ")}` : "",
        h("br"),
        h("span", { class: "meta" }, t("fa.points", { n: seat.score })));
    }));
}

const BANNER = {
  volunteer: "fa.youVolunteer",
  storyteller: "fa.youTell",
  judge: "fa.youJudge",
  adder: "fa.youAdd",
  guesser: "fa.youGuess",
  voter: "fa.youVote",
};

const WAITING = {
  volunteer: "fa.waitVolunteer",
  storytelling: "fa.waitTell",
  judging: "fa.waitJudge",
  filling: "fa.waitFill",
  decoys: "fa.waitAdd",
  guessing: "fa.waitGuess",
  best_story: "fa.waitVote",
};

/** Who must act now: "your turn: …" on the phones that must, "waiting for …" on the others. */
export function banner(view) {
  if (view.finished) return null; // the end panel says it
  const role = roleOf(view);
  if (myTurn(view) && BANNER[role]) {
    return h("div", { class: "turn-banner mine", id: "fa-turn", tabindex: "-1", "data-role": role }, t(BANNER[role]));
  }
  const names = namesOf(view);
  const who = awaiting(view).filter((seat) => seat !== view.you).map((seat) => names[seat]);
  const key = WAITING[view.state.phase] || "fa.waitTell";
  const done = seated(view) && view.state.phase !== "volunteer" && !awaiting(view).includes(view.you);
  return h("div", { class: "turn-banner", id: "fa-turn", tabindex: "-1", "data-role": role },
    t(key, { names: who.length ? listOf(who) : "…" }),
    done ? h("span", { class: "note" }, ` ${t("fa.youDone")}`) : null);
}

/** The reigning best story (FA-7): who holds the title and their story. */
export function titlePanel(view) {
  const { title } = view.state;
  if (!title) return null;
  const names = namesOf(view);
  return h("section", { class: "panel", id: "fa-title", "aria-labelledby": "fa-title-head" },
    h("h2", { id: "fa-title-head" }, t("fa.title")),
    h("p", {}, t(title.points ? "fa.titleHeld" : "fa.titleFirst", { name: names[title.holder] })),
    title.story ? storyQuote(view, title.story, title.turn) : h("p", { class: "note" }, t("fa.toldAloud")));
}

/** A told story, in the table's language, labelled when an AI seat told it: canned (from its
 * bank) or invented by the language model. */
export function storyQuote(view, text, number) {
  const origin = storyOrigin(view, number);
  const label = origin === "generated"
    ? h("p", { class: "tag-canned", "data-origin": origin }, t("fa.generated"))
    : h("p", { class: "tag-canned", "data-origin": origin, "data-canned": number }, t("fa.canned"));
  return h("div", {}, origin ? label : null, h("blockquote", { class: "fa-story", lang: view.language }, text));
}

/** Said to everyone at a table that let its AI storytellers use the language model. */
export function modelNote(view) {
  if (!view.use_model) return null;
  return h("p", { class: "note", id: "fa-model-note" }, t("fa.modelOn"));
}

/** The scores, highest first, with the target (FA-9). */
export function scoresPanel(view) {
  const ranked = [...view.seats].sort((a, b) => b.score - a.score || a.seat - b.seat);
  return h("section", { class: "panel", id: "fa-scores", "aria-labelledby": "fa-scores-head" },
    h("h2", { id: "fa-scores-head" }, t("fa.scores")),
    h("p", { class: "note" }, t("fa.target", { n: view.state.target_score })),
    h("table", { class: "fa-scores" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("fa.player")), h("th", { scope: "col" }, t("fa.score")))),
      h("tbody", {}, ranked.map((seat) =>
        h("tr", { "data-seat": seat.seat },
          h("th", { scope: "row" }, seat.name),
          h("td", {}, String(seat.score)))))));
}

/** The end (FA-9): the winner or winners. */
export function endPanel(view) {
  if (!view.finished) return null;
  const names = namesOf(view);
  const winners = view.state.winners.map((seat) => names[seat]);
  const won = seated(view) && view.state.winners.includes(view.you);
  return h("section", { class: "turn-banner mine", id: "fa-end", role: "status" },
    h("strong", {}, t(winners.length > 1 ? "fa.winners" : "fa.winner", { names: listOf(winners) })),
    won ? h("span", {}, ` ${t("fa.youWon")}`) : null);
}

const DONE = { decoys: "decoys_in", guessing: "guessed", best_story: "best_voted" };

/** How many of the seats asked have chosen so far (public: who chose, never what). */
export function progress(view) {
  const turn = view.state.turn;
  const field = DONE[view.state.phase];
  if (!turn || !field) return null;
  const done = turn[field].length;
  return h("p", { class: "note", id: "fa-progress", "data-done": done },
    t("fa.progress", { n: done, m: done + awaiting(view).length }));
}
