// Physical deck: the player enters the cards they were dealt (or drew) by typing a few letters of
// any name, in any language, and tapping the card. One search box, big tap targets.

import { cardGroup, cardLabel, endingText, groupLabel, otherNames, searchCards, searchEndings } from "../deck.js";
import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { move } from "./model.js";

/** The entry panel when the rules want a declaration (dealt hand or drawn cards), else null. */
export function physicalPanel(view, act, picked) {
  const declareHand = move(view, "declare_hand");
  const declareDraw = move(view, "declare_draw");
  const declaration = declareHand || declareDraw;
  if (!declaration) return null;
  const type = declareHand ? "declare_hand" : "declare_draw";
  const wantCards = declaration.hidden;
  const wantEndings = declaration.hiddenEndings;
  picked.cards = picked.cards.filter((id) => !view.hand.includes(id));
  picked.endings = picked.endings.filter((id) => !view.endings.includes(id));

  const chosen = h("ul", { class: "results", id: "phys-chosen", "aria-label": t("phys.chosen", { n: picked.cards.length, total: wantCards }) });
  const counter = h("p", { class: "note", id: "phys-counter" });
  const results = h("ul", { class: "results", id: "phys-results", "aria-live": "polite" });
  const endingResults = h("ul", { class: "results", id: "phys-ending-results", "aria-live": "polite" });
  const confirm = h("button", { type: "button", class: "primary", id: "phys-confirm" }, t("phys.confirm"));

  function redraw() {
    fill(chosen, picked.cards.map((id) => h("li", {},
      h("button", { type: "button", class: `small g-${cardGroup(id)}`, "aria-label": t("phys.remove", { card: cardLabel(id) }),
        onclick: () => { picked.cards.splice(picked.cards.indexOf(id), 1); redraw(); } }, cardLabel(id), " ✕"))),
      picked.endings.map((id) => h("li", {},
        h("button", { type: "button", class: "small", "aria-label": t("phys.remove", { card: endingText(id) }),
          onclick: () => { picked.endings.splice(picked.endings.indexOf(id), 1); redraw(); } }, "“" + endingText(id) + "” ✕"))));
    counter.textContent = t("phys.chosen", { n: picked.cards.length, total: wantCards })
      + (wantEndings ? ` · ${t("phys.ending")}: ${picked.endings.length}/${wantEndings}` : "");
    confirm.disabled = picked.cards.length === 0 && picked.endings.length === 0;
  }

  const search = h("input", { type: "search", id: "phys-search", autocomplete: "off", autocapitalize: "off", spellcheck: false, enterkeyhint: "search" });
  search.addEventListener("input", () => {
    const taken = new Set([...view.hand, ...picked.cards]);
    const ids = searchCards(search.value).filter((id) => !taken.has(id));
    fill(results, search.value && !ids.length ? h("li", { class: "note" }, t("phys.noResults")) : ids.map((id) =>
      h("li", {}, h("button", {
        type: "button", class: `g-${cardGroup(id)}`, "data-card": id, "aria-label": t("phys.add", { card: cardLabel(id) }),
        onclick: () => {
          if (picked.cards.length >= wantCards) return;
          picked.cards.push(id);
          search.value = "";
          fill(results);
          redraw();
          search.focus();
        },
      }, cardLabel(id), h("span", { class: "alt" }, " " + [groupLabel(cardGroup(id)), otherNames(id)].filter(Boolean).join(" · "))))));
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      results.querySelector("button")?.click();
    }
  });

  const endingSearch = wantEndings
    ? h("input", { type: "search", id: "phys-ending-search", autocomplete: "off", enterkeyhint: "search" })
    : null;
  endingSearch?.addEventListener("input", () => {
    const ids = searchEndings(endingSearch.value).filter((id) => !picked.endings.includes(id));
    fill(endingResults, ids.map((id) => h("li", {}, h("button", {
      type: "button", "data-ending": id,
      onclick: () => {
        if (picked.endings.length >= wantEndings) return;
        picked.endings.push(id);
        endingSearch.value = "";
        fill(endingResults);
        redraw();
      },
    }, endingText(id)))));
  });

  confirm.addEventListener("click", async () => {
    const ok = await act({ type, cards: [...picked.cards], endings: [...picked.endings] });
    if (ok) {
      picked.cards = [];
      picked.endings = [];
    }
  });

  redraw();
  return h("section", { class: "panel", id: "physical", "aria-labelledby": "phys-title" },
    h("h2", { id: "phys-title", style: "margin-top:0" }, declareHand ? t("phys.title") : t("phys.drawTitle")),
    h("p", { class: "note" }, t("phys.lead")),
    h("label", { for: "phys-search" }, t("phys.search")),
    search,
    results,
    endingSearch ? [h("label", { for: "phys-ending-search" }, t("phys.endingSearch")), endingSearch, endingResults] : null,
    counter,
    chosen,
    confirm,
  );
}
