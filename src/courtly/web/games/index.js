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

// "How to play": each game's rules summary in English and French (data only,
// drawn by js/howto.js). A game without an entry shows no panel.
const HOWTO = {
  courtisans: () => import("./courtisans_howto.js"),
  vive_le_roi: () => import("./vive_le_roi_howto.js"),
  fief: () => import("./fief_howto.js"),
  versailles: () => import("./versailles_howto.js"),
};

/** The game's summary {en: [{h, p}], fr: [...]}, or null. */
export async function howtoFor(game) {
  const load = HOWTO[game];
  if (!load) return null;
  try {
    return (await load()).default;
  } catch (err) {
    console.error(`the rules summary of ${game} failed to load`, err);
    return null;
  }
}
