// The finished (or unfinished) tale as a readable page, with who told what and which cards were
// played; downloadable as Markdown and printable.

import { api } from "../api.js";
import { cardLabel, endingText, loadDeck } from "../deck.js";
import { download, h } from "../dom.js";
import { errorText } from "../errors.js";
import { language, t } from "../i18n.js";
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
  const names = namesOf(view);
  const finished = view.winner !== null && view.winner !== undefined;
  const ending = finished && view.ending ? endingText(view.ending) : null;
  const title = t("tale.heading", { names: listOf(view.seats.map((seat) => seat.name)) });
  main.append(
    h("article", { class: "tale", lang: view.language },
      h("h1", {}, title),
      finished ? h("p", { class: "note" }, t("tale.winner", { name: names[view.winner] })) : null,
      view.story.length
        ? h("div", { class: "story full", id: "tale-story" },
            storyParagraphs(view.story, names, { endingSentence: ending, endingSeat: view.winner }))
        : h("p", { class: "note" }, t("tale.empty")),
    ),
    h("div", { class: "row no-print" },
      h("button", { type: "button", class: "primary", id: "download-md",
        onclick: () => download(`tale-${tableId.slice(0, 8)}.md`, taleMarkdown(view, title, ending)) }, t("tale.download")),
      h("button", { type: "button", onclick: () => print() }, t("tale.print")),
      h("a", { class: "button", href: tableLink(tableId, token) }, t("tale.back")),
    ),
  );
}

/** The tale as Markdown: one section per passage, with its teller and the cards played in it. */
/** "Ann, Ben and Cleo" in the interface language. */
function listOf(names) {
  return new Intl.ListFormat(language(), { style: "long", type: "conjunction" }).format(names);
}

export function taleMarkdown(view, title, ending) {
  const names = namesOf(view);
  const out = [`# ${title}`, ""];
  let seat = null;
  let cards = [];
  let text = [];
  const flush = () => {
    if (seat === null) return;
    out.push(`**${names[seat] ?? seat}:** ${text.join(view.language === "ja" ? "" : " ")}`, "");
    if (cards.length) out.push(`> ${t("tale.cards", { cards: cards.join(", ") })}`, "");
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
