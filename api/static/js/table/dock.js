// The action dock at the bottom of the screen (thumb reach): the storyteller's sentence box with
// dictation, and the pass / end / challenge / vote controls, each shown only when legal.
// (No "too slow" button for OU-16: typing a sentence on a phone takes longer than five seconds.)

import { cardLabel, endingText } from "../deck.js";
import { h } from "../dom.js";
import { ruleId } from "../errors.js";
import { explainRule, language, t } from "../i18n.js";
import { dictationButton } from "../speech.js";
import { move, namesOf } from "./model.js";

export const MAX_SENTENCE = 2000;

/**
 * Build the dock. `act(action)` sends an action and resolves true when accepted; `draft` keeps
 * what is being typed across re-renders and reloads (table/draft.js): {text, card, askTable,
 * linking, mode}; `redraw()` rebuilds the dock. At the end of a hand (the ending is legal) one
 * form shows at a time: the ending, or (`draft.mode` "narrate") one more sentence.
 */
export function dock(view, { act, draft, redraw }) {
  const parts = [];
  const narrate = move(view, "narrate");
  const play = move(view, "play");
  const pass = move(view, "pass");
  const end = move(view, "end");
  const challenge = move(view, "challenge");

  if (view.pending) parts.push(votePanel(view, act));
  const endFirst = end && !(narrate && draft.mode === "narrate");
  const switchTo = (mode) => () => {
    draft.mode = mode;
    draft.save();
    redraw();
    document.getElementById(mode === "narrate" ? "sentence" : "linking")?.focus();
  };
  if (endFirst) {
    parts.push(endForm(view, end, { act, draft }));
    if (narrate) parts.push(switchButton("tell-instead", t("action.tellInstead"), switchTo("narrate")));
  } else if (narrate) {
    parts.push(narrateForm(view, { play, act, draft, redraw }));
    if (end) parts.push(switchButton("end-instead", t("action.endInstead"), switchTo("end")));
  }

  const buttons = [];
  if (pass) buttons.push(passControl(view, pass, act));
  if (challenge) {
    buttons.push(
      h("button", {
        type: "button", class: "danger", id: "challenge", title: t("action.challengeHelp"),
        onclick: () => act({ type: "challenge" }),
      }, t("action.challenge")),
    );
  }
  if (buttons.length) parts.push(h("div", { class: "buttons" }, buttons));
  return parts;
}

function switchButton(id, label, onclick) {
  return h("button", { type: "button", class: "small", id, onclick }, label);
}

