// The storyteller's screen (FA-2): pick the card from the hand, then type or dictate the true
// story, or (at a table with no AI seat, where everyone heard it) confirm it was told aloud.
// With printed cards (physical deck) the card is named by its words, as printed.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { dictationButton } from "../../speech.js";
import { storyCheck } from "./advice.js";

export const MAX_STORY = 4000;

/**
 * `move`: the view's "tell" move; `draft`: {card, text, save()} kept across redraws and a
 * reload (table/draft.js); `act(action)` resolves true once accepted; `advise`: the private
 * "Too obvious?" check (advice.js), offered when the card is one of the hand's.
 */
export function tellPanel(view, move, { draft, act, advise }) {
  const aiListens = view.seats.some((seat) => seat.kind === "ai");
  if (!move.any_card && !move.cards.includes(draft.card)) draft.card = ""; // left from another hand
  const say = h("p", { class: "note", id: "fa-tell-note", role: "status" });
  const cardChoice = move.any_card ? printedCard(draft) : handChoice(view, move.cards, draft);
  const box = h("textarea", {
    id: "fa-story", rows: 5, maxlength: MAX_STORY, lang: view.language,
    oninput: (event) => {
      draft.text = event.target.value;
      draft.save();
    },
  });
  box.value = draft.text || "";
  const send = async (withText) => {
    const card = (draft.card || "").trim();
    if (!card) return void (say.textContent = t("fa.pickCardFirst"));
    const text = (draft.text || "").trim();
    if (withText && !text) return void (say.textContent = t("fa.storyMissing"));
    const action = withText ? { type: "tell", card, text } : { type: "tell", card };
    if (await act(action)) {
      draft.card = "";
      draft.text = "";
      draft.save();
    }
  };
  return h("form", { class: "fa-act narrate", id: "fa-tell", onsubmit: (event) => { event.preventDefault(); send(true); } },
    cardChoice,
    h("label", { for: "fa-story" }, t(aiListens ? "fa.storyLabelAi" : "fa.storyLabel")),
    box,
    say,
    move.any_card ? null : storyCheck(view, draft, advise, [box, cardChoice]),
    h("div", { class: "row" },
      dictationButton({
        id: "fa-dictate", box, lang: () => view.language, say: (text) => { say.textContent = text; },
        onChange: () => { draft.text = box.value; draft.save(); },
      }),
      h("button", { type: "submit", class: "primary", id: "fa-send-story" }, t("fa.sendStory")),
      aiListens ? null : h("button", { type: "button", id: "fa-told-aloud", onclick: () => send(false) }, t("fa.toldAloudButton"))));
}

/** The hand as radio buttons: the card the story is about. */
function handChoice(view, cards, draft) {
  return h("fieldset", { id: "fa-pick-card" },
    h("legend", {}, t("fa.pickCard")),
    cards.map((card, i) => h("label", { class: "check" },
      h("input", {
        type: "radio", name: "fa-card", value: card, id: `fa-card-${i}`, checked: draft.card === card,
        onchange: () => {
          draft.card = card;
          draft.save();
        },
      }),
      h("span", { lang: view.language }, card))));
}

/** Physical deck: the card's words as printed on it. */
function printedCard(draft) {
  const input = h("input", {
    type: "text", id: "fa-printed-card", autocomplete: "off", value: draft.card || "",
    oninput: (event) => {
      draft.card = event.target.value;
      draft.save();
    },
  });
  return h("div", { class: "field" }, h("label", { for: "fa-printed-card" }, t("fa.printedCard")), input);
}

