// The table page: one table, from a seat (token) or as a spectator. It keeps
// the latest update from the server, draws the header, the seats, the turn
// banner, the log and the chat itself, and hands the board to the game's
// renderer (games/<game>.js, or the generic one). See docs/web.md.

import { api, ApiError, TableConnection, carryHostToRematch, preferredName, savePreferredName, saveToken, savedToken } from "./api.js";
import { button, fill, h, s, seatBadge, toast } from "./dom.js";
import { addStrings, applyStatic, botBadge, errorText, has, lang, langToggle, t } from "./i18n.js";
import { icon } from "./icons.js";
import { afterRender as cardHelpAfterRender, withHelp } from "./cardhelp.js";
import { HOST_KINDS, adoptHostLink, hostEventText, linkContext, renderHostPanel, resolveSeatLink } from "./host.js";
import { genericRenderer, howtoFor, rendererFor } from "../games/index.js";
import { mountHowto } from "./howto.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const params = new URLSearchParams(location.search);
const forceGeneric = params.get("renderer") === "generic";

const st = {
  token: null,
  seat: null,
  table: null,
  view: null,
  legal: [],
  schema: [], // the seat's action schema: the kinds of action open to it, their fields
  phase: null, // {name, to_act, may_act, time_limit, deadline, seconds_left}
  deadlineAt: null, // the phase's deadline in this browser's clock (ms), or null
  toAct: [],
  mayAct: [],
  lastError: null, // the server's refusal of this page's last action ({status, code, params, detail})
  lastMove: null, // {seat, events: [log index]}: the latest run of one seat's actions
  unreadLog: 0, // the log's lines that came or changed while the log was out of sight
  unreadEvents: new Set(), // the indexes of the events that brought them
  result: null,
  showFinal: false, // the game ended while this page watched: its final scores to bring into sight
  events: new Map(), // index -> event
  chat: new Map(), // id -> message
  conn: null,
  connState: "connecting",
  pending: false, // this page's act or undo is on its way: no control answers until it is in
  canUndo: false, // the server says this seat may take back its last action
  forced: false, // the server makes this seat's only move itself (nothing to choose)
  renderer: genericRenderer,
  ui: {}, // the renderer's own state (a selected card...), kept across updates
  replay: null, // {step, steps, pov, data}
  fatal: null,
  joining: false, // the join dialog is open: the page waits for a name, not the server
  // time and presence (see the section of that name below)
  clocks: [], // every running clock: {kind: "move"|"away"|"forced"|"phase", seat, deadline (epoch s), total}
  skew: 0, // the server's clock minus this browser's, in ms (from each message's server_time)
  unread: 0, // chat messages from others that arrived while the chat was out of sight
  chatInView: false,
  notified: [], // what was notified ({kind, text}), for tests and debugging
};

// ----- names ------------------------------------------------------------------

function seatName(n) {
  const seats = st.table ? st.table.seats : [];
  const info = seats[n];
  const label = t("seat.label", { n: n + 1 });
  if (!info) {
    // positions beyond the seats (e.g. fictitious players) come from the view
    const players = st.view && st.view.players;
    return (players && players[n]) || label;
  }
  if (info.name) return info.name;
  if (info.awaited) return info.awaited; // a rematch's seat, kept for the person who had it
  return info.kind === "bot" ? t("seat.bot", { label }) : label;
}

function joinNames(names) {
  if (names.length <= 1) return names.join("");
  const and = lang() === "fr" ? " et " : " and ";
  return names.slice(0, -1).join(", ") + and + names[names.length - 1];
}

/** "Seat 2" in an engine's English text -> that seat's name. */
function withNames(text) {
  return String(text).replace(/\b[Ss]eat (\d+)\b/g, (m, n) => seatName(Number(n)));
}

// ----- the context a renderer draws from ---------------------------------------------

function context() {
  const replay = st.replay;
  let view = st.view;
  let seat = st.seat;
  let legal = st.legal;
  let toAct = st.toAct;
  let mayAct = st.mayAct;
  let schema = st.schema;
  if (replay && replay.data) {
    const views = replay.data.views;
    if (replay.pov === "all") {
      const merge = st.renderer.mergeViews || genericRenderer.mergeViews;
      view = merge(views);
      seat = null;
    } else {
      view = views[String(replay.pov)];
      seat = replay.pov === "spectator" ? null : Number(replay.pov);
    }
    legal = [];
    schema = [];
    mayAct = [];
    toAct = (view && view.to_act) || [];
  }
  const canAct = !replay && !st.pending && !st.forced && seat !== null && st.table
    && st.table.status === "playing" && (toAct.includes(seat) || mayAct.includes(seat))
    && (legal.length > 0 || schema.length > 0);
  const ctx = {
    game: st.table ? st.table.game : null,
    table: st.table,
    view,
    seat,
    legal,
    schema,
    phase: replay ? null : st.phase,
    toAct,
    mayAct,
    inWindow: !replay && seat !== null && mayAct.includes(seat) && !toAct.includes(seat),
    lastError: st.lastError ? refusalText(st.lastError) : null,
    lastMove: replay ? null : lastMove(),
    result: st.result,
    events: [...st.events.values()],
    canAct,
    forced: !replay && st.forced, // the server makes this seat's only move (canAct is false)
    pending: st.pending,
    replay: replay ? { pov: replay.pov, step: replay.step, steps: replay.steps, all: replay.pov === "all" } : null,
    ui: st.ui,
    t,
    lang: lang(),
    name: seatName,
    names: (seats) => joinNames(seats.map(seatName)),
    joinNames,
    withNames,
    isYou: (n) => st.seat !== null && n === st.seat && !replay,
    act,
    // the table's chat, for a renderer that shows it beside the board (Fief's negotiation)
    chat: replay ? [] : [...st.chat.values()].sort((a, b) => a.id - b.id),
    sendChat,
    online: online(),
    countdown: (deadline, label, opts) => countdown(deadline, label, opts),
    markCard: null, // set only while the log finds the cards a line names (withCardHelp)
    // events as the log's lines: consecutive ones the renderer joins (joinEvents) as one
    asLines: (events) => movesAsLines(events),
    rerender: () => {
      renderBanner();
      renderBoard();
    },
  };
  // an event in the log's words (the renderer's, else the engine's text with names)
  ctx.describe = (e) => describeEvent(e, ctx);
  return ctx;
}

// ----- acting and chatting -----------------------------------------------------------

async function act(action) {
  if (st.pending || st.replay) return;
  if (!online()) {
    refuseOffline();
    return;
  }
  st.pending = true;
  st.lastError = null;
  renderBanner();
  renderBoard();
  if (!st.conn || !st.conn.send({ type: "act", action })) {
    try {
      await api.act(tableId, st.token, action);
      accepted();
    } catch (err) {
      st.pending = false;
      if (err instanceof ApiError && err.status === 0) refuseOffline();
      else st.lastError = showError(err);
      render();
    }
  }
}

/** Take back this seat's last action (offered only while the server says
 * ``can_undo``: the game allows it and nobody has acted since). */
async function undo() {
  if (st.pending || st.replay || !st.canUndo) return;
  st.pending = true;
  st.lastError = null;
  renderBanner();
  if (!st.conn || !st.conn.send({ type: "undo" })) {
    try {
      await api.undo(tableId, st.token);
      accepted();
    } catch (err) {
      st.pending = false;
      st.lastError = showError(err);
      render();
    }
  }
}

/** This page's act or undo is in. Until then the page stays "sending": an
 * update that arrives meanwhile (another seat's move) is drawn with every
 * control still locked, so the move just made is never offered again. */
function accepted() {
  if (!st.pending) return;
  st.pending = false;
  renderUnlessPressed();
}

/** The banner's Undo, for the seat that may take its last action back; else, for a
 *  seated player of a game under way, its room held empty (the same button, hidden): its
 *  coming and going never changes the banner's lines, and so never moves the page under
 *  the sticky banner (a play-test's Fief map went down and up with it). */
function undoButton() {
  if (st.replay || !st.table || st.table.status !== "playing") return null;
  if (!st.canUndo || st.pending) {
    return st.seat === null ? null : h("button", { type: "button", class: "small undo-button undo-room",
      disabled: true, tabindex: "-1", "aria-hidden": "true" }, undoLabel());
  }
  return h("button", { type: "button", class: "small undo-button", id: "undo-button",
    title: t("table.undo_help"), "aria-label": t("table.undo"), onclick: undo }, undoLabel());
}

/** Undo's face: its word, or on a phone its arrow alone (the banner's line is short there). */
function undoLabel() {
  return [h("span", { class: "undo-icon", "aria-hidden": "true" }, "↶"), h("span", { class: "undo-word" }, t("table.undo"))];
}

/** A refusal in the page's language (a known code), else the server's English text. */
function refusalText(err) {
  const params = (err && err.params) || {};
  const extra = {};
  if (Array.isArray(params.waiting)) extra.who = joinNames(params.waiting.map(seatName));
  if (typeof params.seat === "number" && !params.name) extra.name = seatName(params.seat);
  return errorText(err instanceof ApiError || (err && err.detail !== undefined) ? err : { detail: String(err) }, extra);
}

