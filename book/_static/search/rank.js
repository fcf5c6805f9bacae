/* The search's ranking: one implementation, used by the search page (search.js renders what it
   returns) and by the routing tests, which run it under node on the built index
   (tests/test_real_questions.py, tests/search_node.mjs). It knows nothing of the page: it is given
   Pagefind's API, the query, and the paste box's matcher and data. */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.BookSearchRank = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  // Words that say little about what a reader looks for (Intl.Segmenter makes them words of their own).
  var STOP = new Set(("a an the of to is are be it in and or if you i my me do does how why what when which with for on at " +
    "by as can not no this that get got fix error 的 了 和 與 与 跟 在 是 都 我 你 要 會 会 怎麼 怎么 為什麼 为什么 什麼 什么 " +
    "嗎 吗 呢 一直 每次 如何 需要 問題 问题 時 时 有 有沒有 有没有 哪 哪裡 哪里 在哪 在哪裡 在哪里 就 也 吧 啊 呀 " +
    "出現 出现 導致 导致 造成 之後 之后 請問 请问 還是 还是 能 可以 應該 应该 怎樣 怎样 時候 时候 " +
    // Particles and function words: alone they match half the book and outweigh a rare quoted word.
    "被 用 把 將 将 對 对 從 从 讓 让 給 给 著 着 過 过 為 为 到 這 这 那 個 个 中 後 后 還 还 又 而 但 並 并 才 啦 嘛 " +
    "已經 已经 然後 然后 但是 所以 因為 因为 如果 一下 一個 一个 這個 这个 那個 那个 可能 現在 现在 好像 感覺 感觉 " +
    // What an asker writes around a pasted message ("anyone met this problem", "I googled it, help"):
    // alone they would choose among the message's cases by chance.
    "am was were been has have had into from anyone someone met problem problems issue help solve solved googled " +
    "please thanks any so just also still occurs occurred happens happened cause causes cus because when running " +
    "code " +
    // English function words (the usual stop list, less those that name something here: out, off, once,
    // again, same, before, between; "no" and "not" went above) and their contractions.
    "about above after against all any both but did didn't doesn't don't doing during each few further " +
    "he her here hers him his isn't it's its itself i'm i've let's more most nor only other our ours ourselves " +
    "own she should shouldn't some such than then there these they them their those through too under until " +
    "up very wasn't we weren't where while who whom won't would wouldn't you're your yours aren't can't " +
    "could couldn't hasn't haven't mine myself us every sometimes seems seem trying try question " +
    "anybody somebody something anything everything").split(" "));
  var CJK = /[\u3400-\u9fff]/;

  // A letter or a digit alone (y, x, 0 from pasted code) says nothing, and Pagefind would match it
  // as the start of any word (y as "you").
  function meaningful(w) { return w && !STOP.has(w) && !/^[a-z0-9]$/.test(w); }

  /** ``text`` in this edition's script and terms: the other script's characters and the glossary's
   *  terms of the other edition mapped to this one's (``words``: the edition's words.js). */
  function inScript(text, words) {
    if (!words || !words.chars) return String(text || "");
    var out = String(text || "");
    Object.keys(words.phrases || {}).sort(function (a, b) { return b.length - a.length; }).forEach(function (k) {
      if (out.indexOf(k) >= 0) out = out.split(k).join(words.phrases[k]);
    });
    return out.replace(/[\u3400-\u9fff]/g, function (c) { return words.chars[c] || c; });
  }

  // How far apart two words of a query may stand in a section's text and still read as one phrase
  // ("grad is None", "grad value is none"), and what a word of the page's title weighs against one of
  // the section's heading (a question about torch.compile is answered in the torch.compile chapter),
  // and what a word of the section's sentence of book/search_keywords.yml weighs (the words its readers
  // type, in their phrasing: a section whose sentence holds the query's words answers it, although a
  // short error index entry that only mentions them scores higher in Pagefind's own ranking).
  // Pagefind's own score (relative to the best section's) weighs SCORE: a section whose heading and
  // chapter name the query's words ranks above one that only mentions them more often (route6: with the
  // readers' words +3/+1/+1 entries en/zh-hans/zh-hant, without them +4/+3/+1; none fewer).
  var PROX = 4, PAGE = 0.5, KEYS = 0.8, SCORE = 0.7;
  var vocabularies = new WeakMap();
  function vocabulary(words) {
    if (!words) return null;
    if (!vocabularies.has(words)) {
      vocabularies.set(words, { zh: new Set(words.words || []), latin: new Set(words.latin || []) });
    }
    return vocabularies.get(words);
  }

  // A run of Chinese cut where the index cut it: the longest of the edition's words (as jieba
  // segments its text) at each point; characters that start none are kept together.
  function cutChinese(run, vocab) {
    if (!vocab || !vocab.zh.size) return [run];
    var out = [], unknown = "", i = 0;
    while (i < run.length) {
      var n = Math.min(8, run.length - i), hit = "";
      for (; n >= 2; n--) if (vocab.zh.has(run.substr(i, n))) { hit = run.substr(i, n); break; }
      if (hit) {
        if (unknown) out.push(unknown);
        unknown = "";
        out.push(hit);
        i += hit.length;
      } else { unknown += run.charAt(i); i += 1; }
    }
    if (unknown) out.push(unknown);
    return out;
  }

  /** The words of a query, lower case, without the words that say little. ``words``: the edition's
   *  words.js (Chinese is then cut as the index was; without it, as the browser's dictionary cuts it). */
  var JOINED = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])[.:\u00b7\ufe13\ufe52\ufe55\uff0e\uff1a](?=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])/gu;
  function terms(text, lang, words) {
    var seg = new Intl.Segmenter(lang || "en", { granularity: "word" });
    var vocab = vocabulary(words);
    var list = [], run = "";
    function push(w) { if (meaningful(w) && list.indexOf(w) < 0) list.push(w); }
    function flush() {
      if (run) cutChinese(run, vocab).forEach(push);
      run = "";
    }
    // A dot or colon between letters (x.grad, torch.FloatTensor, a:b; full-width ones too) joins them into one word, as
    // Unicode's word rules say and node's ICU does; Chromium's ICU breaks there. The segmenter is given
    // the text with those marks made "_" (joining in every engine, and one character for one), and
    // the words are cut from the text itself: one list of words in every browser and under node.
    // The browser's dictionary splits words it lacks (张量, 叶子张量) into single characters: a run
    // of Chinese is cut again, by the edition's words where it has them.
    var text2 = inScript(text, words);
    Array.from(seg.segment(text2.replace(JOINED, "_"))).forEach(function (s) {
      var w = text2.slice(s.index, s.index + s.segment.length).toLowerCase();
      if (s.isWordLike && CJK.test(w) && /^[\u3400-\u9fff]+$/.test(w) && (vocab && vocab.zh.size || w.length === 1)) { run += w; return; }
      flush();
      if (s.isWordLike) push(w);
    });
    flush();
    return list;
  }

  // Pagefind cuts a query into words itself, with the browser's Intl.Segmenter, in the languages it
  // segments (zh, ja, th: its needsWordSegmentation) and joins the pieces with spaces: Chromium's ICU
  // breaks at a dot or colon between letters and node's does not, so "torch.compile" was searched as
  // "torch . compile" on the page and as "torch.compile" under node, and the two ranked otherwise
  // (zh-hant "torch.compile 二階導數 報錯": tc-early-errors third on the page, tc-guide under node).
  // Every term given to Pagefind in such a language has those marks spaced out first: the breaks are
  // the same in every engine, and they are the ones Chromium, the readers' browser, made.
  var SEGMENTED = /^(zh|ja|th)(-|$)/i;
  function pagefindTerm(term, lang) {
    return SEGMENTED.test(lang || "") ? String(term).replace(JOINED, " $& ") : String(term);
  }
  /** ``pagefind`` with every term it is given read by ``pagefindTerm`` in ``lang``. */
  function evenly(pagefind, lang) {
    if (!SEGMENTED.test(lang || "")) return pagefind;
    return { search: function (t, o) { return pagefind.search(pagefindTerm(t, lang), o); },
             preload: pagefind.preload && function (t, o) { return pagefind.preload(pagefindTerm(t, lang), o); } };
  }

  // The edit distance of two words (a transposition counts one): "retian" is one from "retain".
  function distance(a, b) {
    var d = [], i, j;
    for (i = 0; i <= a.length; i++) { d[i] = [i]; }
    for (j = 0; j <= b.length; j++) d[0][j] = j;
    for (i = 1; i <= a.length; i++) {
      for (j = 1; j <= b.length; j++) {
        var cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) === b.charAt(j - 2) && a.charAt(i - 2) === b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length][b.length];
  }

  /** The edition's word nearest to ``w`` when ``w`` is a word of letters that the edition never uses
   *  (a misspelling: "retian", "backwrd"), else null. */
  function suggestion(w, words) {
    var vocab = vocabulary(words);
    // A word of letters, or an API name of them (retrain_graph, require_grad, requires_grads).
    if (!vocab || !/^[a-z]+(_[a-z]+)*$/.test(w) || w.length < 4 || vocab.latin.has(w)) return null;
    var named = w.indexOf("_") >= 0, most = w.length >= 6 ? 2 : 1, best = null, bestD = most + 1;
    vocab.latin.forEach(function (v) {
      if (Math.abs(v.length - w.length) > most || v.charAt(0) !== w.charAt(0) && v.charAt(1) !== w.charAt(1)) return;
      if (named && v.indexOf("_") < 0) return;
      var dist = distance(w, named ? v : v.replace(/_/g, ""));
      if (dist < bestD || dist === bestD && best && v.length < best.length) { best = v; bestD = dist; }
    });
    return bestD <= most ? best : null;
  }

  // Every result is a section (utils/book/search.py indexes one document per section). Pagefind
  // wants every word of a query in a document; a question has words that no one section holds, so
  // each word is searched alone and a section scores the sum over the words it holds, rarer words
  // counting more, and more the more of the query's words it holds. Pagefind's Chinese segmenter
  // often leaves a word of the page as single characters (記憶體 as 記 憶 體): a Chinese word is
  // also searched as its characters.
  // The book's name for what a reader calls by another (an asker's "grad is None" is the book's
  // ".grad is None"; "backprop" is backward()): searched as well, scoring as the reader's word.
  var SAME = { grad: ".grad", grads: ".grad",
               backprop: "backward", backpropagate: "backward", backpropagation: "backward", backpropagating: "backward",
               nonetype: "none", inplace: "in-place" };
  // What stands before a dot in a function's name (autograd.grad is no tensor's .grad).
  var MODULES = new Set("torch autograd nn functional f optim cuda func distributed dist utils checkpoint graph amp fx jit".split(" "));
  /** The forms of the query word ``w`` that the index may hold instead: an attribute a reader
   *  writes bare or on their own variable (grad, y.grad, output.grad: the book's .grad), the book's
   *  name for the reader's word (SAME). */
  function forms(w) {
    var out = [];
    var attr = /^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)$/.exec(w);
    if (attr && attr[2].length > 2 && !MODULES.has(attr[1])) out.push("." + attr[2]);
    // Own keys only: a query word "constructor" (DDP's warning) is no key of SAME.
    var same = Object.prototype.hasOwnProperty.call(SAME, w) ? SAME[w] : null;
    if (same && out.indexOf(same) < 0) out.push(same);
    return out;
  }

  async function sectionScores(pagefind, text, lang, words) {
    pagefind = evenly(pagefind, lang);
    var parts = terms(text, lang, words).slice(0, 10);
    if (!parts.length) parts = [text];
    var found = await Promise.all(parts.map(async function (w) {
      // An API name is searched as written (quoted: Pagefind would match retain_grad as the start of retain_graph).
      var asked = [pagefind.search(/[a-z0-9][._][a-z0-9]/.test(w) ? "\"" + w + "\"" : w)];
      if (/^[\u3400-\u9fff]{2,}$/.test(w)) asked.push(pagefind.search(Array.from(w).join(" ")));
      // An API name (running_loss, optimizer.step) may be indexed as its parts (a Chinese edition's segmenter splits it).
      else if (/[a-z0-9][._][a-z0-9]/.test(w)) asked.push(pagefind.search(w.split(/[._]+/).filter(Boolean).join(" ")));
      var other = forms(w), named = /[a-z0-9][._][a-z0-9]|^\./;
      // Pagefind ranks a quoted word's sections all alike: an API name's sections (those the quoted
      // search finds) are ranked by the unquoted search, which weighs a heading and many mentions.
      var plain = function (f) {
        if (!named.test(f)) return pagefind.search(f);
        return Promise.all([pagefind.search("\"" + f + "\""), pagefind.search(f)]).then(function (two) {
          var ranked = new Map(two[1].results.map(function (r) { return [r.id, r]; }));
          return { results: two[0].results.map(function (r) { return ranked.get(r.id) || r; }) };
        });
      };
      asked[0] = plain(w);
      var same = await Promise.all(other.map(plain));
      var got = await Promise.all(asked), best = new Map();
      same.forEach(function (one) {
        one.results.forEach(function (r) {
          var old = best.get(r.id);
          if (!old || old.s < r.score) best.set(r.id, { r: r, s: r.score });
        });
      });
      // How rare the word is: by the sections that hold it whole (an API name's parts are commoner).
      // A Chinese word by the sections that hold it whole or as its characters: the segmenter cuts
      // a word of the page (張量) as one word in one section and as characters in a hundred others,
      // and one section is no sign that the word is rare.
      var all = new Set([].concat.apply([], got.map(function (g) { return g.results.map(function (r) { return r.id; }); })));
      best.n = (CJK.test(w) ? all.size : got[0].results.length) || all.size;
      got.forEach(function (one, k) {
        one.results.forEach(function (r) {
          var s = k ? r.score / 2 : r.score;   // the characters or parts anywhere in a section count less than the word
          var old = best.get(r.id);
          if (!old || old.s < s) best.set(r.id, { r: r, s: s });
        });
      });
      if (CJK.test(w) && got.length > 1) {
        // Nor does Pagefind's score of that one section (its own rarity) outweigh the others.
        var most = Math.max.apply(null, got[1].results.map(function (r) { return r.score; }).concat([0]));
        if (most) best.forEach(function (x) { x.s = Math.min(x.s, 2 * most); });
      }
      return best;
    }));
    var scores = new Map();
    found.forEach(function (best) {
      var idf = Math.log(1 + 40 / (best.n || 1));
      best.forEach(function (x, id) {
        var t = scores.get(id) || { r: x.r, score: 0, held: 0, most: -1 };
        // The section's excerpt (what its result shows and marks) is the one of the word that found it
        // best: an unknown word that Pagefind matched loosely on a letter (autofocus on "a") must not
        // give a section its excerpt, which search() would then drop as a stray-letter match.
        if (x.s * idf > t.most) { t.r = x.r; t.most = x.s * idf; }
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
  async function reranked(ranked, text, lang, words, depth) {
    var parts = terms(text, lang, words), top = ranked.slice(0, depth || 20);
    var pairs = [];
    for (var i = 0; i + 1 < parts.length; i++) pairs.push(parts[i] + " " + parts[i + 1], parts[i] + parts[i + 1]);
    if (parts.length === 1) pairs.push(parts[0]);
    var data = await Promise.all(top.map(function (x) { return x.r.data(); }));
    var best = top.length ? top[0].score : 1;
    // A word of a heading, not part of one (leaf is not non-leaf); Chinese has no spaces to tell. A
    // word's other forms (grad for .grad) count as the word.
    function holds(head, w) {
      return [w].concat(forms(w)).some(function (f) {
        var at = head.indexOf(f);
        return at >= 0 && (CJK.test(f) || !/[\w-]/.test(head.charAt(at - 1) || " ") && !/[\w-]/.test(head.charAt(at + f.length) || " "));
      });
    }
    // Words of the query near each other in the text (three words apart at most: "grad is None",
    // "grad value is none"), as a Latin phrase; Chinese has no spaces: side by side.
    function near(content, a, b) {
      if (CJK.test(a) || CJK.test(b)) return content.indexOf(a + " " + b) >= 0 || content.indexOf(a + b) >= 0;
      var fa = [a].concat(forms(a)), fb = [b].concat(forms(b)), esc = function (x) { return x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); };
      var re = new RegExp("(?:" + fa.map(esc).join("|") + ")\\S*(?:\\s+\\S+){0," + (PROX - 1) + "}?\\s+\\S*(?:" + fb.map(esc).join("|") + ")");
      return re.test(content);
    }
    top.forEach(function (x, i) {
      var d = data[i], flat = function (t) { return String(t || "").toLowerCase().replace(/\u200b/g, ""); };
      var title = flat(d.meta && d.meta.title).split(" › "), head = title.pop(), content = flat(d.content);
      var inHead = parts.filter(function (w) { return holds(head, w); }).length / (parts.length || 1);
      // The section's sentence of readers' words (utils/book/search.py puts it in the meta "keywords").
      var keys = flat(d.meta && d.meta.keywords);
      var inKeys = keys ? parts.filter(function (w) { return holds(keys, w); }).length / (parts.length || 1) : 0;
      var inPage = title.length ? parts.filter(function (w) { return holds(title[0], w); }).length / (parts.length || 1) : 0;
      var together;
      if (parts.length > 1) {
        var n = 0;
        for (var k = 0; k + 1 < parts.length; k++) if (near(content, parts[k], parts[k + 1])) n += 1;
        together = n / (parts.length - 1);
      } else together = pairs.filter(function (p) { return content.indexOf(p) >= 0; }).length / (pairs.length || 1);
      x.data = d;
      x.final = SCORE * x.score / best + KEYS * inKeys + 0.5 * inHead + PAGE * inPage + 0.5 * Math.min(1, together * (parts.length > 1 ? 2 : 1));
    });
    return top.sort(function (a, b) { return b.final - a.final; });
  }

  var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: "\"", "#39": "'", "#x27": "'" };
  function unescapeHtml(s) { return s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, function (_, e) { return ENTITIES[e]; }); }
  function escapeHtml(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  /** The words Pagefind marked in an excerpt, lower case, without punctuation around them. */
  function marked(excerpt) {
    var found = [], re = /<mark>([^<]+)<\/mark>/g, m;
    while ((m = re.exec(excerpt))) {
      var w = unescapeHtml(m[1]).toLowerCase().replace(/^[^\w\u4e00-\u9fff]+|[^\w\u4e00-\u9fff]+$/g, "");
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

  // The index lists an error's cases commonest first. A reader's own words around a pasted message
  // (GAN, critic) move a case up by how well they match it against the best-matched case; the
  // index's order counts too, so that a word that matches a late case only a little (gpu, modify)
  // does not put it above the common ones. No words, or words that match none: the index's order.
  var CASE_ORDER = 1.0;
  function byWordsThenIndex(a, b) { return b.key - a.key || a.i - b.i; }
  // ``best``: the score of the section that the reader's words find best in the whole book. Measured
  // against the best-matched case alone, words that say little (use, gpu, modify) put whichever case
  // holds them first, however weakly they hold it; measured against the book's best section for them,
  // a case moves up by how well it answers those words, not by being the least bad of the cases.
  function caseKeys(cases, best) {
    var most = Math.max.apply(null, cases.map(function (x) { return x.s; }).concat([best || 0, 0])) || 1;
    cases.forEach(function (x) { x.key = x.s / most - CASE_ORDER * x.i / Math.max(1, cases.length - 1); });
    return cases;
  }

  // How many of an error entry's cases the page shows under it when Pagefind finds the entry itself
  // (the entry's page lists them all), and how high the entry must be to have them shown.
  var CASES_SHOWN = 3, CASES_FROM = 3;
  /** ``hits`` ([{kind, url}], best first) with the cases of the first error index entry among the
   *  first CASES_FROM hits shown right under it: the sections that explain the message it matched
   *  (``errorsData``: window.BOOK_ERRORS), the CASES_SHOWN that the query's words score best
   *  (``scores``: {url: score}), in the index's order where the words tell none apart. A reader who
   *  types a message's words finds the entry; which case is theirs, its words alone seldom say.
   *  A hit already listed above is not repeated; one listed below moves up under the entry. */
  function withCases(hits, errorsData, scores) {
    // A pasted message has its entry and its cases listed already.
    if (hits.some(function (h) { return h.kind === "error-entry"; })) return hits;
    var at = -1, entry = null;
    for (var i = 0; i < Math.min(CASES_FROM, hits.length) && at < 0; i++) {
      if (hits[i].kind !== "hit") continue;
      var url = hits[i].url.replace(/\?[^#]*/, "");
      (errorsData || []).some(function (e) {
        if (e.entry === url && (e.cases || []).length) { at = i; entry = e; return true; }
        return false;
      });
    }
    if (at < 0) return hits;
    var above = new Set(hits.slice(0, at + 1).map(function (h) { return h.url.replace(/\?[^#]*/, ""); }));
    var cases = entry.cases.map(function (c, i) { return { c: c, i: i, s: (scores && scores[c.section]) || 0 }; })
      .filter(function (x) { return !above.has(x.c.section); });
    cases = caseKeys(cases).sort(byWordsThenIndex).slice(0, CASES_SHOWN)
      .map(function (x) { return { kind: "error-case", url: x.c.section, case: x.c, under: entry.entry }; });
    var moved = new Set(cases.map(function (x) { return x.url; }));
    var out = hits.slice(0, at + 1).concat(cases, hits.slice(at + 1).filter(function (h) {
      return !moved.has(h.url.replace(/\?[^#]*/, ""));
    }));
    out.corrected = hits.corrected;
    out.scores = hits.scores;
    return out;
  }

  // Pagefind loads the part of its index that a word falls in, and matches a word as the start of
  // longer ones (grad: gradient, grads) and, lacking it, by a near spelling, among the words of the
  // parts loaded so far: the same query found more, or other, sections after other searches had loaded
  // more of the index. The whole index (the edition's words name every part of it) is loaded before
  // the first search, so that a query's sections do not depend on what was searched before it.
  var wholeLoaded = new WeakSet();
  async function wholeIndex(pagefind, words, lang) {
    if (!words || !pagefind.preload || wholeLoaded.has(pagefind)) return;
    wholeLoaded.add(pagefind);
    pagefind = evenly(pagefind, lang);
    var all = [].concat(words.latin || [], words.words || []);
    (words.words || []).forEach(function (w) { Array.from(w).forEach(function (c) { if (all.indexOf(c) < 0) all.push(c); }); });
    await pagefind.preload(all.concat("0 1 2 3 4 5 6 7 8 9 _ .".split(" ")).join(" "));
  }

  /** Everything the search page lists for ``query``, best first: a pasted error message's index entry
   *  and the sections that explain its cases (kind "error-entry", "error-case"), then the sections
   *  Pagefind finds (kind "hit"). ``opts``: lang, errors (window.BOOK_ERRORS), matcher
   *  (BookErrorMatch), href (Pagefind's data -> the link), limit (how many hits at most), words (the
   *  edition's words.js). The list's ``corrected``: the [typed, searched] pairs of misspelt words. */
  async function search(pagefind, query, opts) {
    opts = opts || {};
    var lang = opts.lang || "en", matcher = opts.matcher, errorsData = opts.errors || [], words = opts.words;
    await wholeIndex(pagefind, words, lang);
    var out = [], seen = new Set();
    function add(item) {
      var key = item.url.replace(/\?[^#]*/, "");
      if (seen.has(key)) return;
      seen.add(key);
      out.push(item);
    }
    // A pasted error message: its index entry first, then every section that explains a case of it;
    // the query's other words (GAN, critic, step) choose among those sections.
    // A question that quotes only a message's short first sentence ("CUDA out of memory") is searched by
    // its words: the message's cases would fill the first places whatever the question asks.
    var errors = matcher ? matcher.match(query, errorsData, { opening: false }) : [];
    var text = query, asked = terms(query, lang, words);
    if (errors.length) {
      var e = errors[0];
      var rest = matcher.ownWords(asked, errorsData, e).filter(function (w) {
        return !/^([\w.]*(error|warning|exception)|[\d.]+)$/.test(w) && !/^\W+$/.test(w);
      });
      var cases = (e.cases || [{ section: e.section, title: e.section_title, line: "" }]).map(function (c, i) { return { c: c, i: i, s: 0 }; });
      if (rest.length && cases.length > 1) {
        var ranked = await sectionScores(pagefind, rest.join(" "), lang, words);
        var top = ranked.slice(0, 40);
        var data = await Promise.all(top.map(function (x) { return x.r.data(); }));
        data.forEach(function (d, i) {
          cases.forEach(function (c) { if (opts.href(d) === c.c.section) c.s = Math.max(c.s, top[i].score); });
        });
        caseKeys(cases, ranked.length ? ranked[0].score : 0).sort(byWordsThenIndex);
      }
      add({ kind: "error-entry", url: e.entry, error: e });
      cases.forEach(function (x) { add({ kind: "error-case", url: x.c.section, case: x.c }); });
      text = rest.length ? rest.join(" ") : matcher.normalise(query).split(" ").slice(0, 12).join(" ");
    } else if (matcher && /\n|(Error|Warning|Exception):/.test(query)) {
      text = matcher.normalise(query).split(" ").slice(0, 12).join(" ");
    } else if (asked.length) {
      // A question: the words that say little (为什么, 需要, how) go.
      text = asked.join(" ");
    }
    // A word the edition never uses is searched as the edition's nearest word (retian -> retain).
    var corrected = [];
    text = terms(text, lang, words).map(function (w) {
      var near = suggestion(w, words);
      if (near) corrected.push([w, near]);
      return near || w;
    }).join(" ") || text;
    var ranked = await reranked(await sectionScores(pagefind, text, lang, words), text, lang, words, Math.max(20, opts.limit || 10));
    var scores = {};
    ranked.forEach(function (x) { scores[opts.href(x.data)] = x.final; });
    var results = ranked.slice(0, opts.limit || 10);
    results.forEach(function (x) {
      var d = x.data;
      // A section that matched only on a stray letter (Pagefind's loose matching of an unknown word) is no answer.
      var excerpt = withMarks(d.excerpt, asked), marks = marked(excerpt);
      if (marks.length && marks.every(function (w) { return /^[a-z0-9]$/.test(w); })) return;
      add({ kind: "hit", url: opts.href(d), title: (d.meta && d.meta.title) || opts.href(d), excerpt: excerpt, marks: marks });
    });
    out.corrected = corrected;
    out.scores = scores;
    // An error index entry that the words found (no message pasted whole): its cases under it.
    return errors.length || opts.cases === false ? out : withCases(out, errorsData, scores);
  }

  return { STOP: STOP, terms: terms, pagefindTerm: pagefindTerm, forms: forms, inScript: inScript, suggestion: suggestion, sectionScores: sectionScores,
           reranked: reranked, caseKeys: caseKeys, withCases: withCases, marked: marked, withMarks: withMarks, escapeHtml: escapeHtml, search: search };
});
