// The "How to play" panel: a closed <details> at the top of the table page's
// side column with a short summary of the game's rules, in the page's
// language. The texts are data, one module per game (games/<game>_howto.js,
// found through games/index.js); this module only draws them.

import { fill, h } from "./dom.js";
import { frenchSpaces, lang, t } from "./i18n.js";

/** French typography: no line break inside "2 000" nor before ";", ":", "?", "!", "»"
 * or after "«" (a full no-break space there), so a narrow column never starts a line with ";". */
function frenchTypo(text) {
  return frenchSpaces(text, "\u00a0");
}

/**
 * The panel for a game's summary, or null when the game has none.
 * Each language is a list of sections: a heading, paragraphs, and optionally
 * a numbered list (a turn's phases).
 * @param {{en: Array<{h: string, p: string[], ol?: string[]}>,
 *          fr: Array<{h: string, p: string[], ol?: string[]}>} | null} howto
 * @returns {HTMLDetailsElement | null}
 */
export function howtoPanel(howto) {
  if (!howto) return null;
  const summary = h("summary", { id: "howto-summary" });
  const body = h("div", { class: "howto-body", id: "howto-body" });
  const panel = h("details", { class: "panel panel-howto", id: "howto-panel" }, summary, body);
  const draw = () => {
    summary.textContent = t("howto.title");
    const fr = lang() === "fr" && howto.fr;
    const sections = fr ? howto.fr : howto.en;
    const typo = fr ? frenchTypo : (text) => text;
    fill(body,
      sections.map((section) => h("section", { class: "howto-section" },
        h("h3", null, typo(section.h)),
        section.p.map((text) => h("p", null, typo(text))),
        section.ol ? h("ol", null, section.ol.map((text) => h("li", null, typo(text)))) : null)));
  };
  draw();
  // the open or closed state is the reader's: a change of language redraws the text only
  window.addEventListener("langchange", draw);
  return panel;
}

/** Put the panel first in the side column (once). */
export function mountHowto(howto) {
  const side = document.querySelector("aside.side");
  if (!side || document.getElementById("howto-panel")) return;
  const panel = howtoPanel(howto);
  if (panel) side.insertBefore(panel, side.firstChild);
}
