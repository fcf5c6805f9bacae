/* The search page (EDITION/search.html?q=QUERY): a pasted error message first (errormatch.js against
   the wordings of book/errors.yml), then Pagefind's results, one per section, best first, with the
   matched words marked in the excerpt and highlighted on the page the link leads to. */
(function () {
  "use strict";
  var box = document.getElementById("book-search");
  var out = document.getElementById("search-results");
  if (!box || !out) return;
  var words = box.dataset;
  // Words that say little about what a reader looks for (Intl.Segmenter makes them words of their own).
  var STOP = new Set(("a an the of to is are be it in and or if you i my me do does how why what when which with for on at " +
    "by as can not no this that get got fix error 的 了 和 與 与 跟 在 是 都 我 你 要 會 会 怎麼 怎么 為什麼 为什么 什麼 什么 " +
    "嗎 吗 呢 一直 每次 如何 需要 問題 问题 時 时").split(" "));
  var params = new URLSearchParams(window.location.search);
  var query = (params.get("q") || "").trim();
  var input = box.querySelector("input[name=q]");
  if (input) input.value = query;
  if (!query) { out.dataset.state = "done"; return; }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  // Pagefind's URLs start at the site's root (/EDITION/page.html): links relative to this page work offline too.
  var here = new URL(".", document.baseURI).pathname;
  function local(url) { return url.indexOf(here) === 0 ? url.slice(here.length) : url.replace(/^\//, ""); }
  function withHighlight(url, terms) {
    if (!terms.length) return url;
    var hash = url.indexOf("#"), base = hash < 0 ? url : url.slice(0, hash), anchor = hash < 0 ? "" : url.slice(hash);
    return base + "?highlight=" + encodeURIComponent(terms.join(" ")) + anchor;
  }
  function marked(excerpt) {
    var found = [], re = /<mark>([^<]+)<\/mark>/g, m;
    var t = document.createElement("textarea");
    while ((m = re.exec(excerpt))) {
      t.innerHTML = m[1];  // the excerpt's entities (&lt;) as text; no punctuation around the word
      var w = t.value.toLowerCase().replace(/^[^\w\u4e00-\u9fff]+|[^\w\u4e00-\u9fff]+$/g, "");
      if (w && found.indexOf(w) < 0) found.push(w);
    }
    return found;
  }
  // A title is text, or nodes (an error message is code: it stays English in every edition).
  function appendTitle(a, title) {
    (typeof title === "string" ? [document.createTextNode(title)] : title).forEach(function (n) { a.appendChild(n); });
  }
  // An error message, shortened: code, English in every edition.
  function errorCode(message) {
    return el("code", "notranslate", message.length > 90 ? message.slice(0, 90) + "…" : message);
  }
  // The heading of an error index entry is the error message itself.
  function sectionTitle(sub) {
    return /#error-/.test(sub.url) ? [errorCode(sub.title)] : [document.createTextNode(sub.title)];
  }
  function weight(sub) {
    return (sub.weighted_locations || []).reduce(function (s, l) { return s + (l.balanced_score || l.weight || 1); }, 0);
  }
  function bestWeight(page) {
    return Math.max.apply(null, (page.sub_results || []).map(weight).concat([weight(page)]));
  }
  function terms(text) {
    var seg = new Intl.Segmenter(document.documentElement.lang || "en", { granularity: "word" });
    var list = [], run = "";
    function push(w) { if (w && !STOP.has(w) && list.indexOf(w) < 0) list.push(w); }
    // The browser's dictionary splits words it lacks (张量, 叶子张量) into single characters: a run
    // of single Chinese characters is one word again.
    Array.from(seg.segment(text)).forEach(function (s) {
      var w = s.segment.toLowerCase();
      if (s.isWordLike && /^[\u3400-\u9fff]$/.test(w)) { run += w; return; }
      push(run); run = "";
      if (s.isWordLike) push(w);
    });
    push(run);
    return list;
  }

  async function pagefindResults(pagefind, text) {
    var all = await pagefind.search(text);
    var results = all.results.slice();
    if (results.length >= 3) return results;
    // Fewer than three pages hold every word: rank pages by the words they do hold.
    var scores = new Map(), byId = new Map();
    results.forEach(function (r) { scores.set(r.id, 1000 + r.score); byId.set(r.id, r); });
    var parts = terms(text).slice(0, 12);
    for (var i = 0; i < parts.length; i++) {
      var one = await pagefind.search(parts[i]);
      var n = one.results.length;
      one.results.forEach(function (r) {
        var idf = Math.log(1 + 20 / (n || 1));
        scores.set(r.id, (scores.get(r.id) || 0) + r.score * idf);
        if (!byId.has(r.id)) byId.set(r.id, r);
      });
    }
    return Array.from(byId.values()).sort(function (a, b) { return scores.get(b.id) - scores.get(a.id); });
  }

  async function run() {
    var start = performance.now();
    out.dataset.state = "running";
    var status = out.appendChild(el("p", "search-summary", words.running));
    var list = el("ol", "search-hits");
    var seen = new Set();
    function add(url, title, excerptHtml, cls, more) {
      if (seen.has(url)) return;
      seen.add(url);
      var li = el("li", "search-hit" + (cls ? " " + cls : ""));
      var a = el("a", "search-hit-link");
      appendTitle(a, title);
      a.href = url;
      li.appendChild(a);
      if (excerptHtml) { var p = el("p", "search-hit-excerpt"); p.innerHTML = excerptHtml; li.appendChild(p); }
      if (more && more.length) {
        var ul = el("ul", "search-hit-more");
        more.forEach(function (m) { var i = el("li"), b = el("a"); appendTitle(b, m.title); b.href = m.url; i.appendChild(b); ul.appendChild(i); seen.add(m.key); });
        li.appendChild(ul);
      }
      list.appendChild(li);
    }
    // A pasted error message: its index entry and the section that explains it come first.
    var errors = window.BookErrorMatch ? window.BookErrorMatch.match(query, window.BOOK_ERRORS || []) : [];
    var text = query, asked = terms(query);
    if (errors.length) {
      var e = errors[0];
      add(e.entry, [document.createTextNode(words.errorEntry + ": "), errorCode(e.message)],
          escapeHtml(e.summary), "search-hit-error");
      add(e.section, e.section_title, "", "search-hit-error");
      text = window.BookErrorMatch.normalise(query).split(" ").slice(0, 12).join(" ");
    } else if (/\n|(Error|Warning|Exception):/.test(query)) {
      text = window.BookErrorMatch.normalise(query).split(" ").slice(0, 12).join(" ");
    } else if (asked.length) {
      // A question: Pagefind wants every word, so the words that say little (为什么, 需要, how) go.
      text = asked.join(" ");
    }
    var pagefind = await import(new URL("_pagefind/pagefind.js", document.baseURI).href);
    await pagefind.options({ excerptLength: 26 });
    var results = await pagefindResults(pagefind, text);
    var data = await Promise.all(results.slice(0, 10).map(function (r) { return r.data(); }));
    // Pagefind ranks pages; a page whose best section holds the words (a heading, an error message)
    // is the better answer than a long page that mentions them here and there.
    var top = Math.max.apply(null, data.map(function (p) { return bestWeight(p); }).concat([1e-9]));
    var ranked = data.map(function (p, i) { return { p: p, s: (1 - i / data.length) + bestWeight(p) / top }; });
    ranked.sort(function (a, b) { return b.s - a.s; });
    data = ranked.map(function (r) { return r.p; });
    data.forEach(function (page) {
      var subs = (page.sub_results && page.sub_results.length ? page.sub_results : [page]).slice();
      subs.sort(function (a, b) { return weight(b) - weight(a); });
      var best = subs[0], url = local(best.url);
      var title = best.title && best.title !== page.meta.title
        ? [document.createTextNode(page.meta.title + " › ")].concat(sectionTitle(best)) : page.meta.title;
      var more = subs.slice(1, 4).map(function (s) {
        return { key: local(s.url), title: sectionTitle(s), url: withHighlight(local(s.url), marked(s.excerpt)) };
      }).filter(function (m) { return !seen.has(m.key); });
      // A page that matched only on a stray letter (Pagefind's loose matching of an unknown word) is no answer.
      var marks = marked(best.excerpt);
      if (marks.length && marks.every(function (w) { return /^[a-z0-9]$/.test(w); })) return;
      if (seen.has(url)) return;
      add(withHighlight(url, marked(best.excerpt)), title, best.excerpt, "", more);
      seen.add(url);
    });
    out.appendChild(list);
    var ms = Math.round(performance.now() - start);
    out.dataset.ms = String(ms);
    if (!list.children.length) {
      status.textContent = words.none.replace("{q}", query.length > 80 ? query.slice(0, 80) + "…" : query);
    } else {
      status.textContent = words.count.replace("{n}", list.children.length);
    }
    out.dataset.state = "done";
  }
  function escapeHtml(s) { var d = document.createElement("div"); d.textContent = s; return d.innerHTML; }
  run().catch(function (err) { out.dataset.state = "failed"; out.appendChild(el("p", "search-summary", String(err))); throw err; });
})();
