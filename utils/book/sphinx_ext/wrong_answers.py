"""Under each code exercise, folded: its typical wrong answers and what the check says for each.

The data is book/wrong_answers.json: per exercise label, the code of each wrong answer and the
judge's verdict in every edition. tests/wrong_answers.py writes it by running the wrong answers
that the judges' tests feed them (the WRONG tables of tests/test_exercises_*.py) through the
judges, and tests/test_wrong_answers.py regenerates it and compares, so nothing here is written
by hand and this module needs no torch. The fold goes right after the exercise's box (sphinx-
exercise's node, found by its label), so a notebook needs no directive for it.
"""
from __future__ import annotations

import html
import json
import re

from docutils import nodes

from utils.book import config

DATA = config.ROOT / "book" / "wrong_answers.json"
CODE_SPAN = re.compile(r"`([^`\n]+)`")


def load() -> dict[str, list[dict]]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return {label: entries for label, entries in data.items() if isinstance(entries, list)}


def _verdict(text: str) -> nodes.paragraph:
    """The verdict as a paragraph, its `code spans` as inline code."""
    paragraph = nodes.paragraph(classes=["wrong-answer-verdict"])
    for i, part in enumerate(CODE_SPAN.split(text)):
        if part:
            paragraph += nodes.literal(part, part) if i % 2 else nodes.Text(part)
    return paragraph


def fold(entries: list[dict], edition: str) -> list[nodes.Node]:
    words = config.labels(edition)
    box = nodes.container(classes=["wrong-answers"])
    box += nodes.raw("", f'<details class="wrong-answers-fold"><summary>{html.escape(words["wrong_answers"])}</summary>',
                     format="html")
    box += nodes.paragraph(text=words["wrong_answers_intro"], classes=["wrong-answers-intro"])
    for entry in entries:
        item = nodes.container(classes=["wrong-answer"])
        item += nodes.literal_block(entry["code"], entry["code"], language="python")
        item += _verdict(entry["verdict"].get(edition) or entry["verdict"][config.SOURCE])
        box += item
    box += nodes.raw("", "</details>", format="html")
    return [box]


def add_folds(app, doctree) -> None:
    from sphinx_exercise.nodes import exercise_enumerable_node, exercise_node

    if app.builder.format != "html":  # the PDF has no fold: the page's extra, not the book's text
        return
    env = app.env
    env.note_dependency(str(DATA))  # rebuild the pages when the data changes
    data = load()
    edition = app.config.book_edition or config.SOURCE
    for node in list(doctree.findall(lambda n: isinstance(n, (exercise_enumerable_node, exercise_node)))):
        entries = data.get(node.get("label", ""))
        if entries:
            parent = node.parent
            index = parent.index(node)
            for offset, new in enumerate(fold(entries, edition), start=1):
                parent.insert(index + offset, new)


def setup(app):
    app.connect("doctree-read", add_folds)
