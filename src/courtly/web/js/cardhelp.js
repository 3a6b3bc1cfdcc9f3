// Card help, shared by the renderers (Fief, Courtisans de Versailles): a short
// text about a card in a popover (#card-help), shown while the pointer is over
// the card (hover) and, for phones that have no hover, on a tap of the card's
// small "?" button; a second tap, Escape or a tap elsewhere closes it. The
// page is redrawn on every update: the popover follows a card redrawn with
// the same key and closes when its card is gone (afterRender, from table.js).

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

let pop = null; // the popover element, made once
let open = null; // {key, anchor, pinned} while it shows
// the key of a card clicked (chosen) under the pointer: its hover help waits until the
// pointer leaves it (a play-test's help stayed open over the board after each click)
let quiet = null;

function popover() {
  if (pop) return pop;
  pop = h("div", { id: "card-help", class: "card-help", role: "tooltip", hidden: true });
  document.body.appendChild(pop);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && open) hide();
  });
  document.addEventListener("click", (ev) => {
    if (open && open.pinned && !pop.contains(ev.target) && !open.anchor.contains(ev.target)) hide();
  });
  // a hover help whose card was redrawn under the pointer gets no mouseleave: any move off it hides it
  document.addEventListener("mouseover", (ev) => {
    if (open && !open.pinned && !open.anchor.contains(ev.target)) hide();
  });
  window.addEventListener("resize", () => open && place());
  window.addEventListener("langchange", () => hide()); // its text is in the old language
  return pop;
}

function place() {
  const r = open.anchor.getBoundingClientRect();
  const width = Math.min(352, window.innerWidth - 16);
  pop.style.setProperty("max-width", `${width}px`);
  const w = Math.min(width, pop.offsetWidth || width);
  let left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
  let top = r.bottom + 4;
  if (open.anchor.dataset.helpPlace === "above") {
    // what is drawn under the card stays in sight (Versailles: why a chosen card cannot be
    // played): above it where the window has room under its sticky bars (table.js measures
    // them), else beside it, else below as the others
    const height = pop.offsetHeight;
    const bars = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--sticky-h")) || 0;
    if (r.top - height - 4 >= bars) top = r.top - height - 4;
    else if (r.right + 4 + w <= window.innerWidth - 8) [left, top] = [r.right + 4, r.top];
    else if (r.left - 4 - w >= 8) [left, top] = [r.left - 4 - w, r.top];
  }
  pop.style.setProperty("left", `${left + window.scrollX}px`);
  pop.style.setProperty("top", `${top + window.scrollY}px`);
}

/** The tap target: the card's "?" button, or the card itself (a name in the log). */
function buttonOf(anchor) {
  return anchor.dataset.helpTap === "self" ? anchor : anchor.querySelector(":scope > .card-help-button");
}

function show(anchor, help, pinned) {
  const box = popover();
  if (open && open.anchor !== anchor) hide();
  fill(box, h("strong", { class: "card-help-title" }, help.title),
    h("span", { class: "card-help-text" }, help.text),
    help.source ? h("span", { class: "card-help-source" }, t("help.source", { source: help.source })) : null);
  box.dataset.key = anchor.dataset.helpKey;
  // a hover help is only read: the pointer passes through it, so it never takes a
  // click meant for what lies under it, nor the hover that would hide and show it again
  box.classList.toggle("card-help-hover", !pinned);
  box.hidden = false;
  open = { key: anchor.dataset.helpKey, anchor, pinned, help };
  const b = buttonOf(anchor);
  if (b) b.setAttribute("aria-expanded", "true");
  place();
  if (pinned) box.scrollIntoView({ block: "nearest" }); // a phone: the text below the card comes into sight
}

/** Close the card help, if it shows. */
export function hide() {
  if (!open) return;
  const b = buttonOf(open.anchor);
  if (b) b.setAttribute("aria-expanded", "false");
  open = null;
  if (pop) pop.hidden = true;
}

/**
 * Give `el` (a card: a hand tile, a chip in a line) its help: `help` is
 * {title, text, source?} (source: the rulebook section), `key` names the card
 * across redraws (unique on the page). Appends a "?" button (the tap target)
 * and returns `el`. With `{tap: "self"}` the element itself is the tap target
 * and nothing is added to its text (a card's name in the log). With
 * `{place: "above"}` the help keeps off what lies below the card (above it, or
 * beside it where the window has no room above).
 */
export function withHelp(el, help, key, { tap = "button", place: where = "below" } = {}) {
  if (!help || !help.text) return el;
  el.classList.add("has-help");
  el.dataset.helpKey = key;
  if (where === "above") el.dataset.helpPlace = "above";
  const toggle = (ev) => {
    ev.stopPropagation(); // the card's own click (choose it) is not a help tap
    ev.preventDefault();
    if (open && open.anchor === el && open.pinned) hide();
    else show(el, help, true);
  };
  let b;
  if (tap === "self") {
    b = el;
    el.dataset.helpTap = "self";
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    el.setAttribute("aria-expanded", "false");
    el.setAttribute("aria-controls", "card-help");
    el.addEventListener("click", toggle);
    el.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") toggle(ev);
    });
  } else {
    b = h("button", {
      type: "button", class: "card-help-button", "aria-expanded": "false", "aria-controls": "card-help",
      "aria-label": t("help.about", { card: help.title }), title: t("help.about", { card: help.title }),
    }, "?");
    b.addEventListener("click", toggle);
    b.addEventListener("keydown", (ev) => { // Enter on "?" is not Enter on the card
      if (ev.key === "Enter" || ev.key === " ") ev.stopPropagation();
    });
    el.append(b);
    el.addEventListener("click", () => { // the card chosen ("?" stops its own click)
      quiet = key;
      if (open && !open.pinned) hide();
    });
  }
  el.addEventListener("mouseenter", () => {
    if (quiet !== key && (!open || !open.pinned)) show(el, help, false);
  });
  el.addEventListener("mouseleave", () => {
    if (quiet === key) quiet = null;
    if (open && open.anchor === el && !open.pinned) hide();
  });
  if (open && open.key === key && !open.anchor.isConnected) {
    open.anchor = el; // the same card, redrawn
    b.setAttribute("aria-expanded", "true");
  }
  return el;
}

/** After the board is redrawn: the help follows its card, or closes if the card is gone. */
export function afterRender() {
  if (!open) return;
  if (!open.anchor.isConnected) {
    const again = document.querySelector(`[data-help-key="${CSS.escape(open.key)}"]`);
    if (!again) return hide();
    open.anchor = again;
    const b = buttonOf(again);
    if (b) b.setAttribute("aria-expanded", "true");
  }
  place();
}
