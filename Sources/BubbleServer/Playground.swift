/// `GET /`: one small page to try Bubble. Type a message, set the width and options, and see Bubble's
/// SVG, the browser's own drawing of `/v1/html` (in a sandboxed frame, no scripts), and the JSON side by
/// side; when the browser's lines or height differ from the JSON's, the page says so.
enum Playground {
    static let page = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Bubble playground</title>
    <style>
    body{font:14px system-ui,sans-serif;margin:16px;color:#222}
    textarea{width:100%;height:5em;font:15px monospace}
    .row{display:flex;gap:16px;align-items:flex-start;margin-top:12px;flex-wrap:wrap}
    .pane{border:1px solid #ddd;padding:8px;min-width:200px}
    .pane h2{font-size:13px;margin:0 0 6px}
    pre{max-width:520px;max-height:420px;overflow:auto;font-size:11px;margin:0}
    iframe{border:0;width:420px;height:300px}
    #verdict.bad{color:#b00020;font-weight:bold} #verdict.good{color:#1b7f3b}
    </style></head><body>
    <h1>Bubble playground</h1>
    <textarea id="message">Hello @alice [smile] see https://example.com/a/very/long/path?with=query 很久很久以前</textarea>
    <div class="row">
    <label>max width <input id="maxWidth" type="number" value="280" min="40" max="2000"></label>
    <label>line metrics <select id="lineMetrics"><option>web</option><option>exact</option></select></label>
    <label>max lines <input id="maxLines" type="number" value="0" min="0" max="100"></label>
    <label>input <select id="format"><option>text</option><option>markup</option></select></label>
    <span id="verdict"></span>
    </div>
    <div class="row">
    <div class="pane"><h2>Bubble's SVG</h2><img id="svg" alt="Bubble's SVG"></div>
    <div class="pane"><h2>The browser draws bubble html</h2><iframe id="html" sandbox="allow-same-origin" title="bubble html"></iframe></div>
    <div class="pane"><h2>JSON</h2><pre id="json"></pre></div>
    </div>
    <script>
    const $ = id => document.getElementById(id);
    let serial = 0;
    function body() {
      const options = {maxWidth: Number($('maxWidth').value), lineMetrics: $('lineMetrics').value, maxLines: Number($('maxLines').value)};
      const m = {}; m[$('format').value] = $('message').value;
      return {options, m};
    }
    async function post(path, payload) {
      const r = await fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(payload)});
      return {ok: r.ok, text: await r.text()};
    }
    function measure(doc) {
      const bubble = doc.querySelector('.bubble');
      if (!bubble) return null;
      const tops = [];
      const walker = doc.createTreeWalker(bubble, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      const range = doc.createRange();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const rects = [];
        if (n.nodeType === 3) {
          for (let i = 0; i < n.data.length; i++) {
            if (n.data[i] === '\\n') continue;
            range.setStart(n, i); range.setEnd(n, i + 1);
            for (const r of range.getClientRects()) rects.push(r);
          }
        } else if (n.tagName === 'IMG') rects.push(n.getBoundingClientRect());
        for (const r of rects) {
          const mid = (r.top + r.bottom) / 2;
          if (!tops.some(t => mid >= t.top && mid <= t.bottom)) tops.push({top: r.top, bottom: r.bottom});
        }
      }
      return {lines: tops.length, height: bubble.getBoundingClientRect().height};
    }
    async function update() {
      const me = ++serial;
      const {options, m} = body();
      const [svg, html, layout] = await Promise.all([
        post('/v1/svg', Object.assign({options}, m)),
        post('/v1/html', Object.assign({options}, m)),
        post('/v1/layout', {options, messages: [Object.assign({id: 'm'}, m)]})]);
      if (me !== serial) return;
      $('svg').src = svg.ok ? URL.createObjectURL(new Blob([svg.text], {type: 'image/svg+xml'})) : '';
      let result = null;
      try { result = JSON.parse(layout.text).results[0]; } catch (e) {}
      $('json').textContent = result ? JSON.stringify(result.layout || result.error, null, 1) : layout.text;
      const frame = $('html');
      frame.onload = () => {
        const seen = measure(frame.contentDocument);
        const want = result && result.layout;
        const v = $('verdict');
        if (!seen || !want) { v.textContent = 'error'; v.className = 'bad'; v.dataset.state = 'error'; return; }
        const same = seen.lines === want.lineCount && Math.abs(seen.height - want.size.height) <= 1;
        v.textContent = (same ? 'browser agrees: ' : 'browser DISAGREES: ') + seen.lines + ' lines, ' + seen.height.toFixed(2)
          + ' px; Bubble ' + want.lineCount + ' lines, ' + want.size.height + ' px';
        v.className = same ? 'good' : 'bad';
        v.dataset.state = same ? 'agree' : 'disagree';
        v.dataset.browserLines = seen.lines; v.dataset.bubbleLines = want.lineCount;
      };
      frame.srcdoc = html.ok ? '<!doctype html><meta charset="utf-8"><body style="margin:0">' + html.text : '<pre>' + html.text.replace(/</g, '&lt;') + '</pre>';
    }
    for (const id of ['message', 'maxWidth', 'lineMetrics', 'maxLines', 'format']) $(id).addEventListener('input', update);
    update();
    </script></body></html>
    """
}
