// A Dice Upon a Time table on one phone: whose turn and the chapter, the map (its sockets, the
// dice on them, every traveller's figure), this seat's dice pool, what the table asks of it now,
// its quests, goods and magic items, the other travellers, and a feed of what each did (AI
// travellers too). Placing is two taps: a die, then one of the sockets lit for it. A choice
// (a quest deck, a place to move to, a resource, the end of the turn) is a button, or a lit
// place on the map. Kept live by the event stream; every view is this seat's own.

import { ApiError, NetworkError, api, newIdempotencyKey } from "../../api.js";
import { announce, fill, h } from "../../dom.js";
import { errorText, ruleRefusal } from "../../errors.js";
import { languageChosen, setLanguage, t } from "../../i18n.js";
import { tableStream } from "../../live.js";
import { rememberSeat } from "../../recent.js";
import { setStatus } from "../../status.js";
import {
  board, characterText, characterTitle, eventText, eventTitle, faceName, faceSign, goodName,
  itemText, itemTitle, loadDiceDeck, placeName, questNeeds, questOf, questTitle, ratingText,
  storyText, storyTitle, useTableBoard,
} from "./cards.js";
import { describe } from "./feed.js";
import { keeperLine, keeperScreen } from "./keeper.js";
import { SEAT_COLOURS, drawMap } from "./map.js";

const FEED_LINES = 8;
const ASKS = {
  opening: "du.askOpening", city: "du.askCity", king_draw: "du.askKingDraw", king_keep: "du.askKingKeep",
  misfortune: "du.askMisfortune", move: "du.askMove", horse: "du.askHorse", fairy: "du.askFairy",
  wolf: "du.askWolf", fox: "du.askFox", finish: "du.askFinish",
};
const WAITS = {
  wolf: "du.waitingWolf", fox: "du.waitingFox", opening: "du.waitingOpening",
};
const FINISH = { quest: "du.finishQuest", collect: "du.finishCollect", mini: "du.finishMini", lift: "du.finishLift" };
const ABILITIES = { nudge: "du.abilityNudge", reroll: "du.abilityReroll", swap: "du.abilitySwap", scout: "du.abilityScout", forage: "du.abilityForage" };
const GOALS = { short: "du.goalShort", normal: "du.goalNormal", long: "du.goalLong" };
const GOODS = ["gold", "bread", "apple", "golden_key", "glass_slipper", "golden_feather", "water_of_life"];

