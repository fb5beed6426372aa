// The landing page: resume a table this device hosted or joined, host a table, practise alone,
// or make Factum cards.

import { fill, h } from "../dom.js";
import { listOf, t } from "../i18n.js";
import { forgetTable, recentTables } from "../recent.js";
import { tableLink } from "../tables.js";

export function render(main) {
  const resume = h("section", { id: "resume", "aria-labelledby": "resume-title" });
  const drawResume = () => {
    const tables = recentTables();
    if (!tables.length) return void resume.remove();
    fill(resume,
      h("h2", { id: "resume-title" }, t("home.resume")),
      h("ul", { class: "resume", role: "list" }, tables.map((table) => resumeItem(table, () => {
        forgetTable(table.id);
        drawResume();
        document.getElementById("go-solo")?.focus();
      }))));
  };
  main.append(
    h("h1", {}, t("home.title")),
    h("p", { class: "lead" }, t("home.lead")),
    resume,
    h(
      "div",
      { class: "choices" },
      h("a", { class: "choice", href: "#/solo", id: "go-solo" }, h("strong", {}, t("home.solo")), t("home.soloDesc")),
      h("a", { class: "choice", href: "#/host", id: "go-host" }, h("strong", {}, t("home.host")), t("home.hostDesc")),
      h("a", { class: "choice", href: "#/factum/host", id: "go-factum-host" }, h("strong", {}, t("home.factumHost")), t("home.factumHostDesc")),
      h("a", { class: "choice", href: "#/sleeping-queens/host", id: "go-sq-host" }, h("strong", {}, t("home.sqHost")), t("home.sqHostDesc")),
      h("a", { class: "choice", href: "#/dice/host", id: "go-du-host" }, h("strong", {}, t("home.duHost")), t("home.duHostDesc")),
      h("a", { class: "choice", href: "#/factum", id: "go-factum" }, h("strong", {}, t("home.factum")), t("home.factumDesc")),
      h("a", { class: "choice", href: "#/referee", id: "go-referee" }, h("strong", {}, t("home.referee")), t("home.refereeDesc")),
    ),
    h("p", { class: "note" }, t("home.join")),
  );
  drawResume();
}

/** One table to go back to: its players, my seat, its invitations (for the host), forget. */
function resumeItem(table, forget) {
  const names = table.names.length ? listOf(table.names) : table.id;
  return h("li", { class: "panel resume-item", "data-table": table.id },
    h("strong", {}, names),
    table.finished ? h("span", { class: "note" }, ` · ${t("home.finished")}`) : null,
    h("div", { class: "row" },
      table.token
        ? h("a", { class: "button small primary", href: tableLink(table.id, table.token), "data-resume": table.id }, t("home.resumeSeat"))
        : null,
      table.hosted
        ? h("a", { class: "button small", href: `#/invite/${encodeURIComponent(table.id)}`, "data-invites": table.id }, t("home.invitations"))
        : null,
      h("button", { type: "button", class: "small", "aria-label": t("home.forgetTable", { names }), onclick: forget }, t("home.forget"))));
}
