// The one place that talks HTTP to the table service (/v1). Errors come back as ApiError with
// the service's JSON body: {error, message, rule?, details?}.

const BASE = "/v1";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error || "http_error";
    this.rule = body?.rule || null;
    this.details = body?.details || null;
  }
}

/** The network itself failed (offline, server down): distinct from a refusal. */
export class NetworkError extends Error {}

let idempotencyCounter = 0;

/** A fresh key for one user intent; retries of the same intent reuse it. */
export function newIdempotencyKey() {
  idempotencyCounter += 1;
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `web-${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}-${idempotencyCounter}`;
}

async function request(method, path, { body, token, idempotencyKey, signal } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  let response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: "no-store",
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new NetworkError(String(error));
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text.slice(0, 300) };
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const enc = encodeURIComponent;

export const api = {
  createTable: (body) => request("POST", "/tables", { body }),
  view: (tableId, token, opts = {}) => request("GET", `/tables/${enc(tableId)}`, { token, ...opts }),
  act: (tableId, token, action, idempotencyKey) =>
    request("POST", `/tables/${enc(tableId)}/actions`, { token, body: action, idempotencyKey }),
  events: (tableId, token, after) =>
    request("GET", `/tables/${enc(tableId)}/events?after=${enc(after)}`, { token }),
  streamUrl: (tableId, after) => `${BASE}/tables/${enc(tableId)}/stream?after=${enc(after)}`,
  server: () => request("GET", "/server"),
  deck: (game = "once_upon_a_time") => request("GET", `/decks/${enc(game)}`),
  mentions: (body) => request("POST", "/referee/mentions", { body }),
  continuation: (body) => request("POST", "/story/continuations", { body }),
  ending: (body) => request("POST", "/story/endings", { body }),
  coherence: (body) => request("POST", "/story/coherence", { body }),
  factumPrompts: (body) => request("POST", "/factum/prompts", { body }),
  sleepingQueensRecap: (tableId, token, language) =>
    request("GET", `/tables/${enc(tableId)}/sleeping_queens/recap?language=${enc(language)}`, { token }),
  diceBoard: (tableId, token) => request("GET", `/tables/${enc(tableId)}/dice_upon_a_time/board`, { token }),
  diceBoardFileUrl: () => `${BASE}/decks/dice_upon_a_time/board.yaml`,
  diceCheck: (tableId, token, query) =>
    request("GET", `/tables/${enc(tableId)}/dice_upon_a_time/check?${new URLSearchParams(query)}`, { token }),
  factumAdvice: (tableId, token, body) =>
    request("POST", `/tables/${enc(tableId)}/factum/advice`, { token, body }),
};
