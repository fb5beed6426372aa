// The landing page: host a table, practise alone, or make Factum cards.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function render(main) {
  main.append(
    h("h1", {}, t("home.title")),
    h("p", { class: "lead" }, t("home.lead")),
    h(
      "div",
      { class: "choices" },
      h("a", { class: "choice", href: "#/solo", id: "go-solo" }, h("strong", {}, t("home.solo")), t("home.soloDesc")),
      h("a", { class: "choice", href: "#/host", id: "go-host" }, h("strong", {}, t("home.host")), t("home.hostDesc")),
      h("a", { class: "choice", href: "#/factum", id: "go-factum" }, h("strong", {}, t("home.factum")), t("home.factumDesc")),
    ),
    h("p", { class: "note" }, t("home.join")),
  );
}
