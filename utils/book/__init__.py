"""The book's own tools: build, editions, notebooks, checks, benchmarks.

Nothing in this package imports torch (a test asserts it): a translator, the
Sphinx build, ``make sync`` and ``make check`` need only the packages of the
book's tooling. The chapters' instruments are the rest of ``utils``.
"""
