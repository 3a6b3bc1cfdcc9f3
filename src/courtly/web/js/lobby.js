// The lobby: create a table (game, player count, options, a person or a bot
// in each seat), list the tables, open a seat link, watch or replay a game.

import { api, carryHostToRematch, createdLinks, myTableIds, rememberLinks, savedHost, saveHost, savedToken } from "./api.js";
import { button, fill, h, seatBadge, toast } from "./dom.js";
import { addStrings, applyStatic, botBadge, grouped, lang, langToggle, t } from "./i18n.js";

addStrings({
  en: {
    "bot.random": "random",
    "bot.heuristic": "heuristic (plays well)",
    "bot.ismcts": "ISMCTS (thinks hard)",
    "lobby.created_at": "created {time}",
    "lobby.resume": "Play",
    "lobby.players_range": "{min}–{max} players",
    "lobby.listed": "List this table in the lobby (otherwise it is reachable by link only)",
    "lobby.host_link": "Host link",
    "lobby.host_note": "The host link is yours: keep it (this browser does). With it you can copy every seat's link again, give a seat to a bot, replace a link, make the table private or abandon it, from the table's page.",
    "lobby.manage": "Manage",
    "lobby.mine": "Your tables",
    "lobby.others": "All listed tables",
    "lobby.more": "Show more",
    "lobby.filter_status": "Which tables",
    "lobby.filter_game": "Which game",
    "lobby.all_games": "Every game",
    "lobby.status_all": "Every table (open first)",
    "lobby.status_waiting": "Open: seats to take",
    "lobby.status_playing": "Being played",
    "lobby.status_ended": "Finished or abandoned",
    "lobby.private": "private",
    "lobby.to_play": "to play",
  },
  fr: {
    "bot.random": "au hasard",
    "bot.heuristic": "heuristique (joue bien)",
    "bot.ismcts": "ISMCTS (réfléchit longtemps)",
    "lobby.created_at": "créée {time}",
    "lobby.resume": "Jouer",
    "lobby.players_range": "{min} à {max} joueurs",
    "lobby.listed": "Montrer cette table dans le salon (sinon, accessible par lien seulement)",
    "lobby.host_link": "Lien d'hôte",
    "lobby.host_note": "Le lien d'hôte est le vôtre : gardez-le (ce navigateur le garde). Il permet, depuis la page de la table, de recopier le lien de chaque place, de donner une place à un robot, de remplacer un lien, de rendre la table privée ou de l'abandonner.",
    "lobby.manage": "Gérer",
    "lobby.mine": "Vos tables",
    "lobby.others": "Toutes les tables visibles",
    "lobby.more": "Voir plus",
    "lobby.filter_status": "Quelles tables",
    "lobby.filter_game": "Quel jeu",
    "lobby.all_games": "Tous les jeux",
    "lobby.status_all": "Toutes les tables (libres d'abord)",
    "lobby.status_waiting": "Libres : places à prendre",
    "lobby.status_playing": "En cours",
    "lobby.status_ended": "Terminées ou abandonnées",
    "lobby.private": "privée",
    "lobby.to_play": "à jouer",
  },
});

const el = (id) => document.getElementById(id);
let games = [];
let bots = [];
const seatChoices = []; // per seat: {kind, bot}

function currentGame() {
  return games.find((g) => g.name === el("game").value) || games[0];
}

// Options come as specs from /api/games: type, default, values or range,
// and a label and help text in each language.
function optionLabel(spec, name) {
  return (spec.label && (spec.label[lang()] || spec.label.en)) || name.replace(/_/g, " ");
}

function optionHelp(spec) {
  return (spec.help && (spec.help[lang()] || spec.help.en)) || "";
}

function optionInput(name, spec) {
  const id = `opt-${name}`;
  if (spec.type === "bool") return h("input", { type: "checkbox", id, name, dataset: { option: name, kind: "bool" }, checked: spec.default });
  if (spec.values) {
    const kind = spec.type === "int" ? "number" : "text";
    const select = h("select", { id, name, dataset: { option: name, kind } },
      spec.values.map((v) => h("option", { value: String(v) }, grouped(v))));
    select.value = String(spec.default);
    return select;
  }
  if (spec.type === "int") {
    const attrs = { type: "number", id, name, value: String(spec.default), step: "1", dataset: { option: name, kind: "number" } };
    if (spec.minimum !== null) attrs.min = String(spec.minimum);
    if (spec.maximum !== null) attrs.max = String(spec.maximum);
    return h("input", attrs);
  }
  return h("input", { type: "text", id, name, value: String(spec.default), dataset: { option: name, kind: "text" } });
}