/** Toast a refusal; returns it, kept as the page's last error. */
function showError(err) {
  const error = err instanceof ApiError || (err && err.detail !== undefined) ? err : { detail: String(err) };
  const known = error.code && has(`error.${error.code}`);
  const text = refusalText(error);
  toast(known ? text : t("error.generic", { detail: text }), "error");
  return error;
}

/** The last move as renderers mark it (the events this page saw): {seat, events: the
 *  move's own, followed: what the rules did after it (the turn passing, a deal, income,
 *  a vote counted: the server's move.follows), never the seat's doing}. */
function lastMove() {
  const last = st.lastMove;
  if (!last) return null;
  const seen = last.events.map((i) => st.events.get(i)).filter(Boolean);
  const follows = (e) => !!(e.move && e.move.follows);
  return { seat: last.seat, events: seen.filter((e) => !follows(e)), followed: seen.filter(follows) };
}

async function sendChat(text, to) {
  if (!online()) {
    refuseOffline();
    return false;
  }
  if (!st.conn || !st.conn.send({ type: "chat", text, to })) {
    try {
      addChat(await api.chat(tableId, st.token, text, to));
    } catch (err) {
      showError(err);
    }
  }
  return true;
}

function addChat(message) {
  const fresh = !st.chat.has(message.id);
  st.chat.set(message.id, message);
  if (fresh) chatArrived(message);
  renderChat();
  chatToRenderer();
}

/** What the renderer says of events just arrived that concern this seat, a toast
 *  each (Fief: a battle at one's village; a play-test's player was attacked and
 *  saw only a small mark on the map, the battle's account far below). */
function announce(fresh) {
  if (!st.renderer.news || st.replay || st.seat === null || !fresh.length) return;
  let lines = [];
  try {
    lines = st.renderer.news(context(), fresh) || [];
  } catch (err) {
    console.error(err);
  }
  for (const line of lines) toast(line, "info");
}

/** A renderer that shows the chat on its board redraws it (and only it). */
function chatToRenderer() {
  if (!st.renderer.chatChanged || !st.table || !st.view) return;
  try {
    st.renderer.chatChanged(context());
  } catch (err) {
    console.error(err);
  }
}

// ----- the server's pushes -----------------------------------------------------------

function onUpdate(update) {
  const wasMyTurn = isMyTurn();
  const wasPlaying = !!st.table && st.table.status === "playing";
  st.table = update.table;
  carryHostToRematch(st.table);
  st.seat = update.seat;
  st.view = update.view;
  st.legal = update.legal || [];
  st.schema = update.schema || [];
  st.canUndo = !!update.can_undo;
  st.forced = !!update.forced;
  if (!update.phase || !st.phase || update.phase.name !== st.phase.name) st.ui.forms = {};
  st.phase = update.phase || null;
  st.clocks = update.clocks || [];
  st.deadlineAt = localDeadline(st.phase && st.phase.deadline);
  st.toAct = update.to_act || [];
  st.mayAct = update.may_act || [];
  st.result = update.result;
  const loaded = st.events.size > 0; // the first update brings the whole history: nothing new to announce
  const fresh = (update.events || []).filter((e) => !st.events.has(e.index));
  for (const e of update.events || []) st.events.set(e.index, e);
  st.lastMove = update.last_move || null;
  if (wasPlaying && st.table.status === "over") st.showFinal = true;
  noteUnread(fresh);
  renderUnlessPressed();
  if (loaded) announce(fresh);
  if (params.get("replay") && !st.replayOffered && st.table.status === "over") {
    st.replayOffered = true;
    openReplay();
  }
  if (!wasMyTurn && isMyTurn()) {
    const banner = document.getElementById("banner");
    banner.classList.remove("flash");
    void banner.offsetWidth; // restart the animation
    banner.classList.add("flash");
    notify("turn", t("notify.turn", { game: st.table.title }));
  }
}

function isMyTurn() {
  return st.seat !== null && !st.forced && st.table && st.table.status === "playing"
    && (st.toAct.includes(st.seat) || st.mayAct.includes(st.seat))
    && (st.legal.length > 0 || st.schema.length > 0);
}

// ----- drawing -----------------------------------------------------------------------

// An update that comes while a button is pressed is drawn once the press is over: a
// button redrawn between its press and its release would never get the click (the
// player's move, lost to another's). The hold ends at the release, a cancel, the
// window's blur, or after PRESS_HOLD_MS at most.
const PRESS_HOLD_MS = 1500;
const press = { down: false, held: false, timer: null };

function renderUnlessPressed() {
  if (press.down) press.held = true;
  else render();
}

function pressed() {
  press.down = true;
  clearTimeout(press.timer);
  press.timer = setTimeout(released, PRESS_HOLD_MS);
}

function released() {
  if (!press.down) return;
  press.down = false;
  clearTimeout(press.timer);
  if (press.held) {
    press.held = false;
    setTimeout(render, 0); // after the click this release makes, on the button pressed
  }
}

document.addEventListener("pointerdown", pressed, true);
for (const type of ["pointerup", "pointercancel"]) document.addEventListener(type, released, true);
window.addEventListener("blur", released);

function render() {
  renderHeader();
  renderSeats();
  renderBanner();
  renderReplayBar();
  renderBoard();
  renderLog();
  renderChat();
  renderHost();
  if (st.showFinal) bringFinal();
}

/** The game has just ended at this table: its final scores (`#final`, drawn by the
 *  four games' boards) brought into sight once, under the sticky banner: a play-test
 *  found them above the screen at the end, the page kept where the last move left it. */
function bringFinal() {
  if (st.replay) return; // the replay's own step is in sight; the end waits for the table
  st.showFinal = false;
  const final = document.getElementById("final");
  if (final) final.scrollIntoView({ block: "start" });
}

function renderHost() {
  const box = document.getElementById("host-panel");
  if (box) renderHostPanel(box, tableId, st.table, seatName, renderHost, (n) => seatColour(context(), n));
}

function renderHeader() {
  const title = st.table ? st.table.title : "courtly";
  const heading = document.getElementById("game-title");
  heading.textContent = title;
  heading.title = title; // the whole title, where a narrow screen shortens it
  const status = document.getElementById("table-status");
  if (st.table) {
    const shown = isPaused() ? "paused" : st.table.status;
    status.textContent = t(`status.${shown}`);
    status.className = `pill pill-${shown}`;
  }
  const who = document.getElementById("whoami");
  if (st.joining) {
    fill(who); // the join dialog asks for the name the header will show
  } else if (st.seat !== null && st.table) {
    const you = t("table.you_are", { name: seatName(st.seat) });
    // a phone's header has room for one's badge and name only (css: max-width 700px)
    fill(who, h("span", { class: "whoami-you" }, you),
      h("span", { class: "whoami-short", title: you },
        seatBadge(st.seat, seatColour(context(), st.seat), { class: "avatar-sm" }),
        h("span", { class: "whoami-name" }, seatName(st.seat))));
  } else {
    fill(who, h("span", { class: "muted" }, t("table.spectating")));
  }
  const mine = isMyTurn() && !st.replay;
  const unread = st.unread ? `(${st.unread}) ` : "";
  document.title = `${mine ? "● " : ""}${unread}${title} — courtly`;
}

function renderSeats() {
  const list = document.getElementById("seats");
  if (!st.table) return fill(list);
  const info = st.renderer.seatInfo;
  const ctx = context();
  fill(list, st.table.seats.map((seat) => {
    const n = seat.seat;
    const toAct = st.table.status === "playing" && st.toAct.includes(n);
    const mayAct = st.table.status === "playing" && !toAct && st.mayAct.includes(n);
    const facts = [];
    if (seat.kind === "bot") facts.push(h("span", { class: "badge badge-bot" }, botBadge(seat.bot)));
    if (st.seat === n) facts.push(h("span", { class: "badge badge-you" }, t("seat.you")));
    if (seat.kind === "person" && !seat.taken) {
      facts.push(seat.awaited ? h("span", { class: "badge", title: t("seat.awaited_help") }, t("seat.awaited"))
        : h("span", { class: "badge" }, t("seat.open")));
    }
    if (seat.away) facts.push(h("span", { class: "badge badge-away" }, t("seat.away")));
    if (standinPlayedLast(n)) facts.push(h("span", { class: "badge badge-standin", title: t("standin.title") }, t("standin.badge")));
    const clock = seatClock(n);
    let extra = null;
    if (info && st.view) {
      try {
        extra = info(ctx, n);
      } catch (err) {
        console.error(err);
      }
    }
    const online = seat.kind === "bot" || seat.connected;
    return h("li", { class: ["seat", toAct && "seat-to-act", mayAct && "seat-may-act", st.seat === n && "seat-me"], dataset: { seat: n } },
      seatBadge(n, seatColour(ctx, n)),
      h("span", { class: "seat-main" },
        h("span", { class: "seat-name" }, seatName(n)),
        h("span", { class: "seat-facts" }, facts),
        extra ? h("span", { class: "seat-extra" }, extra) : null,
        clock),
      h("span", {
        class: ["dot", online ? "dot-on" : "dot-off"],
        title: online ? t("seat.connected") : t("seat.offline"),
        "aria-label": online ? t("seat.connected") : t("seat.offline"),
      }),
      toAct ? h("span", { class: "to-act-mark", "aria-hidden": "true" }, "▶") : null,
      mayAct ? h("span", { class: "may-act-mark", title: t("seat.may_act"), "aria-label": t("seat.may_act") }, "▷") : null);
  }));
}

