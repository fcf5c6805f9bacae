/* The {answer-check} box of an exercise whose answer is a short Python expression (a one-line
   lambda, a one-line call); book.js fetches this file on a reader's first check of one. The page cannot run Python, so it does not judge the expression: it
   recognises it. The box holds the forms that the chapter's own judge accepted and the typical wrong
   forms with what the judge said for each (book/wrong_answers.json, written by tests/wrong_answers.py
   by running the judges on them); the reader's answer is compared with them after normalise(), and
   anything else is "cannot be judged here: run the notebook". normalise() merges only spellings that
   Python reads as the same expression: spaces and comments, the names of a lambda's (or a one-line
   def's) parameters and of a comprehension's variables, the quotes of a plain string, the spelling of
   a float (1.0, 1., 1e0), doubled parentheses, parentheses around the whole answer and an
   `answer_N =` in front of it.
   tests/test_expression_checks.py runs it under node, and runs the judges on the spellings it merges. */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.BookExpression = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var TOKEN = new RegExp([
    "(\\s+|#[^\\n]*)",                                                   // 1 space, comment
    "([A-Za-z]{0,2}(?:\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'))", // 2 string, with prefix
    "((?:\\d[\\d_]*(?:\\.[\\d_]*)?|\\.\\d[\\d_]*)(?:[eE][-+]?\\d+)?[jJ]?)",     // 3 number
    "([A-Za-z_][A-Za-z0-9_]*)",                                          // 4 name
    "(\\*\\*=?|//=?|->|:=|==|!=|<=|>=|<<=?|>>=?|[-+*/%@&|^~<>]=?|[()\\[\\]{},:.;=])" // 5 operator
  ].join("|"), "y");
  var OPEN = { "(": ")", "[": "]", "{": "}" };
  var CLOSE = { ")": 1, "]": 1, "}": 1 };

  function tokenize(text) {
    var out = [], at = 0, m;
    while (at < text.length) {
      TOKEN.lastIndex = at;
      m = TOKEN.exec(text);
      if (!m) return null;  // a character Python would not take here: nothing to compare
      at = TOKEN.lastIndex;
      if (m[1]) continue;
      if (m[2]) out.push(string(m[2]));
      else if (m[3]) out.push(number(m[3]));
      else out.push(m[4] || m[5]);
    }
    return out;
  }

  // 'a' and "a" are the same string; a prefixed or escaped one is kept as typed.
  function string(token) {
    var body = token.slice(1, -1);
    return /^["']/.test(token) && !/["'\\]/.test(body) ? '"' + body + '"' : token;
  }

  // 1.0, 1., 1.00 and 1e0 are the same float; 1 is an int, another value.
  function number(token) {
    var t = token.replace(/_/g, "");
    if (/[jJ]/.test(t)) return t;
    if (/[.eE]/.test(t)) {
      var s = String(Number(t));
      return /[.e]/.test(s) || s === "Infinity" ? s : s + ".0";
    }
    return /^0+$/.test(t) ? "0" : t.replace(/^0+/, "");
  }

  function isName(t) { return /^[A-Za-z_]\w*$/.test(t) && !KEYWORDS[t]; }
  var KEYWORDS = {};
  ("lambda def return for in if else and or not is None True False await yield async").split(" ")
    .forEach(function (k) { KEYWORDS[k] = true; });

  function closing(t, i) {  // the index of the bracket that closes t[i]
    for (var depth = 0, j = i; j < t.length; j++) {
      if (OPEN[t[j]]) depth++;
      else if (CLOSE[t[j]] && --depth === 0) return j;
    }
    return -1;
  }

  // The end (exclusive) of an expression that starts at i: the first of `stops` (a comma, a colon,
  // a `for`) at its depth, the bracket that closes it, or the end.
  function extent(t, i, stops) {
    for (var depth = 0, j = i; j < t.length; j++) {
      if (t[j] === "lambda") { while (j < t.length && t[j] !== ":") j++; continue; }  // a nested lambda's colon
      if (OPEN[t[j]]) depth++;
      else if (CLOSE[t[j]]) { if (depth === 0) return j; depth--; }
      else if (depth === 0 && stops.indexOf(t[j]) >= 0) return j;
    }
    return t.length;
  }

  // Every use of `name` in t[from, to) (not an attribute, not a keyword argument) becomes `renamed`.
  function rename(t, from, to, name, renamed) {
    for (var j = from; j < to; j++) {
      if (t[j] === name && t[j - 1] !== "." && !(t[j + 1] === "=" && keywordPlace(t, j))) t[j] = renamed;
    }
  }

  // name= inside a call's brackets is a keyword argument, not a use of the name.
  function keywordPlace(t, j) {
    return t[j - 1] === "(" || t[j - 1] === ",";
  }

  // name1, name2, ... up to `stop`: the names, or null when anything else (a default, *args) is there.
  function names(t, i, stop) {
    var found = [];
    while (t[i] !== stop) {
      if (!isName(t[i])) return null;
      found.push(t[i++]);
      if (t[i] === ",") i++;
      else if (t[i] !== stop) return null;
    }
    return { names: found, end: i };
  }

  function normalise(text) {
    var t = tokenize(String(text));
    if (!t || !t.length) return null;
    if (/^answer_\d+$/.test(t[0]) && t[1] === "=") t = t.slice(2);   // answer_2 = ...
    if (t[0] === "def") {                                            // def f(x): return ...
      var params = isName(t[1]) && t[2] === "(" ? names(t, 3, ")") : null;
      if (!params || t[params.end + 1] !== ":" || t[params.end + 2] !== "return") return null;
      t = ["lambda"].concat(params.names.length ? t.slice(3, params.end) : [], [":"], t.slice(params.end + 3));
    }
    while (t[0] === "(" && closing(t, 0) === t.length - 1 && extent(t, 1, ["for"]) === t.length - 1) {
      t = t.slice(1, -1);                                            // (answer), not (x for x in y)
    }
    var i, k, j, found, end;
    // ((a)) is (a), and f((x for x in y)) is f(x for x in y); but f((a, b)) is not f(a, b)
    for (i = 0; i + 1 < t.length; i++) {
      if (t[i] !== "(" || t[i + 1] !== "(") continue;
      var inner = closing(t, i + 1);
      if (inner !== closing(t, i) - 1) continue;
      var call = i > 0 && (isName(t[i - 1]) || t[i - 1] === ")" || t[i - 1] === "]");
      if (call && extent(t, i + 2, ["for"]) === inner) continue;
      t.splice(inner, 1);
      t.splice(i + 1, 1);
      i--;
    }
    // a lambda's parameters, innermost lambda first: its body is its own scope
    var lambdas = [];
    t.forEach(function (token, index) { if (token === "lambda") lambdas.push(index); });
    for (k = lambdas.length - 1; k >= 0; k--) {
      i = lambdas[k];
      found = names(t, i + 1, ":");
      if (!found) return null;
      end = extent(t, found.end + 1, [",", ":", "for"]);
      for (j = 0; j < found.names.length; j++) {
        rename(t, i + 1, found.end, found.names[j], "$L" + k + "." + j);
        rename(t, found.end + 1, end, found.names[j], "$L" + k + "." + j);
      }
    }
    // a comprehension's variables: [... for a, b in it if ...], within its brackets
    var fors = [];
    t.forEach(function (token, index) { if (token === "for") fors.push(index); });
    for (k = fors.length - 1; k >= 0; k--) {
      i = fors[k];
      found = names(t, i + 1, "in");
      if (!found) return null;
      var open = -1;
      for (var depth = 0, o = i - 1; o >= 0; o--) {
        if (CLOSE[t[o]]) depth++;
        else if (OPEN[t[o]]) { if (depth === 0) { open = o; break; } depth--; }
      }
      var close = open >= 0 ? closing(t, open) : t.length;
      var iterable = extent(t, found.end + 1, ["for", "if"]);
      for (j = 0; j < found.names.length; j++) {
        // the iterable is read outside the comprehension: the same name there is another variable
        if (t.slice(found.end + 1, iterable).indexOf(found.names[j]) >= 0) return null;
        rename(t, open + 1, close, found.names[j], "$C" + k + "." + j);
      }
    }
    return t.join(" ");
  }

  /* The reader's answer against the box's forms: {result: "right"} (a form the judge accepted),
     {result: "wrong", verdict} (a typical wrong form, with the judge's verdict), or
     {result: "unjudged"} (any other form: the page cannot tell). */
  function judge(text, accepted, known) {
    var form = normalise(text);
    if (form === null) return { result: "unjudged" };
    for (var i = 0; i < accepted.length; i++) {
      if (normalise(accepted[i]) === form) return { result: "right" };
    }
    for (i = 0; i < known.length; i++) {
      if (normalise(known[i][0]) === form) return { result: "wrong", verdict: known[i][1] };
    }
    return { result: "unjudged" };
  }

  return { normalise: normalise, judge: judge, tokenize: tokenize };
});
