"""The paste box's matcher (book/_static/search/errormatch.js), in Python: the same normalising,
the same scoring, the same order, so that ``explain`` and the book's pages name the same entry of
the error index for the same text (tests/test_companion_explain.py runs both on the index's
wordings and on pasted variants of them). Keep the two in step: a change to one is a change to
the other. Pure Python (no torch)."""
from __future__ import annotations

import math
import re
from functools import lru_cache

A = re.ASCII  # JavaScript's \w, \b and \d are ASCII-only

# Words too common in messages to tell two of them apart.
STOP = {"a", "an", "the", "of", "to", "is", "are", "be", "it", "in", "and", "or", "if", "you",
        "that", "this", "for", "with", "when", "by", "at", "on", "as"}

_DROP = [re.compile(p, A) for p in (r"^Traceback \(most recent call last\)", r'^File ".*", line \d+',
                                    r"^[\^~\s]+$", r"^During handling of the above exception")]
_PREFIX = re.compile(r"([\w.]+\.)?[A-Z]\w*(Error|Warning|Exception|Interrupt)\b:", A)
_REPLACE = [(re.compile(p, A), r) for p, r in (
    (r"(^|\s)([\w.]+\.)?[A-Z]\w*(Error|Warning|Exception|Interrupt)\b:\s*", " "),
    (r"[A-Za-z]:\\[^\s\"']*", " "),                     # Windows paths
    (r"(^|[\s\"'(])/[^\s\"']*", " "),                    # POSIX paths
    (r"\[torch\.[\w.]+ \[[\d, ]*\]\]", " "),             # [torch.FloatTensor [64, 1]]
    (r"torch\.Size\(\[[\d, ]*\]\)", " "),
    (r"\[[\d, ]+\]", " "),                               # shapes
    (r"\b0x[0-9a-fA-F]+\b", " "),                        # addresses
    (r"<[^<>]*\bat\b[^<>]*>", " "),                      # <Object at 0x...>
    # A node's name: today's messages print the function's (Split, BackwardHookFunction), older ones
    # the node's (SplitBackward0, BackwardHookFunctionBackward): read as the function's. A bare
    # "Backward" (a wording's stand-in for any node) goes.
    (r"\b(\w*?)Backward\d*\b", r"\1"),
)]
# Then what varies in one message or another (the operation a missing derivative names, the GPU's figures
# after an out-of-memory message): the `varies` patterns of the entries, from book/errors.yml (varies).
_NUMBERS = re.compile(r"\b\d+(\.\d+)*\b", A)
_NOT_WORD = re.compile(r"[^a-z0-9_@]+")
_JS_SPACE = " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


_rule_tables: dict[int, tuple[list, list]] = {}


def varies(errors: list[dict] = ()) -> list[tuple[re.Pattern, str]]:
    """(pattern, replacement) of every ``varies`` of ``errors`` (errors.yml), in order, each once:
    the table errormatch.js reads from the same data (``$1`` there, ``\\g<1>`` here)."""
    held = _rule_tables.get(id(errors))
    if held is None or held[0] is not errors:
        seen, rules = set(), []
        for entry in errors:
            for rule in entry.get("varies") or ():
                if (rule["pattern"], rule["as"]) not in seen:
                    seen.add((rule["pattern"], rule["as"]))
                    rules.append((re.compile(rule["pattern"], A), re.sub(r"\$(\d)", r"\\g<\1>", rule["as"])))
        held = (errors, rules)
        _rule_tables[id(errors)] = held
    return held[1]


