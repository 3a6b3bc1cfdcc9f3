// The generic renderer: any game, drawn from its view alone. The view is
// shown as a tree of labelled values; what the seat may do is a form per kind
// of action, built from the seat's action schema (a number input for a range,
// a menu for a choice of values, checkboxes for a list, a fieldset for a
// nested object), with one submit button per kind, and a Done button in an
// open window. The server checks every submission and says why it refuses.
// It is also the model of a renderer's interface:
//
//   render(root, ctx)           draw the board into root (emptied before)
//   banner(ctx)                 optional: {text, kind: "mine"|"wait"|"over"} for the turn banner
//   describeEvent(event, ctx)   optional: the log's story line for an event (null: engine's text)
//   seatInfo(ctx, seat)         optional: a short fact under a seat's name (hand size, score)
//   seatColour(ctx, seat)       optional: "#rrggbb" for the seat's badge in the seats list (Fief:
//                               its colour on the map), or null for the table's own
//   mergeViews(views)           optional: one view from every seat's (replay, "all revealed")
//   strings                     optional: {en: {...}, fr: {...}} added to the i18n tables
//   chatChanged(ctx)            optional: the table's chat changed (for a board that shows it)
//   chatNotes(ctx)              optional: Map(message id -> {class, node}): a class for the table's
//                               chat line and a node shown under its text (Versailles' breaches)
//   joinEvents(a, b)            optional: one event standing for two consecutive ones of the same
//                               seat's move told as one log line (Fief's purchases), or null
//
// ctx: {game, table, view, seat, legal: [{action, text}], schema, phase, toAct, mayAct,
//       result, events, canAct, forced (the server makes the seat's only move: canAct is false),
//       inWindow, pending, replay, ui, lastError, lastMove: {seat, events}, t, lang, name(seat),
//       isYou(seat), act(action), withNames(text), joinNames(list), rerender(),
//       asLines(events) (events as the log's lines: those joinEvents joins made one),
//       chat, sendChat(text, to), online, countdown(deadline, label, {id, total})}
// A renderer calling actions(ctx) may add valueLabel(field, value) (a menu value's words),
// valueHelp(field, value, path) (its help, {title, text, source?} as js/cardhelp.js takes, or
// null: the chosen value's help then shows on hover of its menu and on a tap of its "?"; path
// is the field's in its form, "play_lord.lord", for a field whose name several kinds share) and
// formNote(type, action) ({text, warn} or null: a line above a form's button, said again as its
// fields change: Fief's price and purse under Buy).

import { button, fill, h, sameJSON } from "../js/dom.js";
import { has } from "../js/i18n.js";
import { withHelp } from "../js/cardhelp.js";

function label(key) {
  return String(key).replace(/_/g, " ");
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

function scalar(v) {
  if (v === null) return h("span", { class: "gv-null" }, "—");
  if (typeof v === "boolean") return h("span", { class: `gv-bool gv-${v}` }, v ? "✓" : "✗");
  return h("span", { class: `gv-${typeof v}` }, String(v));
}

/** A JSON value as nested definition lists and lists, all text nodes.
 * ``changed``: the paths ("a.0.b") whose value the last move changed, marked. */
export function tree(value, depth = 0, changed = null, path = "") {
  if (isScalar(value)) return scalar(value);
  const mark = (p) => (changed && changed.has(p) ? "gv-changed last-move" : null);
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "gv-null" }, "[ ]");
    if (value.every(isScalar)) return h("span", { class: "gv-inline" }, value.map((v, i) => [i ? ", " : "", scalar(v)]));
    return h("ol", { class: "gv-list", start: "0" }, value.map((v, i) => h("li", { class: mark(`${path}${i}`) },
      tree(v, depth + 1, changed, `${path}${i}.`))));
  }
  const keys = Object.keys(value);
  if (!keys.length) return h("span", { class: "gv-null" }, "{ }");
  return h("dl", { class: ["gv-dict", `gv-depth-${Math.min(depth, 3)}`] },
    keys.map((k) => [h("dt", { class: mark(`${path}${k}`) }, label(k)),
      h("dd", { class: mark(`${path}${k}`) }, tree(value[k], depth + 1, changed, `${path}${k}.`))]));
}

// ----- the last move: its events, and the parts of the view it changed ------------------

/** The deepest paths where two JSON values differ ("" for the whole). */
function changedPaths(before, after, path = "", out = new Set()) {
  if (JSON.stringify(before) === JSON.stringify(after)) return out;
  const both = before && after && typeof before === "object" && typeof after === "object"
    && Array.isArray(before) === Array.isArray(after);
  if (!both || (Array.isArray(after) && after.every(isScalar))) {
    out.add(path.replace(/\.$/, ""));
    return out;
  }
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    changedPaths(before[k], after[k], `${path}${k}.`, out);
  }
  return out;
}

