// Host a table: seats (people / AI), story language, virtual or physical deck, variants; then
// on to the table's invitations (#/invite/<table>, views/invite.js), kept on this device.

import { ApiError } from "../api.js";
import { creationError, customCardsField } from "../custom_cards.js";
import { fill, h } from "../dom.js";
import { LANGUAGES, LANGUAGE_NAMES, language, t } from "../i18n.js";
import { rememberHosted } from "../recent.js";
import { AI_NAMES, MAX_SEATS, MIN_SEATS, createTable } from "../tables.js";

export function render(main) {
  const seats = [
    { name: t("host.defaultName", { n: 1 }), kind: "human" },
    { name: t("host.defaultName", { n: 2 }), kind: "human" },
    { name: t("host.defaultName", { n: 3 }), kind: "human" },
  ];
  const seatList = h("div", { id: "seats" });
  const error = h("div", { class: "error", role: "alert", id: "host-error" });
  const ownCards = customCardsField();

  function renderSeats() {
    fill(
      seatList,
      seats.map((seat, i) => {
        const nameId = `seat-name-${i}`;
        const kindId = `seat-kind-${i}`;
        return h(
          "div",
          { class: "seat-row" },
          h("div", {},
            h("label", { class: "visually-hidden", for: nameId }, t("host.playerName", { n: i + 1 })),
            h("input", {
              type: "text", id: nameId, value: seat.name, maxlength: 40, autocomplete: "off",
              oninput: (e) => { seat.name = e.target.value; },
            }),
          ),
          h("div", {},
            h("label", { class: "visually-hidden", for: kindId }, t("host.kind", { n: i + 1 })),
            h("select", { id: kindId, onchange: (e) => { seat.kind = e.target.value; } },
              h("option", { value: "human", selected: seat.kind === "human" }, t("host.kindHuman")),
              h("option", { value: "ai", selected: seat.kind === "ai" }, t("host.kindAi")),
            ),
          ),
          h("button", {
            type: "button", class: "small danger", disabled: seats.length <= MIN_SEATS,
            "aria-label": t("host.remove", { name: seat.name || i + 1 }),
            onclick: () => { seats.splice(i, 1); renderSeats(); },
          }, "✕"),
        );
      }),
    );
  }

  function addSeat(kind) {
    if (seats.length >= MAX_SEATS) {
      error.textContent = t("host.tooMany");
      return;
    }
    const n = seats.filter((s) => s.kind === kind).length + 1;
    const name = kind === "ai" ? AI_NAMES[(n - 1) % AI_NAMES.length] : t("host.defaultName", { n });
    seats.push({ name, kind });
    renderSeats();
    document.getElementById(`seat-name-${seats.length - 1}`)?.focus();
  }

  const radio = (name, value, label, checked) =>
    h("label", { class: "check" }, h("input", { type: "radio", name, value, checked }), label);

  const form = h(
    "form",
    { id: "host-form", novalidate: true },
    h("fieldset", {},
      h("legend", {}, t("host.players")),
      seatList,
      h("div", { class: "row" },
        h("button", { type: "button", id: "add-human", onclick: () => addSeat("human") }, t("host.addHuman")),
        h("button", { type: "button", id: "add-ai", onclick: () => addSeat("ai") }, t("host.addAi")),
      ),
    ),
    h("fieldset", {},
      h("legend", {}, t("host.language")),
      LANGUAGES.map((lang) => radio("language", lang, LANGUAGE_NAMES[lang], lang === language())),
    ),
    h("fieldset", {},
      h("legend", {}, t("host.deck")),
      radio("deck", "virtual", t("host.deckVirtual"), true),
      radio("deck", "physical", t("host.deckPhysical"), false),
    ),
    ownCards.element,
    h("fieldset", {},
      h("legend", {}, t("host.variants")),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "multiple_endings" }), t("host.multipleEndings")),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "ending_swap" }), t("host.endingSwap")),
    ),
    error,
    h("button", { type: "submit", class: "primary", id: "create-table" }, t("host.create")),
  );

  // a physical deck is dealt at the table: the app cannot deal the own cards first
  form.addEventListener("change", (event) => {
    if (event.target.name === "deck") ownCards.offerDealFirst(event.target.value === "virtual");
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (seats.length < MIN_SEATS) return void (error.textContent = t("host.tooFew"));
    if (!seats.some((s) => s.kind === "human")) return void (error.textContent = t("host.needHuman"));
    if (seats.some((s) => !s.name.trim())) return void (error.textContent = t("host.nameMissing"));
    if (!ownCards.flush()) return;
    const data = new FormData(form);
    if (data.get("deck") === "physical" && seats.some((s) => s.kind === "ai")) {
      error.textContent = t("host.physicalNoAi");
      return;
    }
    const button = form.querySelector("#create-table");
    button.disabled = true;
    button.textContent = t("host.creating");
    try {
      const table = await createTable({
        seats,
        language: data.get("language"),
        deckMode: data.get("deck"),
        multipleEndings: data.get("multiple_endings") === "on",
        endingSwap: data.get("ending_swap") === "on",
        customCards: ownCards.cards(),
        dealCustomFirst: ownCards.dealFirst(),
      });
      rememberHosted(table);
      location.hash = `#/invite/${encodeURIComponent(table.id)}`; // an address of its own
    } catch (failure) {
      error.textContent = creationError(failure, ownCards.cards());
      button.disabled = false;
      button.textContent = t("host.create");
      if (!(failure instanceof ApiError)) console.error(failure);
    }
  });

  renderSeats();
  main.append(h("h1", {}, t("host.title")),
    h("p", { class: "note" }, h("a", { href: "#/factum/host", id: "host-factum" }, t("home.factumHost"))), form);
}
