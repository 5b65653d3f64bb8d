// The connection: JSON over HTTP and the table's WebSocket; seat tokens kept in localStorage only.
const SEAT_KEY = (tid) => `prikup.seat.${tid}`;

/** A seat held at a table: {seat, token} or null. */
export const held = {
  get(tid) {
    try { return JSON.parse(localStorage.getItem(SEAT_KEY(tid)) || "null"); } catch (e) { return null; }
  },
  set(tid, seat, token) { localStorage.setItem(SEAT_KEY(tid), JSON.stringify({ seat, token })); },
  clear(tid) { localStorage.removeItem(SEAT_KEY(tid)); },
};

/** An error refused by the server: its HTTP status, a code ("http_403" unless the body names one)
 * and the server's one-line reason (the body's `detail`). */
export class ApiError extends Error {
  constructor(code, message, extra = {}) { super(message); this.code = code; Object.assign(this, extra); }
}

/** GET (no body) or POST (body) a JSON API path; a token goes in the Authorization header only. */
export async function api(path, { body, token } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const init = { headers };
  if (body !== undefined) {
    init.method = "POST";
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) {
    const why = (data && (data.detail || data.message)) || r.statusText;
    throw new ApiError((data && data.code) || "http_" + r.status, why, { status: r.status });
  }
  return data;
}

/** Create a table (POST /api/tables), keep its seat token and invitations, and open it. */
export async function openNewTable(body) {
  const res = await api("/api/tables", { body });
  const id = res.id || (res.table && res.table.id);
  if (res.token) held.set(id, res.seat, res.token);
  if (res.invites && res.invites.length) localStorage.setItem("prikup.invites." + id, JSON.stringify(res.invites));
  location.href = "/table/" + id;
}

/** The table's socket: says hello with the seat and token, rejoins by itself after a drop. */
export class Connection {
  constructor(tid, { hello, onMessage, onStatus }) {
    Object.assign(this, { tid, hello, onMessage, onStatus, ws: null, retry: 0, closed: false });
  }
  open() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${this.tid}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify({ type: "hello", ...this.hello() }));
      this.onStatus("ok");
    };
    ws.onmessage = (ev) => this.onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.onStatus("lost");
      setTimeout(() => this.open(), Math.min(5000, 200 * 2 ** this.retry++));
    };
  }
  /** Reconnect now (e.g. after taking a seat: the new hello holds it). */
  reopen() { const old = this.ws; this.ws = null; if (old) old.close(); this.open(); }
  send(obj) {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }
}
