/* The search page (EDITION/search.html?q=QUERY): a pasted error message first (errormatch.js against
   the wordings of book/errors.yml: its index entry and every section that explains a case of it),
   then Pagefind's results, one per section (page › heading), best first, with the matched words
   marked in the excerpt and highlighted on the page the link leads to. */
(function () {
  "use strict";
  var box = document.getElementById("book-search");
  var out = document.getElementById("search-results");
  if (!box || !out) return;
  var words = box.dataset;
  // Words that say little about what a reader looks for (Intl.Segmenter makes them words of their own).
  var STOP = new Set(("a an the of to is are be it in and or if you i my me do does how why what when which with for on at " +
    "by as can not no this that get got fix error 的 了 和 與 与 跟 在 是 都 我 你 要 會 会 怎麼 怎么 為什麼 为什么 什麼 什么 " +
    "嗎 吗 呢 一直 每次 如何 需要 問題 问题 時 时 有 有沒有 有没有 哪 哪裡 哪里 在哪 在哪裡 在哪里 就 也 吧 啊 呀 " +
    "出現 出现 導致 导致 造成 之後 之后 請問 请问 還是 还是 能 可以 應該 应该 怎樣 怎样 時候 时候").split(" "));
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
  // Pagefind marks the words it matched; where it matched a word as its parts (running_loss in a
  // Chinese edition) it marks none: the query's words are marked in the excerpt here.
  function withMarks(excerpt, words) {
    excerpt = String(excerpt || "").replace(/\u200b/g, "");
    if (/<mark>/.test(excerpt)) return excerpt;
    words.filter(function (w) { return w.length > 1; }).forEach(function (w) {
      var safe = escapeHtml(w).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      excerpt = excerpt.replace(new RegExp("(^|[^\\w>])(" + safe + ")(?![\\w<])", "gi"), "$1<mark>$2</mark>");
    });
    return excerpt;
  }
  // A title is text, or nodes (an error message is code: it stays English in every edition).
  function appendTitle(a, title) {
    (typeof title === "string" ? [document.createTextNode(title)] : title).forEach(function (n) { a.appendChild(n); });
  }
  // An error message, shortened: code, English in every edition.
  function errorCode(message) {
    return el("code", "notranslate", message.length > 90 ? message.slice(0, 90) + "…" : message);
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

  // Every result is a section (utils/book/search.py indexes one document per section). Pagefind
  // wants every word of a query in a document; a question has words that no one section holds, so
  // each word is searched alone and a section scores the sum over the words it holds, rarer words
  // counting more, and more the more of the query's words it holds. Pagefind's Chinese segmenter
  // often leaves a word of the page as single characters (記憶體 as 記 憶 體): a Chinese word is
  // also searched as its characters.
  async function sectionScores(pagefind, text) {
    var parts = terms(text).slice(0, 10);
    if (!parts.length) parts = [text];
    var found = await Promise.all(parts.map(async function (w) {
      var asked = [pagefind.search(w)];
      if (/^[\u3400-\u9fff]{2,}$/.test(w)) asked.push(pagefind.search(Array.from(w).join(" ")));
      // An API name (running_loss, optimizer.step) may be indexed as its parts (a Chinese edition's segmenter splits it).
      else if (/[a-z0-9][._][a-z0-9]/.test(w)) asked.push(pagefind.search(w.split(/[._]+/).filter(Boolean).join(" ")));
      var got = await Promise.all(asked), best = new Map();
      // How rare the word is: by the sections that hold it whole (its parts or characters are commoner).
      best.n = got[0].results.length || new Set([].concat.apply([], got.map(function (g) { return g.results.map(function (r) { return r.id; }); }))).size;
      got.forEach(function (one, k) {
        one.results.forEach(function (r) {
          var s = k ? r.score / 2 : r.score;   // the characters or parts anywhere in a section count less than the word
          var old = best.get(r.id);
          if (!old || old.s < s) best.set(r.id, { r: r, s: s });
        });
      });
      return best;
    }));
    var scores = new Map();
    found.forEach(function (best) {
      var idf = Math.log(1 + 40 / (best.n || 1));
      best.forEach(function (x, id) {
        var t = scores.get(id) || { r: x.r, score: 0, held: 0 };
        t.score += x.s * idf; t.held += 1;
        scores.set(id, t);
      });
    });
    return Array.from(scores.values()).map(function (t) {
      var share = t.held / parts.length;
      return { r: t.r, score: t.score * share * share };
    }).sort(function (a, b) { return b.score - a.score; });
  }
  // Pagefind scores words one by one. Among its best sections, those whose heading holds the query's
  // words, or whose text holds them side by side ("gradient accumulation", 叶子张量), answer better.
  async function reranked(ranked, text) {
    var parts = terms(text), top = ranked.slice(0, 20);
    var pairs = [];
    for (var i = 0; i + 1 < parts.length; i++) pairs.push(parts[i] + " " + parts[i + 1], parts[i] + parts[i + 1]);
    if (parts.length === 1) pairs.push(parts[0]);
    var data = await Promise.all(top.map(function (x) { return x.r.data(); }));
    var best = top.length ? top[0].score : 1;
    top.forEach(function (x, i) {
      var d = data[i], flat = function (t) { return String(t || "").toLowerCase().replace(/\u200b/g, ""); };
      var head = flat(d.meta && d.meta.title).split(" › ").pop(), content = flat(d.content);
      // A word of the heading, not part of one (leaf is not non-leaf); Chinese has no spaces to tell.
      var inHead = parts.filter(function (w) {
        var at = head.indexOf(w);
        return at >= 0 && (/[\u3400-\u9fff]/.test(w) || !/[\w-]/.test(head.charAt(at - 1) || " ") && !/[\w-]/.test(head.charAt(at + w.length) || " "));
      }).length / (parts.length || 1);
      var together = pairs.filter(function (p) { return content.indexOf(p) >= 0; }).length / (pairs.length || 1);
      x.data = d;
      x.final = x.score / best + 0.5 * inHead + 0.5 * Math.min(1, together * (parts.length > 1 ? 2 : 1));
    });
    return top.sort(function (a, b) { return b.final - a.final; });
  }
  // Pagefind's documents are the sections; their links are in their meta (href, relative to the edition).
  function hrefOf(data) { return (data.meta && data.meta.href) || local(data.url); }

  async function run() {
    var start = performance.now();
    out.dataset.state = "running";
    var status = out.appendChild(el("p", "search-summary", words.running));
    var list = el("ol", "search-hits");
    var seen = new Set();
    function add(url, title, excerptHtml, cls) {
      var key = url.replace(/\?[^#]*/, "");
      if (seen.has(key)) return;
      seen.add(key);
      var li = el("li", "search-hit" + (cls ? " " + cls : ""));
      var a = el("a", "search-hit-link");
      appendTitle(a, title);
      a.href = url;
      li.appendChild(a);
      if (excerptHtml) { var p = el("p", "search-hit-excerpt"); p.innerHTML = excerptHtml; li.appendChild(p); }
      list.appendChild(li);
    }
    var pagefind = await import(new URL("_pagefind/pagefind.js", document.baseURI).href);
    await pagefind.options({ excerptLength: 26 });
    // A pasted error message: its index entry first, then every section that explains a case of it;
    // the query's other words (GAN, critic, step) choose among those sections.
    var errors = window.BookErrorMatch ? window.BookErrorMatch.match(query, window.BOOK_ERRORS || []) : [];
    var text = query, asked = terms(query);
    if (errors.length) {
      var e = errors[0];
      var rest = window.BookErrorMatch.ownWords(asked, window.BOOK_ERRORS || []).filter(function (w) {
        return !/^([\w.]*(error|warning|exception)|[\d.]+)$/.test(w) && !/^\W+$/.test(w);
      });
      var cases = (e.cases || [{ section: e.section, title: e.section_title, line: "" }]).map(function (c, i) { return { c: c, i: i, s: 0 }; });
      if (rest.length && cases.length > 1) {
        var ranked = await sectionScores(pagefind, rest.join(" "));
        var top = ranked.slice(0, 40);
        var data = await Promise.all(top.map(function (x) { return x.r.data(); }));
        data.forEach(function (d, i) {
          cases.forEach(function (c) { if (hrefOf(d) === c.c.section) c.s = Math.max(c.s, top[i].score); });
        });
        cases.sort(function (a, b) { return b.s - a.s || a.i - b.i; });
      }
      add(e.entry, [document.createTextNode(words.errorEntry + ": "), errorCode(e.message)],
          escapeHtml(e.summary), "search-hit-error");
      cases.forEach(function (x) {
        add(x.c.section, x.c.page_title ? x.c.page_title + " › " + x.c.title : x.c.title, escapeHtml(x.c.line || ""), "search-hit-error");
      });
      text = rest.length ? rest.join(" ") : window.BookErrorMatch.normalise(query).split(" ").slice(0, 12).join(" ");
    } else if (/\n|(Error|Warning|Exception):/.test(query)) {
      text = window.BookErrorMatch.normalise(query).split(" ").slice(0, 12).join(" ");
    } else if (asked.length) {
      // A question: the words that say little (为什么, 需要, how) go.
      text = asked.join(" ");
    }
    var results = (await reranked(await sectionScores(pagefind, text), text)).slice(0, 10);
    var pages = results.map(function (x) { return x.data; });
    pages.forEach(function (d) {
      // A section that matched only on a stray letter (Pagefind's loose matching of an unknown word) is no answer.
      var excerpt = withMarks(d.excerpt, asked), marks = marked(excerpt);
      if (marks.length && marks.every(function (w) { return /^[a-z0-9]$/.test(w); })) return;
      var url = hrefOf(d), title = d.meta.title || url;
      add(withHighlight(url, marks), /#error-/.test(url) ? [errorCode(title)] : title, excerpt, "");
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
  // Opened from a file (the unzipped offline copy), browsers refuse Pagefind's module and index: say how
  // to read the copy with search (serve.py, shipped in the zip: utils/book/offline.py), not an error.
  function offline() {
    out.textContent = "";
    out.dataset.state = "offline";
    out.appendChild(el("p", "search-summary", words.offline));
    out.appendChild(el("pre", "search-offline-command")).appendChild(el("code", null, words.offlineCommand));
  }
  if (window.location.protocol === "file:") { offline(); return; }
  run().catch(function (err) {
    out.dataset.state = "failed";
    out.textContent = "";
    out.appendChild(el("p", "search-summary", words.none.replace("{q}", query)));
    console.error(err);  // for whoever debugs it; the reader sees no stack trace and no local path
  });
})();
