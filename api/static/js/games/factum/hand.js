// This seat's hand (FA-1, virtual deck only: with printed cards the hand is in the player's own
// hand) and the shuffled cards on the table while the guessers vote (FA-5), for everyone.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { moveOf } from "./model.js";

export function handPanel(view) {
  const hand = view.state.hand;
  if (!hand || moveOf(view, "tell") || moveOf(view, "decoy")) return null; // those show it to choose from
  return h("section", { class: "panel", id: "fa-hand", "aria-labelledby": "fa-hand-head" },
    h("h2", { id: "fa-hand-head" }, t("fa.yourHand")),
    h("ul", { class: "fa-cards" },
      hand.map((card) => h("li", { class: "fa-card", "data-card": card, lang: view.language }, card))));
}

/** The table's cards, shuffled and without owners, while the guessing team decides. */
export function tablePanel(view) {
  const turn = view.state.turn;
  if (!turn || turn.result || !turn.table.length || moveOf(view, "guess")) return null;
  return h("section", { class: "panel", id: "fa-table", "aria-labelledby": "fa-table-head" },
    h("h2", { id: "fa-table-head" }, t("fa.tableCards")),
    h("ol", { class: "fa-cards" },
      turn.table.map((card) => h("li", { class: "fa-card", "data-card": card, lang: view.language }, card))),
    view.deck_mode === "physical" ? h("p", { class: "note" }, t("fa.layOut")) : null);
}