/** What the last move changed in the view: compared with the view before the
 * run of moves began (kept in ctx.ui while the page is open). */
function lastChanges(ctx) {
  const ui = ctx.ui;
  if (ui.curView !== ctx.view) {
    ui.prevView = ui.curView;
    ui.curView = ctx.view;
  }
  const last = ctx.lastMove;
  if (!last || !last.events.length) return null;
  const key = `${last.seat}|${last.events[0].index}`;
  if (ui.runKey !== key) {
    ui.runKey = key;
    ui.runBase = ui.prevView || null;
  }
  return ui.runBase ? changedPaths(ui.runBase, ctx.view) : null;
}

export function lastMovePanel(ctx) {
  const last = ctx.lastMove;
  if (!last || ctx.replay) return null;
  const who = last.seat === null || last.seat === undefined ? ctx.t("seat.referee") : ctx.name(last.seat);
  // its lines as the log's: two purchases the log tells as one (Fief) are one here too
  const lines = ctx.asLines || ((events) => events);
  return lastMoveSection(ctx, { ...last, events: lines(last.events), followed: lines(last.followed || []) }, who,
    (e) => (ctx.describe ? ctx.describe(e) : ctx.withNames(e.text)), "generic-last");
}

/** "Last move: Ada" and its story, then apart, what the rules did after it ("Then, by
 *  the rules:": the turn passing, revenues...), which the seat did not do; a move that
 *  showed nothing of its own is "After Ada's move". Null when there is nothing to tell. */
export function lastMoveSection(ctx, last, who, line, cls) {
  const followed = last.followed || [];
  if (!last.events.length && !followed.length) return null;
  const own = last.events.length;
  return h("section", { class: ["panel", cls, "last-move-panel"], id: "last-move" },
    h("h2", {}, ctx.t(own ? "last.by" : "last.after", { who })),
    own ? h("ul", { class: "last-own" }, last.events.map((e) => h("li", {}, line(e)))) : null,
    followed.length && own ? h("p", { class: "last-followed-title" }, ctx.t("last.followed")) : null,
    followed.length ? h("ul", { class: "last-followed" }, followed.map((e) => h("li", {}, line(e)))) : null);
}

// ----- forms from the action schema -----------------------------------------------------

/** The label of an action kind or a field: a string of the game or the common
 *  table (kind.<type>, field.<name>), else the name itself. */
function kindLabel(ctx, type) {
  return has(`kind.${type}`) ? ctx.t(`kind.${type}`) : capital(label(type));
}

/** An action in the forms' words: its kind, then each field and its value
 *  (a replay's banner, for a game that names its actions no other way). */
export function actionText(ctx, action) {
  const fields = Object.entries(action).filter(([name]) => name !== "type");
  const kind = kindLabel(ctx, action.type);
  if (!fields.length) return kind;
  return `${kind}${ctx.t("colon")}${fields.map(([name, value]) =>
    `${fieldLabel(ctx, name).toLowerCase()} ${valueLabel(ctx, name, value)}`).join(", ")}`;
}

function fieldLabel(ctx, name) {
  return has(`field.${name}`) ? ctx.t(`field.${name}`) : capital(label(name));
}

const SEAT_FIELDS = /^(to|seat|from|target|player|seats|players|targets)$/;

function valueLabel(ctx, name, value) {
  // a renderer may name its own values (Fief: villages, lords, cards by their names)
  const own = ctx.valueLabel ? ctx.valueLabel(name, value) : null;
  if (own !== null && own !== undefined) return own;
  if (value === null) return "—";
  if (typeof value === "number" && SEAT_FIELDS.test(name)) return ctx.name(value);
  if (typeof value === "boolean") return ctx.t(`value.${value}`);
  if (isScalar(value)) return has(`value.${value}`) ? ctx.t(`value.${value}`) : label(value);
  return JSON.stringify(value);
}

/**
 * One control for a field spec: {el, read()} where read() gives the field's
 * JSON value. `initial` is the value to start from (a legal action's, or the
 * one the player was typing before the last update), `path` names it.
 */
function control(ctx, spec, name, initial, path) {
  if (spec && Array.isArray(spec.values)) return choiceControl(ctx, spec, name, initial, path);
  if (spec && spec.min !== undefined) return numberControl(spec, initial, path);
  if (spec && spec.items) return spec.items.values ? checkboxControl(ctx, spec, name, initial, path)
    : listControl(ctx, spec, name, initial, path);
  if (spec && spec.fields) return objectControl(ctx, spec, name, initial, path);
  return { el: h("span", { class: "muted" }, "?"), read: () => null };
}

