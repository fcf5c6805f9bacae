/* The paste-your-error box (landing page, error index page): the reader pastes a message or a whole
   traceback; errormatch.js matches it against every wording of book/errors.yml (window.BOOK_ERRORS)
   and the box links straight to every section that explains a case of it (one line each says which
   case), or says that nothing matched and offers the search. On the landing page (data-editions)
   it links to each section in every edition, and says the rest in the edition of the reader's
   language (the browser's languages, else the first edition): that edition's summary, case lines
   and words, from its own errors.js. */
(function () {
  "use strict";
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  function link(href, text, lang) {
    var a = el("a", null, text);
    a.href = href;
    if (lang) { a.lang = lang; a.hreflang = lang; }
    return a;
  }
  function start(form) {
    var out = form.querySelector(".error-paste-result");
    var editions = form.dataset.editions ? JSON.parse(form.dataset.editions) : [{ key: "", name: "" }];
    var reader = readersEdition(editions);
    var words = { explained: reader.explained || form.dataset.explained, none: reader.none || form.dataset.none,
                  colon: reader.colon || ": " };
    if (reader.errors) out.lang = reader.hreflang;
    // The matcher and the wordings (about 20 kB) load when the reader first uses the box, not with the page.
    var ready = null;
    function load() {
      var scripts = (form.dataset.scripts || "").split(" ").concat(reader.errors ? [reader.errors] : []);
      if (!ready) ready = scripts.filter(Boolean).reduce(function (done, src) {
        return done.then(function () {
          return new Promise(function (resolve, reject) {
            var s = document.createElement("script");
            s.src = src; s.onload = resolve; s.onerror = reject;
            document.head.appendChild(s);
          });
        });
      }, Promise.resolve());
      return ready;
    }
    form.querySelector("textarea").addEventListener("focus", load);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      load().then(function () { show(); });
    });
    function show() {
      var text = form.querySelector("textarea").value;
      var found = window.BookErrorMatch.match(text, window.BOOK_ERRORS || []);
      out.textContent = "";
      out.dataset.found = found.length ? found[0].id : "";
      if (found.length) {
        var e = found[0];
        out.appendChild(el("p", "error-paste-message", e.message));
        out.appendChild(el("p", "error-paste-summary", e.summary));  // the landing page too (its source edition's words)
        // Every section that explains a case of the error, each with the line that says which case.
        out.appendChild(el("p", "error-paste-explained", words.explained + words.colon.trim()));
        var ul = el("ul", "error-paste-links");
        (e.cases || [{ section: e.section, title: e.section_title, line: "" }]).forEach(function (c) {
          var li = el("li", "error-paste-case");
          // The case first (in the landing page's source edition words there), then its section.
          if (c.line) li.appendChild(el("span", "error-paste-line", c.line));
          if (editions.length === 1) li.appendChild(link(c.section, c.title));
          else editions.forEach(function (ed, i) {
            if (i) li.appendChild(document.createTextNode(" · "));
            li.appendChild(link(ed.key + "/" + c.section, ed.name, ed.hreflang));
          });
          ul.appendChild(li);
        });
        out.appendChild(ul);
      } else {
        var q = window.BookErrorMatch.normalise(text).split(" ").slice(0, 16).join(" ");
        var none = el("p", "error-paste-none", words.none + " ");
        editions.forEach(function (ed, i) {
          var prefix = ed.key ? ed.key + "/" : "";
          if (i) none.appendChild(document.createTextNode(" · "));
          none.appendChild(link(prefix + "search.html?q=" + encodeURIComponent(q || text.trim()), ed.key ? ed.name : form.dataset.search, ed.hreflang));
        });
        out.appendChild(none);
      }
      out.dataset.state = "done";
    }
  }
  // The edition whose language the reader's browser asks for first: its BCP 47 tag (zh-Hant), the
  // language alone (en-GB: en), or a Chinese region's script (zh-TW, zh-HK, zh-MO: zh-Hant; zh-CN,
  // zh-SG, zh: zh-Hans); else the first edition (the source).
  function readersEdition(editions) {
    var asked = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
    for (var i = 0; i < asked.length; i++) {
      var tag = String(asked[i]).toLowerCase();
      if (/^zh(-|$)/.test(tag) && !/-(hant|hans)(-|$)/.test(tag)) tag = /-(tw|hk|mo)(-|$)/.test(tag) ? "zh-hant" : "zh-hans";
      for (var j = 0; j < editions.length; j++) {
        var own = String(editions[j].hreflang || "").toLowerCase();
        if (own && (tag === own || tag.indexOf(own + "-") === 0 || (own.indexOf("-") < 0 && tag.split("-")[0] === own)))
          return editions[j];
      }
    }
    return editions[0];
  }
  function init() { document.querySelectorAll("form.error-paste").forEach(start); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