/** A seat's colour from the renderer (Fief: its pieces' on the map), or null
 *  for the table's own (css .avatar-n). */
function seatColour(ctx, seat) {
  if (!st.renderer || !st.renderer.seatColour || !st.view) return null;
  try {
    const colour = st.renderer.seatColour(ctx, seat);
    return /^#[0-9a-f]{6}$/i.test(colour || "") ? colour : null;
  } catch (err) {
    console.error(err);
    return null;
  }
}

function bannerContent(ctx) {
  if (st.fatal) return { text: st.fatal, kind: "error" };
  if (!st.table) return { text: t("table.connecting"), kind: "wait" };
  if (st.joining) return { text: t("table.joining"), kind: "wait" };
  if (st.replay) {
    const data = st.replay.data;
    if (!data) return { text: "…", kind: "wait" };
    if (!data.action) return { text: t("replay.setup"), kind: "replay" };
    // an action this point of view did not see whole (a secret vote, a face-down card):
    // the server gives its first event as the viewer saw it, told as the log tells it
    const seen = !data.action.action && Number.isInteger(data.action.event)
      ? (data.events || []).find((e) => e.index === data.action.event) : null;
    const step = t("replay.step", { step: data.step, steps: data.steps });
    if (seen) return { text: `${step} — ${describeEvent(seen, ctx)}`, kind: "replay" }; // the line names who
    const text = data.action.action && st.renderer.describeAction ? st.renderer.describeAction(data.action, ctx) : null;
    return {
      text: `${step} — ${data.action.seat === "referee" ? t("seat.referee") : seatName(data.action.seat)}${t("colon")}${text || withNames(data.action.text)}`,
      kind: "replay",
    };
  }
  if (st.pending) return { text: t("banner.sending"), kind: "wait" };
  if (st.table.status === "abandoned") return { text: t("banner.abandoned"), kind: "over" };
  if (st.table.status === "waiting") {
    const open = st.table.seats.filter((s) => !s.taken).map((s) => s.seat);
    return { text: t("banner.waiting_players", { who: joinNames(open.map(seatName)) }), kind: "wait" };
  }
  if (st.forced && st.table.status === "playing") return { text: t("banner.forced"), kind: "wait" };
  if (st.renderer.banner && st.view) {
    try {
      const custom = st.renderer.banner(ctx);
      if (custom) return custom;
    } catch (err) {
      console.error(err);
    }
  }
  if (st.table.status === "over") {
    const winners = (st.result && st.result.winners) || [];
    return { text: `${t("banner.over")} — ${t("final.winner", { who: joinNames(winners.map(seatName)), n: winners.length })}`, kind: "over" };
  }
  if (isMyTurn()) {
    const inWindow = st.mayAct.includes(st.seat) && !st.toAct.includes(st.seat);
    return { text: t(inWindow ? "banner.window" : "banner.your_turn"), kind: "mine" };
  }
  if (!st.toAct.length && st.mayAct.length) {
    return { text: t("banner.window_open", { who: joinNames(st.mayAct.map(seatName)), n: st.mayAct.length }), kind: "wait" };
  }
  return { text: t("banner.waiting_for", { who: joinNames(st.toAct.map(seatName)) }), kind: "wait" };
}

// ----- the phase and its countdown (every client: players and spectators) ---------------

function phaseName(phase) {
  return has(`phase.${phase.name}`) ? t(`phase.${phase.name}`) : phase.name.replace(/_/g, " ");
}

/** The phase's chip in the banner: shown for an open window or a timed phase. Its
 *  name is left out where the banner's text already says it (Fief's "Negotiation: pay,
 *  talk — then Done."): the chip is then its countdown alone, and nothing at all
 *  without one. */
function phaseChip(text) {
  const phase = st.phase;
  if (st.replay || !phase || !st.table || st.table.status !== "playing") return null;
  // a paused table's phase clock stands still: no deadline, the seconds it keeps
  const timed = (phase.deadline !== null && phase.deadline !== undefined) || typeof phase.seconds_left === "number";
  if (!timed && !(phase.may_act && phase.may_act.length)) return null;
  const named = String(text || "").toLowerCase().includes(phaseName(phase).toLowerCase());
  if (named && !timed) return null;
  return h("span", { class: ["phase-chip", named && "phase-chip-bare"], id: "phase" },
    named ? null : h("span", { class: "phase-name", id: "phase-name" }, phaseName(phase)),
    timed ? countdown(phase.deadline, t("phase.time_left"), { id: "countdown", total: phase.time_limit, left: phase.seconds_left }) : null);
}

function pauseIcon() {
  return s("svg", { viewBox: "0 0 16 16", width: "15", height: "15", class: "clock-icon pause-icon", "aria-hidden": "true" },
    s("path", { d: "M5.5 3.5v9M10.5 3.5v9", fill: "none", stroke: "currentColor", "stroke-width": "2.4", "stroke-linecap": "round" }));
}

function clockIcon() {
  return s("svg", { viewBox: "0 0 16 16", width: "15", height: "15", class: "clock-icon", "aria-hidden": "true" },
    s("circle", { cx: "8", cy: "9", r: "6", fill: "none", stroke: "currentColor", "stroke-width": "1.7" }),
    s("path", { d: "M8 9V5.6M8 9l2.4 1.6M6.2 1.6h3.6", fill: "none", stroke: "currentColor", "stroke-width": "1.7", "stroke-linecap": "round" }));
}


/** The banner's words; where the renderer names the panel they speak of (`jump`: its
 *  id), a link to it: a phone's play-test found "Choose under 'Your turn'" two screens
 *  above that panel, with no way there but scrolling. */
function bannerText(content, aside) {
  if (!content.jump) return h("span", { class: "banner-text" }, content.text, aside);
  return h("a", {
    class: "banner-text banner-jump", href: `#${content.jump}`, onclick: (ev) => {
      ev.preventDefault();
      const target = document.getElementById(content.jump);
      if (target) target.scrollIntoView({ block: "start", behavior: "smooth" });
    },
  }, content.text, aside);
}

/** The banner of a finished game leads to its final scores where the board draws them
 *  (`#final`: not the generic board's, nor a replay's earlier step). */
function toTheEnd(content) {
  if (content.jump || content.kind !== "over" || st.replay || st.renderer === genericRenderer
      || !st.table || st.table.status !== "over") return content;
  return { ...content, jump: "final" };
}

function renderBanner() {
  const banner = document.getElementById("banner");
  const content = offlineBanner() || toTheEnd(bannerContent(context()));
  const { text, kind } = content;
  // a game's own banner of its end included (Courtisans' scores)
  const detail = content.detail || (kind !== "offline" && st.table && st.table.status === "over" ? rematchNews() : null);
  banner.className = `banner banner-${kind}${banner.classList.contains("flash") ? " flash" : ""}`;
  const conn = st.connState === "closed" && !st.fatal && kind !== "offline"
    ? h("span", { class: "banner-conn" }, t("table.reconnecting")) : null;
  // a renderer's aside: the banner's second sentence, which a phone leaves out (the board says it)
  const aside = content.aside ? [" ", h("span", { class: "banner-aside" }, content.aside)] : null;
  fill(banner, bannerText(content, aside), detail ? h("span", { class: "banner-detail" }, detail) : null,
    kind === "offline" ? null : phaseChip(text), kind === "offline" ? null : bannerClockChip(),
    kind === "offline" ? null : undoButton(), conn, kind === "offline" ? null : pausedNote());
  document.body.classList.toggle("offline", kind === "offline");
  tick();
}

/** While the table is paused (nobody there: docs/api.md "Idle tables"), a
 * line of the banner says why nothing moves and the clocks stand still. */
function isPaused() {
  return !st.replay && !!st.table && st.table.status === "playing" && !!st.table.paused;
}

function pausedNote() {
  if (!isPaused()) return null;
  return h("span", { class: "banner-paused", id: "paused-note" }, pauseIcon(), h("span", {}, t("table.paused")));
}

function renderBoard() {
  const board = document.getElementById("board");
  if (!st.table || (!st.view && !st.replay)) return;
  const ctx = context();
  if (!ctx.view) return fill(board, h("p", { class: "muted" }, "…"));
  const renderer = st.renderer;
  const scrollY = window.scrollY;
  // keep the keyboard focus on "the same" element across the re-render
  const active = document.activeElement;
  const key = active && active !== board && board.contains(active) ? focusKey(active) : null;
  fill(board);
  board.dataset.game = st.table.game;
  try {
    renderer.render(board, ctx);
  } catch (err) {
    console.error(err);
    fill(board);
    genericRenderer.render(board, ctx);
  }
  cardHelpAfterRender(); // an open card help follows its card, or closes
  if (st.table.status === "over" && !st.replay) {
    const invite = h("div", { class: "replay-invite" },
      button(t("replay.open"), () => openReplay(), { class: "primary", id: "replay-open" }),
      rematchOffer());
    const final = board.querySelector("#final");
    if (final) final.appendChild(invite);
    else board.prepend(invite);
  }
  const note = standinNote() || awayNote();
  if (note) board.prepend(note);
  lockWhileOffline();
  window.scrollTo({ top: scrollY });
  if (key) {
    const same = [...board.querySelectorAll(active.tagName)].find((el) => focusKey(el) === key);
    if (same) same.focus({ preventScroll: true });
  }
}