function botLabel(name) {
  const key = `bot.${name}`;
  const text = t(key);
  return text === key ? name : text;
}

function fillGames() {
  const select = el("game");
  const chosen = select.value;
  fill(select, games.map((g) => h("option", { value: g.name }, `${g.title}`)));
  if (chosen) select.value = chosen;
}

function fillPlayers() {
  const game = currentGame();
  const select = el("num-players");
  const chosen = Number(select.value) || Math.min(Math.max(3, game.min_players), game.max_players);
  fill(select, Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
    const n = game.min_players + i;
    return h("option", { value: String(n) }, String(n));
  }));
  select.value = String(Math.min(Math.max(chosen, game.min_players), game.max_players));
}

function fillOptions() {
  const game = currentGame();
  const box = el("options");
  const entries = Object.entries(game.options);
  el("options-box").hidden = false;
  if (!entries.length) return fill(box, h("p", { class: "muted" }, t("lobby.no_options")));
  fill(box, entries.map(([name, spec]) => {
    const input = optionInput(name, spec);
    const words = h("span", {}, optionLabel(spec, name));
    // a checkbox before its words, as forms have it; a menu or a number after them
    return h("label", { class: "option", for: `opt-${name}`, title: optionHelp(spec) },
      ...(spec.type === "bool" ? [input, words] : [words, input]));
  }));
}

function fillSeats() {
  const n = Number(el("num-players").value);
  while (seatChoices.length < n) {
    seatChoices.push(seatChoices.length === 0 ? { kind: "person", bot: "" }
      : { kind: "bot", bot: bots.includes("heuristic") ? "heuristic" : bots[0] || "random" });
  }
  fill(el("seats-spec"), seatChoices.slice(0, n).map((choice, i) => {
    const kind = h("select", { id: `seat-${i}-kind`, "aria-label": t("lobby.seat", { n: i + 1 }) },
      h("option", { value: "person" }, t("lobby.person")),
      h("option", { value: "bot" }, t("lobby.bot")));
    kind.value = choice.kind;
    // a person's seat has no bot to choose: no greyed menu beside it
    const bot = choice.kind === "bot"
      ? h("select", { id: `seat-${i}-bot`, "aria-label": `${t("lobby.seat", { n: i + 1 })}: bot` },
        bots.map((b) => h("option", { value: b }, botLabel(b))))
      : h("span", { class: "seat-spec-none" });
    if (choice.kind === "bot") {
      bot.value = choice.bot || bots[0];
      bot.addEventListener("change", () => { choice.bot = bot.value; });
    }
    kind.addEventListener("change", () => {
      choice.kind = kind.value;
      if (!choice.bot) choice.bot = bots.includes("heuristic") ? "heuristic" : bots[0];
      fillSeats();
    });
    return h("li", { class: "seat-spec" },
      seatBadge(i, null, { "aria-hidden": null, title: t("lobby.seat", { n: i + 1 }) }),
      kind, bot);
  }));
}

function refreshForm() {
  fillGames();
  fillPlayers();
  fillOptions();
  fillSeats();
}

function readSpec() {
  const game = currentGame();
  const num = Number(el("num-players").value);
  const options = {};
  for (const input of el("options").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.kind === "bool") options[name] = input.checked;
    else if (input.dataset.kind === "number") options[name] = Number(input.value);
    else options[name] = input.value;
  }
  const seats = seatChoices.slice(0, num).map((c) => (c.kind === "bot" ? { kind: "bot", bot: c.bot } : { kind: "person" }));
  const spec = { game: game.name, num_players: num, options, seats, listed: el("listed").checked };
  const seed = el("seed").value.trim();
  if (seed !== "") spec.seed = Number(seed);
  const delay = el("bot-delay").value.trim();
  if (delay !== "") spec.bot_delay = Number(delay);
  const clock = el("move-clock").value.trim();
  if (clock !== "") spec.move_clock = Number(clock);
  return spec;
}

function absolute(path) {
  return new URL(path, location.origin).href;
}

