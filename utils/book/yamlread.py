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

import re

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