// ----- rematch: the same table again, each person following to their own seat ------------

/** At a finished game: "Rematch" for a seated person, then "Join the rematch"
 * on every seated person's page once someone started it; spectators may watch it. */
/** Whether this page's person sat at the finished game (a seat's token, a name
 *  taken): who may start or follow its rematch. */
function seatedAtTable() {
  const table = st.table;
  return !!(table && st.seat !== null && st.token && table.seats[st.seat] && table.seats[st.seat].name);
}

/** The log's latest "rematch" note: who started it. */
function rematchNote() {
  return [...st.events.values()].reverse().find((e) => e.kind === "rematch" && e.data) || null;
}

function rematchOffer() {
  const table = st.table;
  if (!table || table.status !== "over") return null;
  if (!seatedAtTable()) {
    return table.rematch ? h("a", { class: "button-link", id: "rematch-watch", href: `/table/${encodeURIComponent(table.rematch)}` },
      t("rematch.watch")) : null;
  }
  if (!table.rematch) {
    return button(t("rematch.start"), followRematch, { class: "primary", id: "rematch-start", title: t("rematch.help") });
  }
  const note = rematchNote();
  return h("span", { class: "rematch-offer" },
    note ? h("span", { class: "rematch-note" }, t("rematch.started", { who: seatName(note.data.seat) })) : null,
    button(t("rematch.follow"), followRematch, { class: "primary", id: "rematch-follow" }));
}

/** In the banner of a finished game, once someone started its rematch: who, and
 *  where to follow it (a play-test's host, scrolled down, saw only "Game over"
 *  and the log's line). Null before, and on the page of the one who started it. */
function rematchNews() {
  if (!st.table || !st.table.rematch || st.replay) return null;
  if (!seatedAtTable()) return t("rematch.banner_watch"); // as rematchOffer: "Watch the rematch"
  const note = rematchNote();
  if (!note || note.data.seat === st.seat) return null;
  return t("rematch.banner", { who: seatName(note.data.seat) });
}

/** Start the rematch, or follow it: the server gives this seat's token there. */
async function followRematch() {
  try {
    const answer = await api.rematch(tableId, st.token);
    saveToken(answer.table.id, answer.token);
    carryHostToRematch({ id: tableId, rematch: answer.table.id });
    location.assign(`/table/${encodeURIComponent(answer.table.id)}`);
  } catch (err) {
    st.lastError = showError(err);
  }
}

// ----- on a phone: jump links to the board, the log, the chat and the rules, unread marks --

let logInSight = true;

/** New log entries arrived: while the log is out of sight, the lines they make or
 *  change are unread, counted as the log shows them (:func:`logLines`): two purchases
 *  that read as one line count one, a folded entry none (a play-test's phone read
 *  "Story 99+" two turns into Fief, one for each click of a purchase). */
function noteUnread(fresh) {
  if (logInSight) return;
  const added = fresh.filter(hasLine);
  if (!added.length) return;
  for (const e of added) st.unreadEvents.add(e.index);
  const lines = logLines(byIndex(st.events.values()).filter(hasLine), lastMoveMarks());
  st.unreadLog = lines.filter((line) => (line.indexes || [line.index]).some((i) => st.unreadEvents.has(i))).length;
  renderJumpbar();
}

function renderJumpbar() {
  barCount("jump-log", st.unreadLog, 99, t("jump.unread", { n: st.unreadLog }));
}

/** A count on a link of the phone's bottom bar: hidden at 0, "most+" past ``most``. */
function barCount(link, n, most, label) {
  const badge = document.querySelector(`#jumpbar #${link} .unread`);
  if (!badge) return;
  badge.hidden = !n;
  badge.textContent = n > most ? `${most}+` : String(n);
  badge.setAttribute("aria-label", label);
}

function setupJumpbar() {
  const bar = document.getElementById("jumpbar");
  if (!bar) return;
  for (const link of bar.querySelectorAll("a[data-target]")) {
    link.addEventListener("click", (ev) => {
      ev.preventDefault();
      const target = document.getElementById(link.dataset.target);
      if (target && target.tagName === "DETAILS") target.open = true; // the rules: opened, not just shown
      if (target) target.scrollIntoView({ block: "start", behavior: "smooth" });
    });
  }
  const panel = document.getElementById("log-panel");
  if (panel && "IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      logInSight = entries.some((e) => e.isIntersecting);
      if (logInSight && st.unreadLog) {
        st.unreadLog = 0;
        st.unreadEvents.clear();
        renderJumpbar();
      }
    }, { threshold: 0.15 }).observe(panel);
  }
}

function focusKey(el) {
  return `${el.tagName}|${JSON.stringify({ ...el.dataset })}|${el.textContent}`;
}

function describeEvent(e, ctx) {
  const d = e.data || {};
  const name = ctx.name;
  const hostText = hostEventText(e, name);
  if (hostText) return hostText;
  // the server's own notes carry no move; a game's event of the same kind (Fief's
  // "start": the banker and the order of play) is the game's to tell
  switch (e.move ? null : e.kind) {
    case "join": return t("log.join", { who: d.name || name(d.seat), n: d.seat + 1 });
    case "start": return t("log.start");
    case "away": return d.open ? t("log.away_open", { n: d.seat + 1 })
      : t("log.away", { who: name(d.seat) });
    case "back": return t("log.back", { who: name(d.seat) });
    case "clock": return t("log.clock", { who: name(d.seat) });
    case "undo": return t("log.undo", { who: name(d.seat) });
    case "rematch": return t("log.rematch", { who: name(d.seat) });
    case "rematch_of": return t("log.rematch_of", { who: joinNames((d.names || []).filter((n) => typeof n === "string")) });
    default: break;
  }
  if (st.renderer.describeEvent) {
    try {
      const text = st.renderer.describeEvent(e, ctx);
      if (text) return text;
    } catch (err) {
      console.error(err);
    }
  }
  return withNames(e.text);
}

/** Whether the reader has the log's and the chat's ends in sight, as their
 *  last scroll left them. Kept from scroll to scroll, not read off a list
 *  when it is drawn: a change of the window's width wraps the lines anew
 *  and moves the end away from a reader who never scrolled, who would then
 *  be taken for one who had scrolled up, and left turns behind. */
const following = { log: true, chat: true };

function atEnd(list) {
  return list.scrollHeight - list.scrollTop - list.clientHeight < 40;
}

/** Whether to keep the list's end in sight when it is drawn again: the reader
 *  follows it, or has its end in sight now (a list that shrank, an undone
 *  move, brought its end to one who had scrolled up, with no scroll event). */
function keepsEnd(id, list) {
  if (!following[id] && atEnd(list)) following[id] = true;
  return following[id];
}

for (const id of Object.keys(following)) {
  const list = document.getElementById(id);
  list.addEventListener("scroll", () => { following[id] = atEnd(list); }, { passive: true });
}

/** The seats' names as they were at each line of the log, where they differ from
 *  today's: a seat the host gave to a bot, opened again or that someone else took
 *  since (a play-test read Marc's moves under "Seat 2 (bot)", then under the name
 *  of Marco, who sat down after him). Read back from today's names through the
 *  server's notes that change who holds a seat: before a "join" the seat was open,
 *  before "host_bot" it was the person's the note names, before "host_person" a
 *  bot's. A map from a line's index to the names then, for the lines before the
 *  latest such change. */
function holdersThen(events) {
  const count = st.table ? st.table.seats.length : 0;
  const names = Array.from({ length: count }, (_, n) => seatName(n));
  const plain = (n) => t("seat.label", { n: n + 1 });
  const then = new Map();
  let changed = false;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (changed) then.set(e.index, names.slice());
    const d = e.data || {};
    if (e.move || typeof d.seat !== "number" || d.seat < 0 || d.seat >= count) continue;
    let before = null;
    if (e.kind === "join") before = plain(d.seat);
    else if (e.kind === "host_bot") before = d.name || plain(d.seat);
    else if (e.kind === "host_person") before = t("seat.bot", { label: plain(d.seat) });
    if (before !== null && before !== names[d.seat]) {
      names[d.seat] = before;
      changed = true;
    }
  }
  return then;
}

/** ``ctx`` for a line of the log written when the seats had ``names`` (:func:`holdersThen`):
 *  each named as then, and "you" only for a seat this page's person held then too. */
function contextThen(ctx, names) {
  const name = (n) => (n in names ? names[n] : seatName(n));
  const then = {
    ...ctx,
    name,
    names: (seats) => joinNames(seats.map(name)),
    withNames: (text) => String(text).replace(/\b[Ss]eat (\d+)\b/g, (m, n) => name(Number(n))),
    isYou: (n) => ctx.isYou(n) && name(n) === seatName(n),
  };
  then.describe = (e) => describeEvent(e, then);
  return then;
}

/** The indexes of the last move's events, which the log marks (`aria-current`). */
function lastMoveMarks() {
  return new Set(st.lastMove && !st.replay ? st.lastMove.events : []);
}

