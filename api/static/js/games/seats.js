// The host form's seats, shared by the games' host pages: one row per seat (the player's name,
// person or AI player, a button to remove it) and adding a person or an AI player.

import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { AI_NAMES } from "../tables.js";

/**
 * The editable list of `seats` ([{name, kind}], changed in place): `list` is its element,
 * `add(kind)` adds a seat (a default name, or the next AI name) and focuses it; at `max` seats
 * `error` says `tooMany` instead; a seat can be removed while there are more than `min`.
 */
export function seatEditor(seats, { min, max, tooMany, error }) {
  const list = h("div", { id: "seats" });
  function draw() {
    fill(list, seats.map((seat, i) => seatRow(seat, i, {
      removable: seats.length > min,
      remove: () => { seats.splice(i, 1); draw(); },
    })));
  }
  function add(kind) {
    if (seats.length >= max) return void (error.textContent = tooMany);
    const n = seats.filter((s) => s.kind === kind).length + 1;
    const ai = AI_NAMES[(n - 1) % AI_NAMES.length] + (n > AI_NAMES.length ? ` ${Math.ceil(n / AI_NAMES.length)}` : "");
    seats.push({ name: kind === "ai" ? ai : t("host.defaultName", { n }), kind });
    draw();
    document.getElementById(`seat-name-${seats.length - 1}`)?.focus();
  }
  draw();
  return { list, add };
}

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
