// The generic renderer: any game, drawn from its view alone. The view is
// shown as a tree of labelled values; the legal actions are buttons with the
// engine's own descriptions. It is also the model of a renderer's interface:
//
//   render(root, ctx)           draw the board into root (emptied before)
//   banner(ctx)                 optional: {text, kind: "mine"|"wait"|"over"} for the turn banner
//   describeEvent(event, ctx)   optional: the log's story line for an event (null: engine's text)
//   seatInfo(ctx, seat)         optional: a short fact under a seat's name (hand size, score)
//   mergeViews(views)           optional: one view from every seat's (replay, "all revealed")
//   strings                     optional: {en: {...}, fr: {...}} added to the i18n tables
//
// ctx: {game, table, view, seat, legal: [{action, text}], toAct, result, events,
//       canAct, pending, replay, ui, t, lang, name(seat), isYou(seat), act(action),
//       withNames(text), joinNames(list), rerender()}

import { button, h } from "../js/dom.js";

function label(key) {
  return String(key).replace(/_/g, " ");
}

function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

function scalar(v) {
  if (v === null) return h("span", { class: "gv-null" }, "—");
  if (typeof v === "boolean") return h("span", { class: `gv-bool gv-${v}` }, v ? "✓" : "✗");
  return h("span", { class: `gv-${typeof v}` }, String(v));
}

/** A JSON value as nested definition lists and lists, all text nodes. */
export function tree(value, depth = 0) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "gv-null" }, "[ ]");
    if (value.every(isScalar)) return h("span", { class: "gv-inline" }, value.map((v, i) => [i ? ", " : "", scalar(v)]));
    return h("ol", { class: "gv-list", start: "0" }, value.map((v) => h("li", {}, tree(v, depth + 1))));
  }
  const keys = Object.keys(value);
  if (!keys.length) return h("span", { class: "gv-null" }, "{ }");
  return h("dl", { class: ["gv-dict", `gv-depth-${Math.min(depth, 3)}`] },
    keys.map((k) => [h("dt", {}, label(k)), h("dd", {}, tree(value[k], depth + 1))]));
}

function actions(ctx) {
  if (!ctx.legal.length) return null;
  return h("section", { class: "panel generic-actions", "aria-label": ctx.t("actions.title") },
    h("h2", {}, ctx.t("actions.title")),
    h("div", { class: "action-buttons" }, ctx.legal.map((l) =>
      button(ctx.withNames(l.text), () => ctx.act(l.action), {
        class: "action", disabled: !ctx.canAct, dataset: { action: JSON.stringify(l.action) },
      }))));
}

export default {
  render(root, ctx) {
    root.append(h("div", { class: "generic-board" },
      actions(ctx),
      h("section", { class: "panel generic-view" },
        h("h2", {}, ctx.t("generic.view")),
        h("p", { class: "muted" }, ctx.t("generic.note")),
        tree(ctx.view))));
  },

  mergeViews(views) {
    return { views };
  },
};
