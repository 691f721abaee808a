// The evening's ranking across every table of the league (C8 XP, the night's tallies, games per
// table), read from /leaderboard every few seconds. Names are always drawn as text, never markup.
"use strict";

function row(cells) {
  const tr = document.createElement("tr");
  for (const value of cells) {
    const td = document.createElement("td");
    td.textContent = String(value);
    tr.appendChild(td);
  }
  return tr;
}

function fill(id, rows) {
  const table = document.getElementById(id);
  const body = table.querySelector("tbody");
  body.replaceChildren(...rows.map(row));
  table.hidden = rows.length === 0;
  const title = document.getElementById(id + "-title");
  if (title) title.hidden = rows.length === 0;
}

function tallies(counts) {
  return Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(", ");
}

function show(data) {
  const note = document.getElementById("note");
  if (data.error) {
    note.textContent = data.error;
    return;
  }
  document.getElementById("league").textContent = data.league
    ? `Le classement de la soirée « ${data.league} »`
    : "Le classement";
  const ranking = (data.leaderboard || []).map((s) => [s.rank, s.player, s.xp, s.games]);
  fill("xp", ranking);
  fill("night", Object.entries(data.night || {}).map(([player, counts]) => [player, tallies(counts)]));
  fill("tables", Object.entries(data.tables || {}).map(([players, games]) => [players, games]));
  note.textContent = `${data.games || 0} partie(s) enregistrée(s).`;
}

async function refresh() {
  try {
    const answer = await fetch("/leaderboard", { cache: "no-store" });
    if (answer.ok) show(await answer.json());
    else document.getElementById("note").textContent = "Pas de classement pour cette table.";
  } catch (_error) {
    document.getElementById("note").textContent = "L'arbitre ne répond pas ; nouvel essai dans un instant.";
  }
}

refresh();
setInterval(refresh, 5000);
