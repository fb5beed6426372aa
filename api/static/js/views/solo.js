// Practise alone: one person against 1–5 AI narrators, virtual deck; straight into the table.

import { creationError, customCardsField } from "../custom_cards.js";
import { h } from "../dom.js";
import { LANGUAGES, LANGUAGE_NAMES, language, t } from "../i18n.js";
import { AI_NAMES, createTable } from "../tables.js";

export function render(main) {
  const error = h("div", { class: "error", role: "alert", id: "solo-error" });
  const name = h("input", { type: "text", id: "solo-name", value: t("host.defaultName", { n: 1 }), maxlength: 40, autocomplete: "nickname" });
  const opponents = h("select", { id: "solo-opponents" },
    [1, 2, 3, 4, 5].map((n) => h("option", { value: n, selected: n === 2 }, String(n))));
  const lang = h("select", { id: "solo-language" },
    LANGUAGES.map((code) => h("option", { value: code, selected: code === language() }, LANGUAGE_NAMES[code])));
  const level = h("select", { id: "solo-level" },
    [["gentle", t("solo.level.gentle")], ["fair", t("solo.level.fair")], ["sharp", t("solo.level.sharp")]].map(
      ([code, text]) => h("option", { value: code, selected: code === "fair" }, text)));
  const ownCards = customCardsField();
  const start = h("button", { type: "submit", class: "primary", id: "solo-start" }, t("solo.start"));
  const form = h("form", { class: "panel", id: "solo-form" },
    h("div", { class: "field" }, h("label", { for: "solo-name" }, t("solo.name")), name),
    h("div", { class: "field" }, h("label", { for: "solo-opponents" }, t("solo.opponents")), opponents),
    h("div", { class: "field" }, h("label", { for: "solo-language" }, t("host.language")), lang),
    h("div", { class: "field" }, h("label", { for: "solo-level" }, t("solo.level")), level),
    ownCards.element,
    error,
    start,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (!name.value.trim()) return void (error.textContent = t("host.nameMissing"));
    if (!ownCards.flush()) return;
    start.disabled = true;
    try {
      const count = Number(opponents.value);
      const seats = [{ name: name.value.trim(), kind: "human" }];
      for (let i = 0; i < count; i++) seats.push({ name: AI_NAMES[i], kind: "ai" });
      const table = await createTable({ seats, language: lang.value, deckMode: "virtual", multipleEndings: false, endingSwap: false, aiLevel: level.value,
        customCards: ownCards.cards(), dealCustomFirst: ownCards.dealFirst() });
      const me = table.seats.find((seat) => seat.token);
      location.hash = `#/t/${table.id}/${me.token}`;
    } catch (failure) {
      error.textContent = creationError(failure, ownCards.cards());
      start.disabled = false;
    }
  });
  main.append(h("h1", {}, t("solo.title")), h("p", { class: "lead" }, t("solo.lead")), form);
}
