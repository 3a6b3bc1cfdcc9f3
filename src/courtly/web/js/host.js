// Seats and links (docs/web.md): which seat a link opened in this browser is
// for (and not silently taking a second seat), the host's panel on the table
// page, and the log lines of the host's actions. The table page calls these.

import { api, savedHost, saveHost } from "./api.js";
import { button, fill, h, seatBadge, toast } from "./dom.js";
import { addStrings, t } from "./i18n.js";

addStrings({
  en: {
    "link.context": "{game} · table {table} · seat {seat}",
    "link.watch": "Watch instead",
    "link.other_title": "This link is for another seat",
    "link.other_help": "This link is for seat {seat} ({who}). This browser already plays seat {mine} as {name}, and one browser plays one seat: send this link to its player, or open it in another browser.",
    "link.back": "Back to my seat ({name})",
    "link.taken_title": "This seat is taken",
    "link.taken_help": "{name} already sits in seat {seat}. Open it here only if you are {name} (moving to this device, for instance).",
    "link.taken_play": "I am {name}: play here",
    "link.open": "open",
    "join.duplicate": "{name} is already at this table: choose another name.",
    "host.title": "Host tools",
    "host.more": "Links, listing, abandon",
    "host.help": "You created this table. These links stay here; each seat's link is private to its player.",
    "host.link": "Seat {n} link",
    "host.copy": "Copy",
    "host.copied": "Link copied",
    "host.new": "new",
    "host.new_link_made": "Seat {n} has a new link, below: copy it and send it to whoever will sit there",
    "host.open_seat": "open seat",
    "host.awaited": "{name} — not here yet",
    "host.new_link": "New link",
    "host.new_link_confirm": "Give seat {n} a new link? The old one stops working at once.",
    "host.to_bot": "Bot in this seat",
    "host.to_bot_confirm": "Put a bot in seat {n} ({who})? Their link stops working.",
    "host.to_person": "Give to a person",
    "host.listed": "Listed in the lobby (otherwise reachable by link only)",
    "host.abandon": "Abandon the table",
    "host.abandon_confirm": "Abandon this table? The game stops where it is; its replay stays.",
    "host.confirm": "Yes",
    "host.cancel": "Cancel",
    "host.host_link": "Your host link (keep it to manage the table from another device)",
    "host.not_host": "This host link is not this table's.",
    "log.host_bot": "The host gives {who}'s seat to a bot",
    "log.host_bot_open": "The host gives seat {n} to a bot",
    "log.host_person": "The host opens seat {n} to a person again",
    "log.host_token": "The host gives {who} a new link; the old one no longer works",
    "log.host_listed_on": "The host lists the table in the lobby",
    "log.host_listed_off": "The host makes the table private",
    "log.host_abandon": "The host abandons the table",
    "table.token_replaced": "This seat's link no longer works (the host changed it): you are watching as a spectator.",
  },
  fr: {
    "link.context": "{game} · table {table} · place {seat}",
    "link.watch": "Regarder plutôt",
    "link.other_title": "Ce lien est celui d'une autre place",
    "link.other_help": "Ce lien est celui de la place {seat} ({who}). Ce navigateur joue déjà la place {mine} sous le nom {name}, et un navigateur joue une place : envoyez ce lien à son joueur, ou ouvrez-le dans un autre navigateur.",
    "link.back": "Retour à ma place ({name})",
    "link.taken_title": "Cette place est prise",
    "link.taken_help": "{name} occupe déjà la place {seat}. Ne l'ouvrez ici que si vous êtes {name} (en changeant d'appareil, par exemple).",
    "link.taken_play": "Je suis {name} : jouer ici",
    "link.open": "libre",
    "join.duplicate": "{name} est déjà à cette table : choisissez un autre nom.",
    "host.title": "Outils de l'hôte",
    "host.more": "Liens, visibilité, abandon",
    "host.help": "Vous avez créé cette table. Ces liens restent ici ; le lien de chaque place est réservé à son joueur.",
    "host.link": "Lien de la place {n}",
    "host.copy": "Copier",
    "host.copied": "Lien copié",
    "host.new": "nouveau",
    "host.new_link_made": "La place {n} a un nouveau lien, ci-dessous : copiez-le et envoyez-le à qui s'y assiéra",
    "host.open_seat": "place libre",
    "host.awaited": "{name} — pas encore là",
    "host.new_link": "Nouveau lien",
    "host.new_link_confirm": "Donner un nouveau lien à la place {n} ? L'ancien cesse aussitôt de marcher.",
    "host.to_bot": "Un robot à cette place",
    "host.to_bot_confirm": "Mettre un robot à la place {n} ({who}) ? Son lien cesse de marcher.",
    "host.to_person": "Rendre à une personne",
    "host.listed": "Visible dans le salon (sinon accessible par lien seulement)",
    "host.abandon": "Abandonner la table",
    "host.abandon_confirm": "Abandonner cette table ? La partie s'arrête là ; on peut encore la revoir.",
    "host.confirm": "Oui",
    "host.cancel": "Annuler",
    "host.host_link": "Votre lien d'hôte (gardez-le pour gérer la table depuis un autre appareil)",
    "host.not_host": "Ce lien d'hôte n'est pas celui de cette table.",
    "log.host_bot": "L'hôte donne la place de {who} à un robot",
    "log.host_bot_open": "L'hôte donne la place {n} à un robot",
    "log.host_person": "L'hôte rend la place {n} à une personne",
    "log.host_token": "L'hôte donne un nouveau lien à {who} ; l'ancien ne marche plus",
    "log.host_listed_on": "L'hôte rend la table visible dans le salon",
    "log.host_listed_off": "L'hôte rend la table privée",
    "log.host_abandon": "L'hôte abandonne la table",
    "table.token_replaced": "Le lien de cette place ne marche plus (l'hôte l'a changé) : vous regardez en spectateur.",
  },
});