function choiceControl(ctx, spec, name, initial, path) {
  const select = h("select", { dataset: { field: path } },
    spec.values.map((v, i) => h("option", { value: String(i) }, valueLabel(ctx, name, v))));
  const at = spec.values.findIndex((v) => sameJSON(v, initial));
  select.value = String(at >= 0 ? at : 0);
  const read = () => spec.values[Number(select.value)];
  const helped = ctx.valueHelp && spec.values.some((v) => ctx.valueHelp(name, v, path));
  return { el: helped ? choiceHelp(ctx, select, name, read, path) : select, read };
}

/** A menu whose values have help (Fief's cards): the menu in a box that shows
 *  the chosen value's help on hover and on a tap of its "?" (js/cardhelp.js),
 *  made again when the choice changes (a help is bound to its element). */
function choiceHelp(ctx, select, name, read, path) {
  const boxed = () => withHelp(h("span", { class: "gf-choice", dataset: { helpFor: path } }, select),
    ctx.valueHelp(name, read(), path), `form:${path}`);
  let box = boxed();
  select.addEventListener("change", () => {
    const again = boxed();
    box.replaceWith(again);
    box = again;
    select.focus(); // moved into the new box: keep the keyboard on it
  });
  return box;
}

function numberControl(spec, initial, path) {
  const input = h("input", {
    type: "number", inputmode: "numeric", min: String(spec.min), max: String(spec.max),
    step: String(spec.step || 1), required: true, dataset: { field: path },
  });
  input.value = String(typeof initial === "number" ? initial : spec.min);
  return {
    el: input,
    read: () => (input.value.trim() === "" || Number.isNaN(input.valueAsNumber) ? null : input.valueAsNumber),
  };
}

function checkboxControl(ctx, spec, name, initial, path) {
  const chosen = Array.isArray(initial) ? initial : [];
  const boxes = spec.items.values.map((v, i) => {
    const box = h("input", { type: "checkbox", value: String(i), dataset: { field: `${path}.${i}` } });
    box.checked = chosen.some((c) => sameJSON(c, v));
    return { box, v, el: h("label", { class: "gf-check" }, box, h("span", {}, valueLabel(ctx, name, v))) };
  });
  const limits = itemLimits(ctx, spec);
  return {
    el: h("span", { class: "gf-checks" }, boxes.map((b) => b.el), limits),
    read: () => boxes.filter((b) => b.box.checked).map((b) => b.v),
  };
}

function itemLimits(ctx, spec) {
  const lo = spec.min_items || 0;
  const hi = spec.max_items ?? null;
  if (!lo && hi === null) return null;
  return h("span", { class: "gf-limits muted" }, ctx.t("actions.items", { min: lo, max: hi ?? "∞" }));
}

function listControl(ctx, spec, name, initial, path) {
  const items = [];
  const list = h("ol", { class: "gf-list" });
  const values = Array.isArray(initial) ? initial : [];
  const count = Math.max(values.length, spec.min_items || 0);
  const add = (value) => {
    const row = control(ctx, spec.items, name, value, `${path}.${items.length}`);
    const entry = { row, li: null };
    entry.li = h("li", {}, row.el, button("−", () => {
      items.splice(items.indexOf(entry), 1);
      entry.li.remove();
    }, { class: "small", title: ctx.t("actions.remove"), "aria-label": ctx.t("actions.remove") }));
    items.push(entry);
    list.appendChild(entry.li);
  };
  for (let i = 0; i < count; i += 1) add(values[i]);
  const more = button(ctx.t("actions.add"), () => {
    if (spec.max_items === null || spec.max_items === undefined || items.length < spec.max_items) add(undefined);
  }, { class: "small" });
  return {
    el: h("span", { class: "gf-listbox" }, list, more, itemLimits(ctx, spec)),
    read: () => items.map((e) => e.row.read()),
  };
}

function objectControl(ctx, spec, name, initial, path) {
  const value = initial && typeof initial === "object" ? initial : {};
  const parts = Object.entries(spec.fields).map(([key, sub]) => {
    const c = control(ctx, sub, key, value[key], `${path}.${key}`);
    return { key, c, el: fieldRow(ctx, key, sub, c) };
  });
  return {
    el: h("fieldset", { class: "gf-object" }, h("legend", {}, fieldLabel(ctx, name)), parts.map((p) => p.el)),
    read: () => Object.fromEntries(parts.map((p) => [p.key, p.c.read()])),
  };
}

