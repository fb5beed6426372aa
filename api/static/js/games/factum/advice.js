// Private advice for this seat alone (issue 12, item 5): the storyteller's "Too obvious?" check
// of a draft before telling, the judge's obviousness estimate, and an adder's suggested decoy.
// Each is one request to POST /v1/tables/{id}/factum/advice with this seat's token, and the
// answer is drawn on this phone only: nothing is sent to the table or stored beyond the page's
// memory (`advise.memory`, this turn's answers, so a redraw of the panel keeps them).

import { ApiError, NetworkError } from "../../api.js";
import { fill, h } from "../../dom.js";
import { t } from "../../i18n.js";
import { namesOf } from "./model.js";

// Chance of picking one card among five is 0.2: below HARD_TO_FIND few readers see the link.
const HARD_TO_FIND = 0.3;
const VERY_OBVIOUS = 0.75;

/** The page's memory of advice and how to ask for it (table.js makes one per table screen). */
export function adviceDesk(ask) {
  return { ask, memory: new Map(), painters: new Map() };
}

/**
 * The storyteller's "Too obvious?" under the story box (virtual deck: the card must be in the
 * hand). `inputs`: the elements whose edits make an answer stale (the box, the card choice).
 */
export function storyCheck(view, draft, advise, inputs) {
  const control = adviceControl(view, advise, {
    kind: "story",
    label: t("fa.adviceCheckStory"),
    request: () => {
      const card = (draft.card || "").trim();
      const text = (draft.text || "").trim();
      if (!card) return t("fa.pickCardFirst");
      if (!text) return t("fa.adviceNeedDraft");
      return { kind: "story_check", card, text };
    },
    show: (answer) => [verdict(answer), sharedWords(view, answer, "fa.adviceSharedWords")],
  });
  for (const input of inputs) {
    if (!input) continue;
    const forget = () => control.forget();
    input.addEventListener("input", forget);
    input.addEventListener("change", forget);
  }
  return control.element;
}

/** The judge's "How obvious is it?": the estimate in words and the team it points to. */
export function judgeAdvice(view, advise) {
  if (!view.state.turn?.story || view.deck_mode === "physical") return null; // nothing to read
  const teller = namesOf(view)[view.state.turn.storyteller];
  return adviceControl(view, advise, {
    kind: "judge",
    label: t("fa.adviceJudge"),
    request: () => ({ kind: "judge" }),
    show: (answer) => [
      h("p", { class: "fa-advice-verdict", "data-guessing-team": answer.guessing_team },
        t("fa.adviceEstimate", { level: t(levelKey(answer.obviousness)), n: tenths(answer.obviousness) })),
      h("p", {}, answer.guessing_team === "judge" ? t("fa.advicePointsJudge") : t("fa.advicePointsTeller", { name: teller })),
      h("p", {}, t("fa.adviceYourChoice")),
      sharedWords(view, answer, "fa.adviceStoryWords"),
    ],
  }).element;
}

/** An adder's "Suggest a decoy": marks the best-matching card of `list` (the hand's buttons). */
export function decoyAdvice(view, advise, list) {
  if (!view.state.turn?.story) return null; // told aloud: nothing to read
  const control = adviceControl(view, advise, {
    kind: "decoy",
    label: t("fa.adviceDecoy"),
    request: () => ({ kind: "decoy" }),
    show: (answer) => {
      const best = answer.ranking[0];
      markSuggested(list, best);
      return best ? h("p", { class: "fa-advice-verdict" }, t("fa.adviceSuggested", { card: best })) : null;
    },
  });
  return control.element;
}

/**
 * A secondary button and the status line under it. `request()` gives the body to send, or a
 * sentence saying what is missing; `show(answer)` draws the answer. The answer is kept by turn
 * and kind in `advise.memory`, so the panel drawn again after a live update shows it again.
 */