export const HOST_KINDS = ["host_bot", "host_person", "host_token", "host_listed", "host_abandon"];

/** The log line of a host action, or null for another kind of event. */
export function hostEventText(e, seatName) {
  const d = e.data || {};
  switch (e.kind) {
    case "host_bot": return d.name ? t("log.host_bot", { who: d.name }) : t("log.host_bot_open", { n: d.seat + 1 });
    case "host_person": return t("log.host_person", { n: d.seat + 1 });
    case "host_token": return t("log.host_token", { who: d.name || seatName(d.seat) });
    case "host_listed": return t(d.listed ? "log.host_listed_on" : "log.host_listed_off");
    case "host_abandon": return t("log.host_abandon");
    default: return null;
  }
}

// ----- a dialog with a few choices ----------------------------------------------------

/** Show a modal dialog; resolves with the value of the button pressed. */
export function choose({ id, title, context, text, choices }) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "dialog", id });
    const done = (value) => {
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    fill(dialog,
      h("h2", {}, title),
      context ? h("p", { class: "dialog-context" }, context) : null,
      h("p", { class: "muted" }, text),
      h("div", { class: "dialog-buttons" }, choices.map((c) =>
        button(c.label, () => done(c.value), { class: c.primary ? "primary" : "", id: c.id }))));
    dialog.addEventListener("cancel", (ev) => {
      ev.preventDefault();
    });
    document.body.appendChild(dialog);
    dialog.showModal();
    dialog.querySelector("button.primary")?.focus();
  });
}

/** "Courtisans · table 3f2a… · seat 2". */
export function linkContext(table, seat) {
  return t("link.context", { game: table.title, table: table.id, seat: seat + 1 });
}

/**
 * Which token the page should use when a seat link (?token=) is opened.
 * `saved` is the token this browser already holds for the table (or null),
 * `fresh` the link's. Never takes a second seat silently: another seat held
 * here is refused (back to it, or watch); a seat someone sits in asks first.
 * Resolves {token, save}: the token to use (null: watch), whether to keep it.
 */
