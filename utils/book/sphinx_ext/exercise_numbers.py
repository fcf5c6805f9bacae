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


def setup(app):
    app.connect("env-get-updated", per_chapter, priority=600)
