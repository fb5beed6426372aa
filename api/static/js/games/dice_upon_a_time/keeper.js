// The live-table keeper (a Dice Upon a Time table with deck_mode "physical"): the printed board,
// dice and figures are on the table; any seated phone records, in a tap or two, what a traveller
// just did (a quest and its AP, a story card drawn from the companion's deck, a printed side
// quest or curse and its AP, one met or lifted) and the chapter's end with who is on the rabbit.
// The companion keeps the chapters, AP, side quests and curses, reads the story card drawn aloud
// (the browser's speech synthesis, in the table's language), checks a placement when asked
// ("may I put my 4 on this socket?") and names the winners or rates a co-operative table. The
// check may name the socket by a tap on the table's board drawn (its own board, or our map):
// the server then reads the socket's number and spirit from that board.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { board, ratingText, storyTitle, storyText } from "./cards.js";
import { SEAT_COLOURS, drawMap, socketLabel } from "./map.js";

const AP_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15];
const FACES = ["1", "2", "3", "4", "5", "6", "icon", "ban"];
const SPIRITS = ["", "rabbit", "wolf", "snake", "fox"];
const LOCALES = { en: "en-US", ja: "ja-JP", es: "es-ES" };
const KINDS = {
  luck: "dukkind.luck", misfortune: "dukkind.misfortune", side_quest: "dukkind.side_quest",
  curse: "dukkind.curse", mini_quest: "dukkind.mini_quest",
};
const SPIRIT_NAMES = { rabbit: "dukspirit.rabbit", wolf: "dukspirit.wolf", snake: "dukspirit.snake", fox: "dukspirit.fox" };
const MARKS = {
  side_quest: { true: "dukfeed.met", false: "dukfeed.metNot" },
  curse: { true: "dukfeed.lifted", false: "dukfeed.liftedNot" },
};
const RECORDS = { keep_quest: "duk.addQuest", keep_side_quest: "duk.addSideQuest", keep_curse: "duk.addCurse" };

export function speechAvailable() {
  return typeof globalThis.speechSynthesis !== "undefined" && typeof globalThis.SpeechSynthesisUtterance !== "undefined";
}

/** Read `text` aloud in `language` (the browser's speech synthesis), if the browser can. */
export function readAloud(text, language) {
  if (!speechAvailable() || !text) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = LOCALES[language] || language;
  speechSynthesis.cancel();
  speechSynthesis.speak(utterance);
  return true;
}

export function storyWords(card) {
  return `${storyTitle(card)}. ${storyText(card)}`;
}

const faceLabel = (face) => (face === "icon" ? t("duk.faceIcon") : face === "ban" ? t("duk.faceBan") : face);

/**
 * The keeper's screen. `step` is the page's own state between taps ({record, traveller} while
 * an AP is being chosen; `check` the placement question and its answer; `story` the last story
 * card drawn). `act(body)` sends a
 * recording; `ask(query)` asks the placement check; `redraw()` draws again.
 */
export function keeperScreen(view, step, { act, ask, redraw }) {
  const state = view.state;
  const names = view.seats.map((seat) => seat.name);
  const you = view.you;
  const seated = you !== null && you !== undefined;
  return [
    seated && !view.finished ? storyPanel(view, step.story) : null,
    view.finished ? endPanel(view) : null,
    h("section", { class: "panel", id: "duk-travellers", "aria-labelledby": "duk-travellers-head" },
      h("h2", { id: "duk-travellers-head" }, t("duk.travellers")),
      state.seats.map((held) => travellerCard(view, held, step, { act, redraw, seated }))),
    seated && !view.finished ? chapterPanel(view, names, act) : null,
    checkPanel(view, step, { ask, redraw }),
  ];
}

/** The story card drawn last (`story`: {seat, card, kind} from the feed), to read aloud. */
function storyPanel(view, story) {
  const last = view.state.last && view.state.last.type === "keep_story" ? view.state.last : story;
  const card = last ? last.card : null;
  if (!card) return null;
  const name = view.seats[last.seat]?.name || "";
  return h("section", { class: "panel du-story", id: "duk-story", "aria-labelledby": "duk-story-head" },
    h("h2", { id: "duk-story-head" }, t("duk.storyDrawn", { name })),
    h("p", {}, h("strong", {}, storyTitle(card)), " ", storyText(card)),
    KINDS[last.kind] ? h("p", { class: "note" }, t(KINDS[last.kind])) : null,
    speechAvailable()
      ? h("button", { type: "button", id: "duk-read", onclick: () => readAloud(storyWords(card), view.language) }, t("duk.readAloud"))
      : null);
}

