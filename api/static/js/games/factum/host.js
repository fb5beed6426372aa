// Host a Factum table (#/factum/host): 4–12 seats (people or AI players), the language of the
// plot cards and stories, and the cards: the companion deals (online, AI seats allowed) or a
// live table plays with printed cards (deck_mode "physical", people only); the plot cards are
// the bundled bank, a set generated now (the prompts tool), or the table's own, typed in. When
// the server has a language model (GET /v1/server: language_model), a switch lets the AI
// storytellers invent their stories with it (use_model; off by default, and hidden on a server
// without one, which would refuse it: nothing goes to a model unless the host turns it on). Then
// on to the invitations (#/invite/<table>, views/invite.js), as for any table.

import { ApiError, api } from "../../api.js";
import { h } from "../../dom.js";
import { errorText } from "../../errors.js";
import { LANGUAGES, LANGUAGE_NAMES, language, t } from "../../i18n.js";
import { rememberHosted } from "../../recent.js";
import { seatEditor } from "../seats.js";

export const MIN_SEATS = 4;
export const MAX_SEATS = 12;
// A freshly generated deck: this many cards at least, or this many a seat (hands, fill-ups and
// refills for a whole game), asked for in batches of the prompts tool's largest count.
const FRESH_MIN = 60;
const FRESH_PER_SEAT = 10;
const FRESH_BATCH = 30;

export function render(main) {
  const seats = Array.from({ length: MIN_SEATS }, (_, i) => ({ name: t("host.defaultName", { n: i + 1 }), kind: "human" }));
  const error = h("div", { class: "error", role: "alert", id: "host-error" });
  const editor = seatEditor(seats, { min: MIN_SEATS, max: MAX_SEATS, tooMany: t("fa.host.tooMany"), error });

  // shown once the server says it has a language model
  const modelChoice = h("fieldset", { id: "fa-model-choice", hidden: true },
    h("legend", {}, t("fa.host.model")),
    h("label", { class: "check" }, h("input", { type: "checkbox", id: "fa-use-model", name: "use_model" }), t("fa.host.useModel")),
    h("p", { class: "note" }, t("fa.host.modelHint")));
  api.server().then((info) => { modelChoice.hidden = !info?.language_model; }, () => {});

  const radio = (name, value, label, checked) =>
    h("label", { class: "check" }, h("input", { type: "radio", name, value, checked }), label);
  const form = h("form", { id: "fa-host-form", novalidate: true },
    h("fieldset", {}, h("legend", {}, t("host.players")), editor.list,
      h("div", { class: "row" },
        h("button", { type: "button", id: "add-human", onclick: () => editor.add("human") }, t("host.addHuman")),
        h("button", { type: "button", id: "add-ai", onclick: () => editor.add("ai") }, t("fa.host.addAi")))),
    h("fieldset", {}, h("legend", {}, t("fa.host.language")),
      LANGUAGES.map((lang) => radio("language", lang, LANGUAGE_NAMES[lang], lang === language()))),
    h("fieldset", {}, h("legend", {}, t("host.deck")),
      radio("deck", "virtual", t("fa.host.virtual"), true),
      radio("deck", "physical", t("fa.host.physical"), false)),
    h("fieldset", {}, h("legend", {}, t("fa.host.cards")),
      radio("cards", "bank", t("fa.host.cardsBank"), true),
      radio("cards", "fresh", t("fa.host.cardsFresh"), false),
      radio("cards", "own", t("fa.host.cardsOwn"), false),
      h("label", { class: "visually-hidden", for: "fa-own-cards" }, t("fa.host.cardsOwn")),
      h("textarea", { id: "fa-own-cards", name: "own", rows: 6, placeholder: t("fa.host.ownHint") })),
    modelChoice,
    h("div", { class: "field" },
      h("label", { for: "fa-target" }, t("fa.host.target")),
      h("input", { type: "number", id: "fa-target", name: "target", min: 1, max: 100, value: 15, inputmode: "numeric" })),
    error,
    h("button", { type: "submit", class: "primary", id: "create-table" }, t("host.create")));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const data = new FormData(form);
    const problem = seatProblem(seats, data.get("deck"));
    if (problem) return void (error.textContent = problem);
    const button = form.querySelector("#create-table");
    button.disabled = true;
    button.textContent = t("host.creating");
    try {
      const lang = data.get("language");
      let cards = null;
      if (data.get("cards") === "own") cards = ownCards(data.get("own"));
      if (data.get("cards") === "fresh") {
        button.textContent = t("fa.host.generating");
        cards = await freshCards(lang, Math.max(FRESH_MIN, seats.length * FRESH_PER_SEAT));
      }
      const table = await createFactumTable({
        seats, language: lang, deckMode: data.get("deck"), target: Number(data.get("target")) || 15, cards,
        useModel: !modelChoice.hidden && data.get("use_model") === "on",
      });
      rememberHosted(table);
      location.hash = `#/invite/${encodeURIComponent(table.id)}`;
    } catch (failure) {
      error.textContent = errorText(failure);
      button.disabled = false;
      button.textContent = t("host.create");
      if (!(failure instanceof ApiError)) console.error(failure);
    }
  });

  main.append(h("h1", {}, t("fa.host.title")), h("p", { class: "lead" }, t("fa.host.lead")), form);
}

/** What is wrong with the seats for this deck, in plain words, or null. */
function seatProblem(seats, deckMode) {
  if (seats.length < MIN_SEATS) return t("fa.host.tooFew");
  if (!seats.some((s) => s.kind === "human")) return t("host.needHuman");
  if (seats.some((s) => !s.name.trim())) return t("host.nameMissing");
  if (deckMode === "physical" && seats.some((s) => s.kind === "ai")) return t("host.physicalNoAi");
  return null;
}

/** The table's own cards, typed one a line: trimmed, blank lines and repeats dropped. */
function ownCards(text) {
  return [...new Set(String(text || "").split("\n").map((line) => line.trim()).filter(Boolean))];
}

/** `count` new plot cards in `lang` (POST /v1/factum/prompts, each batch avoiding the last). */
async function freshCards(lang, count) {
  const cards = [];
  while (cards.length < count) {
    const set = await api.factumPrompts({ count: Math.min(FRESH_BATCH, count - cards.length), language: lang, avoid: cards.slice(-100) });
    const fresh = set.cards.map((card) => card.text).filter((text) => !cards.includes(text));
    if (!fresh.length) break; // nothing new came back: the table is created with what there is
    cards.push(...fresh);
  }
  return cards;
}

/** POST /v1/tables for Factum; returns {id, seats: [{seat, name, kind, token}]} (as tables.js).
 * `cards`: the table's own plot cards (typed or freshly generated), else the bundled bank;
 * `useModel`: AI storytellers invent their stories with the server's language model. */
export async function createFactumTable({ seats, language: lang, deckMode, target, cards = null, useModel = false }) {
  const created = await api.createTable({
    game: "factum",
    language: lang,
    deck_mode: deckMode,
    target_score: target,
    ...(cards ? { cards } : {}),
    ...(useModel ? { use_model: true } : {}),
    players: seats.map((seat) => ({ name: seat.name.trim(), kind: seat.kind })),
  });
  return {
    id: created.id,
    seats: created.players.map((player) => ({ seat: player.seat, name: player.name, kind: player.kind, token: player.token || null })),
  };
}