export async function render(main, [tableId, token = null]) {
  const ui = {
    top: h("div", { id: "du-top" }),
    refusal: h("div", { class: "refusal", id: "du-refusal", role: "alert" }),
    prompt: h("div", { id: "du-prompt-slot" }),
    map: h("section", { class: "panel du-map-panel", id: "du-map", "aria-labelledby": "du-map-head" }),
    me: h("div", { id: "du-me-slot" }),
    others: h("div", { id: "du-others-slot" }),
    tales: h("div", { id: "du-tales-slot" }),
    feed: h("ol", { class: "feed", id: "du-feed", "aria-live": "polite" }),
  };
  main.append(ui.top, ui.refusal, ui.prompt, ui.map, ui.me, ui.others, ui.tales,
    h("h2", { class: "visually-hidden" }, t("du.feed")), ui.feed);
  fill(ui.top, h("p", {}, t("common.loading")));

  let view = null;
  let abilityOfCharacter = () => null; // from the deck, once loaded
  let selected = null; // the pool die tapped, waiting for a socket
  const events = [];

  const me = () => (view.you === null || view.you === undefined ? null : view.state.seats[view.you]);
  const names = () => view.seats.map((seat) => seat.name);
  const movesOf = (type) => view.moves.filter((move) => move.type === type);
  const ask = () => view.state.pending[0] || null;
  const mine = () => view.moves.some((m) => m.type !== "trade_answer") && view.acting === view.you;

  function show(raw) {
    if (raw.game !== "dice_upon_a_time" || (view && raw.seq < view.seq)) return;
    const before = view;
    view = raw;
    if (selected && !view.moves.some((m) => m.die === selected)) selected = null;
    const ai = view.acting !== null && view.seats[view.acting]?.kind === "ai";
    setStatus("thinking", ai && !view.finished ? { kind: "thinking", text: t("narrator.thinking", { name: view.seats[view.acting].name }) } : null);
    if (view.finished && token) rememberSeat(tableId, token, { names: names(), finished: true });
    draw();
    if (mine() && (!before || before.acting !== view.acting)) announce(bannerText(), { assertive: true });
  }

  let sending = false;
  /** Send one action; whether it was taken (a refusal is shown in plain words). */
  async function act(body) {
    if (sending) return false;
    sending = true;
    ui.refusal.textContent = "";
    try {
      const reply = await api.act(tableId, token, body, newIdempotencyKey());
      selected = null;
      if (reply?.events) live.deliver(reply.events, { fromReply: true });
      if (reply?.view) show(reply.view);
      return reply || true;
    } catch (failure) {
      fill(ui.refusal, failure instanceof ApiError && failure.rule ? ruleRefusal(failure) : errorText(failure));
      return false;
    } finally {
      sending = false;
    }
  }

  function bannerText() {
    const state = view.state;
    if (view.finished) {
      if (state.cooperative) return t("du.coopEnd", { total: state.total, rating: ratingText(state.rating) });
      const winners = state.winners.map((s) => names()[s]);
      return winners.length === 1 && state.winners[0] === view.you ? t("du.youWin") : t("du.wins", { names: winners.join(", ") });
    }
    const pending = ask();
    if (mine() && pending) return t(ASKS[pending.kind] || "du.askFinish");
    if (mine()) return t("du.yourTurn");
    if (pending && WAITS[pending.kind]) return t(WAITS[pending.kind], { name: names()[view.acting] });
    return t("du.waitingFor", { name: names()[view.acting] });
  }

  const keeperStep = {}; // the live table's taps between recordings (keeper.js)

  /** A live table (the printed board): the keeper's screen instead of the board. */
  function drawKeeper() {
    const state = view.state;
    const start = names()[state.start_player];
    fill(ui.top, h("ul", { class: "seats", id: "du-seats", "aria-label": t("table.players") }, view.seats.map((seat) => h("li", {
      class: `seat${seat.seat === state.start_player ? " teller" : ""}`, "data-seat": seat.seat,
    }, h("span", { class: "du-dot", style: `background: ${SEAT_COLOURS[seat.seat]}`, "aria-hidden": "true" }), " ",
    h("span", { class: "who" }, seat.seat === view.you ? t("table.seatOf", { name: seat.name }) : seat.name),
    h("br"), h("span", { class: "meta" }, t("du.ap", { n: seat.points }))))),
    h("p", { class: "turn-banner", id: "du-turn", "data-seq": view.seq }, view.finished ? t("du.theEnd") : t("duk.banner", { name: start })),
    h("p", { class: "note", id: "du-chapter" }, state.chapters ? t("duk.chapterOf", { n: state.chapter, of: state.chapters }) : t("du.chapter", { n: state.chapter }),
      " · ", t("duk.live"), state.cooperative ? ` · ${t("du.goalCoop")}` : ""));
    const ask = (query) => api.diceCheck(tableId, token, query).catch((failure) => {
      fill(ui.refusal, errorText(failure));
      return null;
    });
    const drawn = events.filter((event) => event.data.action?.type === "keep_story").pop();
    keeperStep.story = drawn ? drawn.data.last : null;
    fill(ui.prompt, keeperScreen(view, keeperStep, { act, ask, redraw: drawKeeper }));
    for (const slot of [ui.map, ui.me, ui.others, ui.tales]) fill(slot, null);
    ui.map.hidden = true;
    fill(ui.feed, events.slice(-FEED_LINES).reverse().map((event) => h("li", {}, keeperLine(event, names()))));
  }

  function draw() {
    if (!view) return;
    if (view.deck_mode === "physical") return drawKeeper();
    const state = view.state;
    const chapterLine = state.event
      ? t("du.chapterEvent", { n: state.chapter, event: eventTitle(state.event) })
      : t("du.chapter", { n: state.chapter });
    fill(ui.top, chips(view),
      h("p", { class: `turn-banner${mine() ? " mine" : ""}`, id: "du-turn", tabindex: "-1", "data-seq": view.seq }, bannerText()),
      h("p", { class: "note", id: "du-chapter", title: state.event ? eventText(state.event) : null }, chapterLine,
        " · ", t(GOALS[state.length] || "du.goalNormal"), state.cooperative ? ` · ${t("du.goalCoop")}` : ""));
    fill(ui.prompt, view.finished ? endPanel() : promptPanel());
    fill(ui.map, h("h2", { id: "du-map-head", class: "visually-hidden" }, t("du.map")), mapNow());
    fill(ui.me, me() ? myPanel() : null);
    fill(ui.others, othersPanel());
    fill(ui.tales, talesPanel());
    fill(ui.feed, events.slice(-FEED_LINES).reverse().map((event) => h("li", {}, describe(event, view))));
  }

  // --- what the table asks of this seat now ----------------------------------------------------

  function optionLabel(pending, option) {
    switch (pending.kind) {
      case "opening": case "city": case "king_draw":
        return option === "none" ? t("du.noQuest") : t("du.deck", { n: option });
      case "king_keep": return `${questTitle(option)} (${t("du.ap", { n: questOf(option)?.ap ?? "?" })})`;
      case "misfortune": return t(option === "0" ? "du.optionFirst" : "du.optionSecond");
      case "move": case "horse": return option === "stay" ? t("du.stay") : placeName(option);
      case "fairy": return goodName(option);
      case "wolf": {
        const die = me()?.pool.find((d) => d.id === option);
        return t("du.throwDie", { face: die ? faceName(die.face) : option });
      }
      case "fox": return faceName(/^\d+$/.test(option) ? Number(option) : option);
      default: {
        if (option === "end") return t("du.endTurn");
        const [verb, card] = option.split(":");
        const title = verb === "quest" || verb === "collect" ? questTitle(card) : storyTitle(card);
        return t(FINISH[verb] || "du.finishQuest", { title });
      }
    }
  }

  function promptPanel() {
    if (!mine()) return offerPanel();
    const pending = ask();
    const body = [];
    if (pending) {
      if (pending.kind === "misfortune" && pending.card) {
        body.push(h("p", { class: "du-story" }, h("strong", {}, storyTitle(pending.card)), " ", storyText(pending.card)));
      }
      if (pending.kind === "king_keep") {
        body.push(h("p", { class: "note" }, t("du.kingSecret")));
      }
      body.push(h("div", { class: "buttons du-choices", id: "du-choices" }, movesOf("choose").map((move) =>
        h("button", {
          type: "button", class: move.option === "end" ? "" : "primary", "data-option": move.option,
          title: pending.kind === "king_keep" ? questNeeds(move.option) : null, onclick: () => act(move),
        }, optionLabel(pending, move.option)))));
    } else {
      body.push(poolRow(), h("p", { class: "note", id: "du-help" }, t(selected ? "du.tapSocket" : "du.tapDie")));
      const extra = [];
      if (movesOf("rabbit_step").length) extra.push(h("p", { class: "note" }, t("du.rabbitHelp")));
      extra.push(h("button", { type: "button", id: "du-pass", class: "danger", onclick: () => act({ type: "pass_chapter" }) }, t("du.passChapter")));
      body.push(h("div", { class: "buttons" }, extra));
    }
    body.push(powersRow());
    return h("section", { class: "panel du-prompt", id: "du-prompt", "aria-label": bannerText() }, body, offerPanel());
  }

  function poolRow() {
    const placeable = new Set(view.moves.filter((m) => m.die && m.type !== "choose").map((m) => m.die));
    return h("ul", { class: "du-pool", id: "du-pool", "aria-label": t("du.pool") }, (me()?.pool || []).map((die) => {
      const on = selected === die.id;
      return h("li", {}, h("button", {
        type: "button", class: `du-die${on ? " selected" : ""}`, "data-die": die.id, "data-face": die.face,
        style: `--seat: ${SEAT_COLOURS[die.owner] || "#444"}`, "aria-pressed": on ? "true" : "false",
        "aria-label": t("du.die", { face: faceName(die.face) }), disabled: !placeable.has(die.id),
        onclick: () => { selected = on ? null : die.id; draw(); },
      }, faceSign(die.face)));
    }));
  }

  /** Magic items and the character's ability, as the moves allow them now (DU-8). */
  function powersRow() {
    const buttons = [];
    for (const move of [...movesOf("play_item"), ...movesOf("use_ability")]) {
      if (move.die && move.die !== selected) continue; // a die's options show once it is tapped
      let label;
      if (move.type === "play_item") {
        label = move.face !== undefined ? t("du.itemSetFace", { item: itemTitle(move.item), face: faceName(move.face) }) : t("du.playItem", { item: itemTitle(move.item) });
      } else {
        const ability = ABILITIES[abilityOf()] || "du.abilityForage";
        label = t(ability, {
          face: move.face !== undefined ? faceName(move.face) : "", give: move.give ? goodName(move.give) : "",
          take: move.take ? goodName(move.take) : "", n: move.value ?? "",
        });
      }
      buttons.push(h("button", { type: "button", class: "small du-power", "data-type": move.type, onclick: () => act(move) }, label));
    }
    if (!buttons.length) return null;
    return h("details", { class: "du-powers", id: "du-powers", open: Boolean(selected) },
      h("summary", {}, t("du.powers")), h("div", { class: "buttons" }, buttons));
  }

  const abilityOf = () => (me() ? abilityOfCharacter(me().character) : null);

  // --- trades (DU-11): an offer to a person on the same place, and its answer -------------------

  function offerPanel() {
    const offer = view.offer;
    const parts = [];
    if (offer && (offer.seat === view.you || offer.partner === view.you)) {
      const goods = (side) => [
        ...Object.entries(side.resources || {}).map(([g, n]) => `${n} ${goodName(g)}`),
        ...(side.quests || []).map(questTitle), ...(side.story || []).map(storyTitle), ...(side.items || []).map(itemTitle),
      ].join(", ") || t("du.nothing");
      parts.push(h("p", { id: "du-offer" }, t("du.offer", { from: names()[offer.seat], to: names()[offer.partner], give: goods(offer.give), take: goods(offer.take) })));
      const buttons = movesOf("trade_answer").map((move) => h("button", {
        type: "button", class: move.accept ? "primary" : "", id: move.accept ? "du-accept" : "du-decline", onclick: () => act(move),
      }, t(move.accept ? "du.accept" : offer.seat === view.you ? "du.withdraw" : "du.decline")));
      parts.push(h("div", { class: "buttons" }, buttons));
    } else if (view.trade_partners.length && !offer) {
      parts.push(tradeForm());
    }
    return parts.length ? h("div", { class: "du-trade", id: "du-trade" }, parts) : null;
  }

  function tradeForm() {
    const held = me();
    const partner = h("select", { id: "du-trade-partner" }, view.trade_partners.map((s) => h("option", { value: s }, names()[s])));
    const give = h("select", { id: "du-trade-give" }, GOODS.filter((g) => held.resources[g]).map((g) => h("option", { value: g }, goodName(g))));
    const take = h("select", { id: "du-trade-take" }, GOODS.slice(0, 3).map((g) => h("option", { value: g }, goodName(g))));
    if (!give.options.length) return null;
    return h("details", { class: "du-trade-form" }, h("summary", {}, t("du.tradeOpen")),
      h("div", { class: "field" }, h("label", { for: "du-trade-partner" }, t("du.tradeWith")), partner),
      h("div", { class: "field" }, h("label", { for: "du-trade-give" }, t("du.tradeGive")), give),
      h("div", { class: "field" }, h("label", { for: "du-trade-take" }, t("du.tradeTake")), take),
      h("button", {
        type: "button", id: "du-trade-send",
        onclick: () => act({ type: "trade", partner: Number(partner.value), give: { resources: { [give.value]: 1 } }, take: { resources: { [take.value]: 1 } } }),
      }, t("du.tradeSend")));
  }

  // --- the map, with what a tap on it does now ---------------------------------------------------

  function mapNow() {
    const targets = new Map();
    const placeTargets = new Map();
    if (mine() && selected) {
      for (const move of movesOf("place").filter((m) => m.die === selected)) targets.set(move.socket, () => act(move));
    }
    const pending = ask();
    if (mine() && pending && (pending.kind === "move" || pending.kind === "horse")) {
      for (const move of movesOf("choose")) if (move.option !== "stay") placeTargets.set(move.option, () => act(move));
    }
    if (mine() && !pending) {
      for (const move of movesOf("rabbit_step")) placeTargets.set(move.to, () => act(move));
    }
    return drawMap(board(), view.state, { targets, placeTargets, seats: names() });
  }

  // --- this seat: quests, goods, items, story cards, character ----------------------------------

  function goodsLine(held) {
    const goods = Object.entries(held.resources).filter(([, n]) => n > 0).map(([g, n]) => `${goodName(g)} ${n}`);
    if (held.rabbit_tokens) goods.push(t("du.rabbitTokens", { n: held.rabbit_tokens }));
    return goods.join(" · ") || t("du.noGoods");
  }

  function questList(ids, id) {
    if (!ids.length) return h("p", { class: "note" }, t("du.noQuests"));
    return h("ul", { class: "du-quests", id }, ids.map((quest) => h("li", { "data-quest": quest },
      h("strong", {}, questTitle(quest)), ` · ${t("du.ap", { n: questOf(quest)?.ap ?? "?" })}`,
      h("br"), h("span", { class: "note" }, questNeeds(quest)))));
  }

  function myPanel() {
    const held = me();
    const state = view.state;
    return h("section", { class: "panel", id: "du-me", "aria-labelledby": "du-me-head" },
      h("h2", { id: "du-me-head" }, t("du.yours", { place: placeName(held.place) })),
      h("p", { id: "du-character" }, h("strong", {}, characterTitle(held.character)), " · ", characterText(held.character),
        held.ability_used ? ` (${t("du.abilityUsed")})` : ""),
      h("p", { id: "du-goods" }, goodsLine(held)),
      h("h3", {}, state.cooperative ? t("du.row") : t("du.quests")),
      questList(state.cooperative ? state.row.slice(0, 12) : held.quests, "du-my-quests"),
      held.done.length || state.shared_done.length
        ? h("p", { class: "note", id: "du-done" }, t("du.done", { titles: (state.cooperative ? state.shared_done : held.done).map(questTitle).join(", ") }))
        : null,
      h("h3", {}, t("du.items")),
      (held.items || []).length
        ? h("ul", { class: "du-items", id: "du-items" }, held.items.map((item) => h("li", {}, h("strong", {}, itemTitle(item)), " · ", itemText(item))))
        : h("p", { class: "note" }, t("du.noItems")),
      held.story.length
        ? [h("h3", {}, t("du.story")), h("ul", { class: "du-story-cards" }, held.story.map((card) => h("li", {}, h("strong", {}, storyTitle(card)), " · ", storyText(card))))]
        : null);
  }

  function othersPanel() {
    const state = view.state;
    const others = state.seats.filter((seat) => seat.seat !== view.you);
    return h("section", { class: "panel", id: "du-others", "aria-labelledby": "du-others-head" },
      h("h2", { id: "du-others-head" }, t("du.others")),
      others.map((held) => h("div", { class: "du-other", "data-seat": held.seat },
        h("h3", {}, h("span", { class: "du-dot", style: `background: ${SEAT_COLOURS[held.seat]}`, "aria-hidden": "true" }),
          ` ${held.name} · ${placeName(held.place)}`),
        h("p", { class: "note" }, [
          t("du.poolCount", { n: held.pool.length }), held.passed ? t("du.passed") : null,
          goodsLine(held), t("du.itemCount", { n: held.item_count }), characterTitle(held.character),
        ].filter(Boolean).join(" · ")),
        state.cooperative ? null : questList(held.quests, null))));
  }

  /** The tale so far: each finished chapter's paragraph, by the narrator that told it. */
  function talesPanel() {
    if (!view.tales?.length) return null;
    return h("section", { class: "panel", id: "du-tales", "aria-labelledby": "du-tales-head" },
      h("h2", { id: "du-tales-head" }, t("du.tales")),
      view.tales.map((tale) => h("article", { class: "du-tale", "data-chapter": tale.chapter, lang: tale.language },
        h("h3", {}, t("du.taleChapter", { n: tale.chapter })),
        h("p", {}, tale.text),
        h("p", { class: "note" }, t("du.taleBy", { name: tale.origin === "offline" ? t("narrator.offlineShort") : tale.narrator }),
          tale.fallback_reason ? ` ${t("sq.recapFallback", { reason: tale.fallback_reason })}` : ""))));
  }

  function endPanel() {
    const state = view.state;
    return h("section", { class: "panel", id: "du-end", "aria-labelledby": "du-end-head" },
      h("h2", { id: "du-end-head" }, t("du.theEnd")),
      h("ul", { class: "du-scores" }, view.seats.map((seat) => h("li", {}, `${seat.name}: ${t("du.ap", { n: seat.points })}`))),
      state.cooperative ? h("p", {}, t("du.coopTotal", { total: state.total })) : null,
      h("a", { href: "#/dice/host", class: "button" }, t("du.again")));
  }

  // --- live ------------------------------------------------------------------------------------

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
    const deck = await loadDiceDeck();
    abilityOfCharacter = (character) => deck.characters.find((c) => c.id === character)?.ability || null;
    const first = await api.view(tableId, token);
    // The table's board (its own, or our map); a server without the route: the deck's map.
    useTableBoard((await api.diceBoard(tableId, token).catch(() => null))?.board);
    const past = await api.events(tableId, token, 0);
    events.push(...(past.events || []).filter((e) => e.type === "action"));
    if (!languageChosen() && first.language) setLanguage(first.language, { remember: false });
    show(first);
  } catch (failure) {
    fill(ui.top, h("p", { class: "error" }, failure instanceof NetworkError ? t("error.network") : errorText(failure)),
      h("a", { href: "#/" }, t("nav.home")));
    return () => { useTableBoard(null); window.removeEventListener("languagechange-app", relabel); };
  }
  if (token && view.you !== null) rememberSeat(tableId, token, { names: names(), finished: view.finished });
  live.start(view.seq);
  return () => {
    useTableBoard(null);
    live.stop();
    setStatus("connection", null);
    setStatus("thinking", null);
    window.removeEventListener("languagechange-app", relabel);
  };
}

function chips(view) {
  return h("ul", { class: "seats", id: "du-seats", "aria-label": t("table.players") }, view.seats.map((seat) => h("li", {
    class: `seat${seat.seat === view.acting ? " teller" : ""}`, "data-seat": seat.seat,
    "aria-current": seat.seat === view.acting ? "true" : false,
  },
  h("span", { class: "du-dot", style: `background: ${SEAT_COLOURS[seat.seat]}`, "aria-hidden": "true" }),
  " ",
  h("span", { class: "who" }, seat.seat === view.you ? t("table.seatOf", { name: seat.name }) : seat.name),
  seat.kind === "ai" ? ` · ${t("table.ai")}` : "",
  h("br"),
  h("span", { class: "meta" }, t("du.chip", { ap: seat.points, dice: view.state.seats[seat.seat].pool.length })))));
}