function linkRow(label, path, primary) {
  const input = h("input", { readonly: true, value: absolute(path), "aria-label": label });
  input.addEventListener("focus", () => input.select());
  return h("div", { class: "link-row" },
    primary ? h("a", { class: "button-link primary", href: path }, label) : h("span", {}, label),
    input,
    button(t("lobby.copy"), async () => {
      try {
        await navigator.clipboard.writeText(input.value);
        toast(t("lobby.copied"));
      } catch (_e) {
        input.select();
      }
    }, { class: "small" }));
}

function showCreated(answer) {
  const box = el("created");
  box.hidden = false;
  const seats = Object.entries(answer.links.seats);
  fill(box,
    h("h3", {}, `${t("lobby.created")}${t("colon")}${answer.table.title}`),
    h("p", { class: "muted" }, t("lobby.created_help")),
    seats.map(([n, path]) => linkRow(t("lobby.play_seat", { n: Number(n) + 1 }), path, true)),
    linkRow(t("lobby.spectator_link"), answer.links.spectator, false),
    linkRow(t("lobby.host_link"), answer.links.host, false),
    h("p", { class: "muted host-note" }, t("lobby.host_note")));
  box.querySelector("a.button-link")?.focus();
}

async function create(ev) {
  ev.preventDefault();
  const error = el("create-error");
  error.hidden = true;
  const buttonEl = el("create-button");
  buttonEl.disabled = true;
  try {
    const answer = await api.create(readSpec());
    const { host: _host, ...links } = answer.links; // the host link is kept apart, not with the others
    rememberLinks(answer.table.id, links);
    saveHost(answer.table.id, answer.host_token);
    showCreated(answer);
    await refreshTables();
  } catch (err) {
    error.hidden = false;
    error.textContent = err.detail || String(err);
  } finally {
    buttonEl.disabled = false;
  }
}