function fieldRow(ctx, key, spec, c) {
  if (spec.fields) return c.el; // a fieldset carries its own legend
  const tag = spec.items ? "div" : "label";
  return h(tag, { class: "gf-field" }, h("span", { class: "gf-name" }, fieldLabel(ctx, key)), c.el);
}

/** A form for one kind of action: its fields, then a submit button. */
function kindForm(ctx, entry) {
  const type = entry.type;
  const forms = (ctx.ui.forms = ctx.ui.forms || {});
  const legal = ctx.legal.find((l) => l.action.type === type);
  const start = forms[type] || (legal ? legal.action : {});
  const parts = Object.entries(entry.fields).map(([key, spec]) => {
    const c = control(ctx, spec, key, start[key], `${type}.${key}`);
    return { key, c, el: fieldRow(ctx, key, spec, c) };
  });
  const read = () => ({ type, ...Object.fromEntries(parts.map((p) => [p.key, p.c.read()])) });
  const submit = h("button", {
    type: "submit", class: "primary", disabled: !ctx.canAct, dataset: { kind: type },
  }, kindLabel(ctx, type));
  const note = ctx.formNote ? h("p", { class: "gf-note", "aria-live": "polite", dataset: { noteFor: type } }) : null;
  const showNote = () => {
    if (!note) return;
    const said = ctx.formNote(type, read());
    note.hidden = !said;
    note.classList.toggle("gf-note-warn", Boolean(said && said.warn));
    fill(note, said ? said.text : "");
  };
  showNote();
  const form = h("form", { class: "action-form", dataset: { kind: type }, autocomplete: "off" },
    h("h3", {}, kindLabel(ctx, type)), h("div", { class: "gf-fields" }, parts.map((p) => p.el)), note, submit);
  // what the player is typing survives the updates that other seats' moves bring
  const keep = () => {
    forms[type] = read();
    showNote();
  };
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (ctx.canAct) ctx.act(read());
  });
  return form;
}

export function phaseLine(ctx) {
  const phase = ctx.phase;
  if (!phase || ctx.replay) return null;
  const name = has(`phase.${phase.name}`) ? ctx.t(`phase.${phase.name}`) : label(phase.name);
  return h("p", { class: "generic-phase" },
    h("span", { class: "muted" }, ctx.t("phase.label"), ctx.t("colon")),
    h("strong", { id: "generic-phase-name" }, name),
    phase.may_act && phase.may_act.length
      ? h("span", { class: "muted" }, ` — ${ctx.t("phase.open_to", { who: ctx.joinNames(phase.may_act.map(ctx.name)) })}`)
      : null);
}

export function actions(ctx) {
  if (ctx.seat === null || ctx.replay) return null;
  if (ctx.forced) { // the server makes the seat's only move: nothing to fill in
    return h("section", { class: "panel generic-actions", "aria-label": ctx.t("actions.title") },
      h("h2", {}, ctx.t("actions.title")),
      h("p", { class: "muted", id: "actions-forced" }, ctx.t("banner.forced")));
  }
  const schema = (ctx.schema || []).filter((e) => e.type !== "time_up");
  const plain = schema.filter((e) => !Object.keys(e.fields).length);
  const forms = schema.filter((e) => Object.keys(e.fields).length);
  const buttons = plain.map((e) => button(e.type === "done" ? ctx.t("actions.done") : kindLabel(ctx, e.type),
    () => ctx.act({ type: e.type }), {
      class: ["action", e.type === "done" ? "done-button" : null],
      id: e.type === "done" ? "done-button" : null,
      disabled: !ctx.canAct, dataset: { kind: e.type },
    }));
  return h("section", { class: "panel generic-actions", "aria-label": ctx.t("actions.title") },
    h("h2", {}, ctx.t("actions.title")),
    ctx.inWindow ? h("p", { class: "muted" }, ctx.t("actions.window_help")) : null,
    schema.length ? null : h("p", { class: "muted" }, ctx.t("actions.none")),
    ctx.lastError ? h("p", { class: "action-error", role: "alert" }, ctx.t("actions.refused", { detail: ctx.lastError })) : null,
    forms.length ? h("div", { class: "action-forms" }, forms.map((e) => kindForm(ctx, e))) : null,
    buttons.length ? h("div", { class: "action-buttons" }, buttons) : null);
}

export default {
  render(root, ctx) {
    root.append(h("div", { class: "generic-board" },
      phaseLine(ctx),
      lastMovePanel(ctx),
      actions(ctx),
      h("section", { class: "panel generic-view" },
        h("h2", {}, ctx.t("generic.view")),
        h("p", { class: "muted" }, ctx.t("generic.note")),
        tree(ctx.view, 0, ctx.replay ? null : lastChanges(ctx)))));
  },

  mergeViews(views) {
    return { views };
  },
};
