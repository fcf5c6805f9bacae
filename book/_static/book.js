/* The book's own behaviour (no library needed for either):
   1. The edition switcher keeps the reader's place: a click goes to the same section of the
      other edition, by the section's id, which is the same in every edition.
   2. The {answer-check} directive: a choice, a set of choices, a number or a short expression answered
      and checked on the page itself (a Python expression: with expression.js, fetched on the first check of one). */
(function () {
  "use strict";

  function currentLabel() {
    var headings = document.querySelectorAll("article section > :is(h1,h2,h3,h4,h5,h6)");
    var current = null;
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].getBoundingClientRect().top <= 96) current = headings[i]; else break;
    }
    /* Every section's own id is the same in every edition (utils/book/anchors.py): its label, or
       the English heading's slug; the other ids on the page are older aliases. */
    var section = current && current.parentElement;
    return section && section.tagName === "SECTION" ? section.id : "";
  }

  /* The switcher sits at the top of the page: the place kept is the section the reader was in
     when the switcher was last scrolled out of view (scrolling back up to it keeps that place). */
  function keepPlace(switcher) {
    var links = switcher.querySelectorAll("a[hreflang]");
    var label = "", pending = false;
    function update() {
      pending = false;
      if (switcher.getBoundingClientRect().bottom < 0) label = currentLabel();
      links.forEach(function (a) { a.hash = label ? "#" + label : ""; });
    }
    window.addEventListener("scroll", function () {
      if (!pending) { pending = true; window.requestAnimationFrame(update); }
    }, { passive: true });
    update();
  }

  /* {answer-check}: the accepted answers sit in the page (data-answers, a JSON list); a self-check
     for the reader, run in the browser without a server. Numbers match within data-tolerance. */
  function normalise(text) {
    return text.trim().toLowerCase().replace(/\s+/g, " ");
  }

  /* A number as people type it: a Unicode or full-width minus, spaces or thin spaces between digit
     groups, commas between thousands (4,096) or, where a comma cannot be one, as the decimal mark
     (-1,32). Anything else ("3," or "3x") is not a number. */
  function parseNumber(text) {
    var t = text.trim().replace(/[\u2212\uFF0D\u2013]/g, "-").replace(/[\s\u00A0\u2009\u202F]/g, "");
    if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, "");
    else if (/^[-+]?\d+,\d+$/.test(t)) t = t.replace(",", ".");
    return /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(t) ? Number(t) : NaN;
  }

  /* "right", "close", "nan" or "wrong". Close: the answer rounded to the digits the reader typed
     (-1.32 for -1.3197), but not within the tolerance: more digits are needed. */
  function verdictOf(box, given) {
    var answers = JSON.parse(box.dataset.answers);
    if (box.dataset.kind === "number") {
      var value = parseNumber(given);
      var tolerance = Number(box.dataset.tolerance || "0");
      if (isNaN(value)) return "nan";
      var off = Math.min.apply(null, answers.map(function (a) { return Math.abs(Number(a) - value); }));
      var decimals = (String(value).split(".")[1] || "").length;
      var rounding = 0.5 * Math.pow(10, -decimals) * (1 + 1e-9);
      return off <= tolerance * (1 + 1e-9) ? "right" : tolerance > 0 && off <= rounding ? "close" : "wrong";
    }
    /* A short expression: the quotes around a name (static_graph or "static_graph") do not count. */
    if (box.dataset.kind === "text") given = given.trim().replace(/^(["'`])(.*)\1$/, "$2");
    return answers.map(normalise).indexOf(normalise(given)) >= 0 ? "right" : "wrong";
  }

  function setUpCheck(box) {
    var form = box.querySelector("form");
    var verdict = box.querySelector(".answer-check-verdict");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var given;
      if (box.dataset.kind === "set") {  /* the keys ticked, sorted, as data-answers holds a set */
        given = Array.prototype.map.call(form.querySelectorAll("input[type=checkbox]:checked"),
                                         function (input) { return input.value; }).sort().join(",");
      } else {
        var picked = box.dataset.kind === "choice" ? form.querySelector("input[type=radio]:checked")
                                                   : form.querySelector("input[type=text]");
        given = picked ? picked.value : "";
      }
      function say(result, said) {
        show(verdict, said || box.dataset[result]);
        verdict.className = "answer-check-verdict " + (result === "right" ? "is-right" : result === "empty" ? ""
                                                       : result === "unjudged" ? "is-unjudged" : "is-wrong");
      }
      if (given.trim() === "") say("empty");
      else if (box.dataset.kind === "expression") {
        /* a form the judge accepted, a typical wrong one (with the judge's verdict), or neither */
        withExpression(function (E) {
          var judged = E ? E.judge(given, JSON.parse(box.dataset.answers), JSON.parse(box.dataset.known))
                         : { result: "unjudged" };
          say(judged.result, judged.verdict);
        });
      } else say(verdictOf(box, given));
    });
  }

  /* expression.js is fetched the first time a reader checks an expression, from beside this file:
     a page that has such a box, read without using it, loads nothing more. */
  var here = document.currentScript && document.currentScript.src;
  var expressionWaiting = null;
  function withExpression(then) {
    if (window.BookExpression || !here) return then(window.BookExpression);
    if (!expressionWaiting) {
      expressionWaiting = [];
      var script = document.createElement("script");
      script.src = here.replace(/book\.js(\?.*)?$/, "expression.js");
      script.onload = script.onerror = function () {
        expressionWaiting.forEach(function (f) { f(window.BookExpression); });
        expressionWaiting = null;
      };
      document.head.appendChild(script);
    }
    expressionWaiting.push(then);
  }

  /* A verdict's `code spans` (a judge's verdict names code) as <code>. */
  function show(output, text) {
    output.textContent = "";
    String(text).split(/`([^`\n]+)`/).forEach(function (part, i) {
      if (!part) return;
      if (i % 2) { var code = document.createElement("code"); code.textContent = part; output.appendChild(code); }
      else output.appendChild(document.createTextNode(part));
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("nav.edition-switcher").forEach(keepPlace);
    document.querySelectorAll(".answer-check").forEach(setUpCheck);
  });
})();

/* Phones (issue 24):
   1. A wide table or a column-aligned output scrolls inside its block, with a shade on the edge that
      hides something (book.css, .book-scroll); an output whose lines line up in columns is marked
      .book-columns, so that it scrolls instead of wrapping.
   2. The contents and menu drawers close once the reader taps a link in them (the theme left the
      page's contents over the section it had just scrolled to).
   3. Copy buttons get an accessible name (sphinx-copybutton gives them only a tooltip attribute).
   4. Figures open at full size on a tap. */
(function () {
  "use strict";
  // Runs of two or more spaces inside a line (not at its start), or tree drawing: columns that matter.
  var COLUMNS = /\S {2,}\S|^\s*[└├│]/;

  function hasColumns(pre) {
    if (pre.closest(".traceback, .stderr, .output.error")) return false;
    var lines = pre.textContent.split("\n");
    return lines.filter(function (l) { return COLUMNS.test(l); }).length >= 2;
  }

  function track(wrap, box) {
    function update() {
      var max = box.scrollWidth - box.clientWidth;
      wrap.classList.toggle("more-right", max > 1 && box.scrollLeft < max - 1);
      wrap.classList.toggle("more-left", max > 1 && box.scrollLeft > 1);
    }
    box.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    // A table in a fold (the glossary's translators' table) has no width until it is opened.
    document.addEventListener("toggle", update, true);
    update();
  }

  /* The scrolling box stays where it is; a wrapper around it carries the shades. */
  function scrollCue(box) {
    if (box.parentElement && box.parentElement.classList.contains("book-scroll")) return;
    var wrap = document.createElement("div");
    wrap.className = "book-scroll";
    box.classList.add("book-scroll-box");
    box.parentElement.insertBefore(wrap, box);
    wrap.appendChild(box);
    if (!box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");  // scrollable by keyboard
    track(wrap, box);
  }

  function closeDrawerOnTap(event) {
    var a = event.target.closest && event.target.closest("a[href]");
    var dialog = a && a.closest("dialog[open]");
    if (dialog && dialog.id && /sidebar-modal$/.test(dialog.id)) dialog.close();
  }

  function nameCopyButtons() {
    document.querySelectorAll("button.copybtn:not([aria-label])").forEach(function (b) {
      var title = b.querySelector("title");
      b.setAttribute("aria-label", (title && title.textContent.trim()) || b.dataset.tooltip || "Copy");
    });
  }

  /* 4. A figure shrunk to the column (a phone) opens in place on a tap, a click or Enter: a dialog over
        the page, the figure as wide as the screen, a second tap doubles it (the pane scrolls to
        move it); the close button, Escape or a tap beside it closes it and the focus goes back.
        The link still names the image file (a new tab, or no JavaScript, shows it alone). */
  function figureViewer() {
    var words = (document.querySelector("nav.edition-switcher") || document.body).dataset;
    var dialog = document.createElement("dialog");
    dialog.className = "book-figure-dialog";
    dialog.setAttribute("aria-label", words.figureZoom || "");
    dialog.innerHTML = '<button type="button" class="book-figure-close"></button>' +
                       '<p class="book-figure-hint"></p><div class="book-figure-pane"><img alt=""></div>';
    dialog.querySelector(".book-figure-close").textContent = "\u00d7";
    dialog.querySelector(".book-figure-close").setAttribute("aria-label", words.figureClose || "Close");
    dialog.querySelector(".book-figure-hint").textContent = words.figureZoom || "";
    dialog.querySelector(".book-figure-close").addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("click", function (event) { if (event.target === dialog) dialog.close(); });
    // Escape closes it even where another handler (the theme's keyboard shortcuts) keeps the default.
    dialog.addEventListener("keydown", function (event) { if (event.key === "Escape") dialog.close(); });
    dialog.querySelector("img").addEventListener("click", function () { dialog.classList.toggle("zoomed"); });
    document.body.appendChild(dialog);
    return dialog;
  }

  function openFullSize(img) {
    if (img.closest("a")) return;
    var a = document.createElement("a");
    a.href = img.currentSrc || img.src;
    a.className = "book-figure-open";
    img.parentElement.insertBefore(a, img);
    a.appendChild(img);
    a.addEventListener("click", function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;  // a new tab: the file
      event.preventDefault();
      var dialog = document.querySelector("dialog.book-figure-dialog") || figureViewer();
      var shown = dialog.querySelector("img");
      shown.src = a.href;
      shown.alt = img.alt;
      dialog.classList.remove("zoomed");
      dialog.addEventListener("close", function () { a.focus(); }, {once: true});
      dialog.showModal();
      dialog.querySelector(".book-figure-close").focus();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("article div.cell_output img, article figure img").forEach(openFullSize);
    document.querySelectorAll("div.cell_output pre").forEach(function (pre) {
      if (hasColumns(pre)) pre.classList.add("book-columns");
    });
    document.querySelectorAll("article .pst-scrollable-table-container, article pre.book-columns").forEach(scrollCue);
    // Code you would type scrolls in its box (lines kept): the same cue, wherever a line is wider.
    document.querySelectorAll("article div.highlight > pre").forEach(function (pre) {
      if (!pre.closest("div.cell_output, div.highlight-text") && pre.scrollWidth > pre.clientWidth + 1) scrollCue(pre);
    });
    document.addEventListener("click", closeDrawerOnTap);
  });
  // sphinx-copybutton adds its buttons on DOMContentLoaded too: name them once the page has loaded.
  window.addEventListener("load", nameCopyButtons);
})();
