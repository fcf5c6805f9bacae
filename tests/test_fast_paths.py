"""The faster forms of slow code (issue 35 item 7) give what the slow forms gave: the error matcher's
run and phrase counts against the plain loops they replaced, and a committed version of a data file
read by libyaml still refuses a key written twice, as ruamel.yaml did."""
import random

import pytest

from autograd_book import errormatch
from utils.book.editions import data


def plain_longest_run(pasted, words):
    best = 0
    for i in range(len(pasted)):
        for j in range(len(words)):
            k = 0
            while i + k < len(pasted) and j + k < len(words) and pasted[i + k] == words[j + k]:
                k += 1
            best = max(best, k)
    return best


def plain_phrase_words(pasted, words):
    best = 0
    for i in range(len(pasted)):
        for j in range(len(words)):
            k = said = 0
            while i + k < len(pasted) and j + k < len(words) and pasted[i + k] == words[j + k]:
                said += words[j + k] not in errormatch.STOP
                k += 1
                if k >= errormatch.PHRASE and (j == 0 or j + k == len(words)) and said > best:
                    best = said
    return best if best >= 3 else 0


def test_the_run_and_the_phrase_counts_are_the_plain_loops():
    rng, vocabulary = random.Random(0), ["a", "the", "of", "x", "y", "z", "w"]
    for _ in range(3000):
        pasted = [rng.choice(vocabulary) for _ in range(rng.randint(0, 14))]
        words = [rng.choice(vocabulary) for _ in range(rng.randint(0, 12))]
        if words and rng.random() < 0.5:  # a piece of the wording in the paste, often its start or end
            a = rng.choice([0, rng.randint(0, len(words))])
            b = rng.choice([len(words), rng.randint(a, len(words))])
            pasted[rng.randint(0, len(pasted)):0] = words[a:b]
        assert errormatch.longest_run(pasted, words) == plain_longest_run(pasted, words), (pasted, words)
        assert errormatch.phrase_words(pasted, words) == plain_phrase_words(pasted, words), (pasted, words)


def test_a_committed_version_with_a_key_written_twice_is_refused():
    assert data.parsed_version("errors:\n- id: a\n  summary: {en: one}\n") == {"errors": [{"id": "a", "summary": {"en": "one"}}]}
    with pytest.raises(ValueError, match="written twice"):
        data.parsed_version("errors:\n- id: a\n  summary: {en: one}\n  summary: {en: two}\n")


def test_the_books_yaml_reader_refuses_a_key_written_twice_and_reads_no_as_a_word():
    """utils/book/yamlread.py: libyaml, but as ruamel.yaml read the data files (a duplicate key refused,
    YAML 1.2's booleans), and the same as PyYAML's safe_load otherwise."""
    from utils.book import yamlread

    text = "a: no\nb: yes\nc: on\nd: true\ne: False\nf: 1\ng: 1.5\nh: null\ni: [x, 'y']\n"
    assert yamlread.load(text) == {"a": "no", "b": "yes", "c": "on", "d": True, "e": False,
                                   "f": 1, "g": 1.5, "h": None, "i": ["x", "y"]}
    for word in ("true", "True", "TRUE", "false", "False", "FALSE"):  # YAML 1.2's six spellings, each one
        assert yamlread.load(f"k: {word}\n") == {"k": word.lower() == "true"}, word
    assert yamlread.load("k: tRUE\n") == {"k": "tRUE"}
    with pytest.raises(ValueError, match="duplicate key"):
        yamlread.load("k:\n  en: a\nk:\n  en: b\n")
    with pytest.raises(ValueError, match="line 2"):
        yamlread.load("top:\n  k: 1\n  k: 2\n")
    import yaml

    assert yaml.safe_load("a: no\n") == {"a": False}  # PyYAML's own loader is left as it was


def test_the_fast_copy_of_a_parse_is_deepcopys():
    """yamlread.tree_copy (read_notebook's and load_data's copy of a cached parse) equals deepcopy's,
    node type for node type, shares nothing with the parse, and keeps a YAML alias shared, as deepcopy."""
    import copy
    import datetime
    from pathlib import Path

    from utils.book import notebooks, yamlread

    def shape(x):
        if isinstance(x, dict):
            return (type(x), vars(x) if hasattr(x, "__dict__") else None, {k: shape(v) for k, v in x.items()})
        if isinstance(x, list):
            return (list, [shape(v) for v in x])
        return (type(x), x)

    def nodes(x):
        if isinstance(x, (dict, list)):
            yield id(x)
            for v in (x.values() if isinstance(x, dict) else x):
                yield from nodes(v)

    chapter = sorted(Path(data.ROOT, "book", "en").glob("*.ipynb"))[0]
    parsed = notebooks.peek_notebook(chapter)
    mine = notebooks.read_notebook(chapter)
    assert shape(mine) == shape(copy.deepcopy(parsed)) and mine.cells[0].source == parsed.cells[0].source
    assert not set(nodes(mine)) & set(nodes(parsed))
    mine.cells[0].metadata["x"] = 1
    mine.cells[0]["outputs_of_mine"] = {"a": 1}
    assert "x" not in parsed.cells[0].metadata and "outputs_of_mine" not in parsed.cells[0]
    tree = yamlread.load("a: &s {k: [1, 2]}\nb: *s\nd: 2026-12-06\nn: no\n")
    tree["e"] = {3, 4}
    copied = yamlread.tree_copy(tree)
    assert shape(copied) == shape(copy.deepcopy(tree)) and copied == tree
    assert copied["a"] is copied["b"] and copied["a"] is not tree["a"] and copied["e"] is not tree["e"]
    assert copied["d"] == datetime.date(2026, 12, 6) and copied["n"] == "no"
    errors = data.load_errors()
    errors[0]["id"] = "changed"
    assert data.load_errors()[0]["id"] != "changed"
