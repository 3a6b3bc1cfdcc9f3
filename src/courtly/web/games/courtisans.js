// Courtisans in the browser: the Queen's table as six family columns (and the
// Queen's own column of face-down Spies) with cards above and below, every
// domain, your hand and your Missions. The legal actions decide what is
// clickable: a hand card, then the highlighted places it may go; an
// Assassin's or a Diplomat's targets, or "decline".
//
// The cards and their texts (families, roles, Missions, in English and French)
// come from the game's data, fetched once (GET /api/games/courtisans); the
// facts of the rules (each family's standing at the Queen's table, the power
// being decided) come from the view. Nothing here recomputes a rule.

import { api } from "../js/api.js";
import { button, clickable, h, seatBadge } from "../js/dom.js";
import { icon } from "../js/icons.js";
import { pointing, score } from "../js/i18n.js";

const DATA = (await api.game("courtisans")).data;
const FAMILIES = DATA.families.map((f) => f.id);
const ROLES = DATA.roles.map((r) => r.id);
const FAMILY = Object.fromEntries(DATA.families.map((f) => [f.id, f]));
const ROLE = Object.fromEntries(DATA.roles.map((r) => [r.id, r]));
const MISSIONS = Object.fromEntries(DATA.missions.map((m) => [m.id, m]));

