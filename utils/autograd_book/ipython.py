"""``%load_ext autograd_book``: every exception a cell raises that is an error of the book's index
ends with ``explain``'s explanation (IPython's ``set_custom_exc``); any other exception shows its
traceback as before. ``%unload_ext autograd_book`` puts IPython's own handling back."""
from __future__ import annotations

from .explain import explanation


def _explain_after_traceback(shell, etype, value, tb, tb_offset=None):
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
    try:
        found = explanation(value)
    except Exception:  # never let the explanation hide the reader's error
        return None
    if found.entry is not None:
        print(found.text())
    return None


def load_ipython_extension(ip) -> None:
    ip.set_custom_exc((Exception,), _explain_after_traceback)


def unload_ipython_extension(ip) -> None:
    ip.set_custom_exc((), None)
