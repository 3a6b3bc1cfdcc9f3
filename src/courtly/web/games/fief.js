// Fief (1984) in the browser: the board as an SVG map drawn from the game's
// data (GET /api/games/fief: villages on a 1000×1000 board, roads, regions
// with their colours, bishoprics), and the view's pieces on it: who holds each
// village (a ring in the player's colour), soldiers (a count), lords (an
// initial; B/C for a bishop or cardinal, a crown for the king), castles,
// mills, presses, the forces waiting at a village's gate, the fiefs. Beside
// it, every player's means and the question waiting, in words. Acting reuses
// the generic renderer's forms built from the action schema; clicking a
// village fills the forms' village fields with it. Nothing here recomputes a
// rule: what is clickable comes from the legal actions.

import { api } from "../js/api.js";
import { h, s } from "../js/dom.js";
import { actions, lastMovePanel, phaseLine } from "./generic.js";
import news from "./fief_news.js";

const DATA = (await api.game("fief")).data;
const BOARD = DATA.board;
const CARDS = DATA.cards;
const VILLAGE = Object.fromEntries(BOARD.villages.map((v) => [v.id, v]));
const REGION = Object.fromEntries(BOARD.regions.map((r) => [r.id, r]));
/** A strong shade of each region's colour: the player who chose it. */
const INK = { red: "#c0392b", yellow: "#b7950b", green: "#2e8b57", blue: "#2c6fb5", purple: "#7d3c98", orange: "#d35400" };
const VILLAGE_FIELDS = ["village", "to"];

const strings = {
  en: {
    "fief.map": "The map",
    "fief.players": "Players",
    "fief.hand": "Your hand",
    "fief.no_cards": "no card",
    "fief.money": "Crowns",
    "fief.soldiers": "Soldiers",
    "fief.cards": "Cards",
    "fief.votes": "Votes",
    "fief.region": "Region",
    "fief.lords": "Lords",
    "fief.fiefs": "Fiefs",
    "fief.none": "none",
    "fief.king": "King",
    "fief.no_king": "no king",
    "fief.turn": "Turn {turn} of {limit}",
    "fief.waiting": "Waiting",
    "fief.bishop_of": "Bishop of {name}",
    "fief.cardinal": "cardinal",
    "fief.outside": "outside the board",
    "fief.at": "at {place}",
    "fief.castle": "castle",
    "fief.mill": "mill",
    "fief.press": "press",
    "fief.gate": "{who}: {n} soldier(s) at the gate of {place} ({stance})",
    "fief.stance.siege": "besieging",
    "fief.stance.passage": "asking right of way",
    "fief.stance.attack": "attacking",
    "fief.stance.enter": "entering",
    "fief.stance.sortie": "sortie",
    "fief.stance.intrude": "intruding",
    "fief.q.respond": "{attacker} plays {card} on {target}; {answerer} may parry it.",
    "fief.q.destroy": "{attacker} chooses the mill or press the villagers destroy in {target}.",
    "fief.q.execute": "Justice: {answerer} executes one of {attacker}'s lords.",
    "fief.q.passage": "Right of way through {place}, asked of {holder}: granted, the force goes on next turn; refused, there is a fight.",
    "fief.q.ask": "At {place}, {first} (arrived first) may ask {second} for a coalition against the holder.",
    "fief.q.answer": "{second} answers {first}'s request for a coalition at {place}.",
    "fief.q.bids": "Sealed bids for {place} between {first} and {second}; the highest takes the village and pays the other.",
    "fief.q.my_bid": "Your bid: {bid} crowns.",
    "fief.q.election": "Election of the king: {votes}.",
    "fief.q.elected": "{lord} is elected and awaits consecration.",
    "fief.q.none": "Nothing is waiting.",
    "fief.click_help": "Click a village to put it in the forms below.",
  },
  fr: {
    "fief.map": "La carte",
    "fief.players": "Joueurs",
    "fief.hand": "Votre main",
    "fief.no_cards": "aucune carte",
    "fief.money": "Écus",
    "fief.soldiers": "Soldats",
    "fief.cards": "Cartes",
    "fief.votes": "Voix",
    "fief.region": "Région",
    "fief.lords": "Seigneurs",
    "fief.fiefs": "Fiefs",
    "fief.none": "aucun",
    "fief.king": "Roi",
    "fief.no_king": "pas de roi",
    "fief.turn": "Tour {turn} sur {limit}",
    "fief.waiting": "En attente",
    "fief.bishop_of": "Évêque de {name}",
    "fief.cardinal": "cardinal",
    "fief.outside": "hors du plateau",
    "fief.at": "à {place}",
    "fief.castle": "château",
    "fief.mill": "moulin",
    "fief.press": "pressoir",
    "fief.gate": "{who} : {n} soldat(s) aux portes de {place} ({stance})",
    "fief.stance.siege": "siège",
    "fief.stance.passage": "demande le droit de passage",
    "fief.stance.attack": "attaque",
    "fief.stance.enter": "entre",
    "fief.stance.sortie": "sortie",
    "fief.stance.intrude": "intrusion",
    "fief.q.respond": "{attacker} joue {card} contre {target} ; {answerer} peut parer.",
    "fief.q.destroy": "{attacker} choisit le moulin ou le pressoir que les villageois détruisent en {target}.",
    "fief.q.execute": "Justice : {answerer} exécute un des seigneurs de {attacker}.",
    "fief.q.passage": "Droit de passage par {place}, demandé à {holder} : accordé, la troupe passe au tour suivant ; refusé, on se bat.",
    "fief.q.ask": "À {place}, {first} (arrivé le premier) peut proposer une coalition à {second} contre le tenant.",
    "fief.q.answer": "{second} répond à la proposition de coalition de {first} à {place}.",
    "fief.q.bids": "Enchères secrètes pour {place} entre {first} et {second} ; le plus offrant prend le village et paie l'autre.",
    "fief.q.my_bid": "Votre mise : {bid} écus.",
    "fief.q.election": "Élection du roi : {votes}.",
    "fief.q.elected": "{lord} est élu et attend le sacre.",
    "fief.q.none": "Rien en attente.",
    "fief.click_help": "Cliquez un village pour le choisir dans les formulaires ci-dessous.",
  },
};

