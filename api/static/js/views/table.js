// A player's (or spectator's) live view of a table: story, own hand with the referee's private
// hints, and the controls the rules allow right now. Kept live by the event stream.

import { ApiError, NetworkError, api, newIdempotencyKey } from "../api.js";
import { endingText, loadDeck } from "../deck.js";
import { announce, fill, h } from "../dom.js";
import { errorText, ruleRefusal } from "../errors.js";
import { languageChosen, setLanguage, t } from "../i18n.js";
import { tableStream } from "../live.js";
import { narratorStatus } from "../narrator.js";
import { setStatus } from "../status.js";
import { dock } from "../table/dock.js";
import { describeEvent, hintsFromEvent, ownRejection } from "../table/events.js";
import { handSection, hintBox } from "../table/hand.js";
import { aiThinking, isPractice, namesOf, readView, thinkingCue } from "../table/model.js";
import { physicalPanel } from "../table/physical.js";
import { practicePanel } from "../table/practice.js";
import { storyParagraphs } from "../table/story.js";
import { savedDraft } from "../table/draft.js";
import { rememberSeat } from "../recent.js";
import { taleLink } from "../tables.js";

const FEED_LENGTH = 6;

export async function render(main, [tableId, token = null]) {
  main.dataset.relabels = "table";
  const ui = {
    header: h("div", { id: "table-header" }),
    hint: h("div", { id: "hint-slot" }), // hints are announced once, on their event
    thinking: h("div", { id: "thinking-slot" }), // an AI storyteller about to tell on
    story: h("section", { "aria-labelledby": "story-title" }),
    feed: h("ul", { class: "feed", id: "feed" }),
    physical: h("div", { id: "physical-slot" }),
    practice: h("div", { id: "practice-slot" }),
    hand: h("div", { id: "hand-slot" }),
    refusal: h("div", { class: "refusal", id: "refusal", role: "alert" }),
    dock: h("div", { class: "dock", id: "dock" }),
  };
  // Hints and the "thinking" cue stay in view (sticky under the top bar) however long the story.
  const alerts = h("div", { id: "table-alerts", class: "table-alerts" }, ui.thinking, ui.hint);
  main.append(ui.header, alerts, ui.story, ui.feed, ui.practice, ui.physical, ui.hand, ui.dock);
  const countdown = setInterval(() => view && drawThinking(view), 1000);

  let view = null;
  let refreshing = null;
  let refreshAgain = false;
  let stopped = false;
  const feed = [];
  const hints = new Map(); // card → hint from the private stream, until the next view refresh
  const draft = savedDraft(tableId, token); // survives a reload (sessionStorage)
  // The refusal on show, and the table as it was when it was refused: it is cleared once the
  // game moves on from there (new storyteller, new line), never by the view that caused it,
  // whichever of the stream and the action's reply comes first.
  let refusal = null; // {seq, baseline: {storyteller, lines} | null}
  const picked = { cards: [], endings: [] };
  const practiceMemory = { next: 0, last: null };

  fill(ui.header, h("p", {}, t("common.loading")));

  async function refresh() {
    if (refreshing) {
      refreshAgain = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        refreshAgain = false;
        show(await api.view(tableId, token));
      } while (refreshAgain && !stopped);
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function show(raw) {
    const next = readView(raw);
    if (view && next.seq < view.seq) return; // an older answer overtaken by a newer one
    if (refusal && !refusal.baseline && refusal.seq !== null && next.seq >= refusal.seq) {
      refusal.baseline = snapshot(next); // the table the refusal speaks of
    } else if (refusal?.baseline && movedOn(refusal.baseline, next)) {
      clearRefusal(); // the game moved on: an old refusal would mislead
    }
    const finishedNow = next.finished && view && !view.finished;
    view = next;
    if (finishedNow) remember();
    hints.clear();
    const waitingFor = aiThinking(view);
    setStatus("thinking", waitingFor === null ? null : {
      kind: "thinking", text: t("narrator.thinking", { name: namesOf(view)[waitingFor] }),
    });
    draw();
  }

  function withLiveHints(current) {
    if (!hints.size) return current;
    const known = new Set(current.hints.map((hint) => hint.card));
    const extra = [...hints.values()].filter((hint) => !known.has(hint.card) && current.hand.includes(hint.card));
    return { ...current, hints: [...current.hints, ...extra] };
  }

  /** This device sits here: the home page offers to come back (recent.js). */
  function remember() {
    if (!token || view?.you === null || view?.you === undefined) return;
    rememberSeat(tableId, token, { names: view.seats.map((seat) => seat.name), finished: view.finished });
  }

  const snapshot = (current) => ({ storyteller: current.storyteller, lines: current.story.length });
  const movedOn = (before, current) =>
    current.storyteller !== before.storyteller || current.story.length !== before.lines;

  function clearRefusal() {
    refusal = null;
    ui.refusal.textContent = "";
  }

  /** Show a refusal; `seq`: the event that carried it, else null (an HTTP refusal). */
  function setRefusal(children, seq) {
    fill(ui.refusal, children);
    if (seq !== null) {
      refusal = { seq, baseline: view && view.seq >= seq ? snapshot(view) : null };
      return;
    }
    // refused by a table this page may not have seen yet: read it, and measure from there
    const mine = { seq: null, baseline: null };
    refusal = mine;
    refresh()
      .catch(() => {})
      .finally(() => {
        if (refusal === mine && view) mine.baseline = snapshot(view);
      });
  }

  async function act(action) {
    if (!view) return false;
    clearRefusal();
    try {
      const reply = await api.act(tableId, token, action, newIdempotencyKey());
      if (reply?.view) show(reply.view);
      if (reply?.events) {
        live.deliver(reply.events, { fromReply: true }); // feed lines, "did not count" notices
        draw();
      }
      announce(t("action.sent"));
      return true;
    } catch (failure) {
      showRefusal(failure);
      return false;
    }
  }

  function showRefusal(failure) {
    if (failure instanceof ApiError && failure.rule) {
      setRefusal(ruleRefusal(failure), null);
    } else if (failure instanceof ApiError && failure.status === 409) {
      setRefusal(t("action.refusedPlain", { message: failure.message }), null);
    } else {
      setRefusal(errorText(failure), null);
    }
  }

  function keepFocus(render) {
    const active = document.activeElement;
    let selector = null;
    if (active && main.contains(active)) {
      if (active.id) selector = `#${CSS.escape(active.id)}`;
      else if (active.dataset.action) {
        selector = `[data-action="${active.dataset.action}"]` + (active.dataset.card ? `[data-card="${CSS.escape(active.dataset.card)}"]` : "");
      }
    }
    render();
    if (selector && !main.contains(document.activeElement)) main.querySelector(selector)?.focus();
  }

  /** "Robin is thinking of the next sentence… (about 4 s)": the window to interrupt. */
  function drawThinking(current) {
    const cue = thinkingCue(current, Date.now());
    if (!cue) return void fill(ui.thinking);
    const seconds = h("span", { class: "countdown", "aria-hidden": "true" },
      cue.seconds > 0 ? ` ${t("table.speaksIn", { s: cue.seconds })}` : "");
    const existing = ui.thinking.querySelector("#thinking-cue");
    if (existing && existing.dataset.seat === String(cue.seat)) {
      existing.querySelector(".countdown").replaceWith(seconds);
      return;
    }
    fill(ui.thinking, h("p", { class: "thinking-cue", id: "thinking-cue", role: "status", "data-seat": cue.seat },
      h("span", {}, t("table.aiThinking", { name: cue.name })), seconds));
  }

  function draw() {
    if (!view) return;
    keepFocus(() => {
      const current = withLiveHints(view);
      const names = namesOf(current);
      drawHeader(current, names);
      fill(ui.hint, hintBox(current, act));
      drawThinking(current);
      drawStory(current, names);
      ui.feed.setAttribute("aria-label", t("table.feed"));
      fill(ui.feed, feed.slice(-FEED_LENGTH).map((line) => h("li", {}, line)));
      fill(ui.physical, physicalPanel(current, act, picked));
      fill(ui.hand, current.you === null ? h("p", { class: "note" }, t("table.spectator")) : handSection(current, act));
      drawPractice(current);
      drawDock(current);
    });
  }

  function drawHeader(current, names) {
    const mine = current.you !== null && current.storyteller === current.you;
    let banner;
    if (current.winner !== null && current.winner !== undefined) {
      banner = h("div", { class: "turn-banner", id: "finished" },
        t("table.finished", { name: names[current.winner] }), " ",
        h("a", { href: taleLink(tableId, token), id: "read-tale" }, t("table.readTale")));
    } else if (mine) {
      banner = h("div", { class: "turn-banner mine", id: "turn" }, t("table.youTell"));
    } else {
      banner = h("div", { class: "turn-banner", id: "turn" }, t("table.storyteller", { name: names[current.storyteller] ?? "…" }));
    }
    fill(ui.header,
      h("ul", { class: "seats", "aria-label": t("table.players") },
        current.seats.map((seat) =>
          h("li", {
            class: `seat${seat.seat === current.storyteller ? " teller" : ""}`,
            "data-seat": seat.seat, "aria-current": seat.seat === current.storyteller ? "true" : false,
          },
            h("span", { class: "who" }, seat.seat === current.you ? t("table.seatOf", { name: seat.name }) : seat.name),
            seat.kind === "ai" ? ` · ${t("table.ai")}` : "",
            h("br"),
            h("span", { class: "meta" }, t("table.cards", { n: seat.handSize }))))),
      banner,
      current.failure ? h("p", { class: "notice", id: "step-failed" }, t("table.stepFailed")) : null);
  }

  function drawStory(current, names) {
    const box = ui.story.querySelector(".story");
    const atBottom = !box || box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    const scrolled = box ? box.scrollTop : 0;
    const ending = current.ending && current.winner !== null ? current.ending : null;
    const storyBox = h("div", { class: "story", id: "story", tabindex: "0", "aria-labelledby": "story-title" },
      current.story.length
        ? storyParagraphs(current.story, names, {
          endingSentence: ending ? endingText(ending) : null, endingSeat: current.winner, hints: current.hints,
        })
        : h("p", { class: "empty" }, t("table.storyEmpty")));
    fill(ui.story, h("h2", { id: "story-title" }, t("table.story")), storyBox);
    // follow the story as it grows, unless the reader scrolled back to read
    storyBox.scrollTop = atBottom ? storyBox.scrollHeight : scrolled;
  }

  function drawPractice(current) {
    if (!(isPractice(current) && current.you !== null && current.storyteller === current.you && !current.finished)) {
      fill(ui.practice);
      return;
    }
    fill(ui.practice, practicePanel(current, {
      memory: practiceMemory,
      use: (text, kind) => {
        const target = document.getElementById(kind === "ending" ? "linking" : "sentence") || document.getElementById("sentence");
        if (!target) return;
        target.value = text;
        if (target.id === "sentence") draft.text = text;
        else draft.linking = text;
        draft.save();
        target.focus();
      },
    }));
  }

  function drawDock(current) {
    fill(ui.dock, ui.refusal, current.you === null ? [] : dock(current, { act, draft, redraw: draw }));
  }

  const live = tableStream(tableId, token, {
    onView: (raw) => show(raw),
    onEvent: (event) => {
      const line = view ? describeEvent(event, view) : null;
      if (line) feed.push(line);
      const rejected = view ? ownRejection(event, view) : null;
      if (rejected) {
        setRefusal([h("strong", {}, rejected.text), rejected.reason ? [h("br"), h("span", { class: "note" }, rejected.reason)] : null], event.seq);
        announce(rejected.text, { assertive: true });
      }
      for (const hint of hintsFromEvent(event)) {
        hints.set(hint.card, hint);
        announce(t("hint.announce", { card: hint.label, evidence: hint.evidence }), { assertive: true });
      }
    },
    onRecovered: () => scheduleRefresh(),
  });

  let refreshTimer = null;
  function scheduleRefresh() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => refresh().catch(() => {}), 60);
  }

  const relabel = () => draw();
  window.addEventListener("languagechange-app", relabel);

  try {
    await Promise.all([loadDeck(), refresh()]);
  } catch (failure) {
    fill(ui.header, h("p", { class: "error" }, failure instanceof NetworkError ? t("error.network") : errorText(failure)),
      h("a", { href: "#/" }, t("nav.home")));
    return () => window.removeEventListener("languagechange-app", relabel);
  }
  if (!languageChosen() && view.language) setLanguage(view.language, { remember: false });
  if (view.narrator) setStatus("narrator", narratorStatus(view.narrator));
  remember();
  draw();
  live.start(view.seq);

  return () => {
    stopped = true;
    clearTimeout(refreshTimer);
    clearInterval(countdown);
    live.stop();
    window.removeEventListener("languagechange-app", relabel);
  };
}
