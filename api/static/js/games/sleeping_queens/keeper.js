// The live-table keeper (a physical table, deck_mode "physical"): the printed cards are on the
// table and any phone there records, in two taps, what the player whose move it is just did:
// what they played, then the queen it found or aimed at, the card a jester turned, or the
// numbers thrown. The companion keeps the queens, points and turn, and says in plain words
// when a recording cannot be right (the server checks it: SQ-7's sums, SQ-8's rivals…).

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { queenName } from "./cards.js";

const KINDS = {
  king: "sqk.king",
  knight: "sqk.knight",
  potion: "sqk.potion",
  jester: "sqk.jester",
  discard: "sqk.discard",
  discard_other: "sqk.other",
};
const CARD_KINDS = {
  king: "sqkcard.king",
  jester: "sqkcard.jester",
  knight: "sqkcard.knight",
  potion: "sqkcard.potion",
  wand: "sqkcard.wand",
  dragon: "sqkcard.dragon",
};

/** The recording panel. `step` ({kind, numbers}) is the page's: the first tap, kept until the
 * recording is taken. `act(body)` resolves to whether it was. */
export function keeperPanel(view, step, { act, redraw }) {
  const choices = view.keeper;
  if (!choices || view.finished) return null;
  const names = view.seats.map((seat) => seat.name);
  const who = names[view.acting];
  const pending = view.state.pending;
  const buttons = (items) => h("div", { class: "buttons sq-choices" }, items);
  const button = (label, onclick, attrs = {}) => h("button", { type: "button", onclick, ...attrs }, label);
  let title;
  let body;
  if (pending && pending.kind !== "wake") {
    const key = pending.kind === "block_knight" ? "sqk.askDragon" : "sqk.askWand";
    title = t(key, { name: who, attacker: names[pending.attacker], queen: queenName(pending.queen) });
    body = buttons([
      ...choices.block.map((card) => button(t(CARD_KINDS[card]), () => act({ type: "block", card }), { class: "primary", id: "sqk-block" })),
      button(t("sq.allow"), () => act({ type: "allow" }), { id: "sqk-allow" }),
    ]);
  } else if (pending?.kind === "wake") {
    title = t("sqk.whichWoke", { name: who });
    body = queenChoice(view, (position, queen) => act({ type: "wake", position, queen }));
  } else if (!step.kind) {
    title = t("sqk.whatDid", { name: who });
    body = buttons(choices.kinds.filter((kind) => KINDS[kind]).map((kind) =>
      button(t(KINDS[kind]), () => { step.kind = kind; step.numbers = []; redraw(); }, { "data-kind": kind, class: "sq-card" })));
  } else {
    const back = button(t("sqk.back"), () => { step.kind = null; redraw(); }, { id: "sqk-back" });
    // the step is kept when a recording is refused, so it can be put right
    const done = async (body) => {
      if (await act(body)) {
        step.kind = null;
        redraw();
      }
    };
    if (step.kind === "king") {
      title = t("sqk.whichWoke", { name: who });
      body = queenChoice(view, (position, queen) => done({ type: "king", position, queen }));
    } else if (step.kind === "knight" || step.kind === "potion") {
      title = t(step.kind === "knight" ? "sqk.whichSteal" : "sqk.whichSleep", { name: who });
      body = buttons(choices[step.kind].map((queen) => button(
        `${queenName(queen)} (${names[view.seats.find((s) => s.queens.includes(queen))?.seat] ?? ""})`,
        () => done({ type: step.kind, queen }), { "data-queen": queen })));
    } else if (step.kind === "jester") {
      title = t("sqk.whatTurned");
      body = buttons([
        ...Array.from({ length: 10 }, (_, i) => button(String(i + 1), () => done({ type: "jester", revealed: i + 1 }), { "data-revealed": i + 1 })),
        ...Object.entries(CARD_KINDS).map(([kind, key]) => button(t(key), () => done({ type: "jester", revealed: kind }), { "data-revealed": kind })),
      ]);
    } else if (step.kind === "discard") {
      title = t("sqk.whichNumbers", { name: who });
      const sum = step.numbers.length ? step.numbers.join(" · ") : "—";
      body = [
        h("p", { class: "sq-numbers", id: "sqk-numbers" }, sum),
        buttons(Array.from({ length: 10 }, (_, i) => button(String(i + 1), () => {
          if (step.numbers.length < 5) step.numbers.push(i + 1);
          redraw();
        }, { "data-number": i + 1 }))),
        buttons([
          button(t("sqk.thrown"), () => done({ type: "discard", numbers: [...step.numbers] }), { class: "primary", id: "sqk-thrown", disabled: !step.numbers.length }),
          button(t("sqk.clear"), () => { step.numbers = []; redraw(); }, { id: "sqk-clear" }),
        ]),
      ];
    } else {
      title = t("sqk.whichOther", { name: who });
      body = buttons(choices.discard_other.map((kind) => button(t(CARD_KINDS[kind]), () => done({ type: "discard_other", kind }))));
    }
    body = [body, buttons([back])];
  }
  return h("section", { class: "panel", id: "sqk", "aria-labelledby": "sqk-head" },
    h("h2", { id: "sqk-head" }, title), body,
    h("p", { class: "note" }, t("sqk.anyPhone")));
}

/** The queens a king or a wake may have turned up: each known one where she lies, and each not
 * yet seen (at the first place nobody knows: face down, they are alike). */
function queenChoice(view, pick) {
  const legal = new Set(view.keeper.positions);
  const spots = view.state.positions.filter((spot) => legal.has(spot.position));
  const unknown = spots.find((spot) => !spot.queen);
  const options = [
    ...spots.filter((spot) => spot.queen).map((spot) => [spot.position, spot.queen]),
    ...(unknown ? view.state.unseen.map((queen) => [unknown.position, queen]) : []),
  ];
  return h("div", { class: "buttons sq-choices" }, options.map(([position, queen]) =>
    h("button", { type: "button", class: "sq-queen awake", "data-queen": queen, onclick: () => pick(position, queen) }, queenName(queen))));
}
