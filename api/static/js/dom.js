// Tiny DOM helpers. Text always goes in as text nodes: player narration is untrusted.

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "…"}, "text", child, [more])
 * Attributes starting with "on" become listeners; `false`/`null` attributes are left out.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Read a message to screen-reader users (polite unless `assertive`). */
export function announce(text, { assertive = false } = {}) {
  const region = document.getElementById(assertive ? "alerts" : "announcer");
  if (!region) return;
  region.textContent = "";
  // a fresh text node on the next frame makes screen readers speak it even when repeated
  requestAnimationFrame(() => { region.textContent = text; });
}

/** Offer `text` as a file download. */
export function download(filename, text, type = "text/markdown;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
