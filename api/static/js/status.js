// The status bar under the header: connection, narrator kind, "thinking". Keyed entries, each
// shown as a pill with a text (never colour alone). The bar is a polite live region.

import { h } from "./dom.js";

const entries = new Map();

/** Show (or with `null`, hide) the entry `key`: {kind: "live"|"lost"|"thinking"|"offline"|"", text}. */
export function setStatus(key, entry) {
  const previous = entries.get(key);
  if (!entry) {
    if (!previous) return;
    entries.delete(key);
  } else {
    if (previous && previous.kind === entry.kind && previous.text === entry.text && previous.title === entry.title) return;
    entries.set(key, entry);
  }
  render();
}

export function clearStatus() {
  entries.clear();
  render();
}

function render() {
  const bar = document.getElementById("status");
  if (!bar) return;
  bar.replaceChildren(
    ...[...entries].map(([key, { kind, text, title }]) =>
      h("span", { class: `pill ${kind || ""}`, "data-status": key, title: title || false },
        text, title ? h("span", { class: "visually-hidden" }, `: ${title}`) : null),
    ),
  );
}
