// A Sleeping Queens table on one phone: whose turn, the sleeping queens (face down, numbered),
// every player's awake queens and points, this seat's hand as big cards, and the moves it may
// make now: tap cards, then a queen (king, knight, potion) or a button (jester, discard);
// block or let it happen when attacked; wake a queen when a Rose Queen or a jester says so.
// Kept live by the event stream; every view is this seat's own (no other hand ever arrives).

import { ApiError, NetworkError, api, newIdempotencyKey } from "../../api.js";
import { announce, fill, h } from "../../dom.js";
import { errorText, ruleRefusal } from "../../errors.js";
import { language, languageChosen, setLanguage, t } from "../../i18n.js";
import { tableStream } from "../../live.js";
import { rememberSeat } from "../../recent.js";
import { setStatus } from "../../status.js";
import { cardName, kindOf, loadQueensDeck, queenName, queenPoints, signature } from "./cards.js";
import { describe } from "./feed.js";
import { keeperPanel } from "./keeper.js";

const FEED_LINES = 6;

/** `onActing(seat, view)`, when given, hears of every view (the pass-the-phone screen uses it). */
export async function render(main, [tableId, token = null], { onActing = null } = {}) {
  const ui = {
    top: h("div", { id: "sq-top" }),
    refusal: h("div", { class: "refusal", id: "sq-refusal", role: "alert" }),
    board: h("div", { id: "sq-board" }),
    hand: h("div", { id: "sq-hand-slot" }),
    feed: h("ol", { class: "feed", id: "sq-feed", "aria-live": "polite" }),
  };
  main.append(ui.top, ui.refusal, ui.hand, ui.board, h("h2", { class: "visually-hidden" }, t("sq.feed")), ui.feed);
  fill(ui.top, h("p", {}, t("common.loading")));

  let view = null;
  let selected = []; // the hand's cards tapped, in order
  const step = { kind: null, numbers: [] }; // a live table's recording, between its two taps
  const events = [];

  function show(raw) {
    if (raw.game !== "sleeping_queens" || (view && raw.seq < view.seq)) return;
    const before = view;
    view = raw;
    const hand = view.state.hand || [];
    selected = selected.filter((card) => hand.includes(card));
    const ai = view.acting !== null && view.seats[view.acting]?.kind === "ai";
    setStatus("thinking", ai && !view.finished ? { kind: "thinking", text: t("narrator.thinking", { name: view.seats[view.acting].name }) } : null);
    if (view.finished && token) rememberSeat(tableId, token, { names: view.seats.map((s) => s.name), finished: true });
    draw();
    if (mine() && (!before || before.acting !== view.acting)) announce(bannerText(), { assertive: true });
    onActing?.(view.acting, view);
  }

  const mine = () => view.you !== null && view.you !== undefined && view.moves.length > 0;
  const movesOf = (type) => view.moves.filter((move) => move.type === type);

  let sending = false;
  /** Send one action; whether it was taken (a refusal is shown in plain words). */
  async function act(body) {
    if (sending) return false;
    sending = true;
    ui.refusal.textContent = "";
    try {
      const reply = await api.act(tableId, token, body, newIdempotencyKey());
      selected = [];
      if (reply?.events) live.deliver(reply.events, { fromReply: true });
      if (reply?.view) show(reply.view);
      return true;
    } catch (failure) {
      fill(ui.refusal, refusal(failure));
      return false;
    } finally {
      sending = false;
    }
  }

  function bannerText() {
    const names = view.seats.map((s) => s.name);
    if (view.finished) {
      const winners = view.state.winners.map((s) => names[s]);
      return winners.includes(names[view.you]) && winners.length === 1 ? t("sq.youWin") : t("sq.wins", { names: winners.join(", ") });
    }
    const pending = view.state.pending;
    if (mine() && pending?.kind === "wake") return t("sq.wakeNow");
    if (mine() && pending) {
      const key = pending.kind === "block_knight" ? "sq.knightAttack" : "sq.potionAttack";
      return t(key, { name: names[pending.attacker], queen: queenName(pending.queen) });
    }
    if (mine()) return t("sq.yourTurn");
    if (pending && view.deck_mode !== "physical") {
      return t(pending.kind === "wake" ? "sq.waitingWake" : "sq.waitingAnswer", { name: names[view.acting] });
    }
    return t("sq.waitingFor", { name: names[view.acting] });
  }

  function draw() {
    if (!view) return;
    fill(ui.top, chips(view), h("p", { class: `turn-banner${mine() ? " mine" : ""}`, id: "sq-turn", tabindex: "-1", "data-seq": view.seq }, bannerText()), goal(view));
    if (view.deck_mode === "physical") fill(ui.hand, keeperPanel(view, step, { act, redraw: draw }));
    else fill(ui.hand, mine() || view.state.hand ? handPanel() : null);
    fill(ui.board, view.finished ? recapPanel() : null, sleepingPanel(), awakePanel());
    fill(ui.feed, events.slice(-FEED_LINES).reverse().map((event) => h("li", {}, describe(event, view))));
  }

  // --- the hand and the buttons of the move the selection makes ------------------------------

  function handPanel() {
    const hand = view.state.hand || [];
    return h("section", { class: "panel", id: "sq-hand", "aria-labelledby": "sq-hand-head" },
      h("h2", { id: "sq-hand-head" }, t("sq.hand")),
      h("ul", { class: "sq-cards" }, hand.map((card) => {
        const on = selected.includes(card);
        return h("li", {},
          h("button", {
            type: "button", class: `sq-card k-${kindOf(card)}${on ? " selected" : ""}`, "data-card": card,
            "aria-pressed": on ? "true" : "false", disabled: !mine(),
            onclick: () => { selected = on ? selected.filter((c) => c !== card) : [...selected, card]; draw(); },
          }, cardName(card)));
      })),
      h("div", { class: "buttons", id: "sq-actions" }, actionButtons()),
      mine() ? h("p", { class: "note", id: "sq-help" }, helpText()) : null);
  }

  function actionButtons() {
    if (!mine()) return [];
    const buttons = [];
    const pending = view.state.pending;
    if (pending && pending.kind !== "wake") {
      for (const move of movesOf("block")) {
        buttons.push(h("button", { type: "button", class: "primary", id: "sq-block", onclick: () => act(move) },
          t("sq.block", { card: cardName(move.card) })));
      }
      buttons.push(h("button", { type: "button", id: "sq-allow", onclick: () => act({ type: "allow" }) }, t("sq.allow")));
      return buttons;
    }
    const sig = signature(selected);
    const jester = movesOf("jester").find((move) => selected.length === 1 && kindOf(selected[0]) === "jester" && move);
    if (jester) buttons.push(h("button", { type: "button", class: "primary", id: "sq-jester", onclick: () => act({ type: "jester", card: selected[0] }) }, t("sq.playJester")));
    if (selected.length && movesOf("discard").some((move) => signature(move.cards) === sig)) {
      buttons.push(h("button", { type: "button", id: "sq-discard", class: jester ? "" : "primary", onclick: () => act({ type: "discard", cards: selected }) },
        t(selected.length === 1 ? "sq.discardOne" : "sq.discard", { n: selected.length })));
    }
    return buttons;
  }

  function helpText() {
    const pending = view.state.pending;
    if (pending?.kind === "wake") return t("sq.tapSleeping");
    if (pending) return movesOf("block").length ? t("sq.canBlock") : t("sq.cannotBlock");
    const kind = selected.length === 1 ? kindOf(selected[0]) : null;
    if (kind === "king") return t("sq.tapSleeping");
    if (kind === "knight") return t("sq.tapToSteal");
    if (kind === "potion") return t("sq.tapToSleep");
    if (selected.length && !actionButtons().length) return t("sq.notAMove");
    return t("sq.pickCards");
  }

  // --- the queens: asleep in the middle, awake in front of each player -----------------------

  function wakeTarget(position) {
    const pending = view.state.pending;
    if (!mine()) return null;
    if (pending?.kind === "wake") return movesOf("wake").find((m) => m.position === position) ? { type: "wake", position } : null;
    if (selected.length === 1 && kindOf(selected[0]) === "king" && movesOf("king").some((m) => m.position === position)) {
      return { type: "king", card: selected[0], position };
    }
    return null;
  }

  function sleepingPanel() {
    return h("section", { class: "panel", "aria-labelledby": "sq-sleeping-head" },
      h("h2", { id: "sq-sleeping-head" }, t("sq.sleeping")),
      h("ul", { class: "sq-queens sleeping", id: "sq-sleeping" }, view.state.positions.map((spot) => {
        if (!spot.asleep) return h("li", { class: "empty" }, h("span", { class: "visually-hidden" }, t("sq.emptySpot", { n: spot.position + 1 })));
        const target = wakeTarget(spot.position);
        const label = spot.queen ? queenName(spot.queen) : t("sq.queenN", { n: spot.position + 1 });
        return h("li", {}, h("button", {
          type: "button", class: `sq-queen asleep${target ? " target" : ""}`, "data-position": spot.position,
          "aria-label": label, disabled: !target, onclick: () => target && act(target),
        }, spot.queen ? label : `♛ ${spot.position + 1}`));
      })));
  }

  function attackTarget(queen) {
    if (!mine() || selected.length !== 1) return null;
    const type = kindOf(selected[0]);
    if ((type === "knight" || type === "potion") && movesOf(type).some((m) => m.queen === queen)) {
      return { type, card: selected[0], queen };
    }
    return null;
  }

  function awakePanel() {
    return h("section", { class: "panel", "aria-labelledby": "sq-awake-head" },
      h("h2", { id: "sq-awake-head" }, t("sq.awake")),
      view.seats.map((seat) => h("div", { class: "sq-player", "data-seat": seat.seat },
        h("h3", {}, seat.seat === view.you ? t("sq.yourQueens") : seat.name, " · ", t("sq.points", { n: seat.points })),
        seat.queens.length
          ? h("ul", { class: "sq-queens" }, seat.queens.map((queen) => {
            const target = attackTarget(queen);
            return h("li", {}, h("button", {
              type: "button", class: `sq-queen awake${target ? " target" : ""}`, "data-queen": queen,
              disabled: !target, onclick: () => target && act(target),
            }, queenName(queen), h("small", {}, ` ${queenPoints(queen)}`)));
          }))
          : h("p", { class: "note" }, t("sq.noQueens")))));
  }

  // --- the bedtime recap, once the game is over ----------------------------------------------

  let recap = null; // {language, narrator, paragraphs, fallback_reason} once asked
  function recapPanel() {
    const shown = recap && recap.language === language() ? recap : null;
    return h("section", { class: "panel", id: "sq-recap", "aria-labelledby": "sq-recap-head" },
      h("h2", { id: "sq-recap-head" }, t("sq.recap")),
      shown
        ? [
          shown.paragraphs.map((text) => h("p", { class: "tale", lang: shown.language }, text)),
          h("p", { class: "note" }, t("sq.recapBy", { name: shown.narrator === "offline" ? t("narrator.offlineShort") : shown.narrator }),
            shown.fallback_reason ? ` ${t("sq.recapFallback", { reason: shown.fallback_reason })}` : ""),
        ]
        : h("button", { type: "button", class: "primary", id: "sq-recap-tell", onclick: tellRecap }, t("sq.recapTell")));
  }

  async function tellRecap(event) {
    event.target.disabled = true;
    try {
      recap = await api.sleepingQueensRecap(tableId, token, language());
      draw();
      document.getElementById("sq-recap-head")?.scrollIntoView({ block: "start" });
    } catch (failure) {
      event.target.disabled = false;
      fill(ui.refusal, refusal(failure));
    }
  }

  // --- live ----------------------------------------------------------------------------------

  const live = tableStream(tableId, token, {
    onView: (raw) => show(raw),
    onEvent: (event) => {
      if (event.type === "action" && !events.some((e) => e.seq === event.seq)) events.push(event);
    },
    onRecovered: () => api.view(tableId, token).then(show, () => {}),
  });

  const relabel = () => draw();
  window.addEventListener("languagechange-app", relabel);
  try {
    await loadQueensDeck();
    const first = await api.view(tableId, token);
    const past = await api.events(tableId, token, 0);
    events.push(...(past.events || []).filter((e) => e.type === "action"));
    if (!languageChosen() && first.language) setLanguage(first.language, { remember: false });
    show(first);
  } catch (failure) {
    fill(ui.top, h("p", { class: "error" }, failure instanceof NetworkError ? t("error.network") : errorText(failure)),
      h("a", { href: "#/" }, t("nav.home")));
    return () => window.removeEventListener("languagechange-app", relabel);
  }
  if (token && view.you !== null) rememberSeat(tableId, token, { names: view.seats.map((s) => s.name), finished: view.finished });
  live.start(view.seq);
  return () => {
    live.stop();
    setStatus("connection", null);
    setStatus("thinking", null);
    window.removeEventListener("languagechange-app", relabel);
  };
}

function chips(view) {
  return h("ul", { class: "seats", id: "sq-seats", "aria-label": t("table.players") }, view.seats.map((seat) => h("li", {
    class: `seat${seat.seat === view.acting ? " teller" : ""}`, "data-seat": seat.seat,
    "aria-current": seat.seat === view.acting ? "true" : false,
  },
  h("span", { class: "who" }, seat.seat === view.you ? t("table.seatOf", { name: seat.name }) : seat.name),
  seat.kind === "ai" ? ` · ${t("table.ai")}` : "",
  h("br"),
  h("span", { class: "meta" }, t("sq.chip", { queens: seat.queens.length, points: seat.points })))));
}

function goal(view) {
  return h("p", { class: "note", id: "sq-goal" }, t("sq.goal", { queens: view.state.goal.queens, points: view.state.goal.points }));
}

function refusal(failure) {
  if (failure instanceof ApiError && failure.rule) return ruleRefusal(failure);
  return errorText(failure);
}
