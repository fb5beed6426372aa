// Hints for practice: a continuation that brings one of your cards into the story, or an ending
// proposal for your ending card, from the stateless story endpoints. Read out politely.

import { api } from "../api.js";
import { cardLabel } from "../deck.js";
import { announce, fill, h } from "../dom.js";
import { errorText } from "../errors.js";
import { t } from "../i18n.js";
import { isOffline, narratorStatus } from "../narrator.js";
import { setStatus } from "../status.js";

/** The hint panel: two buttons and the latest suggestion. `use(text)` puts a sentence in the box. */
export function practicePanel(view, { use, memory }) {
  const output = h("div", { id: "hint-output", "aria-live": "polite" });
  const story = view.story.map((line) => line.text).slice(-200); // the endpoints take 200 lines
  const ending = view.endings[0] || null;

  async function ask(kind, button) {
    button.disabled = true;
    setStatus("thinking", { kind: "thinking", text: t("narrator.thinkingModel") });
    fill(output, h("p", { class: "note" }, t("narrator.thinkingModel")));
    try {
      let text;
      let narrator;
      let card = null;
      if (kind === "continuation") {
        // take the player's cards in turn, so repeated asks explore different ones
        card = view.hand[memory.next++ % view.hand.length];
        const answer = await api.continuation({ story, hand: view.hand, card, ending, language: view.language });
        text = (answer.sentences || []).join(view.language === "ja" ? "" : " ") || answer.text;
        narrator = answer.narrator;
      } else {
        const answer = await api.ending({ story, ending, language: view.language });
        text = (answer.linking || []).join(view.language === "ja" ? "" : " ");
        narrator = answer.narrator;
        memory.ending = answer;
      }
      setStatus("narrator", narratorStatus(narrator));
      if (!text) {
        fill(output, h("p", { class: "note" }, t("hint.none")));
        announce(t("hint.none"));
        return;
      }
      memory.last = text;
      fill(output,
        h("div", { class: "suggestion", lang: view.language },
          h("strong", {}, t("hint.heading"), card ? ` (${cardLabel(card)})` : "", ": "),
          h("span", { class: "suggestion-text" }, text),
          isOffline(narrator) ? h("span", { class: "note" }, " ", t("hint.offline")) : null),
        h("button", { type: "button", class: "small", id: "use-hint", onclick: () => use(text, kind) }, t("hint.use")));
      announce(`${t("hint.heading")}: ${text}`);
    } catch (failure) {
      fill(output, h("p", { class: "error" }, errorText(failure)));
    } finally {
      setStatus("thinking", null);
      button.disabled = false;
    }
  }

  const continuation = h("button", { type: "button", id: "ask-hint" }, t("hint.ask"));
  continuation.addEventListener("click", () => ask("continuation", continuation));
  const endingButton = ending ? h("button", { type: "button", id: "ask-ending" }, t("hint.askEnding")) : null;
  endingButton?.addEventListener("click", () => ask("ending", endingButton));
  if (memory.last) fill(output, h("div", { class: "suggestion" }, memory.last));
  return h("section", { id: "practice", "aria-label": t("hint.heading") },
    h("div", { class: "row" }, view.hand.length ? continuation : null, endingButton),
    output);
}