function travellerCard(view, held, step, { act, redraw, seated }) {
  const open = step.record && step.traveller === held.seat;
  const live = seated && !view.finished;
  const kept = (kind, cards) => cards.map((card, index) => h("li", { "data-kind": kind, "data-index": index },
    `${card.card ? storyTitle(card.card) : t(kind === "side_quest" ? "duk.sideQuest" : "duk.curse")} · ${t("du.ap", { n: card.ap })}`,
    " ",
    live
      ? h("label", { class: "check" }, h("input", {
        type: "checkbox", checked: card.done, "data-mark": `${kind}.${index}`,
        onchange: (event) => act({ type: "keep_mark", kind, index, done: event.target.checked, traveller: held.seat }),
      }), t(kind === "side_quest" ? "duk.met" : "duk.lifted"))
      : h("span", { class: "note" }, card.done ? t(kind === "side_quest" ? "duk.met" : "duk.lifted") : "")));
  return h("div", { class: "du-other duk-traveller", "data-seat": held.seat },
    h("h3", {}, h("span", { class: "du-dot", style: `background: ${SEAT_COLOURS[held.seat]}`, "aria-hidden": "true" }),
      ` ${held.name} · `, h("span", { class: "duk-points" }, t("du.ap", { n: held.points }))),
    h("p", { class: "note" }, held.quests.length ? t("duk.quests", { list: held.quests.join(" + ") }) : t("duk.noQuests")),
    held.side_quests.length ? h("ul", { class: "duk-side-quests" }, kept("side_quest", held.side_quests)) : null,
    held.curses.length ? h("ul", { class: "duk-curses" }, kept("curse", held.curses)) : null,
    live
      ? h("div", { class: "buttons" },
        Object.entries(RECORDS).map(([record, label]) => h("button", {
          type: "button", class: "small", "data-record": record,
          "aria-pressed": open && step.record === record ? "true" : "false",
          onclick: () => { Object.assign(step, { record: open && step.record === record ? null : record, traveller: held.seat }); redraw(); },
        }, t(label))),
        h("button", { type: "button", class: "small", "data-record": "keep_story", onclick: () => drawStory(act, held.seat, view.language) }, t("duk.drawStory")))
      : null,
    open ? apChooser(step, held.seat, act, redraw) : null);
}

async function drawStory(act, traveller, language) {
  const reply = await act({ type: "keep_story", traveller });
  const card = reply?.view?.state?.last?.card;
  if (card) readAloud(storyWords(card), language);
}

function apChooser(step, traveller, act, redraw) {
  return h("div", { class: "buttons duk-ap", id: "duk-ap", role: "group", "aria-label": t("duk.howMuch") },
    h("span", {}, t("duk.howMuch")),
    AP_CHOICES.map((ap) => h("button", {
      type: "button", class: "small primary", "data-ap": ap,
      onclick: async () => {
        const record = step.record;
        step.record = null;
        if (!(await act({ type: record, ap, traveller }))) redraw();
      },
    }, String(ap))));
}

function chapterPanel(view, names, act) {
  const state = view.state;
  const rabbit = h("select", { id: "duk-rabbit" }, h("option", { value: "" }, t("duk.nobody")),
    names.map((name, seat) => h("option", { value: seat }, name)));
  const out = state.length === "long" ? h("input", { type: "checkbox", id: "duk-quests-out" }) : null;
  return h("section", { class: "panel", id: "duk-chapter-end", "aria-labelledby": "duk-chapter-head" },
    h("h2", { id: "duk-chapter-head" }, t("duk.endChapterHead", { n: state.chapter })),
    h("div", { class: "field" }, h("label", { for: "duk-rabbit" }, t("duk.onRabbit")), rabbit),
    out ? h("label", { class: "check" }, out, t("duk.questsOut")) : null,
    h("button", {
      type: "button", class: "danger", id: "duk-end-chapter",
      onclick: () => act({
        type: "keep_chapter", rabbit: rabbit.value === "" ? null : Number(rabbit.value), quests_out: Boolean(out?.checked),
      }),
    }, t("duk.endChapter")));
}

function endPanel(view) {
  const state = view.state;
  const names = view.seats.map((seat) => seat.name);
  return h("section", { class: "panel", id: "du-end", "aria-labelledby": "du-end-head" },
    h("h2", { id: "du-end-head" }, t("du.theEnd")),
    h("ul", { class: "du-scores" }, state.seats.map((held) => h("li", {}, `${held.name}: ${t("du.ap", { n: held.points })}`))),
    state.cooperative
      ? h("p", { id: "duk-rating" }, t("du.coopTotal", { total: state.total }), " ", ratingText(state.rating))
      : h("p", { id: "duk-winners" }, t("du.wins", { names: state.winners.map((s) => names[s]).join(", ") })),
    h("a", { href: "#/dice/host", class: "button" }, t("du.again")));
}

// --- "may I put my 4 on this socket?" -----------------------------------------------------------

