/* The search page (EDITION/search.html?q=QUERY): a pasted error message first (errormatch.js against
   the wordings of book/errors.yml: its index entry and every section that explains a case of it),
   then Pagefind's results, one per section (page › heading), best first, with the matched words
   marked in the excerpt and highlighted on the page the link leads to. What is listed, in which
   order, is rank.js's (the routing tests run the same file under node); this file shows it. */
(function () {
  "use strict";
  var box = document.getElementById("book-search");
  var out = document.getElementById("search-results");
  if (!box || !out) return;
  var words = box.dataset;
  var params = new URLSearchParams(window.location.search);
  var query = (params.get("q") || "").trim();
  var input = box.querySelector("input[name=q]");
  if (input) input.value = query;
  if (!query) { out.dataset.state = "done"; return; }
  var Rank = window.BookSearchRank;

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
  // A title is text, or nodes (an error message is code: it stays English in every edition).
  function appendTitle(a, title) {
    (typeof title === "string" ? [document.createTextNode(title)] : title).forEach(function (n) { a.appendChild(n); });
  }
  // An error message, shortened: code, English in every edition.
  function errorCode(message) {
    return el("code", "notranslate", message.length > 90 ? message.slice(0, 90) + "…" : message);
  }
  // Pagefind's documents are the sections; their links are in their meta (href, relative to the edition).
  function hrefOf(data) { return (data.meta && data.meta.href) || local(data.url); }

  async function run() {
    var start = performance.now();
    out.dataset.state = "running";
    var status = out.appendChild(el("p", "search-summary", words.running));
    var list = el("ol", "search-hits");
    function add(url, title, excerptHtml, cls) {
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
    // The first ten are listed, the rest a click away (a question's answer may be eleventh).
    var SHOWN = 10;
    var found = await Rank.search(pagefind, query, {
      lang: document.documentElement.lang || "en", errors: window.BOOK_ERRORS || [],
      matcher: window.BookErrorMatch, href: hrefOf, words: window.BOOK_SEARCH_WORDS, limit: 30 });
    if (found.corrected && found.corrected.length) {
      out.appendChild(el("p", "search-corrected", words.corrected
        .replace("{to}", found.corrected.map(function (c) { return c[1]; }).join(" "))
        .replace("{from}", found.corrected.map(function (c) { return c[0]; }).join(" "))));
    }
    found.forEach(function (x) {
      if (x.kind === "error-entry") {
        add(x.url, [document.createTextNode(words.errorEntry + (words.colon || ": ")  /* the edition's colon: "：" in Chinese */), errorCode(x.error.message)],
            Rank.escapeHtml(x.error.summary), "search-hit-error");
      } else if (x.kind === "error-case") {
        var c = x.case;
        add(x.url, c.page_title ? c.page_title + " › " + c.title : c.title, Rank.escapeHtml(c.line || ""), "search-hit-error");
      } else {
        add(withHighlight(x.url, x.marks), /#error-/.test(x.url) ? [errorCode(x.title)] : x.title, x.excerpt, "");
      }
    });
    var rest = Array.from(list.children).slice(SHOWN), more = null;
    if (rest.length) {
      rest.forEach(function (li) { li.hidden = true; });
      more = el("button", "search-more btn btn-sm", words.more.replace("{n}", rest.length));
      more.type = "button";
      more.addEventListener("click", function () {
        rest.forEach(function (li) { li.hidden = false; });
        more.remove();
        if (rest[0].querySelector("a")) rest[0].querySelector("a").focus();
      });
      out.dataset.more = String(rest.length);
    }
    out.appendChild(list);
    if (more) out.appendChild(more);
    var ms = Math.round(performance.now() - start);
    out.dataset.ms = String(ms);
    if (!list.children.length) {
      status.textContent = words.none.replace("{q}", query.length > 80 ? query.slice(0, 80) + "…" : query);
    } else {
      status.textContent = words.count.replace("{n}", list.children.length);
    }
    out.dataset.state = "done";
  }
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