export async function resolveSeatLink(tableId, fresh, saved, seatName) {
  let theirs;
  try {
    theirs = await api.state(tableId, fresh);
  } catch (err) {
    if (err.status === 403) {
      // a browser that keeps a seat here goes back to it, and is told so, not that it watches
      toast(t(saved ? "table.bad_link_mine" : "table.bad_token"), "error");
      return { token: saved, save: false };
    }
    throw err;
  }
  const table = theirs.table;
  const seat = theirs.seat;
  const info = table.seats[seat];
  let mine = null;
  if (saved) {
    mine = await api.state(tableId, saved).then((s) => s.seat).catch(() => null);
  }
  const context = linkContext(table, seat);
  if (mine !== null && mine !== seat) {
    const name = table.seats[mine].name || seatName(table, mine);
    const choice = await choose({
      id: "link-dialog",
      title: t("link.other_title"),
      context,
      text: t("link.other_help", { seat: seat + 1, who: info.name || t("link.open"), mine: mine + 1, name }),
      choices: [
        { label: t("link.back", { name }), value: "back", primary: true, id: "link-back" },
        { label: t("link.watch"), value: "watch", id: "link-watch" },
      ],
    });
    return choice === "back" ? { token: saved, save: false } : { token: null, save: false };
  }
  if (mine === seat) return { token: fresh, save: true }; // a new link for my own seat
  if (info.name) {
    const choice = await choose({
      id: "link-dialog",
      title: t("link.taken_title"),
      context,
      text: t("link.taken_help", { name: info.name, seat: seat + 1 }),
      choices: [
        { label: t("link.taken_play", { name: info.name }), value: "play", primary: true, id: "link-play" },
        { label: t("link.watch"), value: "watch", id: "link-watch" },
      ],
    });
    return choice === "play" ? { token: fresh, save: true } : { token: null, save: false };
  }
  return { token: fresh, save: true, open: true }; // an open seat: the join dialog asks the name
}

/** A ?host= link: kept in this browser if the server says it is this table's. */
export async function adoptHostLink(tableId, host) {
  try {
    await api.hostLinks(tableId, host);
    saveHost(tableId, host);
    return true;
  } catch (_err) {
    toast(t("host.not_host"), "error");
    return false;
  }
}

// ----- the host's panel ------------------------------------------------------------------

const hostState = { links: null, loading: false, fresh: null };

async function loadLinks(tableId, host) {
  hostState.loading = true;
  try {
    hostState.links = await api.hostLinks(tableId, host);
  } catch (err) {
    if (err.status === 403) saveHost(tableId, null); // not (or no longer) the host here
    hostState.links = null;
  }
  hostState.loading = false;
}

async function hostAction(tableId, run, redraw, done = null) {
  hostState.fresh = null;
  try {
    await run();
    if (done) done();
  } catch (err) {
    toast(t("error.generic", { detail: err.detail || String(err) }), "error");
  }
  await loadLinks(tableId, savedHost(tableId));
  redraw();
}

function copyRow(label, path, id) {
  const input = h("input", { readonly: true, value: new URL(path, location.origin).href, "aria-label": label, id });
  input.addEventListener("focus", () => input.select());
  return h("div", { class: "host-link" }, input,
    button(t("host.copy"), async () => {
      try {
        await navigator.clipboard.writeText(input.value);
        toast(t("host.copied"));
      } catch (_e) {
        input.select();
      }
    }, { class: "small" }));
}

/**
 * Draw the host's panel into `box` (hidden unless this browser holds the
 * table's host token). `table` is the latest public table, `seatName(n)` a
 * seat's shown name, `redraw()` draws it again, `colourOf(n)` a seat's badge
 * colour from the game's renderer (Fief: its map colour) or null.
 */
