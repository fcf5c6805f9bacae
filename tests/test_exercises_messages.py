"""The exercises speak the reader's language: the edition, the catalogs, the verdict lines and the hints.

Every judge's wrong answers are checked in every edition by the judges' own
tests (the fixture of exercise_messages.py); here: the rule those checks use
rejects English, the edition is found as documented, every catalog entry has
every language (current, in the edition's script and glossary), the verdict
lines and hints are translated, and no English reason is left in a judge's
code outside the catalogs.
"""
from __future__ import annotations

import ast
import io
import json
import string
from contextlib import redirect_stdout
from functools import lru_cache
from pathlib import Path

import pytest

from exercise_messages import english_runs, problems_in_every_edition, untranslated
from utils.book import config
from utils.book.editions.changes import entry_stamp_problems
from utils.book.editions.data import avoided_terms, catalog as catalog_file, load_glossary, load_wordings, text_hash, uses_avoided
from utils.book.editions.prose import wrong_script_chars
from autograd_book.exercises import messages, verdict

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = list(config.editions())
TRANSLATIONS = config.translations()


@pytest.fixture(autouse=True)
def no_edition_from_outside(monkeypatch, tmp_path):
    """Each test starts in English: no BOOK_EDITION, a working directory that is no edition."""
    monkeypatch.delenv(messages.ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.chdir(tmp_path)


# ------------------------------------------------------------------ the rule

@pytest.mark.parametrize("text", [
    "練習 1：還不對。the gradient is wrong。",                    # an untranslated reason
    "梯度 is not clipped：掛鉤必須傳回新的梯度",                    # half a sentence left in English
    "give a Python float, not int",
])
def test_the_rule_rejects_english_sentences(text):
    assert untranslated(text)


def test_the_rule_rejects_an_untranslated_message_of_two_words():
    assert untranslated("gradgradcheck fails") == ["no Chinese"]


@pytest.mark.parametrize("text", [
    "hvp 用 torch.func 的轉換（hessian、jvp、grad 等）對 f 微分",
    "答案必須是以 (critic, compiled_critic, real, fake, mix) 為引數的函式",
    "雙重反向傳播出錯（`trying to differentiate twice a function that was marked with @once_differentiable`）",
    "練習 2：還不對（執行時引發 `TypeError: 'int' object is not callable`）。",
    "w 本身沒有更新：`w = w - lr * w.grad`（或 clone）會產生新的張量",
])
def test_the_rule_accepts_chinese_with_code_and_quoted_errors(text):
    assert untranslated(text) == []


def test_english_runs_are_found_outside_backticks_only():
    assert english_runs("a plain English sentence") == ["a plain English sentence"]
    assert english_runs("`a quoted English error`") == []
    assert english_runs("x.exp() saves its result") == ["saves its result"]


def test_a_planted_english_translation_is_caught(monkeypatch):
    """A message whose translation is still English fails the check the judges' tests run."""
    from autograd_book.exercises import variable

    real = messages.text_of
    monkeypatch.setattr(messages, "text_of",
                        lambda module, key, language: real(module, key, messages.SOURCE)
                        if key == "ex4.component" else real(module, key, language))
    reason = variable.judge_ex4(3.0)
    assert reason == "that is one component of the gradient; the derivative along v is the gradient dotted with v"
    assert {p.split(":")[0] for p in problems_in_every_edition([reason])} == set(TRANSLATIONS)
    assert problems_in_every_edition([variable.judge_ex4(1.5)]) == []


# ------------------------------------------------------------------ the edition

def test_the_environment_variable_chooses_the_edition(monkeypatch):
    for key in EDITIONS:
        monkeypatch.setenv("BOOK_EDITION", key)
        assert messages.edition() == key
    monkeypatch.setenv("BOOK_EDITION", "zh-tw")
    with pytest.raises(ValueError, match="not an edition"):
        messages.edition()


def test_the_working_directory_chooses_the_edition(monkeypatch, tmp_path):
    for key in EDITIONS:
        monkeypatch.chdir(ROOT / "book" / key)  # where Jupyter starts the kernel of book/KEY/NAME.ipynb
        assert messages.edition() == key
    monkeypatch.setenv("BOOK_EDITION", "en")  # the variable wins over the folder
    assert messages.edition() == "en"


def test_english_otherwise(monkeypatch, tmp_path):
    (tmp_path / "notebooks").mkdir()
    monkeypatch.chdir(tmp_path / "notebooks")
    assert messages.edition() == "en"
    monkeypatch.setenv("BOOK_EDITION", "")
    assert messages.edition() == "en"


def test_the_editions_are_the_books():
    assert list(messages.editions()) == EDITIONS


def test_a_judge_speaks_the_edition_it_runs_in(monkeypatch):
    """What the judges' tests render per edition is what the judge says with BOOK_EDITION set."""
    from autograd_book.exercises import internals, variable

    english = variable.judge_ex4(36.0), internals.judge_ex1(4)
    for key in TRANSLATIONS:
        monkeypatch.setenv("BOOK_EDITION", key)
        assert [variable.judge_ex4(36.0), internals.judge_ex1(4)] == [t.render(key) for t in english]
        assert english[0].render(key) != english[0]


# ------------------------------------------------------------------ the catalogs

@lru_cache(maxsize=None)
def avoided(edition: str) -> tuple:
    return tuple(avoided_terms(load_glossary(), edition, load_wordings()))


def catalog_problems(name: str, catalog: dict) -> list[str]:
    """Every entry: a text per edition, the English's format fields, a current stamp, the edition's script and terms."""
    problems = []
    for key, entry in catalog.items():
        where = f"{name}.yml: {key}"
        extra = set(entry) - set(EDITIONS) - {"translated_from"}
        if extra:
            problems.append(f"{where}: unknown fields {sorted(extra)}")
        english = entry.get("en")
        if not english:
            problems.append(f"{where}: no en text")
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(english) if f is not None}
        for edition in TRANSLATIONS:
            text = entry.get(edition)
            if not text:
                problems.append(f"{where}: no {edition} text")
                continue
            theirs = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
            if theirs != fields:
                problems.append(f"{where}: {edition} has the fields {sorted(theirs)}, English {sorted(fields)}")
            problems += entry_stamp_problems(catalog_file(name), where, entry, edition, key=key)
            bad = wrong_script_chars(text, edition)
            if bad:
                problems.append(f"{where}: {edition} uses characters of another script: {''.join(bad)}")
            problems += [f"{where}: {edition} uses {word!r} (glossary: {term!r})"
                         for word, term, form in avoided(edition) if uses_avoided(text, word, form)]
    return problems


