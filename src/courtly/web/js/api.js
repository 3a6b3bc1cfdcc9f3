// The server's REST and WebSocket API (docs/api.md), and the tokens this
// browser holds (localStorage, one per table, so a reload reconnects).

/** A refusal: the HTTP status, the server's English ``detail``, and the
 * machine-readable ``code`` with its ``params`` (docs/api.md, "Errors") that
 * the page translates (i18n.js errorText). */
export class ApiError extends Error {
  constructor(status, detail, code = null, params = {}) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.params = params || {};
  }
}

async function request(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let answer;
  try {
    answer = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, String(err && err.message ? err.message : err), "network");
  }
  let data = null;
  try {
    data = await answer.json();
  } catch (_e) {
    data = null;
  }
  if (!answer.ok) {
    let detail = data && data.detail !== undefined ? data.detail : answer.statusText;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg || JSON.stringify(d)).join("; ");
    throw new ApiError(answer.status, String(detail), (data && data.code) || null, (data && data.params) || {});
  }
  return data;
}

// A game's facts and static data (cards, texts, board) are the same for every
// table: fetched once per page and kept (a failed fetch is retried next time).
const gameCache = new Map();

function gameFacts(name) {
  if (!gameCache.has(name)) {
    const answer = request("GET", `/api/games/${encodeURIComponent(name)}`);
    answer.catch(() => gameCache.delete(name));
    gameCache.set(name, answer);
  }
  return gameCache.get(name);
}

export const api = {
  games: () => request("GET", "/api/games"),
  game: gameFacts,
  bots: () => request("GET", "/api/bots"),
  /** A page of the lobby's list: {tables, total, offset, limit}; params: status, game, ids, offset, limit. */
  tables: (params = {}) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
    const query = q.toString();
    return request("GET", `/api/tables${query ? `?${query}` : ""}`);
  },
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (spec) => request("POST", "/api/tables", spec),
  join: (id, token, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, { token, name }),
  state: (id, token, since = -1) => {
    const q = new URLSearchParams({ since: String(since) });
    if (token) q.set("token", token);
    return request("GET", `/api/tables/${encodeURIComponent(id)}/state?${q}`);
  },
  act: (id, token, action) => request("POST", `/api/tables/${encodeURIComponent(id)}/actions`, { token, action }),
  undo: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/undo`, { token }),
  /** Start or follow the rematch of a finished game: {table, seat, token, link}. */
  rematch: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token }),
  chat: (id, token, text, to) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/chat`, { token, text, to: to ?? null }),
  // the host's actions (docs/api.md): each needs the host token
  hostLinks: (id, host) => request("POST", `/api/tables/${encodeURIComponent(id)}/host/links`, { host }),
  hostBot: (id, host, seat, bot) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/host/seats/${seat}/bot`, { host, bot: bot || null }),
  hostPerson: (id, host, seat) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/host/seats/${seat}/person`, { host }),
  hostToken: (id, host, seat) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/host/seats/${seat}/token`, { host }),
  hostListed: (id, host, listed) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/host/listed`, { host, listed }),
  hostAbandon: (id, host) => request("POST", `/api/tables/${encodeURIComponent(id)}/host/abandon`, { host }),
  replay: (id, step, seat) => {
    const q = new URLSearchParams({ step: String(step), seat: String(seat) });
    return request("GET", `/api/tables/${encodeURIComponent(id)}/replay?${q}`);
  },
};

// ----- tokens and links kept in this browser ---------------------------------

const TOKEN_PREFIX = "courtly.token.";
const CREATED = "courtly.created";

function storage() {
  try {
    return window.localStorage;
  } catch (_e) {
    return null;
  }
}

export function savedToken(tableId) {
  const s = storage();
  return s ? s.getItem(TOKEN_PREFIX + tableId) : null;
}

export function saveToken(tableId, token) {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(TOKEN_PREFIX + tableId, token);
  else s.removeItem(TOKEN_PREFIX + tableId);
}

const HOST_PREFIX = "courtly.host.";

/** The host token this browser keeps for a table (the creator's), or null. */
export function savedHost(tableId) {
  const s = storage();
  return s ? s.getItem(HOST_PREFIX + tableId) : null;
}

export function saveHost(tableId, token) {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(HOST_PREFIX + tableId, token);
  else s.removeItem(HOST_PREFIX + tableId);
}

/** The host of a finished table hosts its rematch with the same token (docs/api.md,
 *  "Rematch"): a browser keeping the one keeps it for the other, so the host's tools
 *  and the lobby's "Manage" follow to the rematch (a play-test's host lost them there,
 *  a friend's seat left waiting). Whether it kept one it lacked. */
export function carryHostToRematch(table) {
  if (!table || !table.rematch || savedHost(table.rematch)) return false;
  const host = savedHost(table.id);
  if (!host) return false;
  saveHost(table.rematch, host);
  return true;
}

