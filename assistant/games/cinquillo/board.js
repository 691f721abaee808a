// Cinquillo's part of the party board, registered with the board's page (assistant/board/static/board.js):
// the four suit rows as cards, laid, blocked (C6) or what the table accepts next (C3), with the round,
// the target and the stock; in each player's box, the cards in hand, the match points and, once the
// match is over, its XP (C8). Values are set as text.
"use strict";
(() => {
  const { el, count } = window.kinitoBoard;

  function row(value) {
    const line = el("div", `row ${value.suit}`);
    line.append(el("div", "suit", `${value.symbol} ${value.name}`));
    for (const card of value.cards) {
      const face = el("div", `card ${card.state}`, card.label);
      face.title = `${card.name} de ${value.name}`;
      if (card.state === "table") face.append(el("small", null, value.symbol));
      line.append(face);
    }
    return line;
  }

  window.kinitoBoard.register("cinquillo", {
    draw(area, data) {
      const box = el("div", "layout");
      const info = [`Manche ${data.round}`, `objectif ${data.target} points`];
      if (data.stock) info.push(count(data.stock, "carte en pioche", "cartes en pioche"));
      box.append(el("div", "info", info.join(" · ")));
      for (const value of data.layout) box.append(row(value));
      area.append(box);
    },
    player(box, p, data) {
      const big = el("div", "big", p.cards);
      big.append(el("span", "unit", p.cards > 1 ? "cartes" : "carte"));
      box.append(big, el("div", "extra", count(p.points, "point", "points")));
      if (data.over && p.xp) box.append(el("div", "extra", `${p.xp > 0 ? "+" : ""}${p.xp} XP`));
    },
  });
})();