const strings = {
  en: {
    "ct.card": "{role} of {family}",
    "ct.queen_table": "The Queen's table",
    "ct.queen_table_fr": "la table de la Reine",
    "ct.queen": "The Queen",
    "ct.above": "Above", "ct.below": "Below",
    "ct.above_long": "above: toward esteem", "ct.below_long": "below: toward disgrace",
    "ct.esteemed": "esteemed", "ct.disgraced": "disgraced", "ct.neutral": "neutral",
    "ct.standing": "{family}: {up} above, {down} below ({status})",
    "ct.standing_now": "now",
    "ct.facedown": "Face-down Spy",
    "ct.spy_short": "Spy",
    "ct.yours": "yours: {family}",
    "ct.spies_here": "face-down Spies",
    "ct.deck": (p) => `Deck: ${p.n} card${p.n === 1 ? "" : "s"}`,
    "ct.removed": "{n} removed unseen",
    "ct.hand": "Your hand",
    "ct.hand_of": "Hand of {who}",
    "ct.hand_size": (p) => `${p.n} card${p.n === 1 ? "" : "s"} in hand`,
    "ct.empty_hand": "No card in hand.",
    "ct.domains": "The domains",
    "ct.domain_of": "Domain of {who}",
    "ct.your_domain": "Your domain",
    "ct.empty_domain": "No card yet.",
    "ct.missions": "Your secret Missions",
    "ct.missions_of": "Missions of {who}",
    "ct.mission.white": "white Mission", "ct.mission.blue": "blue Mission",
    "ct.team": "team {n}",
    "ct.place_here": "Place here",
    "ct.to_above": "Above the Queen", "ct.to_below": "Below the Queen",
    "ct.to_own": "Your domain", "ct.to_other": "Domain of {who}",
    "ct.cancel": "Cancel",
    "ct.choose_place": "Where does your {card} go?",
    "ct.area.queen": "the Queen's table", "ct.area.own": "your domain", "ct.area.other": "an opponent's domain",
    "ct.turn": "This turn",
    "ct.banner.play": "Your turn: play a card to {areas}",
    "ct.banner.play_confidant": "Your turn: your Confidant lets you play another card in the same area, or to {areas}",
    "ct.banner.selected": "Now choose where your {card} goes (highlighted)",
    "ct.banner.eliminate": "Your Assassin may eliminate another card of that area: click a highlighted card, or decline",
    "ct.banner.eliminate_touch": "Your Assassin may eliminate another card of that area: tap a highlighted card, or decline",
    "ct.banner.take": "Your Diplomat may take another card of that area into your domain: click a highlighted card, or decline",
    "ct.banner.take_touch": "Your Diplomat may take another card of that area into your domain: tap a highlighted card, or decline",
    "ct.banner.wait_play": "Waiting for {who}, who plays a card",
    "ct.banner.wait_power": "Waiting for {who}, who decides on their card's power",
    "ct.banner.over": "Game over — {winners}",
    "ct.power.eliminate": "Eliminate", "ct.power.take": "Take",
    "ct.decline": "Decline the power",
    "ct.target.spy": "face-down Spy #{n}",
    "ct.where.above": "above the Queen", "ct.where.below": "below the Queen",
    "ct.where.domain": "in the domain of {who}", "ct.where.own": "in their own domain",
    "ct.where.yours": "in your domain",
    "ct.log.play": "{who} places {card} {where}",
    "ct.log.spy": "a Spy face down",
    "ct.log.draw_you": "{who} draws {cards}",
    "ct.log.draw": "{who} draws {n} cards",
    "ct.log.eliminate": "The Assassin of {who} eliminates {card}{where}",
    "ct.log.take": "The Diplomat of {who} takes {card}{where} into their domain",
    "ct.log.decline": "{who} declines the card's power",
    "ct.log.reveal": "The deck is empty and every hand played: the Spies are revealed!",
    "ct.log.over": "Game over: {winners}",
    "ct.log.from": " from the domain of {who}",
    "ct.a_card": "a {card}",
    "ct.act.play": "places {card} {where}",
    "ct.act.eliminate": "eliminates {card}",
    "ct.act.take": "takes {card} into their domain",
    "ct.act.decline": "declines the card's power",
    "ct.final.esteemed": "Esteemed cards", "ct.final.disgraced": "Disgraced cards",
    "ct.final.missions": "Missions", "ct.final.total": "Total",
    "ct.final.team_note": "Team mode: each team keeps the lower score of its two players (a player's own total in brackets).",
    "ct.final.own": "this player's own total",
    "ct.final.statuses": "At the end of the game",
    "ct.fulfilled": "fulfilled", "ct.failed": "failed",
  },
  fr: {
    "ct.card": "{role} des {family}",
    "ct.queen_table": "La table de la Reine",
    "ct.queen_table_fr": "",
    "ct.queen": "La Reine",
    "ct.above": "Au-dessus", "ct.below": "En dessous",
    "ct.above_long": "au-dessus : vers l'estime", "ct.below_long": "en dessous : vers la disgrâce",
    "ct.esteemed": "estimée", "ct.disgraced": "en disgrâce", "ct.neutral": "neutre",
    "ct.standing": "{family} : {up} au-dessus, {down} en dessous ({status})",
    "ct.standing_now": "pour l'instant",
    "ct.facedown": "Espion face cachée",
    "ct.spy_short": "Espion",
    "ct.yours": (p) => `${p.n > 1 ? "les vôtres" : "le vôtre"} : ${p.family}`,
    "ct.spies_here": "Espions face cachée",
    "ct.deck": (p) => `Pioche : ${p.n} carte${p.n > 1 ? "s" : ""}`,
    "ct.removed": "{n} retirées sans être vues",
    "ct.hand": "Votre main",
    "ct.hand_of": "Main de {who}",
    "ct.hand_size": (p) => `${p.n} carte${p.n > 1 ? "s" : ""} en main`,
    "ct.empty_hand": "Aucune carte en main.",
    "ct.domains": "Les domaines",
    "ct.domain_of": "Domaine de {who}",
    "ct.your_domain": "Votre domaine",
    "ct.empty_domain": "Aucune carte.",
    "ct.missions": "Vos Missions secrètes",
    "ct.missions_of": "Missions de {who}",
    "ct.mission.white": "Mission blanche", "ct.mission.blue": "Mission bleue",
    "ct.team": "équipe {n}",
    "ct.place_here": "Poser ici",
    "ct.to_above": "Au-dessus de la Reine", "ct.to_below": "Sous la Reine",
    "ct.to_own": "Votre domaine", "ct.to_other": "Domaine de {who}",
    "ct.cancel": "Annuler",
    "ct.choose_place": "Où va votre {card} ?",
    "ct.area.queen": "la table de la Reine", "ct.area.own": "votre domaine", "ct.area.other": "le domaine d'un adversaire",
    "ct.turn": "Ce tour",
    "ct.banner.play": "À vous : jouez une carte vers {areas}",
    "ct.banner.play_confidant": "À vous : votre Confident vous permet de rejouer une carte dans la même zone, ou vers {areas}",
    "ct.banner.selected": "Choisissez où va votre {card} (en surbrillance)",
    "ct.banner.eliminate": "Votre Assassin peut éliminer une autre carte de cette zone : cliquez une carte en surbrillance, ou renoncez",
    "ct.banner.eliminate_touch": "Votre Assassin peut éliminer une autre carte de cette zone : touchez une carte en surbrillance, ou renoncez",
    "ct.banner.take": "Votre Diplomate peut prendre une autre carte de cette zone dans votre domaine : cliquez une carte en surbrillance, ou renoncez",
    "ct.banner.take_touch": "Votre Diplomate peut prendre une autre carte de cette zone dans votre domaine : touchez une carte en surbrillance, ou renoncez",
    "ct.banner.wait_play": "On attend {who}, qui joue une carte",
    "ct.banner.wait_power": "On attend {who}, qui décide du pouvoir de sa carte",
    "ct.banner.over": "Partie terminée — {winners}",
    "ct.power.eliminate": "Éliminer", "ct.power.take": "Prendre",
    "ct.decline": "Renoncer au pouvoir",
    "ct.target.spy": "Espion face cachée n° {n}",
    "ct.where.above": "au-dessus de la Reine", "ct.where.below": "sous la Reine",
    "ct.where.domain": "dans le domaine de {who}", "ct.where.own": "dans son propre domaine",
    "ct.where.yours": "dans votre domaine",
    "ct.log.play": "{who} pose {card} {where}",
    "ct.log.spy": "un Espion face cachée",
    "ct.log.draw_you": "{who} pioche {cards}",
    "ct.log.draw": "{who} pioche {n} cartes",
    "ct.log.eliminate": "L'Assassin de {who} élimine {card}{where}",
    "ct.log.take": "Le Diplomate de {who} prend {card}{where} dans son domaine",
    "ct.log.decline": "{who} renonce au pouvoir de sa carte",
    "ct.log.reveal": "La pioche est vide et toutes les mains jouées : les Espions sont révélés !",
    "ct.log.over": "Fin de la partie : {winners}",
    "ct.log.from": " du domaine de {who}",
    "ct.a_card": "un {card}",
    "ct.act.play": "pose {card} {where}",
    "ct.act.eliminate": "élimine {card}",
    "ct.act.take": "prend {card} dans son domaine",
    "ct.act.decline": "renonce au pouvoir de sa carte",
    "ct.final.esteemed": "Cartes estimées", "ct.final.disgraced": "Cartes en disgrâce",
    "ct.final.missions": "Missions", "ct.final.total": "Total",
    "ct.final.team_note": "Mode équipe : chaque équipe garde le plus faible score de ses deux joueurs (le total propre d'un joueur entre parenthèses).",
    "ct.final.own": "le total propre de ce joueur",
    "ct.final.statuses": "À la fin de la partie",
    "ct.fulfilled": "réussie", "ct.failed": "échouée",
  },
};