function when(created) {
  const d = new Date(created * 1000);
  return d.toLocaleString(lang(), { hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" });
}

/** A seat of a listed table: its badge and who sits there, and "to play"
 *  while the game waits for its move (a player back in the lobby sees that
 *  a table waits for them). */
function seatChip(seat, toPlay) {
  let label;
  if (seat.kind === "bot") label = seat.name || botBadge(seat.bot);
  else if (seat.name) label = seat.name;
  else label = seat.awaited ? t("lobby.awaited_seat", { name: seat.awaited }) : t("lobby.open_seat");
  return h("span", { class: ["table-item-seat", toPlay ? "to-play" : null], title: t("lobby.seat", { n: seat.seat + 1 }) },
    seatBadge(seat.seat, null, { "aria-hidden": null }),
    h("span", {}, label),
    toPlay ? h("span", { class: "seat-to-play" }, t("lobby.to_play")) : null);
}

let lastTables = [];
let myTables = [];
let total = 0;
let shown = 20;
const PAGE = 20;

function tableItem(table) {
  const mine = createdLinks();
  const actions = [];
  const path = `/table/${encodeURIComponent(table.id)}`;
  const live = table.status === "waiting" || table.status === "playing";
  if (savedToken(table.id) && live) {
    actions.push(h("a", { class: "button-link primary", href: path }, t("lobby.resume")));
  } else if (mine[table.id] && table.status === "waiting") {
    // the creator plays one seat and sends the others: "Play" for the first free seat only (a
    // play-test's "Your tables" offered "Play (seat 2)", the friend's, beside seat 1)
    const free = Object.entries(mine[table.id].seats || {}).map(([n, link]) => [Number(n), link])
      .filter(([n]) => table.seats[n] && !table.seats[n].taken).sort((a, b) => a[0] - b[0]);
    if (free.length) actions.push(h("a", { class: "button-link primary", href: free[0][1] }, t("lobby.play", { n: free[0][0] + 1 })));
  }
  if (savedHost(table.id)) actions.push(h("a", { class: "button-link", href: path, dataset: { manage: table.id } }, t("lobby.manage")));
  if (!live) actions.push(h("a", { class: "button-link", href: `${path}?replay=1` }, t("lobby.replay")));
  actions.push(h("a", { class: "button-link", href: path }, t("lobby.spectate")));
  return h("li", { class: "table-item", dataset: { table: table.id } },
    h("div", {},
      h("div", { class: "table-item-title" }, table.title,
        h("span", { class: ["pill", `pill-${table.status}`] }, t(`status.${table.status}`)),
        table.listed === false ? h("span", { class: "badge" }, t("lobby.private")) : null,
        table.paused ? h("span", { class: "badge", title: t("lobby.paused_help") }, t("lobby.paused")) : null),
      h("div", { class: "muted" }, `${t("lobby.moves", { n: table.moves })} · ${t("lobby.created_at", { time: when(table.created) })}`)),
    h("div", { class: "table-item-actions" }, actions),
    h("div", { class: "table-item-seats" },
      table.seats.map((seat) => seatChip(seat, (table.waiting_for || []).includes(seat.seat)))));
}

function renderTables() {
  el("my-tables-box").hidden = !myTables.length;
  fill(el("my-tables"), myTables.map(tableItem));
  el("tables-more").hidden = lastTables.length >= total;
  const mineIds = new Set(myTables.map((tb) => tb.id));
  const others = lastTables.filter((tb) => !mineIds.has(tb.id)); // each table once
  if (!others.length) {
    // "create the first one" only when no table at all is listed, whatever the filters
    const filtered = el("filter-status").value || el("filter-game").value;
    const key = lastTables.length ? "lobby.no_other_tables" : filtered ? "lobby.no_match" : "lobby.no_tables";
    return fill(el("tables"), h("li", { class: "muted", id: "tables-none", dataset: { none: key } }, t(key)));
  }
  fill(el("tables"), others.map(tableItem));
}

function fillFilters() {
  const status = el("filter-status");
  const chosen = status.value;
  fill(status, [["", "lobby.status_all"], ["waiting", "lobby.status_waiting"], ["playing", "lobby.status_playing"],
    ["over,abandoned", "lobby.status_ended"]].map(([v, key]) => h("option", { value: v }, t(key))));
  status.value = chosen;
  const game = el("filter-game");
  const picked = game.value;
  fill(game, h("option", { value: "" }, t("lobby.all_games")), games.map((g) => h("option", { value: g.name }, g.title)));
  game.value = picked;
}

async function refreshTables() {
  try {
    const ids = myTableIds();
    const [page, first] = await Promise.all([
      api.tables({ status: el("filter-status").value, game: el("filter-game").value, limit: shown }),
      ids.length ? api.tables({ ids: ids.join(","), limit: 100 }) : { tables: [] },
    ]);
    // a rematch of a table hosted here is hosted here too, and listed with it
    const mine = first.tables.filter(carryHostToRematch).length ? await api.tables({ ids: myTableIds().join(","), limit: 100 }) : first;
    lastTables = page.tables;
    total = page.total;
    myTables = mine.tables.filter((tb) => tb.status === "waiting" || tb.status === "playing" || savedHost(tb.id));
    renderTables();
  } catch (err) {
    toast(t("error.generic", { detail: err.detail || String(err) }), "error");
  }
}

function joinLink(ev) {
  ev.preventDefault();
  const raw = el("join-link").value.trim();
  if (!raw) return;
  try {
    const url = new URL(raw, location.origin);
    if (/^\/table\/[^/]+$/.test(url.pathname)) location.href = url.pathname + url.search;
    else throw new Error("not a table link");
  } catch (_e) {
    toast(t("error.generic", { detail: raw }), "error");
  }
}

async function start() {
  el("topbar-tools").appendChild(langToggle());
  applyStatic(document);
  try {
    [games, bots] = await Promise.all([api.games(), api.bots()]);
  } catch (err) {
    toast(t("error.generic", { detail: err.detail || String(err) }), "error");
    return;
  }
  refreshForm();
  fillFilters();
  for (const id of ["filter-status", "filter-game"]) {
    el(id).addEventListener("change", () => { shown = PAGE; refreshTables(); });
  }
  el("tables-more").addEventListener("click", () => { shown += PAGE; refreshTables(); });
  el("game").addEventListener("change", () => { fillPlayers(); fillOptions(); fillSeats(); });
  el("num-players").addEventListener("change", fillSeats);
  el("create-form").addEventListener("submit", create);
  el("refresh").addEventListener("click", refreshTables);
  el("join-link-form").addEventListener("submit", joinLink);
  window.addEventListener("langchange", () => {
    const kept = readSpec().options;
    fillOptions();
    for (const input of el("options").querySelectorAll("[data-option]")) {
      const value = kept[input.dataset.option];
      if (input.dataset.kind === "bool") input.checked = !!value;
      else if (value !== undefined) input.value = String(value);
    }
    fillSeats();
    fillFilters();
    renderTables();
  });
  await refreshTables();
  setInterval(() => {
    if (document.visibilityState === "visible") refreshTables();
  }, 5000);
}

start();
