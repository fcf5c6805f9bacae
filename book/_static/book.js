/* The book's own behaviour (no library needed for either):
   1. The edition switcher keeps the reader's place: a click goes to the same section of the
      other edition. Headings' automatic ids differ between languages, so only the ids that
      labels `(label)=` give (written as <span id> before the heading) are used; they are the
      same in every edition.
   2. The {answer-check} directive: a choice or a number answered and checked on the page itself. */
(function () {
  "use strict";

  function currentLabel() {
    var headings = document.querySelectorAll("article section > :is(h1,h2,h3,h4,h5,h6)");
    var current = null;
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].getBoundingClientRect().top <= 96) current = headings[i]; else break;
    }
    for (var s = current && current.parentElement; s && s.tagName === "SECTION"; s = s.parentElement.closest("section")) {
      var label = s.querySelector(":scope > span[id]");
      if (label) return label.id;
      if (!s.parentElement) break;
    }
    return "";
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

  function isRight(box, given) {
    var answers = JSON.parse(box.dataset.answers);
    if (box.dataset.kind === "number") {
      var value = Number(given.replace(/[,\s]/g, ""));
      var tolerance = Number(box.dataset.tolerance || "0");
      return !isNaN(value) && answers.some(function (a) { return Math.abs(Number(a) - value) <= tolerance; });
    }
    return answers.map(normalise).indexOf(normalise(given)) >= 0;
  }

  function setUpCheck(box) {
    var form = box.querySelector("form");
    var verdict = box.querySelector(".answer-check-verdict");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var picked = box.dataset.kind === "choice" ? form.querySelector("input[type=radio]:checked")
                                                 : form.querySelector("input[type=text]");
      var given = picked ? picked.value : "";
      var right = given.trim() !== "" && isRight(box, given);
      verdict.textContent = given.trim() === "" ? box.dataset.empty : right ? box.dataset.right : box.dataset.wrong;
      verdict.className = "answer-check-verdict " + (given.trim() === "" ? "" : right ? "is-right" : "is-wrong");
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("nav.edition-switcher").forEach(keepPlace);
    document.querySelectorAll(".answer-check").forEach(setUpCheck);
  });
})();
