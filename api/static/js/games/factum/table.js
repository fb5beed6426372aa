// A Factum table on one phone (or a spectator's screen): who must act now, this seat's controls
// for its part in the turn, the turn's story, the result of the last turn, the scores, the best
// story and the end. Kept live by the event stream (live.js); every view is this seat's own
// (the API never sends another seat's secrets), and nothing of it is stored beyond this page.

import { ApiError, NetworkError, api, newIdempotencyKey } from "../../api.js";
import { announce, fill, h } from "../../dom.js";
import { errorText, ruleRefusal } from "../../errors.js";
import { languageChosen, setLanguage, t } from "../../i18n.js";
import { tableStream } from "../../live.js";
import { rememberSeat } from "../../recent.js";
import { setStatus } from "../../status.js";
import { savedDraft } from "../../table/draft.js";
import { banner, endPanel, modelNote, progress, scoresPanel, seatChips, storyQuote, titlePanel } from "./board.js";
import { bestStoryPanel, decoyPanel, fillPanel, guessPanel, judgePanel, myChoice, secretCard, volunteerPanel } from "./choices.js";
import { handPanel, tablePanel } from "./hand.js";
import { adviceDesk } from "./advice.js";
import { moveOf, myTurn, namesOf, roleOf, seated } from "./model.js";
import { resultPanel } from "./reveal.js";
import { tellPanel } from "./tell.js";

export async function render(main, [tableId, token = null]) {
  main.dataset.relabels = "factum";
  const ui = {
    top: h("div", { id: "fa-top" }),
    refusal: h("div", { class: "refusal", id: "fa-refusal", role: "alert" }),
    action: h("div", { id: "fa-action-slot" }),
    rest: h("div", { id: "fa-rest" }),
  };
  main.append(ui.top, ui.refusal, ui.action, ui.rest);
  fill(ui.top, h("p", {}, t("common.loading")));

  let view = null;
  let lastActionKey = null; // redraw the controls only when what they offer changes
  // this seat's typing: the story and its card survive a reload (sessionStorage, this tab only)
  const draft = Object.assign(savedDraft(tableId, token), { printed: "", fill: null });
  // this seat's private advice (advice.js): asked with its own token, kept in this page only
  const advise = adviceDesk((body) => api.factumAdvice(tableId, token, body));

  function show(raw) {
    if (raw.game !== "factum" || (view && raw.seq < view.seq)) return; // overtaken by a newer view
    const finishedNow = raw.finished && view && !view.finished;
    const before = view;
    view = raw;
    if (finishedNow) remember();
    const aiTurn = view.state.awaiting.find((seat) => view.seats[seat]?.kind === "ai");
    setStatus("thinking", aiTurn === undefined || view.finished ? null : {
      kind: "thinking", text: t("narrator.thinking", { name: namesOf(view)[aiTurn] }),
    });
    if (before && before.state.phase !== view.state.phase) ui.refusal.textContent = "";
    draw();
    const role = roleOf(view);
    if (myTurn(view) && (!before || roleOf(before) !== role || !myTurn(before))) {
      announce(document.getElementById("fa-turn")?.textContent || "", { assertive: true });
    }
  }

  function remember() {
    if (!token || !seated(view)) return;
    rememberSeat(tableId, token, { names: namesOf(view), finished: view.finished });
  }

  let sending = false; // one action at a time: a second tap while the first travels is ignored
  async function act(action) {
    if (sending) return false;
    sending = true;
    ui.refusal.textContent = "";
    try {
      const reply = await api.act(tableId, token, action, newIdempotencyKey());
      if (reply?.view) show(reply.view);
      if (reply?.events) live.deliver(reply.events, { fromReply: true });
      announce(t("action.sent"));
      // the control just used is gone with its panel: keep the focus on the page, at the banner
      if (!main.contains(document.activeElement)) document.getElementById("fa-turn")?.focus();
      return true;
    } catch (failure) {
      fill(ui.refusal, refusalText(failure));
      return false;
    } finally {
      sending = false;
    }
  }

  function draw() {
    if (!view) return;
    const focused = main.contains(document.activeElement) ? document.activeElement.id : "";
    fill(ui.top, seatChips(view), banner(view), progress(view), endPanel(view), secretCard(view), storyPanel(view));
    const key = JSON.stringify([view.moves, view.state.phase, view.state.turn?.number]);
    if (key !== lastActionKey || !ui.action.contains(document.activeElement)) {
      lastActionKey = key;
      fill(ui.action, actionPanel(view, { act, draft, advise }));
    }
    fill(ui.rest, myChoice(view), tablePanel(view), resultPanel(view), scoresPanel(view), titlePanel(view), handPanel(view), modelNote(view));
    if (focused && !main.contains(document.activeElement)) document.getElementById(focused)?.focus();
  }

  const live = tableStream(tableId, token, {
    onView: (raw) => show(raw), // each event is followed by the stream's fresh view
    onRecovered: () => api.view(tableId, token).then(show, () => {}),
  });

  const relabel = () => {
    lastActionKey = null;
    draw();
  };
  window.addEventListener("languagechange-app", relabel);
  try {
    show(await api.view(tableId, token));
  } catch (failure) {
    fill(ui.top, h("p", { class: "error" }, failure instanceof NetworkError ? t("error.network") : errorText(failure)),
      h("a", { href: "#/" }, t("nav.home")));
    return () => window.removeEventListener("languagechange-app", relabel);
  }
  if (!languageChosen() && view.language) setLanguage(view.language, { remember: false });
  remember();
  live.start(view.seq);
  return () => {
    live.stop();
    window.removeEventListener("languagechange-app", relabel);
  };
}

/** The controls of this seat's move now, or nothing while it waits. */
function actionPanel(view, context) {
  if (view.finished || !seated(view)) return null;
  const tell = moveOf(view, "tell");
  if (tell) return tellPanel(view, tell, context);
  if (moveOf(view, "volunteer")) return volunteerPanel(view, context);
  if (moveOf(view, "choose_guessers")) return judgePanel(view, context);
  const decoy = moveOf(view, "decoy");
  if (decoy) return decoyPanel(view, decoy, context);
  const fillUp = moveOf(view, "declare_fill");
  if (fillUp) return fillPanel(view, fillUp, context);
  const guess = moveOf(view, "guess");
  if (guess) return guessPanel(view, guess, context);
  if (moveOf(view, "best_story")) return bestStoryPanel(view, context);
  return null;
}

/** This turn's story, once told (a story told aloud is only said to have been told). */
function storyPanel(view) {
  const turn = view.state.turn;
  if (!turn || !turn.told || moveOf(view, "best_story")) return null; // the ballot shows it
  const names = namesOf(view);
  return h("section", { class: "panel", id: "fa-story-panel", "aria-labelledby": "fa-story-head" },
    h("h2", { id: "fa-story-head" }, t("fa.storyOf", { name: names[turn.storyteller] })),
    turn.story ? storyQuote(view, turn.story, turn.number) : h("p", { class: "note" }, t("fa.toldAloud")));
}

function refusalText(failure) {
  if (failure instanceof ApiError && failure.rule) {
    return ruleRefusal(failure);
  }
  if (failure instanceof ApiError && (failure.status === 409 || failure.status === 422)) return t("action.refusedPlain", { message: failure.message });
  return errorText(failure);
}
