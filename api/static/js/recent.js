// The tables this device hosted or joined, kept in localStorage so the home page can offer
// "resume" and the host can reopen the invitations (#/invite/<table>). The seat tokens kept here
// are the ones this device already held (the host created them all; a player opened their link).

const KEY = "recent-tables";
const KEEP = 12;
// this page's own tables, in case localStorage is unavailable (private mode)
const hostedHere = new Map();

function load() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((entry) => entry && typeof entry.id === "string") : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP)));
  } catch {
    // private mode or full storage: resuming is a convenience, not fatal
  }
}

function update(id, change) {
  const list = load();
  const entry = list.find((item) => item.id === id) || { id };
  const rest = list.filter((item) => item.id !== id);
  save([{ ...entry, ...change, at: Date.now() }, ...rest]);
}

/** The host created `table` ({id, seats: [{seat, name, kind, token}]}): keep its invitations. */
export function rememberHosted(table) {
  hostedHere.set(table.id, { id: table.id, seats: table.seats });
  update(table.id, {
    hosted: true,
    names: table.seats.map((seat) => seat.name),
    seats: table.seats.map(({ seat, name, kind, token }) => ({ seat, name, kind, token })),
  });
}

/** The invitations of a table this device hosted, or null. */
export function hostedTable(id) {
  if (hostedHere.has(id)) return hostedHere.get(id);
  const entry = load().find((item) => item.id === id && item.hosted && Array.isArray(item.seats));
  return entry ? { id: entry.id, seats: entry.seats } : null;
}

/** This device sat at `tableId` with `token`; `names` and `finished` from the view. */
export function rememberSeat(tableId, token, { names, finished }) {
  update(tableId, { token, names, finished: Boolean(finished) });
}

/** Tables to resume, most recent first: [{id, names, token?, hosted, finished}]. */
export function recentTables(limit = 4) {
  return load().slice(0, limit).map((entry) => ({
    id: entry.id,
    names: Array.isArray(entry.names) ? entry.names : [],
    token: typeof entry.token === "string" ? entry.token : null,
    hosted: Boolean(entry.hosted),
    finished: Boolean(entry.finished),
  }));
}

export function forgetTable(id) {
  save(load().filter((item) => item.id !== id));
}