/** The log's lines from its events (those with a line, in order): consecutive events
 *  the renderer joins (`joinEvents`: Fief's purchases, "Alice buys 2 mills at Bourg"
 *  for two clicks on the map) are one line, an event standing for them all, with the
 *  first's index and every one's (`indexes`). Only the same seat's moves join, made by
 *  the same hand (the person, the stand-in...), both the seat's own or both what the
 *  rules did after it, and both or neither marked as the last move (``marked``), so
 *  that the log's marks and the last move's panel tell the same lines. */
function logLines(events, marked = new Set()) {
  return asLines(events, (a, b) => marked.has(a.index) !== marked.has(b.index));
}

/** ``events`` as lines (:func:`logLines`); ``apart(a, b)``: the two may not join. */
function asLines(events, apart) {
  const join = st.renderer && st.renderer.joinEvents;
  if (!join) return events;
  const out = [];
  for (const e of events) {
    const prev = out[out.length - 1];
    let joined = null;
    if (prev && sameHand(prev.move, e.move) && !apart(prev, e)) {
      try {
        joined = join(prev, e);
      } catch (err) {
        console.error(err);
      }
    }
    if (joined) out[out.length - 1] = { ...joined, index: prev.index, indexes: [...(prev.indexes || [prev.index]), e.index] };
    else out.push(e);
  }
  return out;
}

function sameHand(a, b) {
  return !!a && !!b && a.seat === b.seat && a.by === b.by && !!a.follows === !!b.follows;
}

/** The last move's events as the log's lines (the renderers' "Last move" panel):
 *  joined as the log joins them, two events only where no line of the log stands
 *  between them. */
function movesAsLines(events) {
  const logged = byIndex(st.events.values()).filter(hasLine).map((e) => e.index);
  const last = (line) => (line.indexes ? line.indexes[line.indexes.length - 1] : line.index);
  return asLines(events, (a, b) => logged.some((i) => i > last(a) && i < b.index));
}

function renderLog() {
  const log = document.getElementById("log");
  const atBottom = keepsEnd("log", log);
  const ctx = context();
  // a replay's log stops at its step (the server replays it as the point of view saw it)
  const replayed = st.replay && st.replay.data && st.replay.data.events;
  const kinds = st.renderer.logKinds || {};
  const all = (replayed || byIndex(st.events.values())).filter(hasLine);
  if (!all.length) return fill(log, h("li", { class: "muted" }, t("log.empty")));
  const marked = lastMoveMarks();
  const then = holdersThen(all);
  const events = logLines(all, marked);
  fill(log, events.map((e) => {
    const lineCtx = then.has(e.index) ? contextThen(ctx, then.get(e.index)) : ctx;
    const style = kinds[e.kind] || (!e.move && ["join", "start", "away", "back", "clock", "rematch", "rematch_of", ...HOST_KINDS].includes(e.kind) ? "server" : "");
    const seat = e.data && (e.data.seat ?? e.data.position);
    const standin = e.move && e.move.by === "standin";
    // the server's move is the seat's own line ("Ann abstains"), not what follows from it
    // ("Louis is elected king": the election the abstention closed was everyone's)
    const forced = e.move && e.move.by === "forced" && seat === e.move.seat;
    const colour = typeof seat === "number" ? seatColour(ctx, seat) : null; // its badge's (Fief: the map's)
    return h("li", {
      class: ["log-line", `log-${e.kind}`, style && `log-${style}`, standin && "log-standin"],
      style: colour ? { "border-left-color": colour } : null,
      dataset: { index: e.index, ...(e.indexes ? { indexes: e.indexes.join(" ") } : {}),
        ...(typeof seat === "number" ? { seat } : {}), ...(e.move ? { by: e.move.by } : {}) },
      ...(marked.has(e.index) ? { "aria-current": "true" } : {}),
    }, standin ? h("span", { class: "standin-mark", title: t("standin.title") }, t("standin.mark"))
      : forced ? h("span", { class: "standin-mark forced-mark", title: t("forced.title") }, t("forced.mark")) : null,
    withCardHelp(e, describeEvent(e, lineCtx), lineCtx));
  }));
  if (atBottom) endOnWholeLines(log);
  cardHelpAfterRender(); // an open help on a card named in the log follows it
}

/** Scroll a list to its end so that it shows whole lines: a line the box's top
 *  would cut in two scrolls out of sight, a blank under the newest making the
 *  room (the box keeps its height, so what is below it does not move). Not a
 *  line that would leave a blank of more than half the box: a play-test's
 *  chat, its messages marked with breaches some 170 px tall in a 220 px box,
 *  showed one short message over a blank; such a line is shown cut instead. */
function endOnWholeLines(list) {
  list.style.removeProperty("padding-bottom");
  list.scrollTop = list.scrollHeight;
  if (list.scrollTop <= 0) return; // it all fits
  const top = list.getBoundingClientRect().top + list.clientTop;
  const cut = [...list.children].find((li) => {
    const r = li.getBoundingClientRect();
    return r.top < top - 0.5 && r.bottom > top + 0.5;
  });
  if (!cut) return;
  const next = cut.nextElementSibling;
  const shift = (next ? next.getBoundingClientRect().top : cut.getBoundingClientRect().bottom) - top;
  if (shift > list.clientHeight / 2) return;
  list.style.setProperty("padding-bottom", `${Math.ceil(shift)}px`);
  list.scrollTop = list.scrollHeight;
}

/** The log's and the chat's lines wrap anew at another width: each still
 *  whole at its end, if the reader was there (:data:`following`). */
function realignLists() {
  for (const id of Object.keys(following)) {
    if (following[id]) endOnWholeLines(document.getElementById(id));
  }
}

/** A log line whose cards explain themselves as on the table (js/cardhelp.js):
 * the same text, each card's name a span with hover and tap help. The line is
 * described a second time with `ctx.markCard` set, which the renderer's card
 * names call: each name comes back between two NULs, so a name found
 * elsewhere in the line (a courtier "Monsieur le Marquis" beside the card
 * "Marquis") is never taken for the card. Kept only if the two texts agree. */
function withCardHelp(e, text, ctx) {
  if (!st.renderer.cardHelp || typeof text !== "string") return text;
  const cards = [];
  const markCard = (id, name) => `\u0000${cards.push({ id, name }) - 1}\u0000`;
  const marked = describeEvent(e, { ...ctx, markCard });
  if (!cards.length || typeof marked !== "string") return text;
  const parts = marked.split("\u0000");
  if (parts.length !== 2 * cards.length + 1) return text;
  const plain = parts.map((p, i) => (i % 2 ? cards[Number(p)].name : p)).join("");
  if (plain !== text) return text;
  return parts.map((p, i) => {
    if (i % 2 === 0) return p;
    const card = cards[Number(p)];
    let help = null;
    try {
      help = st.renderer.cardHelp(ctx, card.id);
    } catch (err) {
      console.error(err);
    }
    const span = h("span", { class: "log-card", dataset: { card: card.id } }, card.name);
    return help ? withHelp(span, help, `log:${e.index}:${(i - 1) / 2}`, { tap: "self" }) : card.name;
  });
}

