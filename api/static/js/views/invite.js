// A hosted table's invitations, at an address of their own (#/invite/<table>): each seat's join
// link and QR code, built on the address other phones reach the server at (tables.publicBase).
// The seats' tokens are on the device that created the table (recent.js); elsewhere the page
// says so. Links that only this device can open come with a warning and what to do.

import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { qrSvg } from "../qr.js";
import { hostedTable } from "../recent.js";
import { publicBase, tableLink, withLinks } from "../tables.js";

export async function render(main, [tableId]) {
  const table = hostedTable(tableId);
  if (!table) {
    main.append(
      h("h1", {}, t("share.title")),
      h("p", { class: "error", id: "invite-missing" }, t("share.missing")),
      h("a", { class: "button", href: "#/" }, t("nav.home")),
    );
    return;
  }
  const { base, localOnly } = await publicBase();
  main.append(shareView(withLinks(table, base), { localOnly }));
}

/** Each seat's join link (for the other phones) with its QR code and a button to open the seat
 * here; AI seats are listed but need no link. */
export function shareView(table, { localOnly = false } = {}) {
  const firstHuman = table.seats.find((seat) => seat.link);
  return h(
    "section",
    { id: "share", "aria-labelledby": "share-title" },
    h("h1", { id: "share-title" }, t("share.title")),
    localOnly ? localOnlyWarning() : null,
    h("p", { class: "lead" }, t("share.lead")),
    h(
      "ul",
      { class: "invites", role: "list", style: "list-style:none;padding:0" },
      table.seats.map((seat) =>
        h("li", { class: "panel invite", "data-seat": seat.seat },
          seat.link ? qrSvg(seat.link, { label: t("share.qr", { name: seat.name }) }) : h("div", { "aria-hidden": "true", class: "ai-badge" }, t("table.ai")),
          h("div", {},
            h("h2", { style: "margin-top:0" }, seat.name),
            seat.link
              ? [
                  h("p", { class: "link" }, seat.link),
                  h("div", { class: "row" },
                    copyButton(seat.link),
                    // on this device: its own address, so Back and "resume" stay on this page's origin
                    h("a", { class: "button small", href: tableLink(table.id, seat.token), "data-join": seat.seat }, t("share.openSeat", { name: seat.name })),
                  ),
                ]
              : h("p", { class: "note" }, t("share.ai")),
          ),
        ),
      ),
    ),
    h("div", { class: "row" },
      firstHuman ? h("a", { class: "button primary", href: tableLink(table.id, firstHuman.token), id: "open-my-seat" }, t("share.open")) : null,
      h("a", { class: "button", href: tableLink(table.id), id: "spectate" }, t("share.spectate"))),
  );
}

/** The links name this device (localhost): other phones would open themselves. Say what to do. */
function localOnlyWarning() {
  const port = location.port || (location.protocol === "https:" ? "443" : "80");
  return h("div", { class: "warning", id: "local-links", role: "note" },
    h("strong", {}, t("share.localTitle")),
    h("p", {}, t("share.localWhy", { host: location.host })),
    h("p", {}, t("share.localFix")),
    h("pre", {}, h("code", {}, `make run\nPUBLIC_URL=http://192.168.1.20:${port} make run`)),
    h("p", { class: "note" }, t("share.localAddress")));
}

function copyButton(text) {
  const button = h("button", { type: "button", class: "small" }, t("common.copy"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t("common.copied");
    } catch {
      // clipboard blocked (http, permissions): select the link text instead
      const link = button.closest(".invite")?.querySelector(".link");
      if (link) getSelection().selectAllChildren(link);
    }
  });
  return button;
}