// ----- names -----------------------------------------------------------------------------

function villageName(id) {
  return VILLAGE[id] ? VILLAGE[id].name : String(id);
}

function regionName(id) {
  return REGION[id] ? REGION[id].name : String(id);
}

function lordName(id) {
  return (CARDS.lord_names && CARDS.lord_names[id]) || String(id);
}

function bishopricName(id) {
  const b = BOARD.bishoprics.find((x) => x.id === id);
  return b ? b.name : String(id);
}

function cardName(ctx, card) {
  const [kind, arg] = String(card).split(":");
  if (kind === "lord") return lordName(arg);
  if (kind === "bishop") return ctx.t("fief.bishop_of", { name: bishopricName(arg) });
  const names = CARDS.names && CARDS.names[card];
  return names ? names[ctx.lang] || names.en : String(card).replace(/_/g, " ");
}

function seatInk(view, seat) {
  const region = REGION[(view.regions || [])[seat]];
  return region ? INK[region.colour] || "#333" : "#333";
}

function lordMark(view, id, lord) {
  const crown = view.king === id ? "♔" : "";
  const rank = lord.cardinal ? "C" : lord.bishop ? "B" : "";
  return `${crown}${lordName(id)[0]}${rank}`;
}

// ----- the map -----------------------------------------------------------------------------

/** The convex hull of points (for a region's area). */
function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

function centroid(ids) {
  const vs = ids.map((id) => VILLAGE[id]).filter(Boolean);
  return [vs.reduce((a, v) => a + v.x, 0) / vs.length, vs.reduce((a, v) => a + v.y, 0) / vs.length];
}

/** Where a region's name goes: near its villages' centre, clear of every
 * village and its name (the label's ends and middle are kept away). */