// ----- words ---------------------------------------------------------------------

/** A text of the game's data ({en, fr}) in the page's language. */
function tr(ctx, texts) {
  return (texts && (texts[ctx.lang] ?? texts.en)) || "";
}

function famName(ctx, f) {
  return FAMILY[f] ? tr(ctx, FAMILY[f].name) : String(f);
}

function roleName(ctx, r) {
  return ROLE[r] ? tr(ctx, ROLE[r].name) : String(r);
}

function roleHint(ctx, r) {
  return ROLE[r] ? tr(ctx, ROLE[r].power) : "";
}

function roleWeight(r) {
  return ROLE[r] ? ROLE[r].weight : 1;
}

function cardName(ctx, family, role) {
  return ctx.t("ct.card", { role: roleName(ctx, role), family: famName(ctx, family) });
}

function missionText(ctx, m) {
  return MISSIONS[m.id] ? tr(ctx, MISSIONS[m.id].text) : m.text;
}

function where(ctx, area, side, owner, actor) {
  if (area === "queen") return ctx.t(side === "above" ? "ct.where.above" : "ct.where.below");
  if (owner === actor) return ctx.t("ct.where.own");
  // the reader's own domain, as the page says "your hand" (a seat's page, or its replay)
  if (owner === ctx.seat && ctx.seat !== null && ctx.seat !== undefined) return ctx.t("ct.where.yours");
  return ctx.t("ct.where.domain", { who: ctx.name(owner) });
}

function targetName(ctx, a) {
  const base = a.spy !== null && a.spy !== undefined
    ? ctx.t("ct.target.spy", { n: a.spy + 1 }) : cardName(ctx, a.family, a.role);
  return a.side ? `${base} ${ctx.t(a.side === "above" ? "ct.where.above" : "ct.where.below")}` : base;
}

function winnersText(ctx, winners) {
  return ctx.t("final.winner", { who: ctx.joinNames(winners.map(ctx.name)), n: winners.length });
}

// ----- small pieces ------------------------------------------------------------------

function tile(ctx, family, role, extra = {}) {
  const name = cardName(ctx, family, role);
  const weight = roleWeight(role);
  const title = weight > 1 ? `${name} (${roleHint(ctx, role)})` : name;
  return h("span", {
    class: ["tile", `fam-${family}`, `role-${role}`, extra.cls],
    title, "aria-label": title, dataset: { family, role, hint: title },
  }, icon(role, "tile-icon"), h("span", { class: "tile-label", "aria-hidden": "true" }, roleName(ctx, role)),
  weight > 1 ? h("span", { class: "tile-weight", "aria-hidden": "true" }, String(weight)) : null);
}

/** Whose face-down Spies these are, in words: "yours: Toads, Stags" ("les vôtres" for more than one). */
function yoursText(ctx, families) {
  return ctx.t("ct.yours", { family: families.map((f) => famName(ctx, f)).join(", "), n: families.length });
}

function backTile(ctx, family, index) {
  const everything = ctx.replay && ctx.replay.all;
  const mine = family ? (everything ? famName(ctx, family) : yoursText(ctx, [family])) : null;
  const title = mine ? `${ctx.t("ct.facedown")} (${mine})` : ctx.t("ct.facedown");
  return h("span", {
    class: ["tile", "tile-back", family && `mine fam-${family}`], title, "aria-label": title,
    dataset: { spy: index, hint: title, ...(family ? { family } : {}) },
  }, family ? icon(family, "tile-icon") : h("span", { class: "tile-q", "aria-hidden": "true" }, "?"),
  h("span", { class: "tile-label", "aria-hidden": "true" }, family ? famName(ctx, family) : ctx.t("ct.spy_short")));
}

function tiles(ctx, cards, family) {
  const out = [];
  for (const role of ROLES) {
    for (let i = 0; i < ((cards || {})[role] || 0); i++) out.push(tile(ctx, family, role));
  }
  return out;
}

function emblem(family, cls = "emblem") {
  return h("span", { class: [cls, `fam-${family}`] }, icon(family, "emblem-icon"));
}

function makeTarget(el, label, onActivate) {
  el.classList.add("target");
  clickable(el, onActivate, label);
  return el;
}

// ----- what may be clicked ------------------------------------------------------

function plays(ctx) {
  return ctx.canAct ? ctx.legal.filter((l) => l.action.type === "play") : [];
}

function powerTargets(ctx) {
  return ctx.canAct ? ctx.legal.filter((l) => l.action.type === "eliminate" || l.action.type === "take") : [];
}

/** The area of the power being decided, as the view says ({area, owner, side}). */
function powerArea(ctx) {
  return ctx.view.pending || null;
}

