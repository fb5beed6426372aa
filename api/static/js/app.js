// Entry point: header, language picker, and a tiny hash router. Each view module exports
// `render(main, params)` returning an optional cleanup function.

import { fill, h } from "./dom.js";
import { LANGUAGES, LANGUAGE_NAMES, language, setLanguage, t } from "./i18n.js";
import { clearStatus } from "./status.js";

const ROUTES = [
  [/^#?\/?$/, "home", () => import("./views/home.js")],
  [/^#\/host$/, "host", () => import("./views/host.js")],
  [/^#\/invite\/([\w-]+)$/, "invite", () => import("./views/invite.js")],
  [/^#\/solo$/, "solo", () => import("./views/solo.js")],
  [/^#\/factum$/, "factum", () => import("./views/factum.js")],
  [/^#\/referee$/, "referee", () => import("./views/referee.js")],
  [/^#\/factum\/host$/, "factum-host", () => import("./games/factum/host.js")],
  [/^#\/sleeping-queens\/host$/, "sq-host", () => import("./games/sleeping_queens/host.js")],
  [/^#\/sleeping-queens\/pass\/([\w-]+)$/, "sq-pass", () => import("./games/sleeping_queens/pass.js")],
  [/^#\/dice\/host$/, "du-host", () => import("./games/dice_upon_a_time/host.js")],
  [/^#\/tale\/([\w-]+)(?:\/([\w-]+))?$/, "tale", () => import("./views/tale.js")],
  [/^#\/t\/([\w-]+)(?:\/([\w-]+))?$/, "table", () => import("./games/table.js")], // by the table's game
];

const NAV = [
  ["#/", "nav.home", "home"],
  ["#/host", "nav.host", "host"],
  ["#/solo", "nav.solo", "solo"],
  ["#/factum", "nav.factum", "factum"],
];

let cleanup = null;
let routeName = null;

function renderChrome() {
  document.documentElement.lang = language();
  document.title = t("app.name");
  document.getElementById("brand").textContent = t("app.name");
  document.getElementById("skip").textContent = t("app.skip");
  document.getElementById("language-label").textContent = t("lang.label");
  const nav = document.getElementById("nav");
  nav.setAttribute("aria-label", t("nav.home"));
  fill(
    nav,
    NAV.map(([href, key, name]) =>
      h("a", { href, "aria-current": name === routeName ? "page" : false }, t(key)),
    ),
  );
  const select = document.getElementById("language");
  fill(
    select,
    LANGUAGES.map((lang) =>
      h("option", { value: lang, selected: lang === language() }, LANGUAGE_NAMES[lang]),
    ),
  );
}

async function route() {
  // Join links may also arrive as /?table=ID&token=TOKEN: turn them into the hash route.
  const query = new URLSearchParams(location.search);
  if (query.get("table") && query.get("token")) {
    const hash = `#/t/${query.get("table")}/${query.get("token")}`;
    history.replaceState(null, "", `${location.pathname}${hash}`);
  }
  const hash = location.hash || "#/";
  const match = ROUTES.find(([pattern]) => pattern.test(hash));
  const main = document.getElementById("main");
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  clearStatus();
  delete main.dataset.relabels;
  if (!match) {
    routeName = null;
    renderChrome();
    fill(main, h("p", { class: "error" }, t("error.notFound")), h("a", { href: "#/" }, t("nav.home")));
    return;
  }
  const [pattern, name, load] = match;
  routeName = name;
  renderChrome();
  const params = hash.match(pattern).slice(1);
  const view = await load();
  fill(main);
  cleanup = (await view.render(main, params)) || null;
}

document.getElementById("language").addEventListener("change", (event) => {
  setLanguage(event.target.value);
});

window.addEventListener("languagechange-app", () => {
  renderChrome();
  // views that keep live state re-label themselves; the others simply re-render
  if (!document.getElementById("main").dataset.relabels) route();
});

window.addEventListener("hashchange", route);
route();
