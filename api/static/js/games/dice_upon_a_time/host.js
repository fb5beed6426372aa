// Host a Dice Upon a Time table (#/dice/host): 2–5 travellers, people or AI travellers (one
// person at least), how the AI travellers play (gentle, fair, sharp), how long the tale runs
// (short: 3 chapters, normal: 6, long: until the quests run out) and whether the table plays
// together (the co-operative variant), and whether the companion plays the board or keeps a live
// table played on the printed board (people only), and whether the table brings its own board
// (a board file, chosen or pasted, in the format our map's file explains in its header; the
// server's refusal names the place and the field). Then on to the invitations (#/invite/<table>).

import { ApiError, api } from "../../api.js";
import { h } from "../../dom.js";
import { errorText } from "../../errors.js";
import { t } from "../../i18n.js";
import { rememberHosted } from "../../recent.js";
import { AI_NAMES } from "../../tables.js";
import { seatEditor } from "../seats.js";

export const MIN_SEATS = 2;
export const MAX_SEATS = 5;
const LEVELS = { gentle: "dulevel.gentle", fair: "dulevel.fair", sharp: "dulevel.sharp" };
const LENGTHS = { short: "dulength.short", normal: "dulength.normal", long: "dulength.long" };
export const BOARD_MAX_CHARS = 40000; // the service's limit on a board file (schemas.py)

/** "Our own board": a tick that opens a file picker and a text area for the board file. */
function ownBoardField() {
  const text = h("textarea", { id: "du-board-text", rows: 6, spellcheck: "false", autocomplete: "off" });
  const file = h("input", {
    type: "file", id: "du-board-file", accept: ".yaml,.yml,.txt,text/yaml,text/plain",
    onchange: async () => { if (file.files[0]) text.value = await file.files[0].text(); },
  });
  const details = h("div", { id: "du-board-fields", hidden: true },
    h("p", { class: "note" }, t("du.ownBoardNote"), " ",
      h("a", { href: api.diceBoardFileUrl(), download: "board.yaml", id: "du-board-format", target: "_blank", rel: "noopener" }, t("du.ownBoardLink"))),
    h("div", { class: "field" }, h("label", { for: "du-board-file" }, t("du.ownBoardFile")), file),
    h("div", { class: "field" }, h("label", { for: "du-board-text" }, t("du.ownBoardText")), text));
  const tick = h("input", { type: "checkbox", id: "du-own-board", onchange: () => { details.hidden = !tick.checked; } });
  return {
    element: [h("label", { class: "check" }, tick, t("du.ownBoard")), details],
    /** The board file's text; "" when the table plays on our map. */
    value: () => (tick.checked ? text.value : ""),
  };
}

export function render(main) {
  const seats = [
    { name: t("host.defaultName", { n: 1 }), kind: "human" },
    { name: AI_NAMES[0], kind: "ai" },
  ];
  const error = h("div", { class: "error", role: "alert", id: "host-error" });
  const editor = seatEditor(seats, { min: MIN_SEATS, max: MAX_SEATS, tooMany: t("du.tooMany"), error });
  const level = h("select", { id: "du-level" },
    Object.entries(LEVELS).map(([name, key]) => h("option", { value: name, selected: name === "fair" }, t(key))));
  const length = h("select", { id: "du-length" },
    Object.entries(LENGTHS).map(([name, key]) => h("option", { value: name, selected: name === "short" }, t(key))));
  const ownBoard = ownBoardField();
  const form = h("form", { id: "du-host-form", novalidate: true },
    h("fieldset", {}, h("legend", {}, t("host.players")), editor.list,
      h("div", { class: "row" },
        h("button", { type: "button", id: "add-human", onclick: () => editor.add("human") }, t("host.addHuman")),
        h("button", { type: "button", id: "add-ai", onclick: () => editor.add("ai") }, t("host.addAi")))),
    h("div", { class: "field" }, h("label", { for: "du-level" }, t("du.level")), level),
    h("div", { class: "field" }, h("label", { for: "du-length" }, t("du.length")), length),
    h("label", { class: "check" }, h("input", { type: "checkbox", id: "du-coop" }), t("du.coop")),
    h("fieldset", {}, h("legend", {}, t("duk.deckHead")),
      h("label", { class: "check" }, h("input", { type: "radio", name: "deck", value: "virtual", checked: true }), t("duk.deckVirtual")),
      h("label", { class: "check" }, h("input", { type: "radio", name: "deck", value: "physical", id: "du-physical" }), t("duk.deckPhysical")),
      ownBoard.element),
    error,
    h("button", { type: "submit", class: "primary", id: "create-table" }, t("host.create")));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (!seats.some((s) => s.kind === "human")) return void (error.textContent = t("host.needHuman"));
    if (seats.some((s) => !s.name.trim())) return void (error.textContent = t("host.nameMissing"));
    const deckMode = new FormData(form).get("deck");
    if (deckMode === "physical" && seats.some((s) => s.kind === "ai")) return void (error.textContent = t("duk.physicalNoAi"));
    const board = ownBoard.value();
    if (form.querySelector("#du-own-board").checked && !board.trim()) return void (error.textContent = t("du.ownBoardEmpty"));
    if (board.length > BOARD_MAX_CHARS) return void (error.textContent = t("du.ownBoardTooLong", { n: BOARD_MAX_CHARS }));
    const button = form.querySelector("#create-table");
    button.disabled = true;
    button.textContent = t("host.creating");
    try {
      const created = await api.createTable({
        game: "dice_upon_a_time",
        ai_level: level.value,
        length: length.value,
        cooperative: form.querySelector("#du-coop").checked,
        deck_mode: deckMode,
        language: document.documentElement.lang || "en",
        players: seats.map((seat) => ({ name: seat.name.trim(), kind: seat.kind })),
        ...(board ? { board } : {}),
      });
      const table = {
        id: created.id,
        seats: created.players.map((p) => ({ seat: p.seat, name: p.name, kind: p.kind, token: p.token || null })),
      };
      rememberHosted(table);
      location.hash = `#/invite/${encodeURIComponent(table.id)}`;
    } catch (failure) {
      error.textContent = errorText(failure);
      button.disabled = false;
      button.textContent = t("host.create");
      if (!(failure instanceof ApiError)) console.error(failure);
    }
  });

  main.append(h("h1", {}, t("du.hostTitle")), h("p", { class: "lead" }, t("du.hostLead")), form);
}