function selectedPlays(ctx) {
  const sel = ctx.ui.selected;
  if (!sel) return [];
  return plays(ctx).filter((l) => l.action.family === sel.family && l.action.role === sel.role);
}

function placeLabel(ctx, a) {
  if (a.area === "queen") return ctx.t(a.side === "above" ? "ct.to_above" : "ct.to_below");
  if (a.owner === ctx.seat) return ctx.t("ct.to_own");
  return ctx.t("ct.to_other", { who: ctx.name(a.owner) });
}

function choose(ctx, action) {
  ctx.ui.selected = null;
  ctx.act(action);
}

// ----- the Queen's table ----------------------------------------------------------------

function queenTable(ctx) {
  const v = ctx.view;
  const final = v.final;
  const sel = selectedPlays(ctx);
  const targets = powerTargets(ctx);
  const pa = targets.length ? powerArea(ctx) : null;
  const queenTargets = targets.filter((l) => l.action.side);
  const grid = h("div", { class: "ct-queen-grid" });
  const order = [...FAMILIES.slice(0, 3), "queen", ...FAMILIES.slice(3)];
  const sideLabel = (side, row) => h("div", {
    class: ["ct-side-label", `ct-side-${side}`], style: { "grid-column": "1", "grid-row": String(row) },
  }, icon(side === "above" ? "up" : "down", "icon-sm"), h("span", { title: ctx.t(side === "above" ? "ct.above_long" : "ct.below_long") }, ctx.t(side === "above" ? "ct.above" : "ct.below")));
  grid.append(sideLabel("above", 1), h("div", { class: "ct-side-label ct-side-head", style: { "grid-column": "1", "grid-row": "2" } }), sideLabel("below", 3));

  order.forEach((col, i) => {
    const column = String(i + 2);
    const isQueen = col === "queen";
    for (const [row, side] of [[1, "above"], [3, "below"]]) {
      const zone = h("div", {
        class: ["ct-zone", `ct-zone-${side}`, isQueen ? "ct-zone-queen" : `fam-zone-${col}`],
        style: { "grid-column": column, "grid-row": String(row), "--i": String(i + 2) },
        dataset: { column: col, side },
      });
      const inner = h("div", { class: "ct-zone-cards" });
      if (isQueen) {
        const spies = v.queen_spies[side];
        spies.forEach((fam, k) => inner.append(backTile(ctx, fam, k)));
        const mine = spies.filter(Boolean);
        if (mine.length && !(ctx.replay && ctx.replay.all)) {
          zone.append(h("div", { class: "ct-yours" }, yoursText(ctx, mine)));
        }
      } else {
        inner.append(...tiles(ctx, v.queen[side][col], col));
      }
      zone.prepend(inner);
      // a selected hand card may go here
      const here = sel.find((l) => l.action.area === "queen" && l.action.side === side
        && (isQueen ? l.action.role === "spy" : l.action.role !== "spy" && l.action.family === col));
      if (here) {
        makeTarget(zone, placeLabel(ctx, here.action), () => choose(ctx, here.action));
        zone.append(h("span", { class: "ct-drop" }, placeLabel(ctx, here.action)));
      }
      // an Assassin's or Diplomat's targets at the Queen's table
      if (pa && pa.area === "queen") markTargets(ctx, inner, queenTargets.filter((l) => l.action.side === side), isQueen ? null : col);
      grid.append(zone);
    }
    grid.append(columnHead(ctx, col, column, final, i));
  });

  return h("section", { class: "ct-queen", "aria-labelledby": "ct-queen-title" },
    h("div", { class: "section-head" },
      h("h2", { id: "ct-queen-title" }, icon("queen", "icon"), ctx.t("ct.queen_table"),
        ctx.t("ct.queen_table_fr") ? h("small", { class: "fr" }, ctx.t("ct.queen_table_fr")) : null),
      h("span", { class: "ct-deck" }, ctx.t("ct.deck", { n: v.deck_size }), " · ", ctx.t("ct.removed", { n: v.removed }))),
    grid);
}

function columnHead(ctx, col, column, final, i) {
  const v = ctx.view;
  if (col === "queen") {
    return h("div", { class: "ct-colhead ct-colhead-queen", style: { "grid-column": column, "grid-row": "2", "--i": String(i + 2) } },
      h("span", { class: "emblem emblem-queen" }, icon("queen", "emblem-icon")),
      h("span", { class: "ct-colname" }, ctx.t("ct.queen")),
      h("span", { class: "ct-standing muted" }, ctx.t("ct.spies_here")));
  }
  const { above: up, below: down } = v.queen_weights[col];
  const status = v.statuses[col];
  const label = ctx.t("ct.standing", { family: famName(ctx, col), up, down, status: ctx.t(`ct.${status}`) });
  return h("div", {
    class: ["ct-colhead", `fam-${col}`, `st-${status}`, final && "st-final"],
    style: { "grid-column": column, "grid-row": "2", "--i": String(i + 2) }, title: label, "aria-label": label, dataset: { family: col, hint: label },
  },
  emblem(col),
  h("span", { class: "ct-colname" }, famName(ctx, col),
    ctx.lang !== "fr" ? h("small", { class: "fr" }, FAMILY[col].name.fr) : null),
  h("span", { class: "ct-standing" },
    h("span", { class: "ct-w ct-w-up" }, String(up)),
    icon(status === "esteemed" ? "up" : status === "disgraced" ? "down" : "even", "icon-sm ct-st-icon"),
    h("span", { class: "ct-w ct-w-down" }, String(down))),
  h("span", { class: "ct-status" }, ctx.t(`ct.${status}`)));
}

