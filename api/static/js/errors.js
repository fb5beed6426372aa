// Errors in plain words, in the interface language.

import { ApiError, NetworkError } from "./api.js";
import { explainRule, t } from "./i18n.js";

/** A sentence a person can act on, for any failure of a request. */
export function errorText(error) {
  if (error instanceof NetworkError) return t("error.network");
  if (error instanceof ApiError) {
    if (error.status === 404 || error.status === 403) return t("error.notFound");
    if (error.rule) return t("action.refused", { rule: error.rule, explain: explainRule(error.rule) });
    return t("error.generic", { message: error.message });
  }
  return t("error.generic", { message: String(error?.message || error) });
}
