"""The exercises' messages (verdicts, judges' reasons, hints) in the reader's language.

The texts live in ``utils/autograd_book/exercises/messages/<module>.yml``: one entry per
message, keyed by a short id, with the text of every edition (``en``,
``zh-hant``, ``zh-hans``...) and ``str.format`` fields for the values a judge
puts in (``{got}``). English is the source: every other text translates it,
and records in ``translated_from`` the hash of the English it translates,
so a changed English text shows up as a stale translation in ``editions
check`` and the tests. The stamps are the book's (``utils/book/editions``):
``python -m utils.book.editions restamp messages/MODULE.yml [--cell KEY]``
writes them. A PyTorch or Python error message quoted in a
translated text stays English, as printed, inside backticks.

The edition is that of the notebook being run: ``BOOK_EDITION`` if set, else
the name of the kernel's working directory when it is an edition (Jupyter
starts a kernel in the notebook's folder, ``book/zh-hant/``), else English.
Code cells are the same in every edition; only this lookup differs.

A message is a :class:`Text`: a ``str`` in the current edition that can be
rendered again in any other (``text.render("zh-hans")``), its fields included.
The tests use that to check every message a wrong answer produces in every
edition. This module imports no torch.

A message also has a ``spec``: how to render it again from the catalogs (its key and fields), as
JSON. When ``BOOK_MESSAGE_LOG`` names a file (``make execute`` sets it), every message made is
appended to it as a line of JSON, and the executor records in each cell's metadata the messages
its outputs show (``metadata.messages``); ``editions sync`` writes each edition's rendering of
them into that edition's copy of the outputs (utils/book/editions/outputs.py). A message that
cannot be rendered again from its spec (a field that is no JSON value) is logged with its text
in every edition instead (``{"rendered": {...}}``), as are the companion's (explain, doctor).
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

CATALOGS = Path(__file__).with_name("messages")
ENVIRONMENT_VARIABLE = "BOOK_EDITION"
LOG_VARIABLE = "BOOK_MESSAGE_LOG"
SOURCE = "en"

# While a list, every message say() makes is appended to it (the tests check each in every edition).
recorded: list | None = None


@lru_cache(maxsize=None)
def editions() -> tuple[str, ...]:
    """The book's editions (_config.yml of the checkout that holds this package); where there is
    none (a reader notebook unpacks the package on its own), the languages of the catalogs. It
    imports nothing named ``utils``: in a reader's session that may be the reader's own module."""
    try:
        import yaml  # the checkout's environment has it (a reader's may not; see load())

        settings = yaml.safe_load((Path(__file__).resolve().parents[3] / "_config.yml").read_text(encoding="utf-8"))
        return tuple(settings["editions"])
    except (OSError, IndexError, KeyError, TypeError, ImportError):
        return tuple(sorted(load("common")["verdict.correct"].keys() - {"translated_from"}))


def edition() -> str:
    """The edition whose language the messages speak now (see the module's docstring)."""
    chosen = os.environ.get(ENVIRONMENT_VARIABLE)
    if chosen:
        if chosen not in editions():
            raise ValueError(f"{ENVIRONMENT_VARIABLE}={chosen!r} is not an edition of this book: "
                             f"{', '.join(editions())}")
        return chosen
    folder = Path.cwd().name
    return folder if folder in editions() else SOURCE


@lru_cache(maxsize=None)
def load(module: str) -> dict[str, dict[str, Any]]:
    """The catalog of ``module`` (``common`` for the verdict lines and shared words): its YAML in
    the repository, or the JSON a reader notebook carries instead (utils/book/package.py), which
    needs no PyYAML in the reader's environment."""
    packed = CATALOGS / f"{module}.json"
    if packed.exists():
        import json

        return json.loads(packed.read_text(encoding="utf-8"))
    import yaml

    # libyaml's parser where PyYAML has it (the same document, several times faster)
    return yaml.load((CATALOGS / f"{module}.yml").read_text(encoding="utf-8"),
                     Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def catalog_names() -> list[str]:
    return sorted({p.stem for p in CATALOGS.iterdir() if p.suffix in {".yml", ".json"}})


def text_of(module: str, key: str, language: str) -> str:
    """The template of ``key`` in ``language``; English where a translation is missing."""
    entry = load(module)[key]
    return entry.get(language) or entry[SOURCE]


class Text(str):
    """A message in the current edition that can be rendered in another one, fields included;
    ``spec``: the same as JSON, for :func:`render` (None: none could be made)."""

    def __new__(cls, render: Callable[[str], str], spec: Any = None) -> "Text":
        text = super().__new__(cls, render(edition()))
        text.render = render
        text.spec = spec
        return text


def _in(language: str, value: Any) -> Any:
    return value.render(language) if isinstance(value, Text) else value


def _spec_of(value: Any) -> Any:
    """A field's value as JSON: a message's spec, a JSON scalar as it is, anything else as its text."""
    if isinstance(value, Text):
        return value.spec if value.spec is not None else {"rendered": rendered(value)}
    if value is None or type(value) in (bool, int, float, str):
        return value
    return {"str": str(value)}


def render(spec: Any, language: str) -> Any:
    """The message ``spec`` describes (a :class:`Text`'s ``spec``), rendered in ``language`` from
    the catalogs as they are now."""
    if not isinstance(spec, dict):
        return spec
    if "say" in spec:
        module, key = spec["say"]
        return text_of(module, key, language).format(
            **{name: render(value, language) for name, value in spec["fields"].items()})
    if "join" in spec:
        return text_of("common", f"separator.{spec['join']}", language).join(
            str(render(item, language)) for item in spec["items"])
    if "strip" in spec:
        return render(spec["strip"], language).rstrip(".。")
    if "rendered" in spec:
        return spec["rendered"].get(language, spec["rendered"][SOURCE])
    return spec["str"]


def rendered(text: Any) -> dict[str, str]:
    """``text`` (a :class:`Text` or a function of the language) in every edition."""
    draw = text.render if isinstance(text, Text) else text
    return {language: draw(language) for language in editions()}


def log(text: Any) -> None:
    """Append ``text`` (a :class:`Text`, or a function of the language for a message that has no
    spec) to the file ``BOOK_MESSAGE_LOG`` names, if any: its spec when that renders it in every
    edition as it is, else its text in every edition."""
    path = os.environ.get(LOG_VARIABLE)
    if not path:
        return
    import json

    texts = rendered(text)
    spec = getattr(text, "spec", None)
    if spec is None or any(render(spec, language) != texts[language] for language in texts):
        spec = {"rendered": texts}
    with open(path, "a", encoding="utf-8") as log_file:
        log_file.write(json.dumps(spec, ensure_ascii=False) + "\n")


def say(module: str, key: str, **fields: Any) -> Text:
    """The message ``key`` of ``module``'s catalog, with ``fields`` put in."""
    load(module)[key]  # a wrong key fails here, in every edition
    text = Text(lambda language: text_of(module, key, language).format(
        **{name: _in(language, value) for name, value in fields.items()}),
        {"say": [module, key], "fields": {name: _spec_of(value) for name, value in fields.items()}})
    if recorded is not None:
        recorded.append(text)
    log(text)
    return text


def join(items: Iterable[Any], separator: str = "list") -> Text:
    """``items`` joined as the edition writes a list (``a, b`` / ``a、b``) or clauses (``; `` / ``；``)."""
    items = list(items)
    return Text(lambda language: text_of("common", f"separator.{separator}", language).join(
        str(_in(language, item)) for item in items), {"join": separator, "items": [_spec_of(i) for i in items]})


class Catalog:
    """The messages of one judge module: ``say = Catalog("variable")``, then ``say("ex1.instance")``."""

    def __init__(self, module: str):
        self.module = module

    def __call__(self, key: str, **fields: Any) -> Text:
        return say(self.module, key, **fields)


# ------------------------------------------------------------------ hints and verdict lines

@lru_cache(maxsize=None)
def _hints() -> dict[str, tuple[str, str]]:
    """English hint text -> (module, key), over every catalog's ``hint.*`` entries."""
    return {entry[SOURCE]: (module, key) for module in catalog_names()
            for key, entry in load(module).items() if key.startswith("hint.")}


def hint(english: str) -> str:
    """The notebook's (English) hint in the current edition; an unknown hint as written."""
    found = _hints().get(english)
    return say(*found) if found else english


def _without_full_stop(reason: str) -> Text | str:
    if isinstance(reason, Text):
        return Text(lambda language: reason.render(language).rstrip(".。"),
                    None if reason.spec is None else {"strip": reason.spec})
    return reason.rstrip(".。")


_EXERCISE = re.compile(r"Exercise (\d+)")


def label(english: str) -> str:
    """``"Exercise 3"`` in the current edition; any other label as written."""
    match = _EXERCISE.fullmatch(english)
    return say("common", "exercise", number=match.group(1)) if match else english


def verdict_line(kind: str, label_: str, hint_: str = "", reason: Any = None, error: str = "") -> Text:
    """The line :func:`autograd_book.exercises.verdict` prints: ``kind`` is not_answered, raised, correct or wrong."""
    if kind == "wrong":
        reason = (say("common", "verdict.reason", reason=_without_full_stop(reason))
                  if isinstance(reason, str) and reason else "")
    return say("common", f"verdict.{kind}", label=label(label_), hint=hint(hint_) if hint_ else "",
               reason=reason, error=error)
