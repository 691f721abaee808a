// The board page measured by pixel bounds (tests/board/layout.py): a list of problems, empty when
// the layout holds. Called with `tv`: on a TV nothing may be below the screen either.
(tv) => {
  const W = window.innerWidth, H = window.innerHeight;
  const problems = [];
  const name = (el) => (el.id ? "#" + el.id : "") + (typeof el.className === "string" && el.className ? "." + el.className.split(" ").join(".") : "") + "<" + el.tagName.toLowerCase() + ">";
  const shown = (el) => {
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return style.display !== "none" && style.visibility !== "hidden" && (r.width > 0 || r.height > 0);
  };
  const doc = document.documentElement;
  if (doc.scrollWidth > W + 1) problems.push(`page wider than the screen: ${doc.scrollWidth} > ${W}`);
  if (tv && doc.scrollHeight > H + 1) problems.push(`page taller than the screen: ${doc.scrollHeight} > ${H}`);
  for (const el of document.querySelectorAll("body *")) {
    if (!shown(el) || el.closest("[hidden]")) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1) problems.push(`${name(el)} off-screen sideways (${Math.round(r.left)}..${Math.round(r.right)})`);
    if (tv && (r.top < -1 || r.bottom > H + 1)) problems.push(`${name(el)} below the screen (${Math.round(r.top)}..${Math.round(r.bottom)})`);
    const parent = el.parentElement;
    if (parent && parent !== document.body && shown(parent) && !el.matches(".ladder span.at")) {
      const p = parent.getBoundingClientRect();
      if (r.left < p.left - 1 || r.right > p.right + 1 || r.top < p.top - 1 || r.bottom > p.bottom + 1)
        problems.push(`${name(el)} overflows ${name(parent)}`);
    }
    const style = getComputedStyle(el);
    if (!(el instanceof SVGElement) && style.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${name(el)} clips its content (${el.scrollWidth} > ${el.clientWidth})`);
  }
  // A name wraps only between words: every new line starts after a space.
  for (const el of document.querySelectorAll(".player .name span:last-child, .legend span span")) {
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    let top = null;
    for (let i = 0; i < text.length; i += 1) {
      const range = document.createRange();
      range.setStart(text, i); range.setEnd(text, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      if (top !== null && rect.top > top + 2 && text.data[i - 1] !== " " && text.data[i] !== " ")
        problems.push(`name broken mid-word: ${text.data} at ${i}`);
      top = rect.top;
    }
  }
  const chart = document.getElementById("chart");
  if (chart && chart.getAttribute("preserveAspectRatio") === "none") problems.push("chart stretched (preserveAspectRatio none)");
  const fonts = [...document.querySelectorAll("#chart text")].map((t) => t.getBoundingClientRect().height);
  if (fonts.length && Math.min(...fonts) < 11) problems.push(`chart text too small: ${Math.min(...fonts)} px`);
  const text = document.body.innerText;
  if (/\btoi\b/i.test(text)) problems.push("'toi' on the shared screen");
  for (const el of document.querySelectorAll("*")) {
    const after = getComputedStyle(el, "::after").content;
    if (after && /\btoi\b/i.test(after)) problems.push(`'toi' in ${name(el)}::after`);
  }
  const current = document.querySelector(".player.playing");
  if (current) {
    const r = current.getBoundingClientRect();
    if (r.bottom > H + 1 && tv) problems.push("the current player is off-screen");
  }
  return problems;
}