/** Make the tiles of inner that the power's targets name clickable. */
function markTargets(ctx, inner, targets, family) {
  for (const l of targets) {
    const a = l.action;
    const label = `${ctx.t(`ct.power.${a.type}`)}${ctx.t("colon")}${targetName(ctx, a)}`;
    let found;
    if (a.spy !== null && a.spy !== undefined) {
      found = [...inner.querySelectorAll(`.tile-back[data-spy="${a.spy}"]`)];
    } else {
      if (family && a.family !== family) continue;
      found = [...inner.querySelectorAll(`.tile[data-family="${a.family}"][data-role="${a.role}"]:not(.tile-back)`)];
    }
    for (const el of found) makeTarget(el, label, () => choose(ctx, a));
  }
}

// ----- the hand, the turn, the power --------------------------------------------------

function handCard(ctx, card, index, playable) {
  const sel = ctx.ui.selected;
  const selected = !!sel && sel.index === index;
  const name = cardName(ctx, card.family, card.role);
  const hint = roleHint(ctx, card.role);
  const attrs = {
    class: ["ct-card", `fam-${card.family}`, `role-${card.role}`, selected && "selected", playable && "playable"],
    "aria-pressed": playable ? String(selected) : null,
    "aria-label": hint ? `${name} (${hint})` : name,
    disabled: !playable,
    dataset: { family: card.family, role: card.role, index },
  };
  const body = [
    h("span", { class: "ct-card-top" }, icon(card.family, "ct-card-emblem"), h("span", { class: "ct-card-fam" }, famName(ctx, card.family))),
    h("span", { class: "ct-card-role" }, icon(card.role, "ct-card-role-icon"), h("span", {}, roleName(ctx, card.role))),
    hint ? h("span", { class: "ct-card-hint" }, hint) : h("span", { class: "ct-card-hint" }),
  ];
  return button(body, () => {
    ctx.ui.selected = selected ? null : { family: card.family, role: card.role, index };
    ctx.rerender();
    if (!selected) {
      const first = document.querySelector(".ct-choices button");
      if (first && window.matchMedia("(max-width: 700px)").matches) first.scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
  }, attrs);
}

function handSection(ctx) {
  const v = ctx.view;
  if (!Array.isArray(v.hand) || v.phase === "over") return null;
  const playable = new Set(plays(ctx).map((l) => `${l.action.family}|${l.action.role}`));
  const sel = selectedPlays(ctx);
  const cards = v.hand.map((c, i) => handCard(ctx, c, i, playable.has(`${c.family}|${c.role}`)));
  const used = new Set(v.turn.used || []);
  const progress = v.phase !== "over" && v.current === ctx.seat
    ? h("ul", { class: "ct-turn", "aria-label": ctx.t("ct.turn") },
      h("li", { class: "ct-turn-label" }, ctx.t("ct.turn")),
      ["queen", "own", "other"].map((a) => h("li", { class: used.has(a) ? "done" : "todo" },
        h("span", { class: "ct-check", "aria-hidden": "true" }, used.has(a) ? "✓" : "○"), ctx.t(`ct.area.${a}`))))
    : null;
  let choices = null;
  if (sel.length) {
    const s = ctx.ui.selected;
    choices = h("div", { class: "ct-choices", role: "group", "aria-label": ctx.t("ct.choose_place", { card: cardName(ctx, s.family, s.role) }) },
      h("span", { class: "ct-choices-label" }, ctx.t("ct.choose_place", { card: cardName(ctx, s.family, s.role) })),
      sel.map((l) => button(placeLabel(ctx, l.action), () => choose(ctx, l.action), {
        class: "choice", dataset: { area: l.action.area, side: l.action.side ?? "", owner: l.action.owner ?? "" },
      })),
      button(ctx.t("ct.cancel"), () => { ctx.ui.selected = null; ctx.rerender(); }, { class: "choice-cancel small" }));
  }
  return h("section", { class: ["ct-hand", ctx.canAct && plays(ctx).length && "ct-hand-active"], "aria-labelledby": "ct-hand-title" },
    h("div", { class: "section-head" }, h("h2", { id: "ct-hand-title" }, ctx.t("ct.hand")), progress),
    v.hand.length ? h("div", { class: "ct-cards" }, cards) : h("p", { class: "muted" }, ctx.t("ct.empty_hand")),
    choices);
}

function powerPanel(ctx) {
  const targets = powerTargets(ctx);
  const decline = ctx.canAct ? ctx.legal.find((l) => l.action.type === "decline") : null;
  if (!targets.length && !decline) return null;
  const kind = ctx.view.phase;
  return h("section", { class: "ct-power", "aria-label": pointing(ctx, `ct.banner.${kind}`) },
    h("p", { class: "ct-power-text" }, icon(kind === "take" ? "diplomat" : "assassin", "icon"), pointing(ctx, `ct.banner.${kind}`)),
    h("div", { class: "action-buttons" },
      targets.map((l) => button(`${ctx.t(`ct.power.${l.action.type}`)}${ctx.t("colon")}${targetName(ctx, l.action)}`, () => choose(ctx, l.action), { class: "action target-button" })),
      decline ? button(ctx.t("ct.decline"), () => choose(ctx, decline.action), { class: "action decline", id: "ct-decline" }) : null));
}

// ----- the domains ------------------------------------------------------------------------

function teamOf(v, seat) {
  if (!v.teams) return null;
  const i = v.teams.findIndex((tm) => tm.includes(seat));
  return i < 0 ? null : i + 1;
}

function domainPanel(ctx, seat, statuses) {
  const v = ctx.view;
  const dom = v.domains[seat];
  const you = seat === ctx.seat;
  const families = FAMILIES.filter((f) => dom.cards[f]);
  const rows = families.map((f) => {
    const status = statuses[f];
    return h("div", { class: "ct-domrow", dataset: { family: f } },
      h("span", { class: ["ct-domfam", `st-${status}`], title: `${famName(ctx, f)} (${ctx.t(`ct.${status}`)})` },
        emblem(f, "emblem emblem-sm"), h("span", { class: "ct-domfam-name" }, famName(ctx, f)),
        icon(status === "esteemed" ? "up" : status === "disgraced" ? "down" : "even", "icon-xs ct-st-icon")),
      h("span", { class: "ct-domtiles" }, tiles(ctx, dom.cards[f], f)));
  });
  if (dom.spies.length) {
    const mine = dom.spies.filter(Boolean);
    rows.push(h("div", { class: "ct-domrow ct-domrow-spies" },
      h("span", { class: "ct-domfam" }, h("span", { class: "emblem emblem-sm emblem-back" }, icon("spy", "emblem-icon")),
        h("span", { class: "ct-domfam-name" }, ctx.t("ct.spies_here"))),
      h("span", { class: "ct-domtiles" }, dom.spies.map((fam, k) => backTile(ctx, fam, k)),
        mine.length && !(ctx.replay && ctx.replay.all) ? h("span", { class: "ct-yours" }, yoursText(ctx, mine)) : null)));
  }
  const team = teamOf(v, seat);
  const final = v.final ? v.final.seats[seat] : null;
  const handSize = v.hand_sizes[seat];
  const panel = h("section", {
    class: ["ct-domain", you && "ct-domain-you", v.current === seat && v.phase !== "over" && "ct-domain-current"],
    dataset: { seat }, "aria-label": you ? ctx.t("ct.your_domain") : ctx.t("ct.domain_of", { who: ctx.name(seat) }),
  },
  h("header", { class: "ct-domhead" },
    seatBadge(seat),
    h("span", { class: "ct-domname" }, you ? ctx.t("ct.your_domain") : ctx.t("ct.domain_of", { who: ctx.name(seat) })),
    team ? h("span", { class: "badge" }, ctx.t("ct.team", { n: team })) : null,
    v.phase !== "over" ? h("span", { class: "ct-handsize", title: ctx.t("ct.hand_size", { n: handSize }) }, h("span", { class: "mini-back", "aria-hidden": "true" }), String(handSize)) : null,
    final ? h("span", { class: "ct-domscore" }, `${final.total > 0 ? "+" : ""}${score(final.total)}`) : null),
  rows.length ? h("div", { class: "ct-domrows" }, rows) : h("p", { class: "muted ct-empty" }, ctx.t("ct.empty_domain")));

  // everything revealed (replay): that seat's hand and Missions too
  if (v.hands_all) {
    panel.append(h("div", { class: "ct-revealed" },
      h("span", { class: "muted" }, ctx.t("ct.hand_of", { who: ctx.name(seat) })),
      h("span", { class: "ct-domtiles" }, v.hands_all[seat].map((c) => tile(ctx, c.family, c.role))),
      (v.missions_all[seat] || []).map((m) => h("span", { class: ["ct-mission-chip", `mission-${m.color}`] }, missionText(ctx, m)))));
  }

  // a selected hand card may go to this domain
  const here = selectedPlays(ctx).find((l) => l.action.area === "domain" && l.action.owner === seat);
  if (here) {
    makeTarget(panel, placeLabel(ctx, here.action), () => choose(ctx, here.action));
    panel.append(h("span", { class: "ct-drop" }, ctx.t("ct.place_here")));
  }
  // an Assassin's or Diplomat's targets in this domain
  const targets = powerTargets(ctx).filter((l) => !l.action.side);
  if (targets.length) {
    const pa = powerArea(ctx);
    if (pa && pa.area === "domain" && pa.owner === seat) {
      markTargets(ctx, panel, targets, null);
    }
  }
  return panel;
}

function domainsSection(ctx) {
  const v = ctx.view;
  const statuses = v.statuses;
  // your own domain first, then the others in play order
  const n = v.num_players;
  const start = ctx.seat === null ? 0 : ctx.seat;
  const seats = Array.from({ length: n }, (_, i) => (start + i) % n);
  return h("section", { class: "ct-domains-section", "aria-labelledby": "ct-domains-title" },
    h("h2", { id: "ct-domains-title", class: "visually-hidden" }, ctx.t("ct.domains")),
    h("div", { class: "ct-domains" }, seats.map((s) => domainPanel(ctx, s, statuses))));
}

function missionsSection(ctx) {
  const v = ctx.view;
  if (!Array.isArray(v.missions) || v.final) return null;
  return h("section", { class: "ct-missions", "aria-labelledby": "ct-missions-title" },
    h("h2", { id: "ct-missions-title" }, ctx.t("ct.missions")),
    h("div", { class: "ct-mission-cards" }, v.missions.map((m) =>
      h("div", { class: ["ct-mission", `mission-${m.color}`] },
        h("span", { class: "ct-mission-color" }, ctx.t(`ct.mission.${m.color}`)),
        h("span", { class: "ct-mission-text" }, missionText(ctx, m))))));
}

// ----- the end ---------------------------------------------------------------------------

function finalSection(ctx) {
  const final = ctx.view.final;
  if (!final) return null;
  const winners = final.winners;
  const rows = final.seats.map((s, seat) => h("tr", { class: winners.includes(seat) ? "winner" : null, dataset: { seat } },
    h("th", { scope: "row" }, winners.includes(seat) ? icon("crown", "icon-sm crown") : null, ctx.name(seat)),
    h("td", { class: "num pos" }, `+${s.esteemed}`),
    h("td", { class: "num neg" }, s.disgraced ? `−${s.disgraced}` : "0"),
    h("td", { class: "ct-final-missions" }, s.missions.map((m) => h("span", {
      class: ["ct-mission-chip", `mission-${m.color}`, m.fulfilled ? "ok" : "ko"],
      title: `${missionText(ctx, m)} (${ctx.t(m.fulfilled ? "ct.fulfilled" : "ct.failed")})`,
    }, m.fulfilled ? `✓ +${DATA.mission_points} ` : "✗ ", missionText(ctx, m)))),
    h("td", { class: "num total" }, score(final.scores[seat]),
      ctx.view.teams && s.total !== final.scores[seat]
        ? h("small", { class: "muted", title: ctx.t("ct.final.own") }, ` (${score(s.total)})`) : null)));
  return h("section", { class: "final", "aria-labelledby": "final-title", id: "final" },
    h("h2", { id: "final-title" }, icon("crown", "icon"), ctx.t("final.title")),
    h("p", { class: "final-winners" }, winnersText(ctx, winners)),
    h("div", { class: "table-scroll" }, h("table", { class: "scores ct-scores" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, ctx.t("final.seat")),
        h("th", { scope: "col" }, ctx.t("ct.final.esteemed")),
        h("th", { scope: "col" }, ctx.t("ct.final.disgraced")),
        h("th", { scope: "col", class: "ct-final-missions" }, ctx.t("ct.final.missions")),
        h("th", { scope: "col" }, ctx.t("ct.final.total")))),
      h("tbody", {}, rows))),
    ctx.view.teams ? h("p", { class: "muted" }, ctx.t("ct.final.team_note")) : null);
}

