"""One way to read the book's YAML (book/*.yml, _config.yml, _toc.yml, the corpus and query files of
tests/): libyaml's parser, about ten times PyYAML's and ruamel.yaml's pure-Python ones (the fast tier
reads errors.yml, glossary.yml, search_keywords.yml and tests/real_questions.yml in every worker).

Two differences from ``yaml.safe_load``, both ruamel.yaml's, which the data files were read with before:
- a key written twice in one mapping is refused (YAML would keep the last one without a word,
  silently dropping half of an entry);
- only true/false are booleans (YAML 1.2): ``no``, ``yes``, ``on``, ``off`` stay strings, so that an
  answer or a word in a data file is never read as False.
"""
from __future__ import annotations

import copy
import re
import sys

import yaml

_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_BOOL = "tag:yaml.org,2002:bool"


class Loader(_BASE):
    """libyaml's safe loader, refusing a key written twice, with YAML 1.2's booleans."""

    yaml_implicit_resolvers = {first: [(tag, rx) for tag, rx in rules if tag != _BOOL]
                               for first, rules in _BASE.yaml_implicit_resolvers.items()}

    def construct_mapping(self, node, deep=False):
        keys = [self.construct_object(key, deep=True) for key, _ in node.value]
        if len(set(map(repr, keys))) != len(keys):
            raise ValueError(f"duplicate key: a key written twice in one mapping, line {node.start_mark.line + 1}")
        return super().construct_mapping(node, deep)


Loader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def load(text: str):
    """The YAML document ``text``, read as described above."""
    return yaml.load(text, Loader=Loader)



_ATOMS = frozenset({str, int, float, bool, type(None), bytes})


def tree_copy(tree, _memo: dict | None = None):
    """A deep copy of parsed data (YAML, or a notebook: dicts, lists and nbformat's NotebookNode, a
    dict subclass, holding strings and numbers), equal to what ``copy.deepcopy`` makes and about five
    times faster: the book's readers hand each caller its own copy of a cached parse
    (notebooks.read_notebook, editions.data.load_data), the fast tier about a thousand of them. A
    dict or list met twice (a YAML alias) is copied once and shared, as deepcopy does; anything else
    (a date, a set, another dict subclass) goes to ``copy.deepcopy``."""
    kind = type(tree)
    if kind in _ATOMS:
        return tree
    memo = {} if _memo is None else _memo
    done = memo.get(id(tree))
    if done is not None:
        return done
    if kind is list:
        new = memo[id(tree)] = []
        new.extend([tree_copy(v, memo) for v in tree])
        return new
    if kind is dict:
        new = memo[id(tree)] = {}
        new.update({k: tree_copy(v, memo) for k, v in tree.items()})
        return new
    struct = sys.modules.get("nbformat._struct")
    if struct is not None and issubclass(kind, struct.Struct):  # NotebookNode: no __setitem__ coercion needed
        new = memo[id(tree)] = kind.__new__(kind)
        dict.update(new, {k: tree_copy(v, memo) for k, v in tree.items()})
        new.__dict__.update(tree.__dict__)  # Struct's _allownew (a bool)
        return new
    return copy.deepcopy(tree, memo)
