// What a seat is typing (the sentence, the card to play with, "let the table decide", the
// ending's linking sentences, which form shows at the end of a hand), kept in sessionStorage per
// table and seat so that a reload, or a phone that dropped the page, does not lose it.

const FIELDS = { text: "", card: "", askTable: false, linking: "", mode: "" };

/** The draft for `tableId`'s seat `token`: FIELDS plus save() (call after each change). */
export function savedDraft(tableId, token) {
  const key = `draft:${tableId}:${token ?? "spectator"}`;
  const draft = { ...FIELDS, ...read(key) };
  draft.save = () => write(key, draft);
  return draft;
}

function read(key) {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) || "{}");
    return Object.fromEntries(
      Object.entries(FIELDS)
        .filter(([name, empty]) => typeof stored?.[name] === typeof empty)
        .map(([name]) => [name, stored[name]]),
    );
  } catch {
    return {};
  }
}

function write(key, draft) {
  const values = Object.fromEntries(Object.keys(FIELDS).map((name) => [name, draft[name]]));
  const empty = Object.entries(FIELDS).every(([name, blank]) => values[name] === blank);
  try {
    if (empty) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // storage blocked: the draft still survives re-renders, just not a reload
  }
}
