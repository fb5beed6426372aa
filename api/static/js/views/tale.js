// The finished (or unfinished) tale as a readable page, with who told what and which cards were
// played; downloadable as Markdown and printable. The tale is in its table's language (heading,
// card names, ending, the Markdown's labels), whatever the interface language; the buttons are
// in the interface language.

import { api } from "../api.js";
import { cardLabel, endingText, loadDeck } from "../deck.js";
import { download, h } from "../dom.js";
import { errorText } from "../errors.js";
import { inLanguage, listOf, t } from "../i18n.js";
import { namesOf, readView } from "../table/model.js";
import { storyParagraphs } from "../table/story.js";
import { tableLink } from "../tables.js";

export async function render(main, [tableId, token = null]) {
  let view;
  try {
    const [raw] = await Promise.all([api.view(tableId, token), loadDeck()]);
    view = readView(raw);
  } catch (failure) {
    main.append(h("p", { class: "error" }, errorText(failure)));
    return;
  }
  const article = taleArticle(view);
  main.append(
    article,
    h("div", { class: "row no-print" },
      h("button", { type: "button", class: "primary", id: "download-md",
        onclick: () => download(`tale-${tableId.slice(0, 8)}.md`, taleMarkdown(view)) },
        t("tale.download")),
      h("button", { type: "button", onclick: () => print() }, t("tale.print")),
      h("a", { class: "button", href: tableLink(tableId, token) }, t("tale.back")),
    ),
  );
}

/** Whether the tale is finished, and its ending sentence in the language `t` speaks now. */
function taleEnd(view) {
  const finished = view.winner !== null && view.winner !== undefined;
  return { finished, ending: finished && view.ending ? endingText(view.ending) : null };
}

function taleTitle(view) {
  return t("tale.heading", { names: listOf(view.seats.map((seat) => seat.name)) });
}

/** The readable page, in the tale's language. */
function taleArticle(view) {
  return inLanguage(view.language, () => taleArticleHere(view));
}

function taleArticleHere(view) {
  const names = namesOf(view);
  const { finished, ending } = taleEnd(view);
  return h("article", { class: "tale", lang: view.language },
    h("h1", {}, taleTitle(view)),
    finished ? h("p", { class: "note" }, t("tale.winner", { name: names[view.winner] })) : null,
    view.story.length
      ? h("div", { class: "story full", id: "tale-story" },
          storyParagraphs(view.story, names, { endingSentence: ending, endingSeat: view.winner }))
      : h("p", { class: "note" }, t("tale.empty")));
}

/** The tale as Markdown, in the tale's language: one section per passage, with its teller and
 * the cards played in it. */
export function taleMarkdown(view) {
  return inLanguage(view.language, () => taleMarkdownHere(view));
}

function taleMarkdownHere(view) {
  const names = namesOf(view);
  const title = taleTitle(view);
  const { ending } = taleEnd(view);
  const out = [`# ${title}`, ""];
  let seat = null;
  let cards = [];
  let text = [];
  const flush = () => {
    if (seat === null) return;
    out.push(`**${names[seat] ?? seat}:** ${text.join(view.language === "ja" ? "" : " ")}`, "");
    if (cards.length) out.push(`> ${t("tale.cards", { cards: cards.join(view.language === "ja" ? "、" : ", ") })}`, "");
  };
  for (const line of view.story) {
    if (line.seat !== seat) {
      flush();
      seat = line.seat;
      cards = [];
      text = [];
    }
    const tags = line.plays.map((play) =>
      play.seat === line.seat ? cardLabel(play.card) : `${cardLabel(play.card)} — ${names[play.seat] ?? play.seat}`);
    text.push(tags.length ? `${line.text} *[${tags.join("; ")}]*` : line.text);
    cards.push(...line.plays.filter((play) => play.seat === line.seat).map((play) => cardLabel(play.card)));
  }
  flush();
  if (ending) {
    out.push(`**${t("tale.ending")}** (${names[view.winner] ?? ""}): ${ending}`, "");
    out.push(t("tale.winner", { name: names[view.winner] ?? "" }), "");
  }
  return out.join("\n");
}