function renderChat() {
  const list = document.getElementById("chat");
  const atBottom = keepsEnd("chat", list);
  const messages = [...st.chat.values()].sort((a, b) => a.id - b.id);
  // a renderer may mark chat lines (Versailles: the breaches of etiquette found in them)
  const notes = messages.length && st.renderer.chatNotes && st.table && st.view ? st.renderer.chatNotes(context()) : null;
  if (!messages.length) fill(list, h("li", { class: "muted" }, t("chat.empty")));
  else {
    fill(list, messages.map((m) => {
      const note = notes ? notes.get(m.id) : null;
      const who = m.seat === null ? "courtly" : (m.name || seatName(m.seat));
      let scope = null;
      if (m.to !== null && m.to !== undefined) {
        scope = m.seat === st.seat ? t("chat.private_to", { who: seatName(m.to) }) : t("chat.private_from");
      }
      const time = new Date(m.time * 1000);
      return h("li", { class: ["chat-line", scope && "chat-private", m.seat === st.seat && "chat-mine", note && note.class], dataset: { id: m.id } },
        h("span", { class: "chat-who" }, who),
        scope ? h("span", { class: "chat-scope" }, scope) : null,
        h("time", { class: "chat-time", datetime: time.toISOString() },
          time.toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" })),
        // a bot's remark comes in each language (texts): this page's, else the line of both
        h("span", { class: "chat-text" }, (m.texts && m.texts[lang()]) || m.text),
        note ? note.node : null);
    }));
  }
  if (atBottom) endOnWholeLines(list); // as the log: no line cut in two at the top
  // the "to" menu: everyone, or one other seat
  const select = document.getElementById("chat-to");
  const chosen = select.value;
  if (st.table) {
    fill(select, h("option", { value: "" }, t("chat.everyone")),
      st.table.seats.filter((s) => s.seat !== st.seat).map((s) => h("option", { value: String(s.seat) }, seatName(s.seat))));
    select.value = [...select.options].some((o) => o.value === chosen) ? chosen : "";
  }
  const form = document.getElementById("chat-form");
  form.hidden = st.seat === null;
  document.getElementById("chat-note").hidden = st.seat !== null;
  for (const el of form.querySelectorAll("button, input, select")) el.disabled = !online();
  renderUnread();
}

// ----- replays ------------------------------------------------------------------------

async function openReplay() {
  const povDefault = st.seat === null ? "spectator" : String(st.seat);
  st.replay = { step: st.table.moves, steps: st.table.moves, pov: povDefault, data: null };
  await loadReplay();
  const bar = document.getElementById("replay-bar");
  const first = bar.querySelector("button");
  if (first) first.focus();
}

async function loadReplay() {
  const replay = st.replay;
  if (!replay) return;
  // quick clicks overlap their requests: only the last one asked is shown,
  // whichever answer comes back last
  const asked = (replay.asked = (replay.asked || 0) + 1);
  try {
    const data = await api.replay(tableId, replay.step, replay.pov);
    if (st.replay !== replay || replay.asked !== asked) return;
    replay.data = data;
    replay.step = data.step;
    replay.steps = data.steps;
  } catch (err) {
    if (st.replay !== replay || replay.asked !== asked) return;
    showError(err);
  }
  render();
}

function closeReplay() {
  st.replay = null;
  render();
  document.getElementById("replay-open")?.focus();
}

function goTo(step) {
  if (!st.replay) return;
  st.replay.step = Math.max(0, Math.min(st.replay.steps, step));
  loadReplay();
}

function renderReplayBar() {
  const bar = document.getElementById("replay-bar");
  const replay = st.replay;
  bar.hidden = !replay;
  if (!replay) return fill(bar);
  const { step, steps } = replay;
  const pov = h("select", { id: "replay-pov", "aria-label": t("replay.pov") },
    h("option", { value: "spectator" }, t("replay.spectator")),
    st.table.seats.map((s) => h("option", { value: String(s.seat) }, seatName(s.seat))),
    h("option", { value: "all" }, t("replay.all")));
  pov.value = String(replay.pov);
  pov.addEventListener("change", () => {
    replay.pov = pov.value;
    loadReplay();
  });
  const slider = h("input", {
    type: "range", min: "0", max: String(steps), value: String(step), id: "replay-slider",
    "aria-label": t("replay.step", { step, steps }),
  });
  slider.addEventListener("change", () => goTo(Number(slider.value)));
  fill(bar,
    h("strong", { class: "replay-title" }, t("replay.title")),
    h("div", { class: "replay-controls" },
      button("|◀", () => goTo(0), { title: t("replay.start"), "aria-label": t("replay.start"), id: "replay-first" }),
      button("◀", () => goTo(step - 1), { title: t("replay.prev"), "aria-label": t("replay.prev"), id: "replay-prev", disabled: step <= 0 }),
      h("span", { class: "replay-step", id: "replay-step" }, `${step} / ${steps}`),
      button("▶", () => goTo(step + 1), { title: t("replay.next"), "aria-label": t("replay.next"), id: "replay-next", disabled: step >= steps }),
      button("▶|", () => goTo(steps), { title: t("replay.end"), "aria-label": t("replay.end"), id: "replay-last" }),
      slider),
    h("label", { class: "replay-pov" }, h("span", {}, t("replay.pov")), pov),
    button(t("replay.close"), closeReplay, { class: "small", id: "replay-close" }));
}

document.addEventListener("keydown", (ev) => {
  if (!st.replay || ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName)) return;
  if (ev.key === "ArrowLeft") goTo(st.replay.step - 1);
  else if (ev.key === "ArrowRight") goTo(st.replay.step + 1);
});

// ----- joining ------------------------------------------------------------------------

/** For one sitting down at a game already under way (a seat the host opened
 *  again): that they take the seat over where it stands, and whether a bot
 *  has been playing it meanwhile (a play-test's newcomer was not told). */
function midGameNote(seat, log) {
  if (!st.table || st.table.status !== "playing" || !st.table.moves) return null;
  const info = st.table.seats[seat];
  // played by its stand-in, or by the bot the host gave it to before opening it again
  const events = byIndex(log);
  const joined = events.findLast((e) => seatNote(e, seat, ["join"]));
  const botSince = events.some((e) => seatNote(e, seat, ["host_bot"]) && (!joined || e.index > joined.index));
  return t((info && info.away) || botSince ? "join.midgame_bot" : "join.midgame", { n: st.table.moves });
}

/** The join dialog (``log``: the table's events so far): names the game, the table and the seat; resolves the
 * seat once seated, or null to watch instead. */
function askName(seat, log) {
  return new Promise((resolve) => {
    const dialog = document.getElementById("join-dialog");
    const form = document.getElementById("join-form");
    const input = document.getElementById("join-name");
    const error = document.getElementById("join-error");
    applyStatic(dialog);
    document.getElementById("join-context").textContent = linkContext(st.table, seat);
    const midgame = document.getElementById("join-midgame");
    const under = midGameNote(seat, log);
    midgame.hidden = !under;
    midgame.textContent = under || "";
    const taken = st.table.seats.filter((s) => s.seat !== seat && s.name).map((s) => s.name);
    const preferred = preferredName();
    input.value = taken.some((n) => sameName(n, preferred)) ? "" : preferred;
    document.getElementById("join-watch").addEventListener("click", () => {
      dialog.close();
      resolve(null);
    });
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      if (taken.some((n) => sameName(n, name))) {
        error.hidden = false;
        error.textContent = t("join.duplicate", { name });
        return;
      }
      try {
        await api.join(tableId, st.token, name);
        savePreferredName(name);
        dialog.close();
        resolve(seat);
      } catch (err) {
        error.hidden = false;
        error.textContent = refusalText(err);
      }
    });
    dialog.addEventListener("cancel", (ev) => ev.preventDefault());
    dialog.showModal();
    input.focus();
  });
}

/** Two names are the same at a table whatever their case, width and spacing (as the server). */
function sameName(a, b) {
  const key = (x) => x.normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  return key(a) === key(b);
}

/** The seat's token stopped working (the host replaced it or put a bot there):
 * forget it and go on watching as a spectator. */
function dropSeat() {
  if (savedToken(tableId) === st.token) saveToken(tableId, null);
  st.token = null;
  st.seat = null;
  st.fatal = null;
  toast(t("table.token_replaced"), "error");
  st.conn.close();
  st.conn = new TableConnection(tableId, null, st.conn.handlers);
  st.conn.open();
}

/** The token this page plays with, from the link (?token=, ?host=) or this browser. */
async function chooseToken() {
  const fresh = params.get("token");
  const host = params.get("host");
  params.delete("token");
  params.delete("host");
  if (fresh || host) {
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : ""));
  }
  if (host) await adoptHostLink(tableId, host);
  const saved = savedToken(tableId);
  if (!fresh || fresh === saved) return saved;
  const seatNameOf = (table, n) => t("seat.label", { n: n + 1 });
  const choice = await resolveSeatLink(tableId, fresh, saved, seatNameOf);
  if (choice.save) saveToken(tableId, choice.token);
  return choice.token;
}

// ----- start --------------------------------------------------------------------------

async function start() {
  applyStatic(document);
  const tools = document.getElementById("topbar-tools");
  tools.appendChild(langToggle());
  window.addEventListener("langchange", () => render());

  try {
    st.token = await chooseToken();
  } catch (err) {
    st.fatal = err.status === 404 ? t("table.not_found") : t("error.generic", { detail: err.detail || String(err) });
    renderBanner();
    return;
  }

  let first;
  try {
    first = await api.state(tableId, st.token);
  } catch (err) {
    if (err.status === 403 && st.token) {
      saveToken(tableId, null);
      st.token = null;
      toast(t("table.bad_token"), "error");
      first = await api.state(tableId, null).catch(() => null);
    }
    if (!first) {
      st.fatal = err.status === 404 ? t("table.not_found") : t("error.generic", { detail: err.detail || String(err) });
      renderBanner();
      return;
    }
  }
  st.table = first.table;
  st.seat = first.seat;
  const loaded = forceGeneric ? genericRenderer : await rendererFor(first.table.game);
  st.renderer = loaded;
  if (loaded.strings) addStrings(loaded.strings);
  mountHowto(await howtoFor(first.table.game));
  document.getElementById("jump-howto").hidden = !document.getElementById("howto-panel"); // a game with rules
  if (st.seat !== null && !first.table.seats[st.seat].taken) {
    // behind the dialog, the game's name and what the page waits for (not "Connecting…")
    st.joining = true;
    renderHeader();
    renderBanner();
    const seated = await askName(st.seat, first.events || []);
    st.joining = false;
    if (seated === null) { // watch instead: this browser keeps no seat
      if (savedToken(tableId) === st.token) saveToken(tableId, null);
      st.token = null;
      st.seat = null;
    }
  }

  st.conn = new TableConnection(tableId, st.token, {
    onUpdate,
    onChat: addChat,
    onChatHistory: (messages) => {
      for (const m of messages) st.chat.set(m.id, m);
      renderChat();
      chatToRenderer();
    },
    onPresence,
    onServerTime: (time) => {
      st.skew = time * 1000 - Date.now();
    },
    onAccepted: accepted,
    onError: (msg) => {
      if (msg.status === 403 && st.token) return; // the seat's link was replaced: dropSeat() follows
      st.pending = false;
      st.lastError = showError(msg);
      render();
    },
    onState: (state, status) => {
      const was = st.connState;
      st.connState = state;
      // an act in flight on a lost socket may or may not be in: the next update says
      if (state !== "open") st.pending = false;
      if (state === "fatal" && status === 403 && st.token) return dropSeat();
      if (state === "fatal") {
        st.fatal = status === 404 ? t("table.not_found") : t("table.bad_token");
      }
      renderBanner();
      if ((state === "open") !== (was === "open")) {
        renderBoard(); // lock or unlock every action control (the selection stays)
        renderChat();
        if (state === "open" && was === "closed") toast(t("conn.back"), "info");
      }
    },
  });
  st.conn.open();
  setInterval(tick, 250);
  startTimeAndPresence();
  setupJumpbar();

  document.getElementById("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = document.getElementById("chat-text");
    const text = input.value.trim();
    if (!text) return;
    const to = document.getElementById("chat-to").value;
    sendChat(text, to === "" ? null : Number(to)).then((sent) => {
      if (sent) input.value = "";
    });
  });
}

