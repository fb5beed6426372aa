// Errors in plain words, in the interface language.

import { ApiError, NetworkError } from "./api.js";
import { h } from "./dom.js";
import { explainRule, t } from "./i18n.js";

/** A sentence a person can act on, for any failure of a request. */
export function errorText(error) {
  if (error instanceof NetworkError) return t("error.network");
  if (error instanceof ApiError) {
    if (error.status === 404 || error.status === 403) return t("error.notFound");
    if (error.rule) return t("action.refused", { explain: explainRule(error.rule) });
    return t("error.generic", { message: error.message });
  }
  return t("error.generic", { message: String(error?.message || error) });
}

/** A rule's id, one tap away (people read the plain words; the id is for those who want it). */
export function ruleId(rule) {
  return h("details", { class: "rule-id" }, h("summary", {}, t("action.whichRule")), rule);
}

/** A refusal by a rule: the rule in plain words, its id on tap, the server's sentence under it. */
export function ruleRefusal(failure) {
  const message = failure.message.replace(/^[A-Z]{2}-\d+:\s*/, ""); // the id is one tap away
  return [
    h("strong", {}, t("action.refused", { explain: explainRule(failure.rule) })),
    h("span", { class: "note refusal-detail" }, message),
    ruleId(failure.rule)];
}
