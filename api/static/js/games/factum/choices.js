// The other roles' controls, each shown only to the seats the game waits for: offering to tell
// (FA-2), the judge's choice with the storyteller's card in view (FA-3), adding a decoy from the
// hand (FA-4), the judge naming the fill-up cards of a printed deck, voting for the
// storyteller's card (FA-5), and the secret best-story vote (FA-7).

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { namesOf } from "./model.js";
import { storyQuote } from "./board.js";
import { decoyAdvice, judgeAdvice } from "./advice.js";

export function volunteerPanel(view, { act }) {
  return h("div", { class: "fa-act", id: "fa-volunteer-panel" },
    h("p", {}, t("fa.volunteerWhy")),
    h("button", { type: "button", class: "primary", id: "fa-volunteer", onclick: () => act({ type: "volunteer" }) }, t("fa.volunteer")));
}

/** The storyteller's card, seen by the storyteller and the judge only (the API sends it to no one else). */
export function secretCard(view) {
  const card = view.state.turn?.storyteller_card;
  if (!card || view.state.turn.result) return null;
  return h("section", { class: "hint-box", id: "fa-secret", "aria-labelledby": "fa-secret-head" },
    h("h2", { id: "fa-secret-head" }, t(view.state.turn.storyteller === view.you ? "fa.yourCard" : "fa.theirCard")),
    h("p", { class: "fa-card-text", lang: view.language, "data-card": card }, card),
    h("p", { class: "note" }, t("fa.keepSecret")));
}

export function judgePanel(view, { act, advise }) {
  const names = namesOf(view);
  const turn = view.state.turn;
  return h("div", { class: "fa-act vote", id: "fa-judge" },
    h("p", {}, t("fa.judgeAsk")),
    judgeAdvice(view, advise),
    h("div", { class: "buttons" },
      h("button", { type: "button", class: "primary", id: "fa-guessers-judge", onclick: () => act({ type: "choose_guessers", guessers: "judge" }) },
        t("fa.tooObvious")),
      h("button", { type: "button", class: "primary", id: "fa-guessers-storyteller", onclick: () => act({ type: "choose_guessers", guessers: "storyteller" }) },
        t("fa.tooHard", { name: names[turn.storyteller] }))));
}

/** The hand as one button per card: the decoy that best matches the story's feeling. */
export function decoyPanel(view, move, { act, draft, advise }) {
  if (move.any_card) {
    return printedForm(view, {
      id: "fa-decoy", label: t("fa.decoyPrinted"), button: t("fa.addDecoy"), draft,
      send: (card) => act({ type: "decoy", card }),
    });
  }
  const hand = h("ul", { class: "fa-cards choose", "aria-label": t("fa.yourHand") },
    move.cards.map((card) => h("li", {},
      h("button", {
        type: "button", class: "fa-card-button", "data-card": card, lang: view.language,
        "aria-label": t("fa.addThis", { card }), onclick: () => act({ type: "decoy", card }),
      }, card))));
  return h("div", { class: "fa-act", id: "fa-decoy" },
    h("p", {}, t("fa.decoyAsk")), decoyAdvice(view, advise, hand), hand);
}

/** The shuffled table: one button per card, a vote for the storyteller's card. */
export function guessPanel(view, move, { act }) {
  return h("div", { class: "fa-act", id: "fa-guess" },
    h("p", {}, t("fa.guessAsk")),
    h("ul", { class: "fa-cards choose", "aria-label": t("fa.tableCards") },
      move.cards.map((card) => h("li", {},
        h("button", {
          type: "button", class: "fa-card-button", "data-card": card, lang: view.language,
          "aria-label": t("fa.voteThis", { card }), onclick: () => act({ type: "guess", card }),
        }, card)))));
}

/** FA-7: does this turn's story beat the reigning one? A secret vote. */
export function bestStoryPanel(view, { act }) {
  const { turn, title } = view.state;
  const names = namesOf(view);
  return h("div", { class: "fa-act vote", id: "fa-best" },
    h("p", {}, h("strong", {}, t("fa.bestAsk")), " ", h("span", { class: "note" }, t("fa.bestSecret"))),
    h("h3", {}, t("fa.currentStory", { name: names[turn.storyteller] })),
    turn.story ? storyQuote(view, turn.story, turn.number) : h("p", { class: "note" }, t("fa.toldAloud")),
    h("h3", {}, t("fa.reigningStory", { name: names[title.holder] })),
    title.story ? storyQuote(view, title.story, title.turn) : h("p", { class: "note" }, t("fa.toldAloud")),
    h("div", { class: "buttons" },
      h("button", { type: "button", class: "primary", id: "fa-best-current", onclick: () => act({ type: "best_story", prefer: "current" }) },
        t("fa.preferCurrent", { name: names[turn.storyteller] })),
      h("button", { type: "button", class: "primary", id: "fa-best-reigning", onclick: () => act({ type: "best_story", prefer: "reigning" }) },
        t("fa.preferReigning", { name: names[title.holder] }))));
}

/** Physical deck: the judge names the cards drawn to fill the table up to 5. */
export function fillPanel(view, move, { act, draft }) {
  const inputs = Array.from({ length: move.count }, (_, i) => h("div", { class: "field" },
    h("label", { for: `fa-fill-${i}` }, t("fa.fillCard", { n: i + 1 })),
    h("input", { type: "text", id: `fa-fill-${i}`, autocomplete: "off", value: draft.fill?.[i] || "",
      oninput: (event) => { draft.fill = { ...(draft.fill || {}), [i]: event.target.value }; } })));
  return h("form", {
    class: "fa-act", id: "fa-fill",
    onsubmit: (event) => {
      event.preventDefault();
      const cards = inputs.map((_, i) => (draft.fill?.[i] || "").trim());
      if (cards.some((card) => !card)) return;
      act({ type: "declare_fill", cards }).then((ok) => { if (ok) draft.fill = null; });
    },
  }, h("p", {}, t("fa.fillAsk", { n: move.count })), inputs,
  h("button", { type: "submit", class: "primary", id: "fa-send-fill" }, t("fa.sendFill")));
}

function printedForm(view, { id, label, button, draft, send }) {
  const field = `${id}-card`;
  return h("form", {
    class: "fa-act", id,
    onsubmit: async (event) => {
      event.preventDefault();
      const card = (draft.printed || "").trim();
      if (card && await send(card)) draft.printed = "";
    },
  },
  h("div", { class: "field" }, h("label", { for: field }, label),
    h("input", { type: "text", id: field, autocomplete: "off", lang: view.language, value: draft.printed || "",
      oninput: (event) => { draft.printed = event.target.value; } })),
  h("button", { type: "submit", class: "primary", id: `${id}-send` }, button));
}

/** What this seat chose, shown back to it alone while the others choose. */
export function myChoice(view) {
  const turn = view.state.turn;
  if (!turn) return null;
  const lines = [];
  if (turn.your_decoy) lines.push(["fa.yourDecoy", turn.your_decoy]);
  if (turn.your_guess) lines.push(["fa.yourGuess", turn.your_guess]);
  const vote = turn.your_best_vote ? h("p", { "data-best-vote": turn.your_best_vote }, t(turn.your_best_vote === "current" ? "fa.yourBestCurrent" : "fa.yourBestReigning")) : null;
  if (!lines.length && !vote) return null;
  return h("div", { class: "notice", id: "fa-mine" }, vote,
    lines.map(([key, card]) => h("p", {}, t(key), " ", h("span", { class: "fa-card-text", lang: view.language }, card))));
}