@pytest.mark.parametrize("name", messages.catalog_names())
def test_every_catalog_entry_has_every_language(name):
    assert catalog_problems(name, messages.load(name)) == []


def test_a_missing_or_stale_translation_is_named():
    entry = {"en": "the gradient is {got}", "zh-hant": "梯度是 {got}", "zh-hans": "梯度是 {got}",
             "translated_from": {e: text_hash("the gradient is {got}") for e in TRANSLATIONS}}
    assert catalog_problems("planted", {"k": entry}) == []
    missing = {**entry}
    del missing["zh-hans"]
    assert catalog_problems("planted", {"k": missing}) == ["planted.yml: k: no zh-hans text"]
    stale = {**entry, "en": "the gradient is {got} now"}
    assert len(catalog_problems("planted", {"k": stale})) == len(TRANSLATIONS)
    wrong_field = {**entry, "zh-hant": "梯度是 {value}"}
    assert "fields" in catalog_problems("planted", {"k": wrong_field})[0]
    other_script = {**entry, "zh-hant": "梯度是 {got}，记忆体"}
    assert any("another script" in p for p in catalog_problems("planted", {"k": other_script}))


def test_no_key_appears_twice_in_a_catalog():
    from ruamel.yaml import YAML  # refuses a key written twice (PyYAML would keep the last one silently)

    with pytest.raises(Exception, match="duplicate key"):
        YAML(typ="safe", pure=True).load("k:\n  en: a\nk:\n  en: b\n")
    for name in messages.catalog_names():
        YAML(typ="safe", pure=True).load((messages.CATALOGS / f"{name}.yml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ verdict lines and hints

def printed(*args) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        verdict(*args)
    return out.getvalue().rstrip("\n")


def _raises(answer):
    return answer()


VERDICT_CASES = [  # (answer, judge): not answered, a raising judge, a wrong answer, a right one
    (None, lambda a: None),
    (3, _raises),
    (36.0, "variable.judge_ex4"),
    ("static_graph", "distributed.judge_ex3"),
]


def _judge(judge):
    if isinstance(judge, str):
        import importlib
        module, name = judge.split(".")
        return getattr(importlib.import_module(f"autograd_book.exercises.{module}"), name)
    return judge


def test_english_verdict_lines_are_as_before():
    hint = "A hook returns the new gradient; torch.clamp has min and max arguments."
    lines = [printed("Exercise 2", answer, _judge(judge), hint) for answer, judge in VERDICT_CASES]
    assert lines == [
        f"Exercise 2: not answered yet. {hint}",
        f"Exercise 2: not yet (TypeError: 'int' object is not callable). {hint}",
        f"Exercise 2: not yet. 36 is f(x) itself; the exercise asks for its derivative along v (the tangent). {hint}",
        "Exercise 2: correct.",
    ]


@pytest.mark.parametrize("edition", TRANSLATIONS)
def test_verdict_lines_speak_the_edition(monkeypatch, edition):
    monkeypatch.setenv("BOOK_EDITION", edition)
    hint = "A hook returns the new gradient; torch.clamp has min and max arguments."
    lines = [printed("Exercise 2", answer, _judge(judge), hint) for answer, judge in VERDICT_CASES]
    for line in lines:
        assert untranslated(line) == [], line
    assert "`TypeError: 'int' object is not callable`" in lines[1]  # Python's message, quoted as printed
    assert lines[0].startswith(messages.say("common", "exercise", number="2"))
    assert messages.hint(hint) in lines[0] and messages.hint(hint) != hint


def notebook_hints() -> list[tuple[str, str]]:
    """(notebook, hint) of every check(...) call in the English chapters' code cells."""
    found = []
    for path in sorted((ROOT / "book" / "en").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code" or "check(" not in "".join(cell["source"]):
                continue
            for node in ast.walk(ast.parse("".join(cell["source"]))):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "check":
                    hint = next((k.value for k in node.keywords if k.arg == "hint"), None)
                    assert isinstance(hint, ast.Constant), f"{path.name}: a check() without a literal hint"
                    found.append((path.name, hint.value))
    return found


def test_every_hint_of_the_book_is_in_a_catalog(monkeypatch):
    hints = notebook_hints()
    assert len({h for _, h in hints}) >= 30  # every chapter with exercises
    for edition in TRANSLATIONS:
        monkeypatch.setenv("BOOK_EDITION", edition)
        for notebook, hint in hints:
            assert untranslated(messages.hint(hint)) == [], (notebook, hint)


def test_an_unknown_hint_or_label_is_shown_as_written(monkeypatch):
    monkeypatch.setenv("BOOK_EDITION", "zh-hant")
    assert messages.hint("Try again.") == "Try again."
    assert messages.label("Bonus") == "Bonus"
    assert messages.label("Exercise 12") == "練習 12"


# ------------------------------------------------------------------ no English left in the judges' code

JUDGE_MODULES = sorted(p for p in (ROOT / "utils" / "autograd_book" / "exercises").glob("*.py") if p.name != "messages.py")


def english_literals(source: str) -> list[str]:
    """String literals holding an English sentence, except docstrings and texts a judge looks for in
    an error (``"a second time" in str(err)``): a reason must come from the catalog."""
    tree = ast.parse(source)
    allowed = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                allowed.add(id(first.value))
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            allowed.add(id(node.left))
        if isinstance(node, ast.JoinedStr):  # read as a whole below
            allowed.update(id(v) for v in node.values)
    found = []
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else " {} " for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        found += english_runs(text)
    return found


@pytest.mark.parametrize("path", JUDGE_MODULES, ids=lambda p: p.name)
def test_judges_take_their_reasons_from_the_catalogs(path):
    assert english_literals(path.read_text(encoding="utf-8")) == []


def test_an_english_reason_in_a_judge_is_found():
    planted = 'def judge(a):\n    """Docstrings may be English."""\n    if "a second time" in str(a):\n' \
              '        return f"give a number, not {type(a).__name__}"\n'
    assert english_literals(planted) == ["give a number,"]


# ------------------------------------------------------------------ specs: a message rendered again in any edition

def test_a_fields_spec_is_its_message_a_json_value_or_its_text():
    correct = messages.say("common", "verdict.correct", label="x", hint="", reason="", error="")
    assert messages._spec_of(correct) == correct.spec and correct.spec["say"] == ["common", "verdict.correct"]
    unspecced = messages.Text(lambda language: f"<{language}>")  # no spec: its text in every edition
    assert messages._spec_of(unspecced) == {"rendered": {e: f"<{e}>" for e in messages.editions()}}
    for value in (None, True, 3, 2.5, "text"):
        assert messages._spec_of(value) is value
    assert messages._spec_of(Path("a/b")) == {"str": "a/b"} and messages._spec_of([1]) == {"str": "[1]"}


def test_every_kind_of_spec_renders_in_every_edition():
    numbered = messages.say("common", "exercise", number=3)
    listed = messages.join([numbered, "x"])
    stripped = messages._without_full_stop(messages.say("common", "verdict.reason", reason="a reason."))
    for language in messages.editions():
        assert messages.render(numbered.spec, language) == numbered.render(language) == \
            messages.text_of("common", "exercise", language).format(number=3)
        assert messages.render(listed.spec, language) == listed.render(language)
        assert messages.render(stripped.spec, language) == stripped.render(language)
        assert not stripped.render(language).endswith((".", "。"))
    assert messages.render({"rendered": {"en": "E", "zh-hant": "T"}}, "zh-hant") == "T"
    assert messages.render({"rendered": {"en": "E"}}, "zh-hans") == "E"  # English where the edition has none
    assert messages.render({"str": "as written"}, "zh-hant") == "as written"
    assert messages.render(7, "zh-hans") == 7 and messages.render("plain", "en") == "plain"
    assert stripped.spec.keys() == {"strip"}
    assert messages._without_full_stop(messages.Text(lambda language: "no spec.")).spec is None
    assert messages._without_full_stop("plain.") == "plain"


def test_a_message_is_logged_as_its_spec_or_as_its_text_when_the_spec_would_render_it_otherwise(tmp_path, monkeypatch):
    log = tmp_path / "log.jsonl"
    monkeypatch.setenv(messages.LOG_VARIABLE, str(log))
    said = messages.say("common", "exercise", number=3)
    lying = messages.Text(lambda language: f"<{language}>", {"say": ["common", "exercise"], "fields": {"number": 3}})
    messages.log(lying)
    messages.log(lambda language: f"[{language}]")  # a function of the language: no spec
    logged = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert logged == [said.spec, {"rendered": {e: f"<{e}>" for e in messages.editions()}},
                      {"rendered": {e: f"[{e}]" for e in messages.editions()}}]
    monkeypatch.delenv(messages.LOG_VARIABLE)
    messages.log(said)
    assert len(log.read_text(encoding="utf-8").splitlines()) == 3  # nothing logged without the variable


def test_a_wrong_verdict_without_a_reason_has_no_reason_clause():
    bare = messages.say("common", "verdict.wrong", label=messages.label("Exercise 1"), hint="", reason="", error="")
    assert messages.verdict_line("wrong", "Exercise 1", reason="") == bare
    assert messages.verdict_line("wrong", "Exercise 1", reason=None) == bare
    with_reason = messages.verdict_line("wrong", "Exercise 1", reason="the graph was freed.")
    assert with_reason != bare and "the graph was freed" in with_reason