export function renderHostPanel(box, tableId, table, seatName, redraw, colourOf = () => null) {
  const host = savedHost(tableId);
  box.hidden = !host || !table;
  if (box.hidden) return fill(box);
  if (!hostState.links && !hostState.loading) {
    loadLinks(tableId, host).then(redraw);
  }
  const links = hostState.links;
  const live = table.status === "waiting" || table.status === "playing";
  // the lobby phase (seats still open) shows everything; once the game has started the
  // links, the listing and "Abandon" fold away (<details>, opened by a click, remembered
  // until the phase changes) and only the seats with their buttons stay in sight
  const phase = table.status === "waiting" ? "lobby" : "play";
  const open = box.dataset.openPhase === phase ? box.dataset.open === "1" : phase === "lobby";
  const unfold = (n) => () => { // a new link to hand out: show it, marked new, and say so
    box.dataset.openPhase = phase;
    box.dataset.open = "1";
    hostState.fresh = n;
    toast(t("host.new_link_made", { n: n + 1 }));
  };
  const seats = table.seats.map((seat) => {
    const n = seat.seat;
    // a rematch's seat nobody has followed yet waits for the person who had it
    const who = seat.name || (seat.kind === "bot" ? seatName(n)
      : seat.awaited ? t("host.awaited", { name: seat.awaited }) : t("host.open_seat"));
    const actions = [];
    if (live && seat.kind === "person") {
      actions.push(button(t("host.new_link"), async () => {
        const ok = await choose({ id: "host-confirm", title: t("host.title"), text: t("host.new_link_confirm", { n: n + 1 }),
          choices: [{ label: t("host.confirm"), value: true, primary: true, id: "host-yes" }, { label: t("host.cancel"), value: false, id: "host-no" }] });
        if (ok) hostAction(tableId, () => api.hostToken(tableId, host, n), redraw, unfold(n));
      }, { class: "small", dataset: { hostAction: "token", seat: n } }));
      actions.push(button(t("host.to_bot"), async () => {
        const ok = await choose({ id: "host-confirm", title: t("host.title"), text: t("host.to_bot_confirm", { n: n + 1, who }),
          choices: [{ label: t("host.confirm"), value: true, primary: true, id: "host-yes" }, { label: t("host.cancel"), value: false, id: "host-no" }] });
        if (ok) hostAction(tableId, () => api.hostBot(tableId, host, n), redraw);
      }, { class: "small", dataset: { hostAction: "bot", seat: n } }));
    } else if (live && seat.kind === "bot") {
      actions.push(button(t("host.to_person"), () => hostAction(tableId, () => api.hostPerson(tableId, host, n), redraw, unfold(n)),
        { class: "small", dataset: { hostAction: "person", seat: n } }));
    }
    return h("li", { class: "host-seat", dataset: { seat: n } },
      h("div", { class: "host-seat-head" },
        seatBadge(n, colourOf(n)),
        h("span", { class: "host-seat-name" }, who),
        h("span", { class: "host-seat-actions" }, actions)));
  });
  const seatLinks = table.seats.map((seat) => {
    const link = links && links.seats[String(seat.seat)];
    const label = t("host.link", { n: seat.seat + 1 });
    const fresh = hostState.fresh === seat.seat; // the link the host's last action made
    return link ? h("li", { class: fresh ? "host-link-new" : null, dataset: { seat: seat.seat } },
      h("span", { class: "muted small-text" }, label, fresh ? h("span", { class: "badge badge-new" }, t("host.new")) : null),
      copyRow(label, link, `host-link-${seat.seat}`)) : null;
  }).filter(Boolean);
  const listed = h("input", { type: "checkbox", id: "host-listed", checked: table.listed !== false });
  listed.addEventListener("change", () => hostAction(tableId, () => api.hostListed(tableId, host, listed.checked), redraw));
  fill(box,
    h("h2", { id: "host-title" }, t("host.title")),
    h("ul", { class: "host-seats", id: "host-seats" }, seats),
    h("details", { class: "host-details", id: "host-details", open, dataset: { phase } },
      h("summary", {}, t("host.more")),
      h("p", { class: "muted small-text" }, t("host.help")),
      seatLinks.length ? h("ul", { class: "host-links", id: "host-links" }, seatLinks) : null,
      h("label", { class: "host-listed" }, listed, h("span", {}, t("host.listed"))),
      links ? h("div", { class: "host-own" }, h("span", { class: "muted small-text" }, t("host.host_link")),
        copyRow(t("host.host_link"), links.host, "host-link-host")) : null,
      live ? button(t("host.abandon"), async () => {
        const ok = await choose({ id: "host-confirm", title: t("host.abandon"), text: t("host.abandon_confirm"),
          choices: [{ label: t("host.confirm"), value: true, primary: true, id: "host-yes" }, { label: t("host.cancel"), value: false, id: "host-no" }] });
        if (ok) hostAction(tableId, () => api.hostAbandon(tableId, host), redraw);
      }, { class: "small danger", id: "host-abandon" }) : null));
  const details = box.querySelector("details");
  details.addEventListener("toggle", () => {
    box.dataset.openPhase = phase;
    box.dataset.open = details.open ? "1" : "0";
  });
}
