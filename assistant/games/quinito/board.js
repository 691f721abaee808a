// Quinito's part of the party board, registered with the board's page (assistant/board/static/board.js):
// each cup's standing announcement, its odds and the ladder of scores in the table's order (Q3, Q5, Q13);
// in each player's box, doses and sips (or lives, L1) and the totem (Q9). Values are set as text.
"use strict";
(() => {
  const { el, count } = window.kinitoBoard;

  function cup(data, value) {
    const box = el("div", "cup");
    box.append(el("div", "label", data.cups.length > 1 ? `Gobelet ${value.index + 1} · annonce` : "Annonce en cours"));
    if (value.announced === null) {
      box.append(el("div", "score none", "—"), el("div", "words", "Pas encore d'annonce"));
    } else {
      box.append(el("div", "score", value.chance ? "?" : value.announced));
      const right = el("div");
      right.append(el("div", "words", value.announced_text));
      if (value.announcer) right.append(el("div", "by", `annoncé par ${value.announcer}`));
      if (value.odds !== null) right.append(el("div", "odds", `${value.odds} % de chances de faire au moins autant`));
      box.append(right);
    }
    if (data.cups.length > 1 && value.totem) box.append(el("div", "by", `Totem : ${value.totem}`));
    const ladder = el("div", "ladder");
    ladder.title = "L'ordre des scores : en vert, ce qui fait au moins l'annonce";
    for (const step of value.ladder) ladder.append(el("span", step.state, step.value));
    box.append(ladder);
    return box;
  }

  window.kinitoBoard.register("quinito", {
    draw(area, data) {
      if (!data.cups.length) return;
      const cups = el("div", "cups");
      for (const value of data.cups) cups.append(cup(data, value));
      area.append(cups);
    },
    player(box, p) {
      if (p.lives !== undefined) {
        const hearts = el("div", "hearts");
        for (let i = 0; i < p.max_lives; i += 1) hearts.append(el("span", i < p.lives ? null : "lost", "♥"));
        box.append(hearts, el("div", "extra", count(p.lives, "vie", "vies")));
      } else {
        const big = el("div", "big", p.doses);
        big.append(el("span", "unit", p.doses > 1 ? "doses" : "dose"));
        box.append(big);
        if (p.sips) box.append(el("div", "extra", `+ ${count(p.sips, "gorgée", "gorgées")}`));
      }
      if (p.totem) box.append(el("span", "badge totem", "TOTEM"));
    },
  });
})();