function labelSpot(region) {
  const [cx, cy] = centroid(region.villages);
  const half = region.name.length * 7;
  const own = region.villages.map((id) => VILLAGE[id]);
  const xs = own.map((v) => v.x);
  const ys = own.map((v) => v.y);
  let best = [cx, cy];
  let bestScore = -Infinity;
  for (let x = Math.min(...xs) - 30; x <= Math.max(...xs) + 30; x += 10) {
    for (let y = Math.min(...ys) - 30; y <= Math.max(...ys) + 30; y += 10) {
      let clear = Infinity;
      for (const v of BOARD.villages) {
        for (const dx of [-half, 0, half]) {
          const ex = Math.abs(x + dx - v.x);
          const ey = Math.min(Math.abs(y - v.y), Math.abs(y - (v.y + 44)) * 1.6);
          clear = Math.min(clear, Math.hypot(ex, ey));
        }
      }
      const near = Math.min(...own.map((v) => Math.hypot(x - v.x, y - v.y)));
      const score = Math.min(clear, 60) - 0.15 * Math.hypot(x - cx, y - cy) - (near > 120 ? 100 : 0);
      if (score > bestScore) {
        bestScore = score;
        best = [x, y];
      }
    }
  }
  return best;
}

/** The villages some legal action names (a purchase, a move, a lord's arrival...). */
function targetVillages(ctx) {
  const out = new Set();
  for (const entry of ctx.schema || []) {
    for (const f of VILLAGE_FIELDS) {
      const spec = entry.fields && entry.fields[f];
      if (spec && Array.isArray(spec.values)) for (const v of spec.values) if (VILLAGE[v]) out.add(v);
    }
  }
  return ctx.canAct ? out : new Set();
}

/** A village clicked: put it in every form field that offers it. */
function chooseVillage(ctx, id) {
  ctx.ui.fiefVillage = id;
  for (const entry of ctx.schema || []) {
    for (const f of VILLAGE_FIELDS) {
      const spec = entry.fields && entry.fields[f];
      if (!spec || !Array.isArray(spec.values)) continue;
      const at = spec.values.indexOf(id);
      const select = document.querySelector(`select[data-field="${entry.type}.${f}"]`);
      if (at < 0 || !select) continue;
      select.value = String(at);
      select.dispatchEvent(new Event("change", { bubbles: true }));
      select.closest("form")?.classList.add("fief-filled");
    }
  }
  for (const g of document.querySelectorAll(".fief-village.selected")) g.classList.remove("selected");
  document.querySelector(`.fief-village[data-village="${id}"]`)?.classList.add("selected");
}

function regionLayer(view) {
  const owned = view.fiefs || {};
  return BOARD.regions.map((r) => {
    const pts = hull(r.villages.map((id) => [VILLAGE[id].x, VILLAGE[id].y]));
    const [cx, cy] = labelSpot(r);
    const fief = owned[r.id];
    return s("g", { class: "fief-region", dataset: { region: r.id } },
      s("polygon", {
        points: pts.map((p) => p.join(",")).join(" "), fill: r.fill, stroke: r.fill,
        "stroke-width": 110, "stroke-linejoin": "round", class: "fief-area",
      }),
      s("text", { x: cx, y: cy, class: "fief-region-name", "text-anchor": "middle" },
        r.name.toUpperCase(), fief ? ` ★` : ""),
      fief ? s("text", { x: cx, y: cy + 24, class: "fief-title", "text-anchor": "middle", fill: seatInk(view, fief.owner) },
        `${r.title}`) : null);
  });
}

function bishopricLayer() {
  return BOARD.bishoprics.map((b) => {
    const [cx, cy] = centroid(b.villages);
    const east = cx > 500;
    const south = cy > 500;
    return s("text", {
      x: east ? 1030 : -30, y: south ? 1045 : -22, class: "fief-bishopric",
      "text-anchor": east ? "end" : "start", dataset: { bishopric: b.id },
    }, `✝ ${b.label || b.name}`);
  });
}

