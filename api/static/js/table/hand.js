// The player's own cards. Cards the referee just flagged are highlighted with the evidence
// ("baby" → Child) and offer Interrupt first; the buttons shown are only the legal ones.

import { cardGroup, cardLabel, endingText, groupLabel, isInterrupt } from "../deck.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { move } from "./model.js";

/**
 * The hand as a list of cards. `act(action)` sends an action; the view decides which buttons
 * appear from the legal moves (play for the storyteller, interrupt / card interrupt for others).
 */
export function handSection(view, act) {
  const play = move(view, "play");
  const interrupt = move(view, "interrupt");
  const cardInterrupt = move(view, "card_interrupt");
  const flagged = new Map(view.hints.map((hint) => [hint.card, hint]));
  const ordered = [...view.hand].sort((a, b) => Number(flagged.has(b)) - Number(flagged.has(a)));

  const cards = ordered.map((id) => {
    const hint = flagged.get(id);
    const group = cardGroup(id);
    const buttons = [];
    if (interrupt && interrupt.cards.includes(id)) {
      const claim = () => act({ type: "interrupt", card: id, ...(hint?.line != null ? { line: hint.line } : {}) });
      buttons.push(hint ? interruptButton(id, "primary", claim) : confirmedInterrupt(id, claim));
    }
    if (cardInterrupt && cardInterrupt.cards.includes(id)) {
      buttons.push(
        h("button", {
          type: "button", class: "primary", "data-action": "card_interrupt", "data-card": id,
          onclick: () => act({ type: "card_interrupt", card: id }),
        }, t("action.cardInterrupt", { group: groupLabel(group) })),
      );
    }
    if (play && play.cards.includes(id) && canPlayOnLastLine(view)) {
      buttons.push(
        h("button", {
          type: "button", class: "small", "data-action": "play", "data-card": id,
          "aria-label": t("action.play", { card: cardLabel(id) }),
          onclick: () => act({ type: "play", card: id, line: lastFreeLine(view) }),
        }, t("action.playShort")),
      );
    }
    return h(
      "li",
      { class: `card g-${group || "none"}${hint ? " flagged" : ""}`, "data-card": id, "data-flagged": hint ? "true" : false },
      h("span", { class: "group" }, groupLabel(group)),
      h("span", { class: "name" }, cardLabel(id)),
      isInterrupt(id) ? h("span", { class: "star" }, "★ " + t("card.interrupt")) : null,
      hint ? h("span", { class: "evidence" }, t("hint.evidence", { evidence: hint.evidence, card: cardLabel(id) }),
        hint.borderline ? ` ${t("hint.unsure")}` : "") : null,
      buttons,
    );
  });

  const endings = view.endings.map((id) =>
    h("p", { class: "ending-card", "data-ending": id }, endingText(id)));

  return h(
    "section",
    { "aria-labelledby": "hand-title", id: "hand" },
    h("h2", { id: "hand-title" }, t("table.hand"), ` (${view.hand.length + view.hidden})`),
    view.hand.length === 0 && view.hidden === 0
      ? (view.finished ? null : h("p", { class: "note" }, t("table.handEmpty")))
      : h("ul", { class: "hand" }, cards),
    endings.length ? [h("h2", {}, t(endings.length > 1 ? "table.endings" : "table.ending")), endings] : null,
  );
}

function interruptButton(id, cls, onclick) {
  return h("button", {
    type: "button", class: cls, "data-action": "interrupt", "data-card": id,
    "aria-label": t("action.interrupt", { card: cardLabel(id) }), onclick,
  }, t("action.interruptShort"));
}

// A card the referee did not flag: the claim goes to a show of hands (OU-13), and one the table
// turns down costs the card and two draws (OU-14), so the first tap only arms the button ("Sure?") and a second one within a few seconds claims.
let armed = { card: null, until: 0 };

function confirmedInterrupt(id, claim) {
  const isArmed = () => armed.card === id && Date.now() < armed.until;
  const button = interruptButton(id, "small", () => {
    if (isArmed()) {
      armed = { card: null, until: 0 };
      claim();
      return;
    }
    armed = { card: id, until: Date.now() + 4000 };
    button.textContent = t("action.interruptSure");
    button.classList.add("danger");
    setTimeout(() => {
      if (!isArmed() && button.isConnected) {
        button.textContent = t("action.interruptShort");
        button.classList.remove("danger");
      }
    }, 4100);
  });
  if (isArmed()) {
    button.textContent = t("action.interruptSure");
    button.classList.add("danger");
  }
  return button;
}

/** The latest line of the storyteller's current turn that carries no card yet (or null). */
export function lastFreeLine(view) {
  for (let i = view.story.length - 1; i >= view.turnStart; i--) {
    const line = view.story[i];
    if (line.seat !== view.storyteller) break;
    if (!line.card && !line.cards.length && line.kind !== "link") return i;
  }
  return null;
}

function canPlayOnLastLine(view) {
  return lastFreeLine(view) !== null;
}

/** The summary box above the story: "your card was mentioned", with the Interrupt buttons. */
export function hintBox(view, act) {
  const interrupt = move(view, "interrupt");
  if (!interrupt || view.hints.length === 0) return null;
  const usable = view.hints.filter((hint) => interrupt.cards.includes(hint.card));
  if (!usable.length) return null;
  return h(
    "section",
    { class: "hint-box", id: "hint-box", "aria-labelledby": "hint-title" },
    h("h2", { id: "hint-title" }, t("hint.title")),
    usable.map((hint) =>
      h("div", { class: "row", "data-hint": hint.card },
        h("span", { class: "grow" }, t("hint.evidence", { evidence: hint.evidence, card: cardLabel(hint.card) }),
          hint.borderline ? ` ${t("hint.unsure")}` : ""),
        h("button", {
          type: "button", class: "primary", "data-action": "interrupt", "data-card": hint.card,
          onclick: () => act({ type: "interrupt", card: hint.card, ...(hint.line != null ? { line: hint.line } : {}) }),
        }, t("action.interrupt", { card: cardLabel(hint.card) })),
      )),
  );
}
