// Host a Sleeping Queens table (#/sleeping-queens/host): 2–5 seats, people or AI players (one
// person at least: alone against the phone, or friends each on a phone or passing one), how the
// AI players play (gentle, fair, sharp). Then on to the invitations (#/invite/<table>), or, when
// everyone plays on this phone, to the pass-the-phone table (pass.js).

import { ApiError, api } from "../../api.js";
import { h } from "../../dom.js";
import { errorText } from "../../errors.js";
import { t } from "../../i18n.js";
import { rememberHosted } from "../../recent.js";
import { AI_NAMES } from "../../tables.js";
import { seatEditor } from "../seats.js";

export const MIN_SEATS = 2;
export const MAX_SEATS = 5;
const LEVELS = { gentle: "sqlevel.gentle", fair: "sqlevel.fair", sharp: "sqlevel.sharp" };

export function render(main) {
  const seats = [
    { name: t("host.defaultName", { n: 1 }), kind: "human" },
    { name: AI_NAMES[0], kind: "ai" },
    { name: AI_NAMES[1], kind: "ai" },
  ];
  const error = h("div", { class: "error", role: "alert", id: "host-error" });
  const editor = seatEditor(seats, { min: MIN_SEATS, max: MAX_SEATS, tooMany: t("sq.host.tooMany"), error });

  const level = h("select", { id: "sq-level" },
    Object.entries(LEVELS).map(([name, key]) => h("option", { value: name, selected: name === "fair" }, t(key))));
  const form = h("form", { id: "sq-host-form", novalidate: true },
    h("fieldset", {}, h("legend", {}, t("host.players")), editor.list,
      h("div", { class: "row" },
        h("button", { type: "button", id: "add-human", onclick: () => editor.add("human") }, t("host.addHuman")),
        h("button", { type: "button", id: "add-ai", onclick: () => editor.add("ai") }, t("host.addAi")))),
    h("div", { class: "field" }, h("label", { for: "sq-level" }, t("sq.level")), level),
    h("label", { class: "check" }, h("input", { type: "checkbox", id: "sq-one-phone" }), t("sq.onePhone")),
    h("fieldset", {}, h("legend", {}, t("host.deck")),
      h("label", { class: "check" }, h("input", { type: "radio", name: "deck", value: "virtual", checked: true }), t("sqk.deckVirtual")),
      h("label", { class: "check" }, h("input", { type: "radio", name: "deck", value: "physical", id: "sq-physical" }), t("sqk.deckPhysical"))),
    error,
    h("button", { type: "submit", class: "primary", id: "create-table" }, t("host.create")));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (!seats.some((s) => s.kind === "human")) return void (error.textContent = t("host.needHuman"));
    if (seats.some((s) => !s.name.trim())) return void (error.textContent = t("host.nameMissing"));
    const deckMode = new FormData(form).get("deck");
    if (deckMode === "physical" && seats.some((s) => s.kind === "ai")) return void (error.textContent = t("host.physicalNoAi"));
    const button = form.querySelector("#create-table");
    button.disabled = true;
    button.textContent = t("host.creating");
    try {
      const created = await api.createTable({
        game: "sleeping_queens",
        ai_level: level.value,
        deck_mode: deckMode,
        language: document.documentElement.lang || "en",
        players: seats.map((seat) => ({ name: seat.name.trim(), kind: seat.kind })),
      });
      const table = {
        id: created.id,
        seats: created.players.map((p) => ({ seat: p.seat, name: p.name, kind: p.kind, token: p.token || null })),
      };
      rememberHosted(table);
      const onePhone = form.querySelector("#sq-one-phone").checked;
      location.hash = onePhone
        ? `#/sleeping-queens/pass/${encodeURIComponent(table.id)}`
        : `#/invite/${encodeURIComponent(table.id)}`;
    } catch (failure) {
      error.textContent = errorText(failure);
      button.disabled = false;
      button.textContent = t("host.create");
      if (!(failure instanceof ApiError)) console.error(failure);
    }
  });

  main.append(h("h1", {}, t("sq.host.title")), h("p", { class: "lead" }, t("sq.host.lead")), form);
}
