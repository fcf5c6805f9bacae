"""Exercises numbered per chapter (issue 33).

The book's chapters are unnumbered, so Sphinx's numfig counts sphinx-exercise's exercises across the
whole book (internals showed "Exercise 15, 16, 17") while the check cell below each one, the reader
notebook and the judges' messages say "Exercise 1, 2, 3". After Sphinx's TocTreeCollector has
assigned the numbers (``env-get-updated``, priority 500), this renumbers each page's exercises from 1,
in the order they were numbered; every reference (``{numref}``, a solution's title) reads these numbers.
tests/test_build.py checks the numbers on the site against the notebooks' "Exercise N" in every edition.
"""
from __future__ import annotations

FIGTYPE = "exercise"


def per_chapter(app, env) -> list[str]:
    changed = []
    for docname, figtypes in env.toc_fignumbers.items():
        numbers = figtypes.get(FIGTYPE)
        if not numbers:
            continue
        ordered = sorted(numbers, key=lambda ident: numbers[ident])
        renumbered = {ident: (i,) for i, ident in enumerate(ordered, start=1)}
        if renumbered != numbers:
            figtypes[FIGTYPE] = renumbered
            changed.append(docname)
    return changed


def solution_title_in_order(title, words: str) -> None:
    """sphinx-exercise writes a solution's title as its word ("Solution to", "解答") followed by a link
    whose text is " Exercise N": English word order, "解答 練習 1" in Chinese. ``words`` is the
    edition's ``solution_title`` label with ``{exercise}`` where the link goes ("{exercise} 的解答");
    the title is rebuilt in that order, the link kept (its text without the leading space)."""
    from docutils import nodes

    texts = [c for c in title.children if isinstance(c, nodes.Text)]
    links = [c for c in title.children if isinstance(c, nodes.reference)]
    if len(texts) != 1 or len(links) != 1 or "{exercise}" not in words:
        return  # a solution with its own title, or a layout this was not written for
    link = links[0]
    label = link.astext().strip()
    for child in list(link.children):
        link.remove(child)
    link += nodes.Text(label)
    before, after = words.split("{exercise}", 1)
    title.children = []
    for part in (before, link, after):
        if isinstance(part, str):
            if part:
                title += nodes.Text(part)
        else:
            title += part


class SolutionTitleOrder:
    """A post-transform after sphinx-exercise's ResolveTitlesInSolutions (priority 21)."""

    @staticmethod
    def make(app):
        from sphinx.transforms.post_transforms import SphinxPostTransform
        from sphinx_exercise.nodes import solution_node

        class _SolutionTitleOrder(SphinxPostTransform):
            default_priority = 22

            def run(self):
                edition = self.app.config.book_edition
                if not edition:
                    return
                from utils.book import config

                words = config.labels(edition).get("solution_title")
                if not words:
                    return
                for node in self.document.findall(solution_node):
                    if node.children:
                        solution_title_in_order(node.children[0], words)

        return _SolutionTitleOrder


def setup(app):
    app.connect("env-get-updated", per_chapter, priority=600)
    app.add_post_transform(SolutionTitleOrder.make(app))