function villageGlyph(ctx, v, targets) {
  const view = ctx.view;
  const holder = (view.holders || {})[v.id];
  const soldiers = (view.soldiers || {})[v.id];
  const castle = (view.castles || []).includes(v.id);
  const mills = (view.mills || {})[v.id] || 0;
  const presses = (view.presses || {})[v.id] || 0;
  const lords = Object.entries(view.lords || {}).filter(([, l]) => l.village === v.id && !l.outside);
  const region = REGION[v.region];
  const target = targets.has(v.id);
  const sub = [castle ? ctx.t("fief.castle") : null, mills ? `${ctx.t("fief.mill")} ×${mills}` : null,
    presses ? `${ctx.t("fief.press")} ×${presses}` : null].filter(Boolean);
  const title = [villageName(v.id), holder !== null && holder !== undefined ? ctx.name(holder) : null,
    soldiers ? `${ctx.t("fief.soldiers")}: ${soldiers[1]}` : null, ...sub,
    ...lords.map(([id, l]) => `${lordName(id)} (${ctx.name(l.owner)})`)].filter(Boolean).join(" — ");
  const g = s("g", {
    class: ["fief-village", target ? "target" : null, ctx.ui.fiefVillage === v.id ? "selected" : null],
    dataset: { village: v.id, holder: holder ?? "" }, transform: `translate(${v.x},${v.y})`,
    tabindex: target ? "0" : null, role: target ? "button" : null,
  },
  s("title", {}, title),
  holder !== null && holder !== undefined
    ? s("circle", { r: 29, class: "fief-holder", stroke: seatInk(view, holder), dataset: { seat: holder } }) : null,
  s("circle", { r: 21, class: "fief-dot", fill: region ? region.fill : "#ddd" }),
  castle ? s("path", { class: "fief-castle", d: "M-11 8 V-6 H-7 V-2 H-3 V-6 H3 V-2 H7 V-6 H11 V8 Z" }) : null,
  soldiers && soldiers[1]
    ? s("g", { class: "fief-soldiers", transform: "translate(22,-20)", dataset: { seat: soldiers[0], count: soldiers[1] } },
      s("circle", { r: 13, fill: seatInk(view, soldiers[0]) }),
      s("text", { "text-anchor": "middle", y: 5 }, String(soldiers[1]))) : null,
  mills || presses
    ? s("text", { class: "fief-works", x: -24, y: -18, "text-anchor": "end" },
      mills ? `M${mills > 1 ? mills : ""}` : "", mills && presses ? " " : "", presses ? `P${presses > 1 ? presses : ""}` : "") : null,
  lords.length
    ? s("text", { class: "fief-lords", y: 5, "text-anchor": "middle" },
      castle ? null : lords.map(([id, l], i) => s("tspan", { fill: seatInk(view, l.owner), dx: i ? 3 : 0 }, lordMark(view, id, l))))
    : null,
  castle && lords.length
    ? s("text", { class: "fief-lords", x: -4, y: -28, "text-anchor": "end" },
      lords.map(([id, l], i) => s("tspan", { fill: seatInk(view, l.owner), dx: i ? 3 : 0 }, lordMark(view, id, l)))) : null,
  s("text", { class: "fief-name", y: 44, "text-anchor": "middle" }, v.name));
  if (target) {
    g.addEventListener("click", () => chooseVillage(ctx, v.id));
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        chooseVillage(ctx, v.id);
      }
    });
  }
  return g;
}

function gateLayer(ctx) {
  const view = ctx.view;
  const count = {};
  return (view.gates || []).map((gate) => {
    const v = VILLAGE[gate.village];
    if (!v) return null;
    const k = (count[gate.village] = (count[gate.village] || 0) + 1) - 1;
    const x = v.x - 40 - k * 30;
    const y = v.y + 10;
    const lords = (gate.lords || []).map((id) => lordName(id)[0]).join("");
    const stance = ctx.t(`fief.stance.${gate.stance}`);
    return s("g", { class: ["fief-gate", `stance-${gate.stance}`], transform: `translate(${x},${y})`, dataset: { village: gate.village, seat: gate.owner } },
      s("title", {}, ctx.t("fief.gate", { who: ctx.name(gate.owner), n: gate.soldiers, place: v.name, stance })),
      s("rect", { x: -13, y: -12, width: 26, height: 24, rx: 4, fill: seatInk(view, gate.owner) }),
      s("text", { "text-anchor": "middle", y: 5 }, gate.stance === "passage" ? `⇢${gate.soldiers}` : `⚔${gate.soldiers}`),
      lords ? s("text", { class: "fief-gate-lords", "text-anchor": "middle", y: 26, fill: seatInk(view, gate.owner) }, lords) : null);
  });
}

