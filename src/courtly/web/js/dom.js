// Building DOM safely: every string becomes a text node (textContent), never
// HTML. No innerHTML anywhere in the client; user text (names, chat) is only
// ever inserted through these helpers or .textContent.

const SVG_NS = "http://www.w3.org/2000/svg";

function append(el, child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child) append(el, c);
  } else if (child instanceof Node) {
    el.appendChild(child);
  } else {
    el.appendChild(document.createTextNode(String(child)));
  }
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") {
      el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    } else if (key === "style" && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) el.style.setProperty(k, String(v));
    } else if (key === "style") {
      el.style.cssText = String(value); // the CSSOM: allowed by the server's style-src 'self'
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

/** h("div", {class: "x", onclick: f}, "text", child, [more]) -> an element. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element (namespaced); attributes as for h(). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Remove every child of el, then append the given children. */
export function fill(el, ...children) {
  while (el.firstChild) el.removeChild(el.firstChild);
  append(el, children);
  return el;
}

/** A <button type=button>; onClick is called with the event. */
export function button(label, onClick, attrs = {}) {
  return h("button", { type: "button", ...attrs, onclick: onClick }, label);
}

/**
 * Make a non-button element behave as a button: focusable, Enter/Space
 * activate it, announced as a button.
 */
export function clickable(el, onActivate, label) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  if (label) el.setAttribute("aria-label", label);
  el.addEventListener("click", (ev) => {
    ev.stopPropagation();
    onActivate(ev);
  });
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ev.stopPropagation();
      onActivate(ev);
    }
  });
  return el;
}

/** A short-lived message at the bottom of the screen. */
export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", "aria-live": "polite" });
    document.body.appendChild(box);
  }
  const item = h("div", { class: ["toast", `toast-${kind}`], role: kind === "error" ? "alert" : "status" }, text);
  box.appendChild(item);
  setTimeout(() => item.classList.add("toast-out"), 4500);
  setTimeout(() => item.remove(), 5000);
}

const INK = "#231a2e"; // css --ink

/** Relative luminance of a "#rrggbb" colour (WCAG 2). */
function luminance(hex) {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** The contrast ratio of two "#rrggbb" colours (WCAG 2: 1 to 21). */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The text colour that reads best on a "#rrggbb" background: white or the page's ink. */
export function textOn(background) {
  return contrast(background, "#ffffff") >= contrast(background, INK) ? "#ffffff" : INK;
}

/** A seat badge's (.avatar) style in a renderer's colour for the seat, or null for the table's own. */
function badgeStyle(colour) {
  return colour ? { background: colour, color: textOn(colour) } : null;
}

/** A seat's badge: its number (from 1) in the table's colour for the seat
 *  (css .avatar-n), or in `colour` where a renderer gives one (Fief: the
 *  map's). Hidden from screen readers, which read the name beside it;
 *  `attrs` add a class or replace an attribute (`"aria-hidden": null` and an
 *  `aria-label` or `title` where the badge stands alone). */
export function seatBadge(seat, colour = null, attrs = {}) {
  const { class: cls, ...rest } = attrs;
  return h("span", { class: ["avatar", ...[].concat(cls || []), `avatar-${seat % 8}`], "aria-hidden": "true",
    style: badgeStyle(colour), ...rest }, String(seat + 1));
}

/** Deep equality for small JSON values (actions). */
export function sameJSON(a, b) {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const out = {};
    for (const k of Object.keys(value).sort()) out[k] = sortKeys(value[k]);
    return out;
  }
  return value;
}
