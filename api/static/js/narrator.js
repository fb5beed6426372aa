// How the page names the narrator behind an answer ("offline" or "llm:<model>").

import { t } from "./i18n.js";

export function isOffline(narrator) {
  return !narrator || narrator === "offline" || String(narrator).startsWith("offline");
}

/** The status-bar entry for a narrator. */
export function narratorStatus(narrator) {
  if (isOffline(narrator)) {
    return { kind: "offline", text: t("narrator.offlineShort"), title: t("narrator.offline") };
  }
  return { kind: "", text: t("narrator.model", { name: String(narrator).replace(/^llm:/, "") }) };
}