function mapPanel(ctx) {
  const targets = targetVillages(ctx);
  const svg = s("svg", {
    class: "fief-map", viewBox: "-40 -50 1080 1110", role: "img", "aria-label": ctx.t("fief.map"),
    preserveAspectRatio: "xMidYMid meet",
  },
  s("rect", { x: -40, y: -50, width: 1080, height: 1110, class: "fief-sea" }),
  s("g", { class: "fief-regions" }, regionLayer(ctx.view)),
  s("g", { class: "fief-roads" }, BOARD.roads.map(([a, b]) => s("line", {
    x1: VILLAGE[a].x, y1: VILLAGE[a].y, x2: VILLAGE[b].x, y2: VILLAGE[b].y, class: "fief-road", dataset: { road: `${a}|${b}` },
  }))),
  s("g", { class: "fief-bishoprics" }, bishopricLayer()),
  s("g", { class: "fief-villages" }, BOARD.villages.map((v) => villageGlyph(ctx, v, targets))),
  s("g", { class: "fief-gates" }, gateLayer(ctx)));
  return h("section", { class: "panel fief-map-panel" },
    h("h2", {}, ctx.t("fief.map")),
    svg,
    targets.size ? h("p", { class: "muted fief-help" }, ctx.t("fief.click_help")) : null);
}

// ----- the side panel ------------------------------------------------------------------------

function soldiersOf(view, seat) {
  return Object.values(view.soldiers || {}).reduce((a, [o, n]) => a + (o === seat ? n : 0), 0)
    + (view.gates || []).reduce((a, g) => a + (g.owner === seat ? g.soldiers : 0), 0);
}

function lordLine(ctx, id, lord) {
  const where = lord.outside ? ctx.t("fief.outside") : lord.village ? ctx.t("fief.at", { place: villageName(lord.village) }) : "";
  const rank = [lord.bishop ? ctx.t("fief.bishop_of", { name: bishopricName(lord.bishop) }) : null,
    lord.cardinal ? ctx.t("fief.cardinal") : null, ctx.view.king === id ? `♔ ${ctx.t("fief.king")}` : null].filter(Boolean);
  return `${lordName(id)}${rank.length ? ` (${rank.join(", ")})` : ""} ${where}`.trim();
}

function playersPanel(ctx) {
  const view = ctx.view;
  const seats = (view.regions || []).map((_, i) => i);
  const row = (label, value) => [h("dt", {}, label), h("dd", {}, value)];
  return h("section", { class: "panel fief-players" },
    h("h2", {}, ctx.t("fief.players")),
    seats.map((seat) => {
      const lords = Object.entries(view.lords || {}).filter(([, l]) => l.owner === seat);
      const fiefs = Object.entries(view.fiefs || {}).filter(([, f]) => f.owner === seat);
      return h("div", { class: ["fief-player", view.current === seat ? "current" : null], dataset: { seat } },
        h("h3", {}, h("span", { class: "fief-swatch", style: { background: seatInk(view, seat) } }),
          ctx.name(seat), view.current === seat ? " ◀" : ""),
        h("dl", { class: "fief-facts" },
          row(ctx.t("fief.region"), view.regions[seat] ? regionName(view.regions[seat]) : "—"),
          row(ctx.t("fief.money"), String(view.money[seat])),
          row(ctx.t("fief.soldiers"), String(soldiersOf(view, seat))),
          row(ctx.t("fief.cards"), String(view.hand_sizes[seat])),
          row(ctx.t("fief.votes"), String((view.votes || [])[seat] ?? 0)),
          row(ctx.t("fief.lords"), lords.length ? lords.map(([id, l]) => lordLine(ctx, id, l)).join("; ") : ctx.t("fief.none")),
          row(ctx.t("fief.fiefs"), fiefs.length
            ? fiefs.map(([r, f]) => `${regionName(r)} (${f.title}${f.capital ? `, ${villageName(f.capital)}` : ""})`).join("; ")
            : ctx.t("fief.none"))));
    }));
}

