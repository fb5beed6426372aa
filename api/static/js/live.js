// Live updates of one table: the server's event stream (SSE), with a resync from the last seen
// sequence number (GET …/events?after=N) whenever the stream was down, so no event is missed and
// none is applied twice. States: "connecting" → "live" ⇄ "lost".

const MAX_BACKOFF_MS = 8000;

export class LiveTable {
  /**
   * streamUrl(after) → URL of the SSE stream starting after `after`;
   * resync(after) → Promise<events> read over plain HTTP; onEvent(event) for each new event in
   * order; onView(view) for the stream's `view` messages (the fresh state after events);
   * onState(state) on every change of connection state. `eventNames`: the SSE event types.
   */
  constructor({ streamUrl, resync, onEvent, onView, onState, eventNames = [] }) {
    this.streamUrl = streamUrl;
    this.onView = onView;
    this.resync = resync;
    this.onEvent = onEvent;
    this.onState = onState;
    this.eventNames = eventNames;
    this.seq = 0;
    this.state = null;
    this.source = null;
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
    this.source?.close();
    window.removeEventListener("online", this._online);
    window.removeEventListener("offline", this._offline);
    document.removeEventListener("visibilitychange", this._visible);
  }

  /** Deliver events (from the stream, a resync, or an action's reply) exactly once, in order. */
  deliver(events) {
    for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
      if (typeof event.seq !== "number" || event.seq <= this.seq) continue;
      this.seq = event.seq;
      this.onEvent(event);
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
    this.source?.close();
    if (this.state !== "lost") this._setState("connecting");
    const source = new EventSource(this.streamUrl(this.seq));
    this.source = source;
    const handle = (message) => {
      if (!message.data) return;
      let event;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      if (message.type === "view") {
        this.onView?.(event);
        return;
      }
      if (typeof event.seq !== "number" && message.lastEventId) event.seq = Number(message.lastEventId);
      if (typeof event.seq === "number" && event.seq > this.seq + 1) {
        // a gap: fetch what is missing before going on
        this._catchUp().then(() => this.deliver([event]));
        return;
      }
      this.deliver([event]);
    };
    source.onopen = () => {
      this.backoff = 500;
      this._setState("live");
    };
    source.onmessage = handle;
    for (const name of [...this.eventNames, "view"]) source.addEventListener(name, handle);
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED || !navigator.onLine) this._lost();
      else this._lost(); // EventSource would retry on its own; we resync first, then reopen
    };
  }

  async _catchUp() {
    const events = await this.resync(this.seq);
    this.deliver(events);
  }

  _lost() {
    if (this.stopped) return;
    this.source?.close();
    this.source = null;
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