function narrateForm(view, { play, act, draft, redraw }) {
  const box = h("textarea", {
    id: "sentence", rows: 2, maxlength: MAX_SENTENCE, enterkeyhint: "send",
    placeholder: view.story.length ? `${t("narrate.label")}…` : t("narrate.placeholder"),
    "aria-describedby": "sentence-help",
  });
  box.value = draft.text || "";
  // the help is read to screen readers; shown only when the sentence grows long (or on trouble)
  const counter = h("span", { class: "counter visually-hidden", id: "sentence-help" }, t("narrate.oneSentence"));
  const say = (text) => {
    counter.classList.remove("visually-hidden");
    counter.textContent = text;
  };
  box.addEventListener("input", () => {
    draft.text = box.value;
    draft.save();
    const long = box.value.length > MAX_SENTENCE * 0.8;
    counter.classList.toggle("visually-hidden", !long);
    counter.textContent = long
      ? t("narrate.tooLong", { n: MAX_SENTENCE }) + ` (${box.value.length})`
      : t("narrate.oneSentence");
  });
  if (!play?.cards.includes(draft.card)) draft.card = "";
  const cardSelect = play && play.cards.length
    ? h("select", { id: "play-with", "aria-label": t("narrate.cardsToPlay") },
        h("option", { value: "" }, t("narrate.noCard")),
        play.cards.map((id) => h("option", { value: id, selected: id === draft.card }, t("action.play", { card: cardLabel(id) }))))
    : null;
  const askTable = cardSelect
    ? h("label", { class: "check", hidden: !draft.card },
        h("input", { type: "checkbox", id: "ask-table", checked: Boolean(draft.askTable),
          onchange: (e) => { draft.askTable = e.target.checked; draft.save(); } }),
        t("narrate.askTable"))
    : null;
  cardSelect?.addEventListener("change", () => {
    draft.card = cardSelect.value;
    askTable.hidden = !draft.card;
    draft.save();
  });
  const send = h("button", { type: "submit", class: "primary", id: "tell" }, t("narrate.send"));
  const form = h("form", { class: "narrate", id: "narrate-form" },
    h("label", { for: "sentence", class: "visually-hidden" }, t("narrate.label")),
    box,
    h("div", { class: "row" }, cardSelect ? h("div", { class: "grow" }, cardSelect) : null, dictationButton({
      id: "dictate", box, lang: language, say,
      onChange: () => { draft.text = box.value; draft.save(); },
    }), send),
    askTable,
    counter,
  );
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = box.value.trim();
    if (!text) return box.focus();
    if (text.length > MAX_SENTENCE) return say(t("narrate.tooLong", { n: MAX_SENTENCE }));
    const card = cardSelect?.value || "";
    const askTable = Boolean(card && draft.askTable);
    send.disabled = true;
    const ok = await act(card
      ? { type: "play", card, sentence: text, ...(askTable ? { ask_table: true } : {}) }
      : { type: "narrate", text });
    send.disabled = false;
    if (ok) {
      // The dock is rebuilt from the draft: the stream, often faster than the reply, may have
      // rebuilt it with the sentence still in it. Anything typed since is kept. Each card is
      // judged on its own: the show of hands is asked for again, never assumed.
      if (draft.text.trim() === text) draft.text = "";
      if (draft.card === card) draft.card = "";
      Object.assign(draft, { askTable: false, mode: "" });
      draft.save();
      redraw();
    }
  });
  return form;
}


function passControl(view, pass, act) {
  const discard = pass.cards.length
    ? h("select", { id: "pass-discard" },
        h("option", { value: "" }, t("action.noDiscard")),
        pass.cards.map((id) => h("option", { value: id }, cardLabel(id))))
    : null;
  const swap = pass.endings.length
    ? h("label", { class: "check" }, h("input", { type: "checkbox", id: "pass-swap" }), t("action.swapEnding"))
    : null;
  const confirm = h("button", {
    type: "button", class: "primary", id: "pass-confirm",
    onclick: () => {
      const action = { type: "pass" };
      if (swap?.querySelector("input").checked) action.swap_ending = pass.endings[0];
      else if (discard?.value) action.discard = discard.value;
      act(action);
    },
  }, t("action.pass"));
  // two taps: open, then confirm (a pass hands the story over, so no accidental passes)
  return h("details", { class: "pass", id: "pass-control" },
    h("summary", { class: "button", id: "pass" }, t("action.pass") + "…"),
    h("div", { class: "panel" },
      h("p", { class: "note", style: "margin-top:0" }, t("action.passHelp")),
      discard ? [h("label", { for: "pass-discard" }, t("action.discard")), discard] : null,
      swap,
      h("div", { class: "row", style: "margin-top:8px" }, confirm)));
}

function endForm(view, end, { act, draft }) {
  const linking = h("textarea", { id: "linking", rows: 2, maxlength: MAX_SENTENCE, "aria-describedby": "end-help" });
  linking.value = draft.linking || "";
  linking.addEventListener("input", () => {
    draft.linking = linking.value;
    draft.save();
  });
  const choices = end.endings;
  const select = choices.length > 1
    ? h("select", { id: "ending-choice", "aria-label": t("table.endings") },
        choices.map((id) => h("option", { value: id }, endingText(id))))
    : null;
  const form = h("form", { class: "panel", id: "end-form" },
    h("h2", { style: "margin-top:0" }, t("action.end")),
    h("p", { class: "note", id: "end-help" }, t("action.endHelp")),
    h("label", { for: "linking" }, t("action.endLabel")),
    linking,
    select,
    choices.length === 1 ? h("p", { class: "ending-card" }, t("action.endWith", { ending: endingText(choices[0]) })) : null,
    h("button", { type: "submit", class: "primary", id: "end" }, t("action.end")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const sentences = splitSentences(linking.value);
    if (!sentences.length) return linking.focus();
    const ok = await act({ type: "end", ending: select ? select.value : choices[0], linking: sentences.slice(0, 2) });
    if (ok) {
      draft.linking = "";
      draft.save();
    }
  });
  return form;
}

