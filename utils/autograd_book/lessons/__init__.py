"""Lesson code that the chapters show to readers and run, kept in importable modules.

Unlike the instruments elsewhere in ``autograd_book`` (meters, the process launcher),
the code in this package *is* the lesson: a chapter prints it and discusses
it line by line. It lives in a module rather than in a notebook cell only
when Python must be able to import it, as the workers of the chapter
"Autograd across processes" must: they run in processes started with
"spawn", which import the worker by its module name. Changing this code
changes what the chapter shows; re-execute the chapter afterwards.
"""