function checkPanel(view, step, { ask, redraw }) {
  const q = (step.check ||= { face: "4", socket: "3", spirit: "", at: "", there: "0", top: "1", top_mine: false, wolf_used: false });
  const pick = (name, values, label) => h("div", { class: "buttons duk-pick", role: "group", "aria-label": t(label), "data-field": name },
    h("span", {}, t(label)),
    values.map((value) => h("button", {
      type: "button", class: `small${q[name] === value ? " selected" : ""}`, "aria-pressed": q[name] === value ? "true" : "false",
      "data-value": value, onclick: () => { q[name] = value; step.answer = null; redraw(); },
    }, value === "" ? t("duk.none") : name === "spirit" ? t(SPIRIT_NAMES[value]) : faceLabel(value))));
  const answer = step.answer;
  return h("section", { class: "panel", id: "duk-check", "aria-labelledby": "duk-check-head" },
    h("h2", { id: "duk-check-head" }, t("duk.checkHead")),
    pick("face", FACES, "duk.yourDie"),
    boardPick(q, step, redraw),
    q.at ? null : pick("socket", ["1", "2", "3", "4", "5", "6"], "duk.socketNumber"),
    q.at ? null : pick("spirit", SPIRITS, "duk.spiritSocket"),
    pick("there", ["0", "1", "2", "3"], "duk.diceThere"),
    q.there !== "0" ? pick("top", FACES, "duk.topDie") : null,
    q.there !== "0" ? h("label", { class: "check" }, h("input", {
      type: "checkbox", id: "duk-top-mine", checked: q.top_mine, onchange: (event) => { q.top_mine = event.target.checked; step.answer = null; },
    }), t("duk.topMine")) : null,
    (q.at ? board()?.sockets[q.at]?.spirit === "wolf" : q.spirit === "wolf") ? h("label", { class: "check" }, h("input", {
      type: "checkbox", id: "duk-wolf-used", checked: q.wolf_used, onchange: (event) => { q.wolf_used = event.target.checked; step.answer = null; },
    }), t("duk.wolfUsed")) : null,
    h("button", {
      type: "button", class: "primary", id: "duk-ask",
      onclick: async () => {
        const query = { face: q.face, there: q.there, top_mine: q.top_mine, wolf_used: q.wolf_used };
        if (q.at) query.at = q.at;
        else Object.assign(query, { socket: q.socket }, q.spirit ? { spirit: q.spirit } : {});
        if (q.there !== "0") query.top = q.top;
        step.answer = await ask(query);
        redraw();
      },
    }, t("duk.ask")),
    answer
      ? h("p", { class: `duk-answer ${answer.ok ? "yes" : "no"}`, id: "duk-answer", role: "status", "data-rule": answer.rule },
        answer.words, " ", h("span", { class: "note" }, `(${answer.rule})`), " ",
        speechAvailable() ? h("button", { type: "button", class: "small", onclick: () => readAloud(answer.words, answer.language) }, t("duk.readAloud")) : null)
      : null);
}

/**
 * The socket asked about, by a tap on the table's board (folded away until opened): the
 * socket's number and spirit are then the board's, not picked by hand.
 */
function boardPick(q, step, redraw) {
  const shown = board();
  if (!shown) return null;
  const choose = (id) => { q.at = id; step.answer = null; step.boardOpen = true; redraw(); };
  const targets = new Map(Object.keys(shown.sockets).map((id) => [id, () => choose(id)]));
  const map = drawMap(shown, { seats: [], sockets: {} }, { targets });
  const details = h("details", { class: "duk-board", id: "duk-board", open: Boolean(step.boardOpen) },
    h("summary", {}, t("duk.boardTap", { board: shown.name })), map);
  details.addEventListener("toggle", () => { step.boardOpen = details.open; });
  return [
    details,
    q.at ? h("p", { class: "note", id: "duk-at", "data-socket": q.at }, t("duk.boardSocket", { socket: socketLabel(shown, q.at) }), " ",
      h("button", { type: "button", class: "small", id: "duk-at-clear", onclick: () => { q.at = ""; step.answer = null; redraw(); } }, t("duk.boardByHand")))
      : null,
  ];
}

/** One line of the feed: what a phone recorded, in words. */
export function keeperLine(event, names) {
  const data = event.data;
  const action = data.action || {};
  const last = data.last || {};
  const name = names[data.seat] || "";
  switch (action.type) {
    case "keep_quest": return t("dukfeed.quest", { name, ap: action.ap });
    case "keep_story": return t("dukfeed.story", { name, title: storyTitle(last.card) });
    case "keep_side_quest": return t("dukfeed.sideQuest", { name, ap: action.ap });
    case "keep_curse": return t("dukfeed.curse", { name, ap: action.ap });
    case "keep_mark": return t(MARKS[action.kind === "curse" ? "curse" : "side_quest"][Boolean(action.done)], { name });
    case "keep_chapter": return t(last.over ? "dukfeed.end" : "dukfeed.chapter", { n: last.chapter });
    default: return "";
  }
}