/** Ids of the tables this browser holds a seat or the host link of. */
export function myTableIds() {
  const s = storage();
  if (!s) return [];
  const ids = new Set();
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (key.startsWith(TOKEN_PREFIX)) ids.add(key.slice(TOKEN_PREFIX.length));
    else if (key.startsWith(HOST_PREFIX)) ids.add(key.slice(HOST_PREFIX.length));
  }
  return [...ids].slice(0, 100);
}

/** Links of the tables this browser created: {tableId: {seats: {n: link}, spectator}}. */
export function createdLinks() {
  const s = storage();
  if (!s) return {};
  try {
    return JSON.parse(s.getItem(CREATED) || "{}") || {};
  } catch (_e) {
    return {};
  }
}

export function rememberLinks(tableId, links) {
  const s = storage();
  if (!s) return;
  const all = createdLinks();
  all[tableId] = links;
  // keep the 30 most recent tables
  const ids = Object.keys(all);
  for (const id of ids.slice(0, Math.max(0, ids.length - 30))) delete all[id];
  s.setItem(CREATED, JSON.stringify(all));
}

export function preferredName() {
  const s = storage();
  return (s && s.getItem("courtly.name")) || "";
}

export function savePreferredName(name) {
  const s = storage();
  if (s) s.setItem("courtly.name", name);
}

// ----- the live connection ------------------------------------------------------

/**
 * One WebSocket to a table, reconnecting with `since` = the last event index
 * seen, so nothing is missed and nothing is received twice.
 * handlers: onUpdate(update), onChat(message), onChatHistory(messages),
 * onPresence({seats, clocks}), onServerTime(epoch seconds),
 * onAccepted({of: "act" | "undo"}) once this client's own act or undo is in
 * (after the update that carries it), onError({status, detail}),
 * onState("open" | "closed" | "fatal").
 *
 * Heartbeat: while open it sends {type: "ping"} every PING_MS (the server
 * answers "pong", and drops a pinging client silent for 15 s); when nothing
 * at all has come from the server for SILENT_MS, the socket counts as dead:
 * it is closed and reopened (the page says the connection is lost meanwhile).
 */
export const PING_MS = 5000;
export const SILENT_MS = 12000;

export class TableConnection {
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.lastIndex = -1;
    this.ws = null;
    this.retry = 0;
    this.closed = false;
    this.timer = null;
    this.pinger = null;
    this.heard = 0; // Date.now() of the last message from the server
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams({ since: String(this.lastIndex) });
    if (this.token) q.set("token", this.token);
    return `${proto}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?${q}`;
  }

  open() {
    if (this.closed) return;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.heard = Date.now();
      this.heartbeat(ws);
      this.handlers.onState?.("open");
    });
    ws.addEventListener("message", (ev) => {
      this.heard = Date.now();
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (_e) {
        return;
      }
      this.dispatch(msg);
    });
    ws.addEventListener("close", (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      if (this.closed) return;
      if (ev.code >= 4400 && ev.code < 4500) {
        // the server refused us for good (unknown table, bad token)
        this.handlers.onState?.("fatal", ev.code - 4000);
        return;
      }
      this.handlers.onState?.("closed");
      const delay = Math.min(8000, 300 * 2 ** this.retry) + Math.random() * 200;
      this.retry += 1;
      this.timer = setTimeout(() => this.open(), delay);
    });
  }

  heartbeat(ws) {
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (this.ws !== ws) return;
      if (Date.now() - this.heard > SILENT_MS) {
        this.drop();
        return;
      }
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, PING_MS);
  }

  /** Count the socket dead now (no answer, or the browser went offline): reconnect. */
  drop() {
    const ws = this.ws;
    if (!ws) return;
    ws.close();
    // a socket to a vanished server may take long to fire "close": do not wait for it
    ws.dispatchEvent(new CloseEvent("close", { code: 4999 }));
  }

  dispatch(msg) {
    if (typeof msg.server_time === "number") this.handlers.onServerTime?.(msg.server_time);
    if (msg.type === "update") {
      for (const e of msg.events || []) this.lastIndex = Math.max(this.lastIndex, e.index);
      if (typeof msg.last_index === "number") this.lastIndex = Math.max(this.lastIndex, msg.last_index);
      this.handlers.onUpdate?.(msg);
    } else if (msg.type === "chat") {
      this.handlers.onChat?.(msg.message);
    } else if (msg.type === "chat_history") {
      this.handlers.onChatHistory?.(msg.messages || []);
    } else if (msg.type === "presence") {
      this.handlers.onPresence?.(msg);
    } else if (msg.type === "accepted") {
      this.handlers.onAccepted?.(msg);
    } else if (msg.type === "error") {
      this.handlers.onError?.(msg);
    }
  }

  /** Send a message; false when the socket is not open. */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Whether the socket is open: actions can be sent. */
  get connected() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}
