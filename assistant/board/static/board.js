// Kinito's party board: draws the JSON of /state and /events (server-sent events).
// Every value that comes from the table (player names first) is set as text, never as markup.
// What the game says (title, statuses, journal, penalties, summary) comes as data from the game's
// responses file (grammars/responses/fr/); the page keeps only its own labels (badges, headings).
// It draws the generic parts (title, whose turn, players, the last penalty, the journal, the chart);
// the game's own part, and what a player's box shows of the game, are drawn by the drawer the game's
// script registers (its board.js, served under /games/<name>/ and loaded after this one):
//   kinitoBoard.register(name, { draw(area, data), player(box, player, data) })  (both optional)
// with `data` the JSON of /state, picked by its `game` key.
"use strict";
(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const PALETTE = ["#ffc53d", "#5ec8ff", "#ff7a9c", "#5ee0a0", "#b08cff", "#ff9a4d",
                   "#4de3e0", "#e6e65c", "#ff5d5d", "#8fa8ff", "#c7f25c", "#f0a6ff"];
  const $ = (id) => document.getElementById(id);

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function count(n, one, many) {  // French: 0 and 1 take the singular
    return `${n} ${Math.abs(n) > 1 ? many : one}`;
  }

  const drawers = new Map();
  window.kinitoBoard = Object.freeze({
    el,
    count,
    register(name, drawer) { drawers.set(name, drawer); },
  });

  function colours(players) {
    const out = new Map();
    players.forEach((p, i) => out.set(p.name, PALETTE[i % PALETTE.length]));
    return out;
  }

  function status(data) {
    if (data.over) {
      const w = data.winners;
      return w.length > 1 ? `Égalité : ${w.join(" et ")}` : `${w[0]} gagne la partie !`;
    }
    if (data.paused) return "Pause";
    return data.status || "";
  }

  function renderTurn(data) {
    $("status").textContent = status(data);
    const dir = $("direction");
    dir.replaceChildren();
    if ((data.direction === 1 || data.direction === -1) && !data.over) {
      const clockwise = data.direction === 1;
      dir.append(el("b", null, clockwise ? "↻" : "↺"), el("span", null, clockwise ? "sens horaire" : "sens inverse"));
    }
    document.body.classList.toggle("paused", Boolean(data.paused));
  }

  function renderSummary(data) {
    const box = $("summary");
    box.replaceChildren();
    const summary = data.summary;
    box.hidden = !summary;
    if (!summary) return;
    const [title, ...rest] = summary.lines;
    box.append(el("h2", null, title));
    for (const line of rest) box.append(el("p", null, line));
  }

  function renderGame(data, drawer) {  // the game's own part, by its drawer
    const area = $("game");
    area.replaceChildren();
    if (drawer && drawer.draw) drawer.draw(area, data);
    area.hidden = area.childElementCount === 0;
  }

  function renderPlayers(data, colour, drawer) {
    const box = $("players");
    box.replaceChildren();
    for (const p of data.players) {
      const out = p.eliminated;
      const seat = el("div", `player${p.turn ? " playing" : ""}${out ? " out" : ""}`);
      seat.dataset.player = p.name;
      const name = el("div", "name");
      const dot = el("span", "dot");
      dot.style.background = colour.get(p.name);
      name.append(dot, el("span", null, p.name));
      seat.append(name);
      if (drawer && drawer.player) drawer.player(seat, p, data);
      if (out) seat.append(el("span", "badge out", "HORS JEU"));
      if (data.over && data.winners.includes(p.name)) seat.append(el("span", "badge win", "VAINQUEUR"));
      box.append(seat);
    }
  }

  function renderPenalty(data) {
    const box = $("penalty");
    box.replaceChildren();
    const last = data.last_penalty;
    box.hidden = !last;
    if (!last) return;
    box.append(el("div", "label", "Dernière pénalité"), el("div", "text", last.text), el("div", "reason", `Motif : ${last.reason_text}`));
  }

  function renderSaid(data) {
    const box = $("said");
    box.textContent = data.said.join(" ");
    box.hidden = data.said.length === 0 || Boolean(data.summary);
  }

  function renderJournal(data) {
    const box = $("journal");
    const list = el("ol");
    for (const line of data.journal) list.append(el("li", null, line));
    box.replaceChildren(el("div", "label", "Derniers coups"), list);
    box.hidden = data.journal.length === 0;
  }

  function svg(tag, attributes, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  function renderChart(data, colour) {
    const chart = data.chart;
    const box = $("chart");
    box.replaceChildren();
    $("chart-title").textContent = `La soirée · ${chart.unit}`;
    const names = Object.keys(chart.series);
    const steps = Math.max(1, ...names.map((n) => chart.series[n].length - 1));
    const top = Math.max(1, ...names.flatMap((n) => chart.series[n]));
    // Drawn in the svg's own pixels (its viewBox is its size): text keeps its size, nothing stretched.
    const w = Math.max(200, Math.round(box.clientWidth || 600));
    const h = Math.max(80, Math.round(box.clientHeight || 260));
    box.setAttribute("viewBox", `0 0 ${w} ${h}`);
    const [left, bottom] = [34, 18];
    const x = (i) => left + (i / steps) * (w - left - 8);
    const y = (v) => h - bottom - (v / top) * (h - bottom - 18);
    for (const tick of [0, Math.round(top / 2), top]) {
      box.append(svg("line", { class: "grid", x1: left, x2: w, y1: y(tick), y2: y(tick) }));
      box.append(svg("text", { class: "axis", x: 2, y: y(tick) + 5 }, tick));
    }
    for (const name of names) {
      const values = chart.series[name];  // a step line: counts change at a penalty, not in between
      const points = values.flatMap((v, i) => (i === 0 ? [[0, v]] : [[i, values[i - 1]], [i, v]]))
        .map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
      box.append(svg("polyline", { points, fill: "none", stroke: colour.get(name), "stroke-width": 4,
        "stroke-linejoin": "round", "stroke-linecap": "round", "vector-effect": "non-scaling-stroke" }));
    }
    const empty = steps === 1 && names.every((n) => chart.series[n].length === 1);
    if (empty) box.append(svg("text", { class: "axis", x: w / 2, y: h / 2, "text-anchor": "middle" }, "La courbe commence au premier point marqué"));
    const legend = $("legend");
    legend.replaceChildren();
    for (const name of names) {
      const item = el("span");
      const dot = el("i");
      dot.style.background = colour.get(name);
      item.append(dot, el("span", null, name));
      legend.append(item);
    }
  }

  // A name is never broken: too long for its box, its font shrinks (to 60 % at most).
  function fitNames() {
    for (const span of document.querySelectorAll(".player .name span:last-child")) {
      span.style.fontSize = "";
      const room = span.clientWidth;
      if (room > 0 && span.scrollWidth > room) {
        span.style.fontSize = `${Math.max(0.6, (room - 1) / span.scrollWidth).toFixed(3)}em`;
      }
    }
  }

  function crowd(count) {
    return count > 8 ? "many" : count > 4 ? "some" : "few";
  }

  let last = null;

  function render(data) {
    if (!data || !data.game) return;
    last = data;
    document.body.dataset.crowd = crowd(data.players.length);
    // On a TV the players stand in two rows at most (one up to four): twelve make two rows of six.
    const seats = data.players.length;
    $("players").style.setProperty("--columns", String(seats <= 4 ? Math.max(seats, 3) : Math.ceil(seats / 2)));
    document.body.classList.toggle("with-summary", Boolean(data.summary));
    const title = $("title");
    title.replaceChildren(el("span", null, data.title));
    if (data.variants.length) title.append(el("small", null, data.variants.map((v) => v.text).join(" · ")));
    const colour = colours(data.players);
    const drawer = drawers.get(data.game);
    document.body.dataset.game = data.game;
    renderTurn(data);
    renderSummary(data);
    renderGame(data, drawer);
    renderPlayers(data, colour, drawer);
    renderPenalty(data);
    renderSaid(data);
    renderJournal(data);
    renderChart(data, colour);
    fitNames();
    document.body.dataset.moves = String(data.moves);
  }

  function apply(text, version) {
    render(JSON.parse(text));
    document.body.dataset.version = version;
  }

  // A board bound to this machine only has no QR code (it would open nothing on a phone).
  window.addEventListener("resize", () => { if (last) render(last); });

  const qr = $("qr");
  qr.addEventListener("error", () => { $("link").hidden = true; });
  if (qr.complete && qr.naturalWidth === 0) $("link").hidden = true;

  // The stream's first message is the table as it stands now; then one message per change. It opens
  // once the games' scripts (deferred after this one) have registered their drawers.
  document.addEventListener("DOMContentLoaded", () => {
    const source = new EventSource("/events");  // reconnects by itself when the network or the server blinks
    source.onmessage = (event) => { $("offline").hidden = true; apply(event.data, event.lastEventId); };
    source.onerror = () => { $("offline").hidden = false; };
    source.onopen = () => { $("offline").hidden = true; };
  });
})();
