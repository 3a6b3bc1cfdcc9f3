// Small inline SVG pictures (no image files, no fonts needed): the families'
// emblems, the roles, and a few table symbols. Drawn in currentColor.

import { s } from "./dom.js";

const F = { fill: "currentColor" };
const L = { fill: "none", stroke: "currentColor", "stroke-width": "1.8", "stroke-linecap": "round", "stroke-linejoin": "round" };

const ICONS = {
  // ----- Courtisans' families
  butterflies: [
    ["path", { ...F, d: "M12 11.5C9 5 3.5 3.5 2.8 7.5 2.2 11 6.5 13 12 12.5ZM12 11.5C15 5 20.5 3.5 21.2 7.5 21.8 11 17.5 13 12 12.5ZM12 13C9 14 5.5 15.5 6.5 19 7.8 21.5 10.8 18 12 13ZM12 13C15 14 18.5 15.5 17.5 19 16.2 21.5 13.2 18 12 13Z" }],
    ["path", { ...L, d: "M12 7v13M12 7l-2-3M12 7l2-3", "stroke-width": "1.4" }],
  ],
  toads: [
    ["path", { ...F, d: "M3 16.5C3 11 7 9.5 12 9.5S21 11 21 16.5C21 19.5 17 20.5 12 20.5S3 19.5 3 16.5Z" }],
    ["circle", { ...F, cx: "7.5", cy: "9", r: "3" }],
    ["circle", { ...F, cx: "16.5", cy: "9", r: "3" }],
    ["circle", { cx: "7.5", cy: "8.6", r: "1.2", fill: "#fff" }],
    ["circle", { cx: "16.5", cy: "8.6", r: "1.2", fill: "#fff" }],
    ["path", { d: "M8 15.5q4 2.2 8 0", fill: "none", stroke: "#fff", "stroke-width": "1.2", "stroke-linecap": "round" }],
  ],
  stags: [
    ["path", { ...L, d: "M9.5 12C7 10.5 6 8 6 4M6 8.2 3 6.5M6.6 10.4 3.4 10.6M14.5 12C17 10.5 18 8 18 4M18 8.2 21 6.5M17.4 10.4 20.6 10.6" }],
    ["path", { ...F, d: "M8.5 12.5C8.5 11 15.5 11 15.5 12.5L13.6 20C13.2 21.4 10.8 21.4 10.4 20Z" }],
  ],
  carps: [
    ["path", { ...F, d: "M2.5 12C6 6.5 13 5.5 18 12 13 18.5 6 17.5 2.5 12ZM17.5 12 22 7.5V16.5Z" }],
    ["circle", { cx: "7", cy: "11", r: "1.2", fill: "#fff" }],
    ["path", { d: "M11 8.5q2 3.5 0 7", fill: "none", stroke: "#fff", "stroke-width": "1.1" }],
  ],
  nightingales: [
    ["path", { ...F, d: "M3.5 15.5C5 11 9 9.5 12.5 10.5 13 7.5 15 6 17 6.2 18.6 6.4 19.5 7.5 19.8 8.6L22.5 9.5 19.8 10.5C19.5 14.5 16 18 10 18.2L6.5 21 7 17.6C5.3 17.3 4 16.6 3.5 15.5Z" }],
    ["circle", { cx: "17", cy: "8.6", r: "1", fill: "#fff" }],
    ["path", { d: "M8.5 14.5q3 1.5 6-1", fill: "none", stroke: "#fff", "stroke-width": "1.1", "stroke-linecap": "round" }],
  ],
  hares: [
    ["ellipse", { ...F, cx: "9", cy: "7", rx: "1.9", ry: "5.5", transform: "rotate(-12 9 7)" }],
    ["ellipse", { ...F, cx: "15", cy: "7", rx: "1.9", ry: "5.5", transform: "rotate(12 15 7)" }],
    ["ellipse", { ...F, cx: "12", cy: "15.5", rx: "5.6", ry: "5" }],
    ["circle", { cx: "9.8", cy: "14.5", r: "1", fill: "#fff" }],
    ["circle", { cx: "14.2", cy: "14.5", r: "1", fill: "#fff" }],
  ],
  // ----- Courtisans' roles
  noble: [["path", { ...F, d: "M3 18.5 4.6 8l4.6 4.4L12 5l2.8 7.4L19.4 8 21 18.5ZM3.5 20h17v1.6h-17Z" }]],
  guard: [["path", { ...F, d: "M12 2.5 20 5.6C20 13 17 18.2 12 21.5 7 18.2 4 13 4 5.6Z" }],
    ["path", { d: "M12 6v11M7.5 10h9", stroke: "#fff", "stroke-width": "1.6", fill: "none" }]],
  assassin: [["path", { ...F, d: "M12 1.8 14 12.5 12 14 10 12.5ZM6.5 13.2h11v2h-11ZM11 15.2h2V20h-2ZM12 20.2a1.6 1.6 0 1 1 0 .1Z" }]],
  spy: [["path", { ...F, d: "M1.8 12C6 5.5 18 5.5 22.2 12 18 18.5 6 18.5 1.8 12Z" }],
    ["circle", { cx: "12", cy: "12", r: "3.6", fill: "#fff" }], ["circle", { ...F, cx: "12", cy: "12", r: "1.8" }]],
  courtier: [["path", { ...F, d: "M12 20.5 3.2 10.2C6.5 5.6 17.5 5.6 20.8 10.2Z" }],
    ["path", { d: "M12 20 8 8.5M12 20V7.4M12 20l4-11.5", stroke: "#fff", "stroke-width": "1", fill: "none" }]],
  diplomat: [["path", { ...F, d: "M3 6.5h18v12H3Z" }], ["path", { d: "M3.5 7l8.5 6.5L20.5 7", stroke: "#fff", "stroke-width": "1.5", fill: "none" }],
    ["circle", { cx: "12", cy: "14", r: "2.2", fill: "#b3262e" }]],
  confidant: [["path", { ...F, d: "M3 4.5h14v9H9l-4 4v-4H3Z" }], ["path", { ...F, d: "M19 8.5h2.5v9h-2v3.5l-3.5-3.5H10v-2.5h9Z", opacity: ".6" }]],
  // ----- table symbols
  crown: [["path", { ...F, d: "M2.5 18 4.2 7.5l4.7 4.2L12 4.5l3.1 7.2 4.7-4.2L21.5 18ZM3 19.5h18v2H3Z" }]],
  queen: [["path", { ...F, d: "M12 2.5a2 2 0 1 1 0 .1ZM6 9l2.5 3L12 6.5 15.5 12 18 9l-1.5 7h-9ZM7.5 17h9l1.5 4.5H6Z" }]],
  back: [["path", { ...L, d: "M6 6l12 12M18 6 6 18", "stroke-width": "1" }], ["circle", { ...L, cx: "12", cy: "12", r: "5", "stroke-width": "1.2" }]],
  star: [["path", { ...F, d: "M12 2.5l2.9 6.2 6.6.7-5 4.5 1.4 6.6L12 17.2l-5.9 3.3 1.4-6.6-5-4.5 6.6-.7Z" }]],
  up: [["path", { ...F, d: "M12 4 20 14h-5v6H9v-6H4Z" }]],
  down: [["path", { ...F, d: "M12 20 4 10h5V4h6v6h5Z" }]],
  even: [["path", { ...F, d: "M4 8h16v3H4ZM4 13h16v3H4Z" }]],
  bars: [["path", { ...L, d: "M4 4h16v16H4ZM8 4v16M12 4v16M16 4v16" }]],
  wc: [["path", { ...F, d: "M6 3h5v9H6ZM4 12.5h13c0 4-3 6.5-6.5 6.5V21h-3v-2.6C5.5 17.5 4 15.5 4 12.5Z" }]],
  box: [["path", { ...F, d: "M3 8.5 12 4l9 4.5v10L12 23l-9-4.5Z", opacity: ".85" }], ["path", { d: "M3 8.5 12 13l9-4.5M12 13v10", stroke: "#fff", "stroke-width": "1.2", fill: "none" }]],
  yes: [["path", { ...F, d: "M2.5 18 4.2 7.5l4.7 4.2L12 4.5l3.1 7.2 4.7-4.2L21.5 18ZM3 19.5h18v2H3Z" }]],
  no: [["circle", { ...L, cx: "12", cy: "12", r: "8.5", "stroke-width": "2.4" }], ["path", { ...L, d: "M6 18 18 6", "stroke-width": "2.4" }]],
  stomach_ache: [["circle", { ...F, cx: "12", cy: "5", r: "2.8" }], ["path", { ...F, d: "M7.5 9.5h9l-1 7h-1.5L13 21.5h-2L10 16.5H8.5Z" }],
    ["path", { d: "M9.8 12.5q2.2 1.8 4.4 0", stroke: "#fff", "stroke-width": "1.2", fill: "none" }]],
  jester: [["path", { ...F, d: "M12 9C10 5 6 3 3 4.5 5.5 5.5 7 7.5 8 10ZM12 9C14 5 18 3 21 4.5 18.5 5.5 17 7.5 16 10ZM12 8.5C11 5 12 2.5 12 2.5S13 5 12 8.5Z" }],
    ["circle", { ...F, cx: "12", cy: "14.5", r: "5" }], ["circle", { cx: "3", cy: "4.5", r: "1.3", fill: "#f3c34a" }], ["circle", { cx: "21", cy: "4.5", r: "1.3", fill: "#f3c34a" }]],
  chat: [["path", { ...F, d: "M3 4.5h18v12H9.5L5 21v-4.5H3Z" }]],
  scroll: [["path", { ...F, d: "M5 3h11a3 3 0 0 1 3 3v13a2 2 0 0 1-2 2H7a3 3 0 0 1-3-3V6h3" }]],
};

/** An icon as an inline <svg>; name unknown: an empty square. */
export function icon(name, cls = "icon", title) {
  const parts = ICONS[name] || [["rect", { ...L, x: "4", y: "4", width: "16", height: "16" }]];
  const el = s("svg", { viewBox: "0 0 24 24", class: cls, "aria-hidden": title ? null : "true", focusable: "false" });
  if (title) {
    el.setAttribute("role", "img");
    el.appendChild(s("title", {}, title));
  }
  for (const [tag, attrs] of parts) el.appendChild(s(tag, attrs));
  return el;
}

export function hasIcon(name) {
  return name in ICONS;
}
