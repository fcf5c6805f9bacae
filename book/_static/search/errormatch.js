/* The paste-your-error matcher: one implementation, used by the search page, the paste box of the
   landing and error index pages, and the unit tests (tests/test_search.py runs it under node).
   An entry of ERRORS (written at build time from book/errors.yml by utils/book/search.py) is
   {id, message, historical, links}. */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.BookErrorMatch = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  // Words too common in messages to tell two of them apart.
  var STOP = new Set(["a", "an", "the", "of", "to", "is", "are", "be", "it", "in", "and", "or", "if", "you",
    "that", "this", "for", "with", "when", "by", "at", "on", "as"]);

  /** The message a reader pasted, reduced to what does not vary: no traceback frames, no exception
   *  class prefixes, no file paths, tensor types and shapes, numbers or addresses. */
  // What varies in one message or another (the operation a missing derivative names, the GPU's figures
  // after an out-of-memory message): the ``varies`` patterns of the entries of ``errors``, from
  // book/errors.yml, each once, in order; errormatch.py reads the same table from the same data.
  var ruleTables = new WeakMap();
  function varies(errors) {
    if (!errors) return [];
    if (!ruleTables.has(errors)) {
      var seen = new Set(), rules = [];
      errors.forEach(function (entry) {
        (entry.varies || []).forEach(function (rule) {
          var key = rule.pattern + "\u0000" + rule.as;
          if (!seen.has(key)) { seen.add(key); rules.push([new RegExp(rule.pattern, "g"), rule.as]); }
        });
      });
      ruleTables.set(errors, rules);
    }
    return ruleTables.get(errors);
  }

  function normalise(text, errors) {
    var lines = String(text || "").replace(/\r\n?/g, "\n").split("\n").filter(function (line) {
      var t = line.trim();
      if (!t) return false;
      if (/^Traceback \(most recent call last\)/.test(t)) return false;
      if (/^File ".*", line \d+/.test(t)) return false;            // a frame
      if (/^[\^~\s]+$/.test(t)) return false;                       // caret markers under code
      if (/^During handling of the above exception/.test(t)) return false;
      return true;
    });
    // A warning printed as "path.py:12: UserWarning: ...": its place goes.
    lines = lines.map(function (line) {
      return line.replace(/\S*:\d+:\s*(?=([\w.]+\.)?[A-Z]\w*Warning\b:)/g, "");
    });
    // From the last line that names an exception class (a traceback's last line): what comes before
    // it is the traceback. Not from a warning's line: anomaly mode's "UserWarning: Error detected in
    // ScatterAddBackward0 ..." is often pasted after the error it explains (pyg-team/pytorch_geometric#7283),
    // and cutting there lost the error itself.
    var PREFIX = /([\w.]+\.)?[A-Z]\w*(Error|Exception|Interrupt)\b:/;
    for (var i = lines.length - 1; i >= 0; i--) {
      var m = PREFIX.exec(lines[i]);
      if (m) { lines = lines.slice(i); lines[0] = lines[0].slice(m.index); break; }
    }
    var s = lines.join(" ");
    s = s.replace(/(^|\s)([\w.]+\.)?[A-Z]\w*(Error|Warning|Exception|Interrupt)\b:\s*/g, " ");  // RuntimeError:, torch.cuda.OutOfMemoryError:
    s = s.replace(/[A-Za-z]:\\[^\s"']*/g, " ");                    // Windows paths
    s = s.replace(/(^|[\s"'(])\/[^\s"']*/g, " ");                  // POSIX paths
    s = s.replace(/\[torch\.[\w.]+ \[[\d, ]*\]\]/g, " ");          // [torch.FloatTensor [64, 1]]
    s = s.replace(/torch\.Size\(\[[\d, ]*\]\)/g, " ");
    s = s.replace(/\[[\d, ]+\]/g, " ");                             // shapes
    s = s.replace(/\b0x[0-9a-fA-F]+\b/g, " ");                     // addresses
    s = s.replace(/<[^<>]*\bat\b[^<>]*>/g, " ");                   // <Object at 0x...>
    // A node's name: today's messages print the function's (Split, BackwardHookFunction), older ones
    // the node's (SplitBackward0, BackwardHookFunctionBackward): read as the function's. A bare
    // "Backward" (a wording's stand-in for any node) goes.
    s = s.replace(/\b(\w*?)Backward\d*\b/g, "$1");
    varies(errors).forEach(function (rule) { s = s.replace(rule[0], rule[1]); });
    s = s.toLowerCase().replace(/\b\d+(\.\d+)*\b/g, " ");          // numbers, versions
    return s.replace(/[^a-z0-9_@]+/g, " ").trim();
  }

  function tokens(text, errors) {
    return normalise(text, errors).split(" ").filter(function (w) { return w && !STOP.has(w); });
  }

  // The words of every wording: a pasted word outside them (GAN, critic, optimizerG) is the reader's
  // own, not part of a message, and does not count against a match.
  var vocabularies = new WeakMap();
  function vocabulary(errors) {
    if (!vocabularies.has(errors)) {
      var all = new Set();
      errors.forEach(function (entry) { tokens(entry.message, errors).forEach(function (w) { all.add(w); }); });
      vocabularies.set(errors, all);
    }
    return vocabularies.get(errors);
  }

  // The names of classes and functions that a wording quotes (NoneType, BackwardHookFunction,
  // InferenceMode: a word with a capital inside), where only that one wording has them: {name: the
  // wording's index}. They tell messages apart that share the rest of their words ("Output 0 of
  // BackwardHookFunction is a view" and "Output 1 of Split is a view").
  var NAME = /\b[A-Za-z0-9]*[a-z][A-Z]\w*\b/g;
  var nameTables = new WeakMap();
  function names(errors) {
    if (!nameTables.has(errors)) {
      var where = new Map();
      errors.forEach(function (entry, i) {
        (String(entry.message).match(NAME) || []).forEach(function (raw) {
          tokens(raw, errors).forEach(function (w) {
            if (!where.has(w)) where.set(w, new Set());
            where.get(w).add(i);
          });
        });
      });
      var own = new Map();
      where.forEach(function (entries, w) { if (entries.size === 1) own.set(w, entries.values().next().value); });
      nameTables.set(errors, own);
    }
    return nameTables.get(errors);
  }
  /** Whether the names of the paste ``have`` (a Set of its words) and of the entry at ``order`` agree:
   *  the paste has every name the wording has, and none that only another wording has. */
  function namesAgree(have, order, errors) {
    var ok = true;
    names(errors).forEach(function (i, w) { if ((i === order) !== have.has(w)) ok = false; });
    return ok;
  }

  // The longest run of ``words`` that ``pasted`` holds in the same order, without a gap (the longest
  // common run, one row of runs ending at each word at a time).
  function longestRun(pasted, words) {
    var best = 0, ending = new Array(words.length + 1).fill(0);
    for (var i = 0; i < pasted.length; i++) {
      var row = new Array(words.length + 1).fill(0);
      for (var j = 0; j < words.length; j++) {
        if (pasted[i] === words[j]) {
          row[j + 1] = ending[j] + 1;
          if (row[j + 1] > best) best = row[j + 1];
        }
      }
      ending = row;
    }
    return best;
  }
  // A phrase of this many of a wording's words, in its order, is that wording even when the rest of
  // the paste is the reader's own words or a different part of the message ("Expected to mark a
  // variable ready only once" and the line PyTorch prints after it).
  var PHRASE = 5;
  // Or a phrase of this many words as written, the little words counted, that begins or ends the
  // wording (a title quotes a message's start, a cut line keeps its end: "modified by an inplace
  // operation"), of which three at least say something: its score is those three or more.
  function phraseWords(pasted, words) {
    var n = words.length, best = 0, said = [0];
    if (n < PHRASE) return 0;
    words.forEach(function (w) { said.push(said[said.length - 1] + (STOP.has(w) ? 0 : 1)); });
    for (var i = 0; i < pasted.length; i++) {
      var k = 0;  // the run of the wording's first words from pasted[i]
      while (i + k < pasted.length && k < n && pasted[i + k] === words[k]) k++;
      if (k >= PHRASE && said[k] > best) best = said[k];
      k = 0;      // the run of the wording's last words up to pasted[i]
      while (k <= i && k < n && pasted[i - k] === words[n - 1 - k]) k++;
      if (k >= PHRASE && said[n] - said[n - k] > best) best = said[n] - said[n - k];
    }
    return best >= 3 ? best : 0;
  }
  /** The words as written of the first sentence of ``message`` when it is shorter than PHRASE and
   *  not the whole wording ("CUDA out of memory" of "CUDA out of memory. Tried to allocate"), and three
   *  at least say something (a sentence of one or two words, "vmap", names no message); [] otherwise
   *  (errormatch.py: opening). */
  function opening(message, errors) {
    var cut = /[.!?](\s|$)/.exec(String(message));
    if (!cut || !String(message).slice(cut.index + 1).trim()) return [];
    var words = allWords(String(message).slice(0, cut.index), errors);
    var said = words.filter(function (w) { return !STOP.has(w); }).length;
    return words.length < PHRASE && said >= 3 ? words : [];
  }
  /** The Damerau-Levenshtein distance of ``a`` and ``b`` in its restricted form (optimal string
   *  alignment: insertions, deletions, substitutions and transpositions of two neighbours, each costing
   *  one), or ``most + 1`` when it is more than ``most`` (errormatch.py: osa). */
  function osa(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    var before = null, row = [];
    for (var j = 0; j <= b.length; j++) row.push(j);
    for (var i = 1; i <= a.length; i++) {
      var here = [i];
      for (j = 1; j <= b.length; j++) {
        here[j] = Math.min(row[j] + 1, here[j - 1] + 1, row[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) here[j] = Math.min(here[j], before[j - 2] + 1);
      }
      before = row; row = here;
      if (Math.min.apply(null, row) > most) return most + 1;
    }
    return Math.min(row[b.length], most + 1);
  }
  /** How many typing slips the shortest of the words given may carry and still be read as a word of a
   *  wording, by its letters (a-z: not the digits of fp16 nor the underscore of _scale): none below 6
   *  (short words differ by a letter: "grad", "read"), 1 from 6, 2 from 10 (errormatch.py: tolerance). */
  function tolerance() {
    var length = Math.min.apply(null, Array.prototype.map.call(arguments, function (w) { return (w.match(/[a-z]/g) || []).length; }));
    return length >= 10 ? 2 : length >= 6 ? 1 : 0;
  }
  var spellings = new WeakMap();
  /** ``word`` of a paste as a wording spells it: itself when a wording or a tail has it (or it is too
   *  short to judge), otherwise the one word of the wordings and tails nearest to it within the
   *  tolerance of the shorter of the two; itself again when none is that near or two are equally near
   *  ("Attemting", "uscale": attempting, unscale; "requirse": require or requires?). A word that is a
   *  wording's word with letters added at its end is the reader's own name (optimizerG, lossD), not a
   *  slip of it (errormatch.py: spelled). */
  function spelled(word, errors) {
    if (!spellings.has(errors)) {
      var known = new Set();
      errors.forEach(function (e) {
        tokens(e.message, errors).concat(e.tail ? tokens(e.tail, errors) : []).forEach(function (w) { known.add(w); });
      });
      spellings.set(errors, { known: known, memo: new Map() });
    }
    var held = spellings.get(errors);
    if (held.known.has(word) || STOP.has(word) || tolerance(word) === 0) return word;
    if (!held.memo.has(word)) {
      var best = tolerance(word) + 1, found = [];
      held.known.forEach(function (w) {
        if (word.startsWith(w)) return;  // a wording's word with letters added at its end is the reader's name (optimizerG)
        var most = tolerance(word, w);
        var d = most ? osa(word, w, most) : most + 1;
        if (d <= most && d < best) { best = d; found = [w]; }
        else if (d <= most && d === best) found.push(w);
      });
      held.memo.set(word, found.length === 1 ? found[0] : word);
    }
    return held.memo.get(word);
  }
  function allWords(text, errors) { return normalise(text, errors).split(" ").filter(Boolean); }

  // Each entry's tokens, all words and tail tokens, read once per list of entries.
  var wordingTables = new WeakMap();
  function wordings(errors) {
    if (!wordingTables.has(errors)) {
      wordingTables.set(errors, errors.map(function (entry) {
        return { ordered: tokens(entry.message, errors), all: allWords(entry.message, errors),
                 tail: entry.tail ? tokens(entry.tail, errors) : [], first: opening(entry.message, errors) };
      }));
    }
    return wordingTables.get(errors);
  }

  // {word: how much it tells one wording from the others}: log((N + 1) / n), N the wordings, n those that
  // have the word (an inverse document frequency: "grad" tells little, "unscale" much) (errormatch.py: weights).
  var weightTables = new WeakMap();
  function weights(errors) {
    if (!weightTables.has(errors)) {
      var have = new Map();
      wordings(errors).forEach(function (w) {
        new Set(w.ordered).forEach(function (x) { have.set(x, (have.get(x) || 0) + 1); });
      });
      var weight = new Map();
      have.forEach(function (n, x) { weight.set(x, Math.log((errors.length + 1) / n)); });
      weightTables.set(errors, weight);
    }
    return weightTables.get(errors);
  }
  // A cut paste (the wording's words in its order, three in a row at least) is the wording when it has this
  // share of the weight of the wording's words, and the weight of its own words of messages is the wording's
  // at this share: below any phrase of a wording (errormatch.py: COVER, COVER_OWN).
  var COVER = 0.6, COVER_OWN = 0.8;

  /** The entries of ``errors`` whose wording the pasted ``text`` contains (or, for a partial paste,
   *  which contain all of it, or a phrase of it), best first; [] when nothing matches. An entry's
   *  ``tail`` is what PyTorch prints after its wording (without the parts that vary): a paste of only
   *  the tail ("which is output 0 of ReluBackward0, is at version 1; expected version 0 instead")
   *  is that entry too. Last, a cut paste: three of the wording's words in a row, most of the weight of
   *  its words (weights, COVER). ``opts.opening`` false: a paste that holds no more of a wording than
   *  its short first sentence (opening) matches nothing (the search page: a question that quotes "CUDA
   *  out of memory" is answered by its other words, not by the list of the message's cases). */
  function match(text, errors, opts) {
    var withOpening = !opts || opts.opening !== false;
    // A word of the paste that no wording has is read as the wording's word it is a slip of (spelled).
    var respell = function (w) { return spelled(w, errors); };
    var pasted = tokens(text, errors).map(respell);
    if (pasted.length < 3) return [];
    var written = allWords(text, errors).map(respell);
    var have = new Set(pasted);
    var known = vocabulary(errors);
    var ofMessages = Array.from(have).filter(function (w) { return known.has(w); }).length || 1;
    var found = [], read = wordings(errors);
    errors.forEach(function (entry, order) {
      var ordered = read[order].ordered, words = Array.from(new Set(ordered));
      if (!words.length) return;
      var common = words.filter(function (w) { return have.has(w); }).length;
      var recall = common / words.length;          // how much of the wording was pasted
      var precision = common / ofMessages;         // how much of the paste's message words are the wording's
      // The wording that holds the most of what was pasted wins ("saved tensors" is not the wording
      // that says "saved variables"); among those, the one pasted most nearly whole; among wordings of
      // which only a part was pasted (the first words, shared by all wordings of a message), today's
      // before the historical.
      // A part is a run of the wording (three words in its order at least): an asker's question that
      // names a few of its words (autograd.grad, create_graph=True) is no paste of it. A wording that
      // names a class or a function is that message only where the paste names it too (namesAgree).
      var run = longestRun(pasted, ordered), agree = namesAgree(have, order, errors);
      var whole = agree && recall >= 0.8 && precision >= 0.5, part = agree && precision >= 0.9 && common >= 4 && run >= 3;
      var score = !(whole || part) ? 0 : 100 * precision + (whole ? 1 + recall : recall / 1000) + (entry.historical ? 0 : 0.01);
      if (!score) {
        // A phrase of the wording, or the whole of its tail: below any fuller match, longer phrases first.
        var tail = read[order].tail;
        // Or the whole of its first sentence, when that is shorter than a phrase ("CUDA out of memory.").
        var first = withOpening ? read[order].first : [];
        var phrase = !agree ? 0 : Math.max(run >= Math.min(PHRASE, ordered.length) ? run : 0, phraseWords(written, read[order].all),
                                           first.length && longestRun(written, first) === first.length ? first.filter(function (w) { return !STOP.has(w); }).length : 0);
        if (phrase) score = phrase + (entry.historical ? 0 : 0.01);
        else if (tail.length >= 4 && longestRun(pasted, tail) >= 4) score = tail.length;
        else if (agree && run >= 3) {
          var weight = weights(errors), shared = 0, all = 0, mine = 0;
          words.forEach(function (w) { all += weight.get(w); if (have.has(w)) shared += weight.get(w); });
          have.forEach(function (w) { if (known.has(w)) mine += weight.get(w) || 0; });
          var cover = shared / all, own = shared / (mine || 1);
          if (cover >= COVER && own >= COVER_OWN) score = 2 + cover * own + (entry.historical ? 0 : 0.01);
        }
      }
      if (score > 0) found.push({ entry: entry, score: score - (entry.historical ? 1e-6 : 0), order: order });
    });
    found.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    return found.map(function (f) { return f.entry; });
  }

  /** The words of every wording (and tail) of ``entry``'s message. */
  function messageWords(entry, errors) {
    var all = new Set();
    errors.filter(function (e) { return e.id === entry.id; }).concat([entry]).forEach(function (e) {
      tokens(e.message, errors).concat(e.tail ? tokens(e.tail, errors) : []).forEach(function (w) { all.add(w); });
    });
    return all;
  }

  // What PyTorch prints around the wordings the index stores (the in-place error's tail, the hint).
  var AROUND = new Set(tokens("which is output of is at version; expected version instead. Hint: enable anomaly " +
    "detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True). " +
    "the variable is the output of Traceback most recent call last"));

  /** The words of ``text`` that are the reader's own: in no wording of ``errors`` and not what PyTorch
   *  prints around them (GAN, critic, optimizerG.step). ``words``: the query's words, lower case. */
  function ownWords(words, errors, entry) {
    // With ``entry`` (the message the paste matched): the words of that message's wordings only, so a
    // word that another entry happens to quote (optimizer.step in the scheduler warning) stays the reader's.
    var known = entry ? messageWords(entry, errors) : vocabulary(errors);
    return words.filter(function (w) {
      if (/[\u3400-\u9fff]/.test(w)) return true;             // Chinese: the reader's
      if (/(tensor|backward\d*)\W*$/i.test(w)) return false;      // a tensor type or a node name PyTorch prints
      var t = normalise(w, errors).split(" ").filter(Boolean);
      return t.length > 0 && !t.every(function (x) { return known.has(x) || AROUND.has(x) || STOP.has(x); });
    });
  }

  return { normalise: normalise, tokens: tokens, match: match, osa: osa, spelled: spelled, ownWords: ownWords, varies: varies, names: names };
});
