// The result of a turn (FA-5, FA-6, FA-7), public once the guess is counted: whose card was
// whose, each guess, the card picked, whether the guessers were right, each seat's points, and
// the best-story vote's tally. Shown on every phone until the next turn's result replaces it.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { namesOf } from "./model.js";

/** The result to show now: this turn's while its best-story vote runs, else the last turn's. */
export function resultOf(view) {
  return view.state.turn?.result || view.state.last_turn || null;
}

const BEST_RESULT = { current: "fa.bestCurrent", reigning: "fa.bestReigning", tie: "fa.bestTie" };

export function resultPanel(view) {
  const result = resultOf(view);
  if (!result) return null;
  const names = namesOf(view);
  const guessers = result.guessers === "storyteller" ? names[result.storyteller] : names[result.judge];
  return h("section", { class: "panel fa-result", id: "fa-result", "data-turn": result.number, "aria-labelledby": "fa-result-head" },
    h("h2", { id: "fa-result-head" }, t("fa.resultOf", { n: result.number, name: names[result.storyteller] })),
    h("p", { id: "fa-verdict", class: result.correct ? "fa-right" : "fa-wrong" },
      t(result.correct ? "fa.guessRight" : "fa.guessWrong", { team: t("fa.teamOf", { name: guessers }) }),
      result.tie_broken ? ` ${t("fa.tieBroken")}` : ""),
    h("ul", { class: "fa-cards", "aria-label": t("fa.tableCards") },
      result.table.map(({ card, owner }) => revealedCard(view, result, card, owner, names))),
    pointsList(result, names),
    result.best ? h("p", { id: "fa-best-result" }, t(BEST_RESULT[result.best], {
      current: result.best_tally.current, reigning: result.best_tally.reigning,
    })) : null);
}

function revealedCard(view, result, card, owner, names) {
  const theirs = card === result.card;
  const voters = result.guesses.filter((guess) => guess.card === card).map((guess) => names[guess.seat]);
  const whose = owner === null || owner === undefined ? t("fa.fromDeck") : t(theirs ? "fa.storytellersCard" : "fa.decoyOf", { name: names[owner] });
  return h("li", { class: `fa-card${theirs ? " answer" : ""}${card === result.picked ? " picked" : ""}`, "data-card": card },
    h("span", { class: "fa-card-text", lang: view.language }, card),
    h("span", { class: "note" }, whose),
    card === result.picked ? h("strong", { class: "fa-picked" }, t("fa.picked")) : null,
    voters.length ? h("span", { class: "note" }, t("fa.votedBy", { n: voters.length })) : null);
}

function pointsList(result, names) {
  const gains = result.points.map((gain, seat) => [seat, gain]).filter(([, gain]) => gain !== 0);
  if (!gains.length) return h("p", { class: "note", id: "fa-points" }, t("fa.noPoints"));
  return h("ul", { class: "fa-points", id: "fa-points", "aria-label": t("fa.pointsThisTurn") },
    gains.map(([seat, gain]) => h("li", { "data-seat": seat }, t("fa.gain", { name: names[seat], n: gain > 0 ? `+${gain}` : String(gain) }))));
}
