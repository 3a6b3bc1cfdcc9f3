// Which renderer draws which game. A game without an entry here gets the
// generic renderer (its view as a readable tree, its legal actions as
// buttons). To add a game's picture: write games/<name>.js (see generic.js
// and docs/web.md for the interface) and add one line below.

import generic from "./generic.js";

const RENDERERS = {
  courtisans: () => import("./courtisans.js"),
  vive_le_roi: () => import("./vive_le_roi.js"),
  fief: () => import("./fief.js"),
  versailles: () => import("./versailles.js"),
};

export const genericRenderer = generic;

export async function rendererFor(game) {
  const load = RENDERERS[game];
  if (!load) return generic;
  try {
    const module = await load();
    return module.default;
  } catch (err) {
    console.error(`renderer for ${game} failed to load; using the generic one`, err);
    return generic;
  }
}