// ----- the renderer -------------------------------------------------------------------------

// ----- the last move: the cards it placed or took are marked until the next one -------------

/** Mark the tiles the last move put where they are now (placed, or taken into
 * a domain); an eliminated card is gone, so only the log tells of it. */
function markLastMove(root, ctx) {
  const last = ctx.lastMove;
  if (!last) return;
  const pick = (zone, selector) => {
    if (!zone) return null;
    const found = [...zone.querySelectorAll(selector)].filter((el) => !el.classList.contains("last-move"));
    return found.length ? found[found.length - 1] : null;
  };
  for (const e of last.events) {
    const d = e.data || {};
    let zone = null;
    let spy = false;
    if (e.kind === "play") {
      spy = d.role === "spy" || !d.family;
      zone = d.area === "queen"
        ? root.querySelector(`.ct-zone[data-column="${spy ? "queen" : d.family}"][data-side="${d.side}"]`)
        : root.querySelector(`.ct-domain[data-seat="${d.owner}"] .ct-domrows`);
    } else if (e.kind === "take") {
      spy = d.spy !== null && d.spy !== undefined;
      zone = root.querySelector(`.ct-domain[data-seat="${d.seat}"] .ct-domrows`);
    } else {
      continue;
    }
    const el = pick(zone, spy ? ".tile-back" : `.tile[data-family="${d.family}"][data-role="${d.role}"]:not(.tile-back)`);
    if (!el) continue;
    el.classList.add("last-move");
    el.dataset.hint = `${el.dataset.hint || el.getAttribute("aria-label") || ""} — ${ctx.t("last.by", { who: ctx.name(last.seat) })}`;
    el.setAttribute("aria-label", el.dataset.hint);
  }
}

