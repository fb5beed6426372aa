// The host form's row for one seat, shared by the games' host pages: the player's name, person
// or AI player, and a button to remove the seat.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function seatRow(seat, i, { removable, remove }) {
  const nameId = `seat-name-${i}`;
  const kindId = `seat-kind-${i}`;
  return h("div", { class: "seat-row" },
    h("div", {},
      h("label", { class: "visually-hidden", for: nameId }, t("host.playerName", { n: i + 1 })),
      h("input", { type: "text", id: nameId, value: seat.name, maxlength: 40, autocomplete: "off", oninput: (e) => { seat.name = e.target.value; } })),
    h("div", {},
      h("label", { class: "visually-hidden", for: kindId }, t("host.kind", { n: i + 1 })),
      h("select", { id: kindId, onchange: (e) => { seat.kind = e.target.value; } },
        h("option", { value: "human", selected: seat.kind === "human" }, t("host.kindHuman")),
        h("option", { value: "ai", selected: seat.kind === "ai" }, t("host.kindAiPlayer")))),
    h("button", {
      type: "button", class: "small danger", disabled: !removable,
      "aria-label": t("host.remove", { name: seat.name || i + 1 }), onclick: remove,
    }, "✕"));
}
