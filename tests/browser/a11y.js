// A small accessibility audit run inside the page (no third-party checker is available
// offline): form controls and buttons have names, images have text, the document has a
// language, and text meets WCAG AA contrast (4.5:1, 3:1 for large text) against its
// background. Returns a list of problems (empty when all is well).
() => {
  const problems = [];
  const visible = (el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0;
  };
  const name = (el) =>
    (el.getAttribute("aria-label") || "").trim() ||
    (el.getAttribute("aria-labelledby") || "").split(/\s+/).map((id) => document.getElementById(id)?.textContent || "").join(" ").trim() ||
    [...(el.labels || [])].map((label) => label.textContent).join(" ").trim() ||
    (el.getAttribute("title") || "").trim();
  const describe = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.split(" ").join(".") : ""}`;

  if (!document.documentElement.lang) problems.push("<html> has no lang");
  for (const el of document.querySelectorAll("input, select, textarea")) {
    if (el.type === "hidden" || !visible(el)) continue;
    if (!name(el)) problems.push(`unlabelled control ${describe(el)}`);
  }
  for (const el of document.querySelectorAll("button, a[href], summary")) {
    if (!visible(el)) continue;
    if (!(el.textContent.trim() || name(el))) problems.push(`nameless ${describe(el)}`);
  }
  for (const el of document.querySelectorAll("img, svg[role=img]")) {
    if (!(el.getAttribute("alt") || el.getAttribute("aria-label"))) problems.push(`image without text ${describe(el)}`);
  }

  const parse = (color) => {
    const m = color.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const luminance = ({ r, g, b }) => {
    const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const background = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg && bg.a > 0.5) return bg;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const checked = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || checked.has(el) || !visible(el)) continue;
    if (el.closest(".visually-hidden, svg, option")) continue;
    checked.add(el);
    const style = getComputedStyle(el);
    const fg = parse(style.color);
    if (!fg) continue;
    const opacity = Number(style.opacity) * (el.closest("button:disabled") ? 0.5 : 1);
    if (el.closest("button:disabled")) continue; // disabled controls are exempt (WCAG 1.4.3)
    const bg = background(el);
    const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (opacity === 1 && ratio < (large ? 3 : 4.5)) {
      problems.push(`contrast ${ratio.toFixed(2)} for "${node.textContent.trim().slice(0, 30)}" in ${describe(el)}`);
    }
  }
  return problems;
}
