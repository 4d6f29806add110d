// The live table connection: hello with the seat token and the last version seen,
// frames out as events, acts with their version, reconnect with backoff.
//
// Events (on the Connection, an EventTarget): "frame" (a sync or update, detail = frame),
// "seats", "record", "hint" (the answer to askHint), "hint-error" (its refusal),
// "problem" (an error frame not tied to an act), "status" (detail =
// "connecting" | "live" | "offline" | "closed"), "fatal" (the server will not take us:
// bad token, seat left; detail = {code, message}).

const FATAL = new Set(["bad_token", "seat_left", "no_table", "bad_origin"]);

export class ActError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export class Connection extends EventTarget {
  constructor(tableId, token) {
    super();
    this.tableId = tableId;
    this.token = token || null;
    this.version = null;
    this.frame = null; // the last sync/update
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.refs = 0;
    this.pending = new Map(); // ref -> {resolve, reject, action, version}
    this.outbox = []; // acts made while offline, sent on reconnect
    this.waiters = []; // resolve once a frame at >= version arrives
    this.pinger = null;
    this.status = "connecting";
  }

  open() {
    this.stopped = false;
    this.setStatus("connecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, version: this.version, table: true }));
    });
    ws.addEventListener("message", (ev) => this.onMessage(ev.data));
    ws.addEventListener("close", (ev) => this.onClose(ws, ev));
    ws.addEventListener("error", () => {
      /* "close" follows and reconnects */
    });
  }

  close() {
    this.stopped = true;
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000, "page closed");
    this.setStatus("closed");
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: status }));
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  onMessage(text) {
    let frame;
    try {
      frame = JSON.parse(text);
    } catch (e) {
      return;
    }
    switch (frame.type) {
      case "sync":
      case "update":
        this.onFrame(frame);
        break;
      case "ack":
        this.settle(frame.ref, (p) => p.resolve(frame.version));
        break;
      case "error":
        this.onError(frame);
        break;
      case "seats":
        this.emit("seats", frame.seats || []);
        break;
      case "record":
        this.emit("record", frame.record || null);
        break;
      case "hint":
        this.emit("hint", frame);
        break;
      default:
        break; // pong and anything newer
    }
  }

  onFrame(frame) {
    this.version = frame.version;
    this.frame = frame;
    if (this.status !== "live") {
      this.attempt = 0;
      this.setStatus("live");
      this.startPinging();
      this.flushOutbox(); // against the version we are back at
    }
    this.emit("frame", frame);
    this.waiters = this.waiters.filter((w) => {
      if (frame.version >= w.version) {
        w.resolve(frame);
        return false;
      }
      return true;
    });
  }

  onError(frame) {
    if (typeof frame.ref === "string" && frame.ref.startsWith("hint")) {
      this.emit("hint-error", frame);
      return;
    }
    if (frame.ref !== undefined && frame.ref !== null && this.pending.has(frame.ref)) {
      this.settle(frame.ref, (p) => p.reject(new ActError(frame.code, frame.message)));
      return;
    }
    if (FATAL.has(frame.code)) {
      this.stopped = true;
      this.emit("fatal", { code: frame.code, message: frame.message });
      return;
    }
    this.emit("problem", { code: frame.code, message: frame.message });
  }

  settle(ref, how) {
    const p = this.pending.get(ref);
    if (!p) return;
    this.pending.delete(ref);
    how(p);
  }

  onClose(ws, ev) {
    if (ws !== this.ws) return;
    clearInterval(this.pinger);
    if (!this.stopped && FATAL.has(ev.reason)) {
      this.stopped = true;
      this.emit("fatal", { code: ev.reason, message: ev.reason === "seat_left" ? "this seat was left" : ev.reason });
    }
    if (this.stopped) {
      this.setStatus("closed");
      return;
    }
    this.setStatus("offline");
    // Acts in flight: their ack may be lost. Keep them; once we are back, an act whose
    // version is still the table's was never committed and is sent again.
    for (const [ref, p] of this.pending) this.outbox.push({ ref, ...p });
    this.pending.clear();
    const delay = Math.min(10000, 400 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt += 1;
    setTimeout(() => {
      if (!this.stopped) this.open();
    }, delay);
  }

  startPinging() {
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.sendRaw({ type: "ping" }), 25000);
  }

  sendRaw(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  flushOutbox() {
    const waiting = this.outbox;
    this.outbox = [];
    for (const item of waiting) {
      if (item.version === this.version) this.transmit(item);
      else item.reject(new ActError("overtaken", "the table moved on while you were offline; look again"));
    }
  }

  transmit(item) {
    this.pending.set(item.ref, item);
    if (!this.sendRaw({ type: "act", action: item.action, version: item.version, ref: item.ref })) {
      this.pending.delete(item.ref);
      this.outbox.push(item);
    }
  }

  /** Send one engine action acted on at `version`; resolves with the committed version. */
  act(action, version) {
    return new Promise((resolve, reject) => {
      this.refs += 1;
      const item = { ref: `a${this.refs}`, action, version, resolve, reject };
      if (this.status === "live") this.transmit(item);
      else this.outbox.push(item);
    });
  }

  /** Ask the strong bot for a hint at `version` (answered by a "hint" or "hint-error"
   * event with this ref); false when offline. */
  askHint(version) {
    this.refs += 1;
    const ref = `hint${this.refs}`;
    return this.sendRaw({ type: "hint", version, ref }) ? ref : null;
  }

  /** The first frame at `version` or later. */
  frameAt(version) {
    if (this.frame && this.frame.version >= version) return Promise.resolve(this.frame);
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  /**
   * A choice made of several engine actions, sent one at a time: each after the previous
   * one's ack and update, on the new version. Stops with an ActError when a step is
   * refused or is no longer legal.
   */
  async sendAll(sends, version) {
    let at = version;
    for (let i = 0; i < sends.length; i += 1) {
      if (i > 0) {
        const frame = await this.frameAt(at);
        at = frame.version;
        const legal = frame.legal || [];
        if (!legal.includes(sends[i])) {
          throw new ActError("overtaken", `the choice could not be finished: “${sends[i]}” is no longer possible`);
        }
      }
      at = await this.act(sends[i], at);
    }
    return this.frameAt(at);
  }
}