def normalise(text: str, errors: list[dict] = ()) -> str:
    """The message, reduced to what does not vary: no traceback frames, no exception class
    prefixes, no file paths, tensor types and shapes, numbers or addresses, nor what the ``varies``
    patterns of ``errors`` name."""
    lines = [line for line in str(text or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
             if line.strip(_JS_SPACE) and not any(p.search(line.strip(_JS_SPACE)) for p in _DROP)]
    for i in range(len(lines) - 1, -1, -1):
        m = _PREFIX.search(lines[i])
        if m:
            lines = lines[i:]
            lines[0] = lines[0][m.start():]
            break
    s = " ".join(lines)
    for pattern, replacement in _REPLACE + varies(errors):
        s = pattern.sub(replacement, s)
    s = _NUMBERS.sub(" ", s.lower())
    return _NOT_WORD.sub(" ", s).strip(" ")


def tokens(text: str, errors: list[dict] = ()) -> list[str]:
    return [w for w in normalise(text, errors).split(" ") if w and w not in STOP]


_vocabularies: dict[int, tuple[list, set]] = {}


def vocabulary(errors: list[dict]) -> set[str]:
    """The words of every wording (a pasted word outside them is the reader's own)."""
    held = _vocabularies.get(id(errors))
    if held is None or held[0] is not errors:
        held = (errors, {w for entry in errors for w in tokens(entry["message"], errors)})
        _vocabularies[id(errors)] = held
    return held[1]


# The names of classes and functions that a wording quotes (NoneType, BackwardHookFunction,
# InferenceMode: a word with a capital inside), where only that one wording has them (errormatch.js: names).
_NAME = re.compile(r"\b[A-Za-z0-9]*[a-z][A-Z]\w*\b", A)
_name_tables: dict[int, tuple[list, dict]] = {}


def names(errors: list[dict]) -> dict[str, int]:
    """{name: the index of the one wording of ``errors`` that quotes it}: they tell messages apart that
    share the rest of their words ("Output 0 of BackwardHookFunction is a view", "Output 1 of Split is a view")."""
    held = _name_tables.get(id(errors))
    if held is None or held[0] is not errors:
        where: dict[str, set[int]] = {}
        for i, entry in enumerate(errors):
            for raw in _NAME.findall(str(entry["message"])):
                for w in tokens(raw, errors):
                    where.setdefault(w, set()).add(i)
        held = (errors, {w: next(iter(found)) for w, found in where.items() if len(found) == 1})
        _name_tables[id(errors)] = held
    return held[1]


def names_agree(have: set[str], order: int, errors: list[dict]) -> bool:
    """The paste (``have``: its words) has every name the wording at ``order`` has, and none that only
    another wording has."""
    return all((i == order) == (w in have) for w, i in names(errors).items())


def longest_run(pasted: list[str], words: list[str]) -> int:
    """The longest run of ``words`` that ``pasted`` holds in the same order, without a gap (the
    longest common run, one row of runs ending at each word at a time)."""
    at = _positions(tuple(words))  # only the places where a pasted word is one of the wording's
    best, ending = 0, {}
    for p in pasted:
        row = {}
        for j in at.get(p, ()):
            row[j] = k = ending.get(j - 1, 0) + 1
            if k > best:
                best = k
        ending = row
    return best


@lru_cache(maxsize=4096)
def _positions(words: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """{word: the indexes where ``words`` has it}, kept per wording (there are a few hundred)."""
    found: dict[str, list[int]] = {}
    for j, w in enumerate(words):
        found.setdefault(w, []).append(j)
    return {w: tuple(js) for w, js in found.items()}


# A phrase of this many of a wording's words, in its order, is that wording even when the rest of the
# paste is the reader's own words or a different part of the message (errormatch.js: PHRASE).
PHRASE = 5


def phrase_words(pasted: list[str], words: list[str]) -> int:
    """Or a phrase of PHRASE words as written, the little words counted, that begins or ends the
    wording (a title quotes a message's start, a cut line keeps its end: "modified by an inplace
    operation"), of which three at least say something: those words' count (0 for none)."""
    n, best = len(words), 0
    if n < PHRASE or (words[0] not in pasted and words[-1] not in pasted):  # no phrase can begin or end here
        return 0
    said = [0]  # said[k]: the words of words[:k] that say something
    for w in words:
        said.append(said[-1] + (w not in STOP))
    for i in range(len(pasted)):
        k = 0  # the run of the wording's first words from pasted[i]
        while i + k < len(pasted) and k < n and pasted[i + k] == words[k]:
            k += 1
        if k >= PHRASE:
            best = max(best, said[k])
        k = 0  # the run of the wording's last words up to pasted[i]
        while k <= i and k < n and pasted[i - k] == words[n - 1 - k]:
            k += 1
        if k >= PHRASE:
            best = max(best, said[n] - said[n - k])
    return best if best >= 3 else 0


def osa(a: str, b: str, most: int) -> int:
    """The Damerau-Levenshtein distance of ``a`` and ``b`` in its restricted form (optimal string
    alignment: insertions, deletions, substitutions and transpositions of two neighbours, each
    costing one), or ``most + 1`` when it is more than ``most`` (errormatch.js: osa)."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    before, row = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        here = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            here[j] = min(row[j] + 1, here[j - 1] + 1, row[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                here[j] = min(here[j], before[j - 2] + 1)
        before, row = row, here
        if min(row) > most:
            return most + 1
    return min(row[-1], most + 1)


def tolerance(*words: str) -> int:
    """How many typing slips the shortest of ``words`` may carry and still be read as a word of a
    wording, by its letters (a-z: not the digits of fp16 nor the underscore of _scale): none below 6
    (short words differ by a letter: "grad", "read"), 1 from 6, 2 from 10."""
    length = min(len(_LETTER.findall(w)) for w in words)
    return 2 if length >= 10 else 1 if length >= 6 else 0


_LETTER = re.compile("[a-z]")


_spelled: dict[int, tuple[list, set, dict]] = {}


def spelled(word: str, errors: list[dict]) -> str:
    """``word`` of a paste as a wording spells it: itself when a wording or a tail has it (or it is too
    short to judge), otherwise the one word of the wordings and tails nearest to it within the
    tolerance of the shorter of the two (``tolerance``); itself again when none is that near or two
    are equally near ("Attemting", "uscale": attempting, unscale; "requirse": require or requires?).
    A word that is a wording's word with letters added at its end is the reader's own name (optimizerG,
    lossD), not a slip of it (errormatch.js: spelled)."""
    held = _spelled.get(id(errors))
    if held is None or held[0] is not errors:
        known = {w for e in errors for w in tokens(e["message"], errors) + (tokens(e["tail"], errors) if e.get("tail") else [])}
        held = (errors, known, {})
        _spelled[id(errors)] = held
    known, memo = held[1], held[2]
    if word in known or word in STOP or tolerance(word) == 0:
        return word
    if word not in memo:
        best, found = tolerance(word) + 1, []
        for w in known:
            if word.startswith(w):  # a wording's word with letters added at its end is the reader's name (optimizerG)
                continue
            most = tolerance(word, w)
            d = osa(word, w, most) if most else most + 1
            if d <= most and d < best:
                best, found = d, [w]
            elif d <= most and d == best:
                found.append(w)
        memo[word] = found[0] if len(found) == 1 else word
    return memo[word]


def all_words(text: str, errors: list[dict] = ()) -> list[str]:
    return [w for w in normalise(text, errors).split(" ") if w]


def opening(message: str, errors: list[dict] = ()) -> list[str]:
    """The words as written of the first sentence of ``message`` when it is shorter than PHRASE and
    not the whole wording ("CUDA out of memory" of "CUDA out of memory. Tried to allocate"), and three
    at least say something (a sentence of one or two words, "vmap", names no message); [] otherwise
    (errormatch.js: opening)."""
    cut = re.search(r"[.!?](\s|$)", message)
    if not cut or not message[cut.start() + 1:].strip():
        return []
    words = all_words(message[:cut.start()], errors)
    return words if len(words) < PHRASE and len([w for w in words if w not in STOP]) >= 3 else []


_wording_tables: dict[int, tuple] = {}


def wordings(errors: list[dict]) -> list[tuple[list[str], list[str], list[str], list[str]]]:
    """(tokens, all words, tail tokens, the short first sentence's words: opening) of each entry of ``errors``, read once per list (and again when
    the rules that read them are replaced, as the tests' planted faults do)."""
    held = _wording_tables.get(id(errors))
    if held is None or held[0] is not errors or held[1] is not _REPLACE or held[2] is not _NUMBERS:
        held = (errors, _REPLACE, _NUMBERS,
                [(tokens(e["message"], errors), all_words(e["message"], errors),
                  tokens(e["tail"], errors) if e.get("tail") else [], opening(e["message"], errors)) for e in errors])
        _wording_tables[id(errors)] = held
    return held[3]


_weight_tables: dict[int, tuple[list, dict]] = {}


def weights(errors: list[dict]) -> dict[str, float]:
    """{word: how much it tells one wording from the others}: log((N + 1) / n), N the wordings, n those that
    have the word (an inverse document frequency: "grad" tells little, "unscale" much) (errormatch.js: weights)."""
    held = _weight_tables.get(id(errors))
    if held is None or held[0] is not errors:
        have: dict[str, int] = {}
        for ordered, _, _, _ in wordings(errors):
            for w in set(ordered):
                have[w] = have.get(w, 0) + 1
        held = (errors, {w: math.log((len(errors) + 1) / n) for w, n in have.items()})
        _weight_tables[id(errors)] = held
    return held[1]


# A cut paste (the wording's words in its order, three in a row at least) is the wording when it has this
# share of the weight of the wording's words, and the weight of its own words of messages is the wording's
# at this share: below any phrase of a wording (errormatch.js: COVER).
COVER, COVER_OWN = 0.6, 0.8


def match(text: str, errors: list[dict], opening: bool = True) -> list[dict]:
    """The entries of ``errors`` whose wording ``text`` contains (or, for a partial paste, which
    contain all of it, or a phrase of it), best first; [] when nothing matches. An entry's ``tail`` is
    what PyTorch prints after its wording: a paste of only the tail is that entry too. Last, a cut paste:
    three of the wording's words in a row, most of the weight of its words (``weights``, COVER).
    ``opening`` False: a paste that holds no more of a wording than its short first sentence matches
    nothing (errormatch.js: opts.opening, which the search page sets)."""
    # A word of the paste that no wording has is read as the wording's word it is a slip of (spelled).
    pasted = [spelled(w, errors) for w in tokens(text, errors)]
    if len(pasted) < 3:
        return []
    written = [spelled(w, errors) for w in all_words(text, errors)]
    have = set(pasted)
    known = vocabulary(errors)
    of_messages = len([w for w in have if w in known]) or 1
    found = []
    for order, (entry, (ordered, message_words, tail, first)) in enumerate(zip(errors, wordings(errors))):
        first = first if opening else []
        words = set(ordered)
        if not words:
            continue
        common = len([w for w in words if w in have])
        recall = common / len(words)
        precision = common / of_messages
        # A part is a run of the wording (three words in its order at least): an asker's question that
        # names a few of its words is no paste of it. A wording that names a class or a function is
        # that message only where the paste names it too (names_agree).
        run, agree = longest_run(pasted, ordered), names_agree(have, order, errors)
        whole = agree and recall >= 0.8 and precision >= 0.5
        part = agree and precision >= 0.9 and common >= 4 and run >= 3
        historical = bool(entry.get("historical"))
        score = 0 if not (whole or part) else \
            100 * precision + ((1 + recall) if whole else recall / 1000) + (0 if historical else 0.01)
        if not score:  # a phrase of the wording, or the whole of its tail: below any fuller match
            # Or the whole of its first sentence, when that is shorter than a phrase ("CUDA out of memory.").
            phrase = 0 if not agree else max(run if run >= min(PHRASE, len(ordered)) else 0,
                                             phrase_words(written, message_words),
                                             len([w for w in first if w not in STOP]) if first and longest_run(written, first) == len(first) else 0)
            if phrase:
                score = phrase + (0 if historical else 0.01)
            elif len(tail) >= 4 and longest_run(pasted, tail) >= 4:
                score = len(tail)
            elif agree and run >= 3:
                weight = weights(errors)  # summed in the order errormatch.js sums them (its Sets keep it)
                shared = sum(weight[w] for w in dict.fromkeys(ordered) if w in have)
                cover = shared / sum(weight[w] for w in dict.fromkeys(ordered))
                own = shared / (sum(weight.get(w, 0) for w in dict.fromkeys(pasted) if w in known) or 1)
                if cover >= COVER and own >= COVER_OWN:
                    score = 2 + cover * own + (0 if historical else 0.01)
        if score > 0:
            found.append((score - (1e-6 if historical else 0), order, entry))
    found.sort(key=lambda f: (-f[0], f[1]))
    return [f[2] for f in found]


# What PyTorch prints around the wordings the index stores (the in-place error's tail, the hint).
AROUND = set(tokens("which is output of is at version; expected version instead. Hint: enable anomaly "
                    "detection to find the operation that failed to compute its gradient, with "
                    "torch.autograd.set_detect_anomaly(True). the variable is the output of Traceback most recent call last"))
_CHINESE = re.compile("[\u3400-\u9fff]")
_PYTORCH_WORD = re.compile(r"(tensor|backward\d*)\W*$", re.I | A)


def message_words(entry: dict, errors: list[dict]) -> set[str]:
    """The words of every wording (and tail) of ``entry``'s message (errormatch.js: messageWords)."""
    same = [e for e in errors if e.get("id") == entry.get("id")] + [entry]
    return {w for e in same for w in tokens(e["message"], errors) + (tokens(e["tail"], errors) if e.get("tail") else [])}


def own_words(words: list[str], errors: list[dict], entry: dict | None = None) -> list[str]:
    """The words of ``words`` that are the reader's own: in no wording of ``errors`` and not what
    PyTorch prints around them (GAN, critic, optimizerG.step). With ``entry`` (the message the paste
    matched): the words of that message's wordings only, so a word that another entry happens to quote
    (optimizer.step in the scheduler warning) stays the reader's (errormatch.js: ownWords)."""
    known = message_words(entry, errors) if entry else vocabulary(errors)
    kept = []
    for w in words:
        if _CHINESE.search(w):
            kept.append(w)
            continue
        if _PYTORCH_WORD.search(w):
            continue
        t = [x for x in normalise(w, errors).split(" ") if x]
        if t and not all(x in known or x in AROUND or x in STOP for x in t):
            kept.append(w)
    return kept