// ----- time and presence: clocks, presence, the connection, notifications, unread chat --
//
// Every clock comes from the server as an absolute deadline (epoch seconds);
// every WebSocket message carries the server's time of sending, so the page
// counts in the server's time (st.skew), whatever this browser's clock says.
// A countdown warns (red, pulsing) in its last WARN_MS.

const WARN_MS = 10_000;
const NOTIFY_KEY = "courtly.notify";

function online() {
  return !!st.conn && st.conn.connected && st.connState === "open";
}

function serverNow() {
  return Date.now() + st.skew;
}

/** A deadline (epoch seconds, or null) in this browser's clock (ms). */
function localDeadline(deadline) {
  return deadline === null || deadline === undefined ? null : deadline * 1000 - st.skew;
}

function clockText(leftMs) {
  const left = Math.max(0, Math.ceil(leftMs / 1000));
  if (left <= 0) return t("phase.time_up");
  const m = Math.floor(left / 60);
  return `${m}:${String(left % 60).padStart(2, "0")}`;
}

/** A live countdown to `deadline` (epoch seconds): the one look of every clock.
 * Without a deadline (the table is paused) the clock stands still at `left`
 * seconds: no data-deadline, so tick() leaves it as it is. */
function countdown(deadline, label, { id = null, total = null, kind = "phase", seat = null, left: kept = null } = {}) {
  if ((deadline === null || deadline === undefined) && typeof kept === "number") {
    return h("span", {
      class: ["countdown-box", `countdown-${kind}`, "countdown-paused"],
      title: `${label} — ${t("clock.paused")}`,
      dataset: { left: kept, kind, ...(seat === null ? {} : { seat }) },
    }, pauseIcon(),
    h("span", { class: "countdown", id, role: "timer", "aria-label": `${label} — ${t("clock.paused")}` },
      clockText(kept * 1000)));
  }
  const left = deadline * 1000 - serverNow();
  return h("span", {
    class: ["countdown-box", `countdown-${kind}`, warns(kind, left) && "countdown-low"],
    title: label,
    dataset: { deadline, kind, ...(seat === null ? {} : { seat }), ...(total ? { total } : {}) },
  }, clockIcon(),
  h("span", { class: "countdown", id, role: "timer", "aria-label": label }, clockText(left)));
}

function tick() {
  st.deadlineAt = localDeadline(st.phase && st.phase.deadline);
  for (const box of document.querySelectorAll(".countdown-box[data-deadline]")) {
    const left = Number(box.dataset.deadline) * 1000 - serverNow();
    const text = box.querySelector(".countdown");
    const shown = clockText(left);
    if (text && text.textContent !== shown) text.textContent = shown;
    box.classList.toggle("countdown-low", warns(box.dataset.kind, left));
  }
}

/** A clock warns in its last seconds, but for a forced move held back for an
 *  undo: that one asks nothing of anybody who reads it. */
function warns(kind, leftMs) {
  return kind !== "forced" && leftMs <= WARN_MS;
}

/** A seat the host opened to a person again that nobody has taken yet (no name,
 *  none awaited): its away clock is for nobody who left. */
function isOpenSeat(n) {
  const info = st.table && st.table.seats[n];
  return !!info && info.kind === "person" && !info.name && !info.awaited;
}

function clockLabel(clock) {
  const who = seatName(clock.seat);
  if (clock.kind === "forced") return t("clock.forced_title", { who });
  if (clock.kind !== "away") return t("clock.move_title", { who });
  return t(isOpenSeat(clock.seat) ? "clock.open_title" : "clock.away_title", { who });
}

/** The words before another seat's clock in the banner: whose, and, for an away
 *  clock, what happens when it runs out (a play-test read "Seat 2: 0:09" as a
 *  person named "Seat 2" about to play). */
function chipWords(clock) {
  const who = seatName(clock.seat);
  if (clock.kind !== "away") return `${who}${t("colon")}`;
  return t(isOpenSeat(clock.seat) ? "clock.open_chip" : "clock.away_chip", { who });
}

/** The word before a seat's clock in the seats list: "to play", "a bot plays in", "only move in". */
const CLOCK_WORD = { move: "clock.move", away: "clock.away", forced: "clock.forced" };

/** The countdown under a seat's name: its move clock, its away timer, or its
 * only move, which the server makes once the undo before it is out of time. */
function seatClock(n) {
  if (st.replay || !st.table || st.table.status !== "playing") return null;
  const clock = st.clocks.find((c) => c.seat === n);
  if (!clock) return null;
  return h("span", { class: ["seat-clock", `seat-clock-${clock.kind}`] },
    h("span", { class: "seat-clock-label" }, t(CLOCK_WORD[clock.kind] || "clock.move")),
    countdown(clock.deadline, clockLabel(clock), { kind: clock.kind, seat: n, total: clock.total, left: clock.left }));
}

/** In the banner: when the stand-in bot would play for this player, or the
 * server its only move (held back while the person before may still undo);
 * else the clock of the seat the game waits for (so a phone shows it without
 * scrolling). */
function bannerClockChip() {
  if (st.replay || !st.table || st.table.status !== "playing") return null;
  const mine = st.seat !== null ? st.clocks.find((c) => c.seat === st.seat) : null;
  if (mine) {
    const label = t(mine.kind === "forced" ? "clock.forced_mine" : "clock.mine");
    return h("span", { class: "phase-chip my-clock", id: "my-clock" },
      h("span", {}, label),
      countdown(mine.deadline, label, { kind: mine.kind, seat: st.seat, total: mine.total, left: mine.left }));
  }
  const other = st.clocks.find((c) => c.seat !== null && st.toAct.includes(c.seat));
  if (!other) return null;
  return h("span", { class: "phase-chip other-clock", id: "other-clock" },
    h("span", {}, chipWords(other)),
    countdown(other.deadline, clockLabel(other), { kind: other.kind, seat: other.seat, total: other.total, left: other.left }));
}

function onPresence(msg) {
  if (!st.table) return;
  st.table = { ...st.table, seats: msg.seats, ...(typeof msg.paused === "boolean" ? { paused: msg.paused } : {}) };
  st.clocks = msg.clocks || [];
  renderHeader();
  renderSeats();
  renderBanner();
}

// ----- the stand-in bot's moves ---------------------------------------------------------

function lastMoveEvent(seat) {
  let last = null;
  for (const e of st.events.values()) {
    if (e.move && (seat === undefined || e.move.seat === seat) && (!last || e.index > last.index)) last = e;
  }
  return last;
}

/** The server's notes after which a seat's moves are no longer its stand-in's: its
 *  person came back, someone sat down there, or the host gave the seat away. */
const HOLDER_KINDS = ["back", "join", "host_bot", "host_person"];

/** Whether the seat's person came back, or the seat changed hands, after the event
 *  (a play-test saw an open seat still marked "stand-in played" for the person
 *  who had left it before the host opened it again). */
function backSince(seat, event) {
  for (const e of st.events.values()) {
    if (seatNote(e, seat, HOLDER_KINDS) && e.index > event.index) return true;
  }
  return false;
}

/** Whether the event has a line of its own in the log: not a "folded" kind, told within
 *  another kind's line (Versailles' advice after a breach). */
function hasLine(e) {
  return ((st.renderer && st.renderer.logKinds) || {})[e.kind] !== "folded";
}

/** Whether the event is the server's note, of one of ``kinds``, about the seat. */
function seatNote(e, seat, kinds) {
  return !e.move && kinds.includes(e.kind) && !!e.data && e.data.seat === seat;
}

/** The events in the order the table wrote them. */
function byIndex(events) {
  return [...events].sort((a, b) => a.index - b.index);
}

/** On one's own page, back after an absence: how many moves the stand-in played
 *  meanwhile, said above the board until one's own next move (a play-test came
 *  back to two turns played for him, told only "Marc is back"). */
function awayNote() {
  if (st.replay || st.seat === null || !st.table || st.table.status !== "playing") return null;
  const events = byIndex(st.events.values());
  const back = events.findLast((e) => seatNote(e, st.seat, ["back"]));
  // a seat that changed hands since is someone else's: their absence is not told
  if (!back || backSince(st.seat, back)) return null;
  const away = events.findLast((e) => seatNote(e, st.seat, ["away"]) && e.index < back.index);
  if (!away) return null;
  let count = 0;
  for (const e of events) {
    if (!e.move || e.move.seat !== st.seat || e.move.follows) continue;
    if (e.index > back.index) return null; // played since: it is told
    if (e.move.by === "standin" && e.index > away.index) count += 1;
  }
  if (!count) return null;
  return h("p", { class: "standin-note", id: "away-note", role: "status" },
    h("span", { class: "standin-mark" }, t("standin.mark")), " ", t("standin.while_away", { n: count }));
}

