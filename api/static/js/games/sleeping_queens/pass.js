// Sleeping Queens on one phone passed round the table (#/sleeping-queens/pass/<table>): the host
// created the table on this phone, so it holds every person's seat (recent.js). It shows the
// table as the person whose move it is; when the move passes to another person, a cover asks to
// hand the phone over and hides the hand until that person taps. AI players' moves are watched
// from the last person's seat.

import { fill, h } from "../../dom.js";
import { t } from "../../i18n.js";
import { hostedTable } from "../../recent.js";
import * as table from "./table.js";

export async function render(main, [tableId]) {
  const hosted = hostedTable(tableId);
  const people = (hosted?.seats || []).filter((seat) => seat.kind === "human" && seat.token);
  if (!people.length) {
    fill(main, h("p", { class: "error" }, t("error.notFound")), h("a", { href: "#/" }, t("nav.home")));
    return null;
  }
  let current = null;
  let cleanup = null;
  let stopped = false;

  async function sitDown(seat) {
    cleanup?.();
    fill(main);
    current = seat;
    const token = people.find((p) => p.seat === seat).token;
    cleanup = await table.render(main, [tableId, token], { onActing });
    if (stopped) cleanup?.();
  }

  function onActing(acting, view) {
    const person = people.find((p) => p.seat === acting);
    if (!person || acting === current || view.finished) return;
    cover(person);
  }

  function cover(person) {
    cleanup?.();
    cleanup = null;
    current = null;
    fill(main, h("section", { class: "panel pass-phone", id: "sq-pass", "aria-labelledby": "sq-pass-head" },
      h("h1", { id: "sq-pass-head" }, t("sq.passTo", { name: person.name })),
      h("p", { class: "lead" }, t("sq.passWhy")),
      h("button", { type: "button", class: "primary", id: "sq-ready", onclick: () => sitDown(person.seat) },
        t("sq.passReady", { name: person.name }))));
    document.getElementById("sq-ready")?.focus();
  }

  await sitDown(people[0].seat);
  return () => {
    stopped = true;
    cleanup?.();
  };
}