/** One or two linking sentences from the typed text (Latin and Japanese full stops). */
export function splitSentences(text) {
  const parts = text.trim().match(/[^.!?。！？]+[.!?。！？]*/g) || [];
  const sentences = parts.map((s) => s.trim()).filter(Boolean);
  if (sentences.length <= 2) return sentences;
  return [sentences[0], sentences.slice(1).join(language() === "ja" ? "" : " ")];
}

/** What the table votes on, quoted: the ending told, the sentence a card was played on or
 * claimed from, or the challenged sentence with the challenger's reason. */
function claimText(view, ballot) {
  const action = ballot.action || {};
  let quote = null;
  if (ballot.kind === "ending") {
    quote = [...(action.linking || []), action.ending ? endingText(action.ending) : ""].join(" ").trim();
  } else if (action.sentence) {
    quote = action.sentence;
  } else {
    const line = action.line ?? view.story.length - 1;
    quote = view.story[line]?.text || null;
  }
  if (!quote) return null;
  return h("blockquote", { class: "suggestion", lang: view.language }, quote,
    action.reason ? h("span", { class: "note" }, ` — ${action.reason}`) : null);
}

const EVIDENCE = {
  heard: "evidence.heard",
  not_heard: "evidence.not_heard",
  borderline: "evidence.borderline",
  failed: "evidence.failed",
  model_said_no: "evidence.model_said_no",
  model_said_yes: "evidence.model_said_yes",
};

/** What the referee (or the narrator) found in a claimed mention, for the voters (OU-13). */
function evidenceLine(ballot, card) {
  const evidence = ballot.evidence;
  if (!evidence || !EVIDENCE[evidence.finding]) return null;
  return h("p", { class: "evidence", id: "vote-evidence", "data-finding": evidence.finding },
    t(EVIDENCE[evidence.finding], { card, phrase: evidence.phrase || "" }));
}

function votePanel(view, act) {
  const ballot = view.pending;
  const names = namesOf(view);
  const who = names[ballot.claimant] ?? "";
  const card = ballot.action?.card ? cardLabel(ballot.action.card) : "";
  const question =
    ballot.kind === "ending" ? t("action.voteEnding", { name: who })
    : ballot.kind === "silly" ? t("action.voteChallenge", { name: names[ballot.action?.seat] ?? who })
    : t("action.voteQuestion", { name: who, card });
  const cast = (yes) => act({ type: "vote", yes, ballot: ballot.ballot });
  return h("section", { class: "vote", id: "vote", "aria-labelledby": "vote-title", "data-ballot": ballot.ballot },
    h("h2", { id: "vote-title", style: "margin-top:0" }, question),
    claimText(view, ballot),
    evidenceLine(ballot, card),
    h("p", { class: "note" }, explainRule(ballot.rule), " ", ruleId(ballot.rule)),
    view.canVote
      ? h("div", { class: "buttons" },
          h("button", { type: "button", class: "primary", id: "vote-yes", onclick: () => cast(true) }, t("action.accept")),
          h("button", { type: "button", class: "danger", id: "vote-no", onclick: () => cast(false) }, t("action.reject")))
      : h("p", { class: "note" }, t("table.pendingVote", { name: who, card }),
          ` (${ballot.yes.length + ballot.no.length}/${ballot.voters.length})`),
  );
}