/** The seat's last move was the stand-in's, and its person is not back since. */
function standinPlayedLast(seat) {
  const last = lastMoveEvent(seat);
  return !!last && last.move.by === "standin" && !backSince(seat, last);
}

/** Above the board, while the last move was the stand-in's: whose move it played. */
function standinNote() {
  if (st.replay || !st.table || st.table.status !== "playing") return null;
  const last = lastMoveEvent();
  if (!last || last.move.by !== "standin" || backSince(last.move.seat, last)) return null;
  const who = last.move.seat === st.seat ? t("standin.you") : seatName(last.move.seat);
  return h("p", { class: "standin-note", id: "standin-note", role: "status" },
    h("span", { class: "standin-mark" }, t("standin.mark")), " ", t("standin.note", { who }));
}

// ----- the connection: say at once when it is lost, act on nothing meanwhile -----------

/** The turn banner while the connection is down: it says so, before anything else. */
function offlineBanner() {
  if (st.connState !== "closed" || st.fatal || !st.table || st.replay) return null;
  return { text: t("conn.lost"), detail: t("conn.lost_help"), kind: "offline" };
}

/** While the connection is down, every action control of the board is disabled
 * (the renderer's state, e.g. a chosen card, stays as it is). */
function lockWhileOffline() {
  const board = document.getElementById("board");
  const down = !online() && !!st.table && !st.replay && st.table.status === "playing";
  board.inert = down;
  board.classList.toggle("board-offline", down);
  if (!down) return;
  for (const el of board.querySelectorAll("button, input, select, textarea")) el.disabled = true;
  for (const el of board.querySelectorAll("[role=button], [tabindex]")) {
    el.setAttribute("aria-disabled", "true");
    el.setAttribute("tabindex", "-1");
  }
}

function refuseOffline() {
  toast(t("conn.refused"), "error");
}

// ----- notifications: a sound and a browser notification, opt-in -------------------------

function notifyOn() {
  try {
    return localStorage.getItem(NOTIFY_KEY) === "on";
  } catch (_e) {
    return false;
  }
}

let audio = null;

function bellIcon(on) {
  return s("svg", { viewBox: "0 0 24 24", width: "18", height: "18", class: "bell-icon", "aria-hidden": "true" },
    s("path", { d: "M6 17V11a6 6 0 0 1 12 0v6l1.5 1.5h-15Z", fill: on ? "currentColor" : "none", stroke: "currentColor", "stroke-width": "1.8", "stroke-linejoin": "round" }),
    s("path", { d: "M10 20.5a2 2 0 0 0 4 0", fill: "none", stroke: "currentColor", "stroke-width": "1.8", "stroke-linecap": "round" }),
    on ? null : s("path", { d: "M4 4l16 16", stroke: "currentColor", "stroke-width": "1.8", "stroke-linecap": "round" }));
}

function bubbleIcon() {
  return s("svg", { viewBox: "0 0 24 24", width: "18", height: "18", "aria-hidden": "true" },
    s("path", { d: "M4 5h16v11H9l-4 4v-4H4Z", fill: "none", stroke: "currentColor", "stroke-width": "1.8", "stroke-linejoin": "round" }));
}

function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.16);
      osc.stop(now + i * 0.16 + 0.16);
    }
  } catch (_e) {
    /* no sound here */
  }
}

/** A sound and, when the page is not in front, a browser notification. */
function notify(kind, text) {
  if (!notifyOn() || st.replay) return;
  const shown = "Notification" in window && Notification.permission === "granted"
    && (document.hidden || !document.hasFocus());
  st.notified.push({ kind, text, shown });
  beep();
  if (shown) {
    try {
      const note = new Notification("courtly", { body: text, tag: `courtly-${tableId}-${kind}` });
      note.onclick = () => window.focus();
    } catch (_e) {
      /* some browsers allow notifications only from a service worker */
    }
  }
}

function notifyToggle() {
  const btn = button("", async () => {
    const on = !notifyOn();
    try {
      localStorage.setItem(NOTIFY_KEY, on ? "on" : "off");
    } catch (_e) {
      /* not remembered */
    }
    if (on) {
      beep(); // also unlocks sound for this page (browsers want a click first)
      if ("Notification" in window && Notification.permission === "default") {
        try {
          await Notification.requestPermission();
        } catch (_e) {
          /* refused */
        }
      }
      const granted = "Notification" in window && Notification.permission === "granted";
      toast(t(granted ? "notify.on" : "notify.on_sound_only"), "info");
    } else {
      toast(t("notify.off"), "info");
    }
    label();
  }, { class: "notify-toggle", id: "notify-toggle" });
  const label = () => {
    const on = notifyOn();
    fill(btn, bellIcon(on));
    btn.setAttribute("aria-pressed", String(on));
    btn.setAttribute("title", t(on ? "notify.turn_off" : "notify.turn_on"));
    btn.setAttribute("aria-label", t(on ? "notify.turn_off" : "notify.turn_on"));
  };
  label();
  window.addEventListener("langchange", label);
  return btn;
}

// ----- unread chat ------------------------------------------------------------------------

function chatSeen() {
  return (st.chatInView || boardChatInSight()) && document.visibilityState === "visible";
}

/** A board's own chat list in sight (`data-chat-list`: Fief's negotiation shows the
 *  chat beside the map): what arrives there is read (a play-test's messages, read
 *  there, still counted as unread). */
function boardChatInSight() {
  return [...document.querySelectorAll("#board [data-chat-list]")].some((list) => {
    const r = list.getBoundingClientRect();
    return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
  });
}

function chatArrived(message) {
  if (!st.table) return;
  const mine = message.seat === st.seat && st.seat !== null;
  if (!mine && !chatSeen()) st.unread += 1;
  if (!mine && st.seat !== null && message.to === st.seat) {
    notify("private", t("notify.private", { who: message.name || seatName(message.seat) }));
  }
}

function renderUnread() {
  if (chatSeen()) st.unread = 0;
  const n = st.unread;
  const title = document.getElementById("chat-title");
  let badge = document.getElementById("chat-unread");
  if (!badge) {
    badge = h("span", { id: "chat-unread", class: "unread-badge" });
    title.appendChild(badge);
  }
  badge.hidden = n === 0;
  badge.textContent = String(n);
  badge.setAttribute("aria-label", t("chat.unread", { n }));
  let jump = document.getElementById("chat-jump");
  if (!jump) {
    jump = button("", () => {
      document.getElementById("chat").scrollIntoView({ block: "end", behavior: "smooth" });
      const input = document.getElementById("chat-text");
      if (!input.closest("[hidden]")) input.focus({ preventScroll: true });
    }, { id: "chat-jump", class: "chat-jump" });
    document.body.appendChild(jump);
  }
  jump.hidden = n === 0;
  fill(jump, bubbleIcon(), h("span", { class: "chat-jump-count" }, String(n)));
  jump.setAttribute("aria-label", t("chat.unread", { n }));
  jump.setAttribute("title", t("chat.unread", { n }));
  // a phone's count is on its bottom bar's Chat link, where the floating button is not
  // (it lay over the controls it floated above: an audience's select, a heading); "9+" at
  // most, with the log's "99+", is the French bar's room
  barCount("jump-chat", n, 9, t("chat.unread", { n }));
  renderHeader();
}

function startTimeAndPresence() {
  document.getElementById("topbar-tools").prepend(notifyToggle());
  const list = document.getElementById("chat");
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      for (const entry of entries) st.chatInView = entry.isIntersecting;
      renderUnread();
    }, { threshold: 0.01 }).observe(list);
  } else {
    st.chatInView = true;
  }
  document.addEventListener("visibilitychange", renderUnread);
  // a board's chat scrolled into sight reads what is unread (no observer follows its redraws)
  window.addEventListener("scroll", () => {
    if (st.unread && chatSeen()) renderUnread();
  }, { passive: true });
  // the browser knows first when the network is gone: count the socket dead at once
  window.addEventListener("offline", () => st.conn && st.conn.drop());
  renderUnread();
}

window.addEventListener("resize", realignLists);
// the banner sticks under the top bar, whose height a title on two lines changes; what
// a jump scrolls to stops under both (--sticky-h: scroll-margin-top), however tall they are
function measureSticky() {
  const top = document.querySelector(".topbar").getBoundingClientRect().height;
  const banner = document.getElementById("banner");
  const root = document.documentElement.style;
  root.setProperty("--topbar-h", `${Math.round(top)}px`);
  root.setProperty("--sticky-h", `${Math.round(top + (banner ? banner.getBoundingClientRect().height : 0))}px`);
}
const sticky = new ResizeObserver(measureSticky);
sticky.observe(document.querySelector(".topbar"));
if (document.getElementById("banner")) sticky.observe(document.getElementById("banner"));
// for tests and debugging: the page's state, read-only by convention
window.courtly = { state: st, context, icon, announce }; // announce: for tests, as an update calls it

start();
