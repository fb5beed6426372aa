// Live updates of one table: the server's event stream (SSE, read with fetch so the seat's token
// travels in a header), with a resync from the last seen sequence number (GET …/events?after=N)
// whenever the stream was down, so no event is missed and none is applied twice.
// States: "connecting" → "live" ⇄ "lost".

import { api } from "./api.js";
import { announce } from "./dom.js";
import { t } from "./i18n.js";
import { setStatus } from "./status.js";

const MAX_BACKOFF_MS = 8000;

/**
 * The live stream of table `tableId` as `token`'s seat (or a spectator) reads it: the view and
 * each new event handed over, the connection shown in the status bar, and `onRecovered()` after
 * the stream came back (the screen reloads its view then). Returns the LiveTable to `start`.
 */
export function tableStream(tableId, token, { onView, onEvent = () => {}, onRecovered }) {
  return new LiveTable({
    token,
    onView,
    onEvent,
    streamUrl: (after) => api.streamUrl(tableId, after),
    resync: async (after) => {
      const reply = await api.events(tableId, token, after);
      return reply.events || reply;
    },
    onState: (state, { recovered }) => {
      const text = { connecting: t("conn.connecting"), live: t("conn.live"), lost: t("conn.lost") }[state];
      setStatus("connection", { kind: state === "live" ? "live" : state === "lost" ? "lost" : "", text });
      if (recovered) {
        announce(t("conn.resynced"));
        onRecovered();
      }
    },
  });
}

export class LiveTable {
  /**
   * streamUrl(after) → URL of the SSE stream starting after `after`;
   * resync(after) → Promise<events> read over plain HTTP; onEvent(event) for each new event in
   * order; onView(view) for the stream's `view` messages (the fresh state after events);
   * onState(state) on every change of connection state. `token` goes in an Authorization
   * header (never in the URL, so never in an access log).
   */
  constructor({ streamUrl, token = null, resync, onEvent, onView, onState }) {
    this.streamUrl = streamUrl;
    this.token = token;
    this.onView = onView;
    this.resync = resync;
    this.onEvent = onEvent;
    this.onState = onState;
    this.seq = 0; // resume point: the last event read from the log
    this.seen = new Set(); // events already handled (some came in an action's reply)
    this.state = null;
    this.abort = null;
    this.timer = null;
    this.backoff = 500;
    this.stopped = false;
    this.wasLost = false;
    this._online = () => this._reconnect(0);
    this._offline = () => this._lost();
    this._visible = () => {
      if (document.visibilityState === "visible" && this.state !== "live") this._reconnect(0);
    };
  }

  start(after) {
    this.seq = after;
    window.addEventListener("online", this._online);
    window.addEventListener("offline", this._offline);
    document.addEventListener("visibilitychange", this._visible);
    this._open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort?.abort();
    window.removeEventListener("online", this._online);
    window.removeEventListener("offline", this._offline);
    document.removeEventListener("visibilitychange", this._visible);
  }

  /**
   * Deliver events exactly once, in order. Events read from the log (stream, resync) move the
   * resume point; those in an action's reply (`fromReply`) do not, since events appended just
   * before them may still be on their way.
   */
  deliver(events, { fromReply = false } = {}) {
    for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
      if (typeof event.seq !== "number") continue;
      const fresh = !this.seen.has(event.seq) && (fromReply || event.seq > this.seq);
      if (!fromReply) this.seq = Math.max(this.seq, event.seq);
      if (!fresh) continue;
      this.seen.add(event.seq);
      this.onEvent(event);
    }
    if (this.seen.size > 500) {
      for (const seq of this.seen) if (seq <= this.seq) this.seen.delete(seq);
    }
  }

  _setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.onState(state, { recovered: state === "live" && this.wasLost });
    if (state === "lost") this.wasLost = true;
    if (state === "live") this.wasLost = false;
  }

  _open() {
    if (this.stopped) return;
    this.abort?.abort();
    if (this.state !== "lost") this._setState("connecting");
    const controller = new AbortController();
    this.abort = controller;
    readStream(this.streamUrl(this.seq), this.token, controller.signal, {
      onOpen: () => {
        this.backoff = 500;
        this._setState("live");
      },
      onMessage: (type, data) => this._handle(type, data),
    }).then(
      () => this._lost(), // the server closed the stream: resync and reopen
      (error) => {
        if (error?.name !== "AbortError") this._lost();
      },
    );
  }

  _handle(type, data) {
    let event;
    try {
      event = JSON.parse(data);
    } catch {
      return;
    }
    if (type === "view") this.onView?.(event);
    else this.deliver([event]); // the stream skips only events this reader may not see
  }

  async _catchUp() {
    const events = await this.resync(this.seq);
    this.deliver(events);
  }

  _lost() {
    if (this.stopped) return;
    this.abort?.abort();
    this.abort = null;
    this._setState("lost");
    this._reconnect(this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  _reconnect(delay) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      try {
        await this._catchUp();
      } catch {
        this._lost();
        return;
      }
      this._open();
    }, delay);
  }
}

/**
 * Read a text/event-stream response: `onOpen()` once connected, `onMessage(type, data)` per
 * message (comments, used as keep-alives, are skipped). Resolves when the server ends the stream.
 */
export async function readStream(url, token, signal, { onOpen, onMessage }) {
  const headers = { Accept: "text/event-stream" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { headers, signal, cache: "no-store" });
  if (!response.ok || !response.body) throw new Error(`stream answered HTTP ${response.status}`);
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let type = "message";
  let data = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop();
    for (const line of lines) {
      if (line === "") {
        if (data.length) onMessage(type, data.join("\n"));
        type = "message";
        data = [];
      } else if (!line.startsWith(":")) {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") type = text;
        else if (field === "data") data.push(text);
      }
    }
  }
}
