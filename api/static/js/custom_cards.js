// "Your own cards" for a new Once Upon a Time table (shared by the host and solo pages): story
// cards the deck does not print (an expansion's, another edition's, home-made), each a label and
// a group; sent as the table's `custom_cards`, with `deal_custom_first` when the app is to deal
// them first (a house rule, virtual deck only). Folded in its own <details> until wanted.

import { ApiError } from "./api.js";
import { fold, groupLabel } from "./deck.js";
import { fill, h } from "./dom.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";

export const MAX_CUSTOM_CARDS = 40; // the service's limit (companion/games/once_upon_a_time/config.py)
const MAX_LABEL_CHARS = 60;
const GROUPS = ["characters", "items", "places", "aspects", "events"];

/** A label as the service keeps it: NFC, spaces squeezed. */
function clean(label) {
  return String(label).normalize("NFC").split(/\s+/).filter(Boolean).join(" ");
}

/**
 * The fieldset and its state: {element, cards() -> [{label, group}], dealFirst() -> bool,
 * offerDealFirst(bool), flush() -> bool}. `offerDealFirst(false)` hides the deal-first choice
 * (a physical deck is dealt at the table); `flush` adds a name typed but not yet added (a form's
 * submit calls it first): false when that name cannot be added (the field says why).
 */
export function customCardsField() {
  const cards = [];
  const list = h("ul", { class: "results", id: "custom-list", "aria-label": t("custom.legend") });
  const message = h("div", { class: "error", role: "alert", id: "custom-error" });
  const label = h("input", {
    type: "text", id: "custom-label", maxlength: MAX_LABEL_CHARS, autocomplete: "off",
    placeholder: t("custom.placeholder"), enterkeyhint: "done",
  });
  const group = h("select", { id: "custom-group" },
    GROUPS.map((name) => h("option", { value: name }, groupLabel(name))));
  const first = h("input", { type: "checkbox", id: "custom-first" });
  const firstRow = h("label", { class: "check", for: "custom-first" }, first, t("custom.dealFirst"));
  const details = h("details", { id: "custom-details" },
    h("summary", {}, t("custom.open")),
    h("p", { class: "note" }, t("custom.note")),
    h("div", { class: "field" }, h("label", { for: "custom-label" }, t("custom.label")), label),
    h("div", { class: "field" }, h("label", { for: "custom-group" }, t("custom.group")),
      h("div", { class: "row" }, h("div", { class: "grow" }, group),
        h("button", { type: "button", id: "custom-add", onclick: () => add() }, t("custom.add")))),
    message,
    firstRow,
  );

  function redraw() {
    fill(list, cards.map((card, i) => h("li", {},
      h("button", {
        type: "button", class: `small g-${card.group}`, "data-custom": card.label,
        "aria-label": t("custom.remove", { card: card.label }),
        onclick: () => {
          cards.splice(i, 1);
          message.textContent = "";
          redraw();
          label.focus();
        },
      }, card.label, h("span", { class: "alt" }, ` ${groupLabel(card.group)}`), " ✕"))));
    list.hidden = cards.length === 0;
  }

  /** Add the typed name (true), or say why not (false). An empty box adds nothing, quietly
   * when `quiet` (a form being sent with nothing typed). */
  function add({ quiet = false } = {}) {
    const text = clean(label.value);
    let problem = null;
    if (!text) problem = quiet ? "" : t("custom.empty");
    else if (!/\p{L}/u.test(text)) problem = t("custom.noLetter");
    else if (cards.some((card) => fold(card.label) === fold(text))) problem = t("custom.twice", { card: text });
    else if (cards.length >= MAX_CUSTOM_CARDS) problem = t("custom.tooMany", { n: MAX_CUSTOM_CARDS });
    if (problem !== null) {
      message.textContent = problem;
      if (problem) {
        details.open = true;
        label.focus();
      }
      return !problem;
    }
    cards.push({ label: text, group: group.value });
    label.value = "";
    message.textContent = "";
    redraw();
    label.focus();
    return true;
  }

  label.addEventListener("input", () => { message.textContent = ""; });
  // Enter in the name box adds the card; it does not send the page's form
  label.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  });

  redraw();
  return {
    element: h("fieldset", { class: "custom-cards", id: "custom-cards" },
      h("legend", {}, t("custom.legend")), details, list),
    cards: () => cards.map((card) => ({ ...card })),
    dealFirst: () => !firstRow.hidden && first.checked,
    offerDealFirst: (on) => { firstRow.hidden = !on; },
    flush: () => add({ quiet: true }),
  };
}

/** A failure to create the table, in words: a refused own card is named by its label (the
 * service says `custom_cards[i]: …`); anything else as `errorText` says it. */
export function creationError(failure, cards) {
  const found = failure instanceof ApiError && failure.status === 422
    ? /^custom_cards\[(\d+)\]:\s*(.*)$/s.exec(failure.message)
    : null;
  const card = found ? cards[Number(found[1])] : null;
  return card ? t("custom.refused", { card: card.label, message: found[2] }) : errorText(failure);
}
