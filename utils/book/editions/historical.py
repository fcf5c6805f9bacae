"""book/errors.yml's ``historical.library``: the library that prints an older wording, where that is
not PyTorch (DeepSpeed). error_index.error_index_problems calls it for every historical entry."""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config

ROOT = config.ROOT
SOURCE = config.SOURCE

# PyTorch itself, as a historical.library might spell it: PyTorch, pytorch, Py-Torch, torch, torch 1.13,
# torch.distributed (a part of PyTorch); not another library whose name starts so (torchvision,
# torchdiffeq, PyTorch Lightning).
PYTORCH_ITSELF = re.compile(r"\s*(py[\s_-]*)?torch(\.[\w.]+)?(\s*v?\d[\w.+-]*)?\s*", re.IGNORECASE)


def library_problems(entry: dict, where: str, root: Path = ROOT) -> list[str]:
    """historical.library: the library that prints an older wording, where that is not PyTorch. The page
    says "printed at least up to {library} {until}"; the paste box and autograd_book.explain show the
    entry's summary alone, so each edition's summary names the library (a draft's missing summary is
    shown in English). Refused: an empty or non-text library, PyTorch itself under any spelling (its
    own older wordings leave library out), a summary that does not name it."""
    h = entry["historical"]
    if "library" not in h:  # 'current' marks another library's message that it still prints
        return [f"{where}: 'current' marks another library's message that it still prints: name it ('library')"
                ] if h.get("current") else []
    library = h["library"]
    if not isinstance(library, str) or not library.strip():
        return [f"{where}: historical.library is {library!r}: name the library that prints the message, "
                "or leave library out for a wording of PyTorch's own"]
    if PYTORCH_ITSELF.fullmatch(library):
        return [f"{where}: historical.library {library!r} names PyTorch itself: leave library out, a wording "
                "of PyTorch's own has 'until' and 'source' alone"]
    named = re.compile(rf"(?<![A-Za-z0-9]){re.escape(library.strip())}(?![A-Za-z0-9])", re.IGNORECASE)
    summary = entry.get("summary", {})
    return [f"{where}: the {edition} summary does not name {library!r} (historical.library): the paste box "
            "and explain show the summary alone, and the reader must learn whose message it is"
            for edition in [SOURCE, *config.translations(root)]
            if summary.get(edition) and not named.search(summary[edition])]