function questions(ctx) {
  const view = ctx.view;
  const out = [];
  const p = view.pending;
  if (p) {
    const target = p.region ? regionName(p.region) : p.lord ? lordName(p.lord) : "";
    out.push(ctx.t(`fief.q.${p.what}`, {
      attacker: ctx.name(p.attacker), answerer: ctx.name(p.answerer), target,
      card: p.card ? cardName(ctx, p.card) : "",
    }));
  }
  if (view.passage) {
    const [holder, village] = view.passage;
    out.push(ctx.t("fief.q.passage", { place: villageName(village), holder: ctx.name(holder) }));
  }
  const b = view.battle;
  if (b) {
    const args = { place: villageName(b.village), first: ctx.name(b.first), second: ctx.name(b.second) };
    out.push(ctx.t(b.step === "ask" ? "fief.q.ask" : b.step === "answer" ? "fief.q.answer" : "fief.q.bids", args));
    if (b.my_bid !== null && b.my_bid !== undefined) out.push(ctx.t("fief.q.my_bid", { bid: b.my_bid }));
  }
  const e = view.election;
  if (e) {
    const votes = Object.entries(e.votes || {}).map(([seat, v]) => `${ctx.name(Number(seat))}: ${
      Array.isArray(v) ? v.map((x) => (x === null ? "—" : VILLAGE[x] ? villageName(x) : CARDS.lord_names[x] ? lordName(x) : String(x))).join(" ") : String(v)}`);
    out.push(ctx.t("fief.q.election", { votes: votes.join("; ") || "—" }));
    if (e.elected) out.push(ctx.t("fief.q.elected", { lord: lordName(e.elected) }));
  }
  return out;
}

function sidePanel(ctx) {
  const view = ctx.view;
  const king = view.king;
  const qs = questions(ctx);
  const hand = Array.isArray(view.hand) ? view.hand : null;
  return h("div", { class: "fief-side" },
    h("section", { class: "panel fief-state" },
      h("p", { class: "fief-turn" }, ctx.t("fief.turn", { turn: view.turn, limit: view.turn_limit })),
      phaseLine(ctx),
      h("p", { class: "fief-king" }, h("span", { class: "muted" }, `${ctx.t("fief.king")}${ctx.t("colon")}`),
        king ? `♔ ${lordName(king)} (${ctx.name(view.lords[king].owner)})` : ctx.t("fief.no_king")),
      h("div", { class: "fief-questions", id: "fief-questions" },
        h("h3", {}, ctx.t("fief.waiting")),
        qs.length ? h("ul", {}, qs.map((q) => h("li", {}, q))) : h("p", { class: "muted" }, ctx.t("fief.q.none")))),
    hand ? h("section", { class: "panel fief-hand" },
      h("h2", {}, ctx.t("fief.hand")),
      hand.length ? h("ul", { class: "fief-cards" }, hand.map((c) => h("li", { class: "fief-card", dataset: { card: c } }, cardName(ctx, c))))
        : h("p", { class: "muted" }, ctx.t("fief.no_cards"))) : null,
    playersPanel(ctx));
}

function render(root, ctx) {
  root.append(h("div", { class: "fief-board" },
    h("div", { class: "fief-col-map" }, mapPanel(ctx), lastMovePanel(ctx), actions(ctx)),
    sidePanel(ctx)));
  news.decorate(root, ctx); // the battle, election and negotiation panels, the map's battle mark
}

function seatInfo(ctx, seat) {
  const view = ctx.view;
  const region = (view.regions || [])[seat];
  return `${region ? `${regionName(region)} · ` : ""}${view.money[seat]} ${ctx.t("fief.money").toLowerCase()}`;
}

export default {
  strings: news.withStrings(strings), render, seatInfo, describeEvent: news.describeEvent, banner: news.banner,
  mergeViews: news.mergeViews, chatChanged: news.chatChanged, logKinds: news.logKinds,
};