// ----- hints by tap: a tile's name and power, without a hover tooltip --------------------

function showHint(ev) {
  const el = ev.target.closest(".tile[data-hint], .ct-colhead[data-hint]");
  if (!el || el.classList.contains("target")) return;
  const board = el.closest(".ct-board");
  let bubble = board.querySelector(".ct-hint");
  if (!bubble) {
    bubble = h("div", { class: "ct-hint", role: "status", id: "ct-hint" });
    board.append(bubble);
  }
  bubble.textContent = el.dataset.hint;
  const box = el.getBoundingClientRect();
  const outer = board.getBoundingClientRect();
  bubble.style.top = `${box.bottom - outer.top + 6}px`;
  bubble.style.left = `${Math.max(0, Math.min(box.left - outer.left, outer.width - 220))}px`;
  bubble.hidden = false;
  clearTimeout(showHint.timer);
  showHint.timer = setTimeout(() => { bubble.hidden = true; }, 4000);
}

function render(root, ctx) {
  const v = ctx.view;
  // forget a selection the legal actions no longer allow
  if (ctx.ui.selected && !selectedPlays(ctx).length) ctx.ui.selected = null;
  if (ctx.ui.selected && ctx.ui.selected.index >= (v.hand || []).length) ctx.ui.selected = null;
  root.append(
    h("div", { class: "ct-board" },
      finalSection(ctx),
      powerPanel(ctx),
      queenTable(ctx),
      handSection(ctx),
      missionsSection(ctx),
      domainsSection(ctx)));
  markLastMove(root, ctx);
  root.querySelector(".ct-board").addEventListener("click", showHint);
}