function adviceControl(view, advise, { kind, label, request, show }) {
  const key = `${view.state.turn?.number}:${kind}`;
  const outputId = `fa-advice-${kind}`;
  const output = h("div", { class: "fa-advice", id: outputId, role: "status" });
  const button = h("button", { type: "button", id: `fa-ask-${kind}`, "aria-controls": outputId }, label);
  const paint = () => {
    const entry = advise.memory.get(key);
    button.disabled = Boolean(entry?.pending);
    button.setAttribute("aria-busy", entry?.pending ? "true" : "false");
    output.dataset.state = entry ? entry.state : "";
    if (!entry) return fill(output);
    if (entry.state === "pending") return fill(output, h("p", { class: "note" }, t("fa.adviceAsking")));
    if (entry.state === "missing") return fill(output, h("p", { class: "note" }, entry.text));
    if (entry.state === "failed") return fill(output, h("p", { class: "fa-advice-failed" }, t(entry.reason)));
    return fill(output, show(entry.answer), h("p", { class: "note" }, t("fa.advicePrivate")));
  };
  advise.painters.set(kind, paint); // the latest panel's: the one on screen when the answer comes
  button.addEventListener("click", async () => {
    const body = request();
    if (typeof body === "string") return remember(advise, key, { state: "missing", text: body });
    const asking = { state: "pending", pending: true };
    remember(advise, key, asking);
    let outcome;
    try {
      outcome = { state: "answered", answer: await advise.ask(body) };
    } catch (failure) {
      outcome = { state: "failed", reason: failureKey(failure) };
    }
    remember(advise, key, asking.outdated ? null : outcome); // an answer for an edited draft is dropped
  });
  paint();
  const forget = () => {
    const entry = advise.memory.get(key);
    if (entry?.pending) entry.outdated = true;
    else if (entry) remember(advise, key, null);
  };
  return { element: h("div", { class: "fa-advice-box" }, button, output), forget };

  // one turn's answers at a time: older turns' are dropped, and a late answer for an old turn too
  function remember(desk, entryKey, entry) {
    const turn = view.state.turn?.number ?? 0;
    const turnOf = (k) => Number(k.split(":")[0]) || 0;
    if ([...desk.memory.keys()].some((other) => turnOf(other) > turn)) return;
    for (const other of [...desk.memory.keys()]) if (turnOf(other) < turn) desk.memory.delete(other);
    if (entry) desk.memory.set(entryKey, entry);
    else desk.memory.delete(entryKey);
    desk.painters.get(kind)?.();
  }
}

/** The storyteller's verdict in plain words, from the reader's estimate. */
function verdict(answer) {
  const key = answer.too_obvious ? "fa.adviceTooObvious"
    : answer.obviousness < HARD_TO_FIND ? "fa.adviceHardToFind" : "fa.adviceFair";
  return h("p", { class: "fa-advice-verdict", "data-too-obvious": String(Boolean(answer.too_obvious)) },
    h("strong", {}, t(key)));
}

/** The card's own words found in the story, highlighted; or that there are none. */
function sharedWords(view, answer, headKey) {
  if (!answer.shared_words?.length) {
    return answer.kind === "story_check" ? h("p", { class: "note" }, t("fa.adviceNoSharedWords")) : null;
  }
  return [h("p", {}, t(headKey)),
    h("ul", { class: "fa-shared-words", "aria-label": t(headKey) },
      answer.shared_words.map((word) => h("li", {}, h("mark", { lang: view.language }, word))))];
}

function markSuggested(list, best) {
  for (const button of list.querySelectorAll("[data-card]")) {
    const suggested = button.dataset.card === best;
    button.classList.toggle("suggested", suggested);
    if (suggested) button.dataset.suggested = "";
    else delete button.dataset.suggested;
    const card = button.dataset.card;
    button.setAttribute("aria-label", suggested ? t("fa.adviceAddSuggested", { card }) : t("fa.addThis", { card }));
    button.querySelector(".fa-suggested-tag")?.remove();
    if (suggested) button.append(h("span", { class: "fa-suggested-tag", "aria-hidden": "true" }, t("fa.adviceSuggestedTag")));
  }
}

const levelKey = (obviousness) => obviousness >= VERY_OBVIOUS ? "fa.adviceVeryObvious"
  : obviousness >= 0.5 ? "fa.adviceRatherObvious"
    : obviousness >= HARD_TO_FIND ? "fa.adviceSubtle" : "fa.adviceHidden";

const tenths = (obviousness) => Math.round(obviousness * 10);

/** A failed request in kind words: the game goes on whatever happened. */
function failureKey(failure) {
  if (failure instanceof NetworkError) return "fa.adviceOffline";
  if (failure instanceof ApiError) {
    if (failure.status === 503 || failure.status === 429) return "fa.adviceBusy";
    if (failure.code === "story_needed") return "fa.adviceToldAloud";
    if (failure.status === 409) return "fa.adviceNotNow";
  }
  return "fa.adviceFailed";
}
