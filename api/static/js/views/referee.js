// Ask the referee: a sentence, the cards the others hold (any cards: printed, from an expansion,
// or made up at the table, in any of the three languages), and optionally the story so far; the
// referee says which cards the sentence brings in and by which words. For settling "does that
// count?" at a table played with paper cards.

import { api } from "../api.js";
import { fill, h } from "../dom.js";
import { errorText } from "../errors.js";
import { t } from "../i18n.js";

// how the referee found a card, in words a player reads
const HOW = {
  lexical: "referee.byName",
  "lexical+semantic": "referee.byName",
  semantic: "referee.byMeaning",
  llm: "referee.byModel",
  "re-mention": "referee.byStory",
};

/** The cards typed in the box: one per line or separated by commas (、 too), each once. */
export function cardsOf(text) {
  const seen = new Set();
  return text.split(/[\n,、，]/u).map((card) => card.trim()).filter((card) => {
    const key = card.toLocaleLowerCase();
    if (!card || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function render(main) {
  const sentence = h("textarea", { id: "referee-text", rows: 3, maxlength: 20000, required: true });
  const cards = h("textarea", { id: "referee-cards", rows: 3, placeholder: t("referee.cardsHint") });
  const story = h("textarea", { id: "referee-story", rows: 3 });
  const result = h("section", { id: "referee-result", "aria-live": "polite", "aria-labelledby": "referee-result-title" });
  const button = h("button", { type: "submit", class: "primary", id: "referee-rule" }, t("referee.rule"));
  const form = h("form", { class: "panel", id: "referee-form" },
    h("label", { for: "referee-text" }, t("referee.text")), sentence,
    h("label", { for: "referee-cards" }, t("referee.cards")), cards,
    h("details", {},
      h("summary", { id: "referee-story-toggle" }, t("referee.storyToggle")),
      h("label", { for: "referee-story" }, t("referee.story")), story),
    h("div", { class: "row" }, button));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const held = cardsOf(cards.value);
    if (!held.length) {
      fill(result, h("p", { class: "error", role: "alert" }, t("referee.noCards")));
      return;
    }
    button.disabled = true;
    fill(result, h("p", { class: "note" }, t("common.loading")));
    try {
      const lines = story.value.split("\n").map((line) => line.trim()).filter(Boolean);
      const ruling = await api.mentions({ text: sentence.value, cards: held, story: lines });
      fill(result, ...rulingView(ruling));
    } catch (failure) {
      fill(result, h("p", { class: "error", role: "alert" }, errorText(failure)));
    } finally {
      button.disabled = false;
    }
  });
  main.append(h("h1", {}, t("referee.title")), h("p", { class: "lead" }, t("referee.lead")), form, result);
}

function rulingView(ruling) {
  const title = h("h2", { id: "referee-result-title" }, t("referee.verdict"));
  if (!ruling.mentions.length && !ruling.borderline.length) return [title, h("p", { id: "referee-none" }, t("referee.none"))];
  return [
    title,
    ruling.mentions.length
      ? h("ul", { class: "mentions", id: "referee-mentions", role: "list" }, ruling.mentions.map(mentionItem))
      : h("p", { id: "referee-none" }, t("referee.none")),
    ruling.borderline.length
      ? h("div", {},
          h("h3", {}, t("referee.borderline")),
          h("ul", { class: "mentions", id: "referee-borderline", role: "list" }, ruling.borderline.map(mentionItem)))
      : null,
  ];
}

function mentionItem(mention) {
  const how = t(HOW[mention.method] ?? "referee.byMeaning");
  return h("li", { class: "panel", "data-card": mention.card },
    h("strong", {}, mention.card),
    " — ",
    t("referee.mentioned", { words: mention.evidence, how }),
    mention.antecedent ? h("span", { class: "note" }, ` ${t("referee.antecedent", { words: mention.antecedent })}`) : null);
}
