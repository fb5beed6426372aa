// Factum prompt cards (FA-1, FA-10): generate a set with the narrator, then print and cut.

import { api } from "../api.js";
import { fill, h, announce } from "../dom.js";
import { errorText } from "../errors.js";
import { LANGUAGES, LANGUAGE_NAMES, language, t } from "../i18n.js";
import { setStatus } from "../status.js";
import { narratorStatus } from "../narrator.js";

export function render(main) {
  const list = h("ol", { class: "prompt-cards", id: "prompt-cards", "aria-live": "polite" });
  const error = h("div", { class: "error", role: "alert" });
  const printButton = h("button", { type: "button", id: "print-cards", hidden: true, onclick: () => print() }, t("factum.print"));
  const countInput = h("input", { type: "number", id: "factum-count", min: 1, max: 30, value: 12, inputmode: "numeric" });
  const langSelect = h("select", { id: "factum-language" },
    LANGUAGES.map((lang) => h("option", { value: lang, selected: lang === language() }, LANGUAGE_NAMES[lang])));
  const generate = h("button", { type: "submit", class: "primary", id: "generate-cards" }, t("factum.generate"));
  const produced = [];

  const form = h("form", { class: "no-print panel" },
    h("div", { class: "row" },
      h("div", { class: "field grow" }, h("label", { for: "factum-count" }, t("factum.count")), countInput),
      h("div", { class: "field grow" }, h("label", { for: "factum-language" }, t("host.language")), langSelect),
    ),
    error,
    h("div", { class: "row" }, generate, printButton),
  );

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const count = Math.max(1, Math.min(30, Number(countInput.value) || 12));
    generate.disabled = true;
    generate.textContent = t("factum.generating");
    setStatus("thinking", { kind: "thinking", text: t("narrator.thinkingModel") });
    try {
      const set = await api.factumPrompts({ count, language: langSelect.value, avoid: produced.slice(-60) });
      setStatus("narrator", narratorStatus(set.narrator));
      const cards = set.cards || [];
      produced.push(...cards.map((c) => c.text));
      fill(list, cards.map((card, i) =>
        h("li", { class: "prompt-card", lang: langSelect.value },
          h("span", {}, card.text),
          h("span", { class: "num" }, t("factum.card", { n: i + 1 }) + " · Factum"))));
      if (!cards.length) list.append(h("li", { class: "note" }, t("factum.empty")));
      printButton.hidden = cards.length === 0;
      announce(`${cards.length} ✓`);
    } catch (failure) {
      error.textContent = errorText(failure);
    } finally {
      setStatus("thinking", null);
      generate.disabled = false;
      generate.textContent = t("factum.generate");
    }
  });

  main.append(
    h("h1", { class: "no-print" }, t("factum.title")),
    h("p", { class: "lead no-print" }, t("factum.lead")),
    form,
    list,
  );
}