function banner(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || (ctx.table && ctx.table.status === "over")) {
    const winners = v.final ? v.final.winners : (ctx.result ? ctx.result.winners : []);
    return { text: ctx.t("ct.banner.over", { winners: winnersText(ctx, winners) }), kind: "over" };
  }
  if (ctx.canAct) {
    if (v.phase === "eliminate" || v.phase === "take") return { text: pointing(ctx, `ct.banner.${v.phase}`), kind: "mine" };
    if (ctx.ui.selected && selectedPlays(ctx).length) {
      const s = ctx.ui.selected;
      return { text: ctx.t("ct.banner.selected", { card: cardName(ctx, s.family, s.role) }), kind: "mine" };
    }
    const used = new Set(v.turn.used || []);
    const areas = ["queen", "own", "other"].filter((a) => !used.has(a)).map((a) => ctx.t(`ct.area.${a}`));
    const key = v.turn.follow_up ? "ct.banner.play_confidant" : "ct.banner.play";
    return { text: ctx.t(key, { areas: ctx.joinNames(areas) }), kind: "mine" };
  }
  const who = ctx.joinNames(ctx.toAct.map(ctx.name));
  if (!who) return null;
  return { text: ctx.t(v.phase === "play" ? "ct.banner.wait_play" : "ct.banner.wait_power", { who }), kind: "wait" };
}

function describeEvent(e, ctx) {
  const d = e.data || {};
  const who = d.seat !== undefined && d.seat !== null ? ctx.name(d.seat) : "";
  switch (e.kind) {
    case "play": {
      const card = d.family ? cardName(ctx, d.family, d.role) : ctx.t("ct.log.spy");
      return ctx.t("ct.log.play", { who, card, where: where(ctx, d.area, d.side, d.owner, d.seat) });
    }
    case "draw":
      if (Array.isArray(d.cards)) {
        return ctx.t("ct.log.draw_you", { who, cards: ctx.joinNames(d.cards.map((c) => cardName(ctx, c.family, c.role))) });
      }
      return ctx.t("ct.log.draw", { who, n: DATA.hand_size });
    case "eliminate":
    case "take": {
      const card = targetName(ctx, d);
      const from = d.area === "domain" ? ctx.t("ct.log.from", { who: ctx.name(d.owner) }) : "";
      return ctx.t(`ct.log.${e.kind}`, { who, card, where: from });
    }
    case "decline":
      return ctx.t("ct.log.decline", { who });
    case "reveal":
      return ctx.t("ct.log.reveal");
    case "game_over":
      return ctx.t("ct.log.over", { winners: winnersText(ctx, d.winners || []) });
    default:
      return null;
  }
}

function describeAction(entry, ctx) {
  const a = entry.action;
  switch (a.type) {
    case "play":
      return ctx.t("ct.act.play", { card: cardName(ctx, a.family, a.role), where: where(ctx, a.area, a.side, a.owner, entry.seat) });
    case "eliminate":
    case "take":
      return ctx.t(`ct.act.${a.type}`, { card: targetName(ctx, a) });
    case "decline":
      return ctx.t("ct.act.decline");
    default:
      return null;
  }
}

function seatInfo(ctx, seat) {
  const v = ctx.view;
  if (v.final) return `${ctx.t("final.score")}${ctx.t("colon")}${score(v.final.scores[seat])}`;
  return ctx.t("ct.hand_size", { n: v.hand_sizes[seat] });
}

/** Every seat's view -> one with every Spy's family, every hand and every Mission. */
function mergeViews(views) {
  const seats = Object.keys(views).filter((k) => /^\d+$/.test(k)).sort((a, b) => a - b);
  const base = JSON.parse(JSON.stringify(views[seats[0]]));
  const known = (pick) => (list, i) => {
    for (const s of seats) {
      const fam = pick(views[s])[i];
      if (fam) return fam;
    }
    return list[i];
  };
  for (const side of ["above", "below"]) {
    base.queen_spies[side] = base.queen_spies[side].map((f, i, list) => known((v) => v.queen_spies[side])(list, i));
  }
  base.domains.forEach((dom, d) => {
    dom.spies = dom.spies.map((f, i, list) => known((v) => v.domains[d].spies)(list, i));
  });
  base.hands_all = seats.map((s) => views[s].hand || []);
  base.missions_all = seats.map((s) => views[s].missions || []);
  base.seat = null;
  base.hand = null;
  base.missions = null;
  return base;
}

export default {
  strings,
  render,
  banner,
  describeEvent,
  describeAction,
  seatInfo,
  mergeViews,
  logKinds: { reveal: "highlight", game_over: "highlight", draw: "minor" },
};
