// Measures every `.m` bubble of the page as Chromium laid it out: which mapped-text offset starts each
// line, the lines' extents, the bubble's height, and the rects of every [data-link] element.
// Mapped offsets: a text node's UTF-16 units count one each, an <img> one (Bubble's U+FFFC), <br> and
// <wbr> none, nor the direction mark `bubble html` puts after a <br> — the same text Bubble lays out.
(() => {
  const seg = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
  const range = document.createRange();
  const out = [];
  for (const m of document.querySelectorAll('.m')) {
    const box = m.getBoundingClientRect();
    const lines = [];  // {start, top, bottom, left, right}
    let offset = 0;
    // A line's extent: its glyphs, and its spaces up to the last glyph (a line's leading spaces count,
    // as in Bubble's widths; its trailing ones hang and do not).
    const place = (start, r, ink) => {
      const mid = (r.top + r.bottom) / 2;
      let line = lines.length ? lines[lines.length - 1] : null;
      if (!line || mid > line.bottom) {
        line = {start, top: r.top, bottom: r.bottom, left: Infinity, right: -Infinity, spaces: []};
        lines.push(line);
      } else {
        line.top = Math.min(line.top, r.top); line.bottom = Math.max(line.bottom, r.bottom);
      }
      if (!ink) { line.spaces.push(r); return; }
      for (const q of [r, ...line.spaces]) { line.left = Math.min(line.left, q.left); line.right = Math.max(line.right, q.right); }
      line.spaces = [];
    };
    const walker = document.createTreeWalker(m, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeType === 3 && n.parentElement.classList.contains('bidi-mark')) continue;  // not in Bubble's text
      if (n.nodeType === 3) {
        for (const g of seg.segment(n.data)) {
          const start = offset + g.index;
          if (g.segment === '\n' || g.segment === '\r\n' || g.segment === '\r') continue;
          range.setStart(n, g.index); range.setEnd(n, g.index + g.segment.length);
          const rs = range.getClientRects();
          if (!rs.length) continue;
          const r = rs[rs.length - 1];
          place(start, r, !/^\s+$/.test(g.segment));
        }
        offset += n.data.length;
      } else if (n.tagName === 'IMG') {
        place(offset, n.getBoundingClientRect(), true);
        offset += 1;
      }
    }
    // Empty lines (a line feed after a line feed) draw no glyph: count them from the height left over.
    const links = [];
    for (const a of m.querySelectorAll('[data-link]')) {
      // One rect per visual run on each line, as Bubble reports them: the element's boxes (its spans) grouped
      // by line, then merged left to right where they touch (bidi can put other text between two pieces).
      const rows = [];
      for (const r of a.getClientRects()) {
        if (r.width <= 0) continue;
        const mid = (r.top + r.bottom) / 2;
        let row = rows.find(q => mid >= q.top && mid <= q.bottom);
        if (!row) { row = {top: r.top, bottom: r.bottom, boxes: []}; rows.push(row); }
        row.top = Math.min(row.top, r.top); row.bottom = Math.max(row.bottom, r.bottom);
        row.boxes.push(r);
      }
      const merged = [];
      for (const row of rows) {
        row.boxes.sort((p, q) => p.left - q.left);
        let run = null;
        for (const r of row.boxes) {
          if (run && r.left - run.right < 0.5) {
            run.right = Math.max(run.right, r.right); run.top = Math.min(run.top, r.top); run.bottom = Math.max(run.bottom, r.bottom);
          } else {
            run = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
            merged.push(run);
          }
        }
      }
      links[Number(a.dataset.link)] = merged.map(r => [r.left - box.left, r.top - box.top, r.right - r.left, r.bottom - r.top]);
    }
    // A line of spaces alone (between two blocks) is not counted: nor is it on Bubble's side.
    const inked = lines.filter(l => l.right >= l.left);
    const images = Array.from(m.querySelectorAll('img')).map(i => {
      const r = i.getBoundingClientRect();
      return [r.left - box.left, r.top - box.top, r.width, r.height];
    });
    out.push({
      images,
      starts: inked.map(l => l.start),
      widths: inked.map(l => l.right - l.left),
      height: box.height, width: box.width, links,
    });
  }
  return out;
})()
