"""The book's own messages in each edition's copy of the outputs (utils/book/editions/outputs.py):
a judge's verdict, a hint, what explain and doctor say, stored in each edition as its reader gets
them when running its notebook; every other output identical to English's."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from autograd_book.exercises import check, messages
from utils.book import config, notebooks
from utils.book.editions import checks, outputs, sync

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = config.translations()
# The English of a verdict, of explain and of doctor: none may stay in a Chinese copy of the outputs (a cell
# that prints one without metadata.messages, merged before its chapter was executed again, fails here).
VERDICT = re.compile(r"Exercise \d+: (correct|not answered yet|wrong|raised)|This is an error the book explains"
                     r"|doctor ran \w+")


def _english_verdicts(edition: str) -> list[str]:
    found = []
    for path in sorted((ROOT / "book" / edition).glob("*.ipynb")):
        for cell in notebooks.read_notebook(path).cells:
            for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
                text = out.get("text") or out.get("data", {}).get("text/plain", "")
                found += [f"{path.name}: {m.group(0)}" for m in VERDICT.finditer("".join(text))]
    return found


def test_no_chinese_page_shows_an_english_verdict():
    assert len(_english_verdicts("en")) > 30  # what the check below would catch
    for edition in TRANSLATIONS:
        assert _english_verdicts(edition) == []


def test_every_recorded_message_is_in_its_english_outputs():
    assert checks.message_problems() == []
    recorded = sum(len(c.metadata.get("messages", [])) for p in notebooks.english_notebooks()
                   for c in notebooks.read_notebook(p).cells if c.cell_type == "code")
    assert recorded > 60


# ------------------------------------------------------------------ what the kernel logs

@pytest.fixture
def log(tmp_path, monkeypatch):
    path = tmp_path / "messages.jsonl"
    monkeypatch.setenv(messages.LOG_VARIABLE, str(path))
    monkeypatch.delenv(messages.ENVIRONMENT_VARIABLE, raising=False)
    return path


def _printed(capsys) -> str:
    return capsys.readouterr().out


def test_a_verdict_is_logged_with_a_spec_that_renders_it_in_every_edition(log, capsys, monkeypatch):
    check("Exercise 2", 3, lambda answer: "not a message",
          hint="A hook returns the new gradient; torch.clamp has min and max arguments.")
    check("Exercise 4", None, lambda a: None, hint="make_dual(point, direction), compute f, unpack_dual(...).tangent, then .item().")
    shown = _printed(capsys)
    logged = outputs.read_log(log)
    cell = nbformat.v4.new_code_cell("check(...)", outputs=[nbformat.v4.new_output("stream", name="stdout", text=shown)])
    outputs.attach(cell, logged)
    kept = cell.metadata["messages"]
    assert [outputs.render(spec, "en") for spec in kept] == shown.splitlines()  # the outer verdicts, not their parts
    for edition in TRANSLATIONS:
        monkeypatch.setenv(messages.ENVIRONMENT_VARIABLE, edition)
        check("Exercise 2", 3, lambda answer: "not a message",
              hint="A hook returns the new gradient; torch.clamp has min and max arguments.")
        check("Exercise 4", None, lambda a: None, hint="make_dual(point, direction), compute f, unpack_dual(...).tangent, then .item().")
        monkeypatch.delenv(messages.ENVIRONMENT_VARIABLE)
        assert outputs.localized(cell, edition).outputs[0]["text"] == _printed(capsys)  # what that reader gets


def test_a_judges_reason_printed_by_the_notebook_itself_is_translated(log, capsys):
    from autograd_book.exercises import variable

    reason = variable.judge_ex4(36.0)
    assert isinstance(reason, messages.Text)
    print("the loop as given:", reason)
    cell = nbformat.v4.new_code_cell("", outputs=[nbformat.v4.new_output("stream", name="stdout", text=_printed(capsys))])
    outputs.attach(cell, outputs.read_log(log))
    for edition in TRANSLATIONS:
        assert outputs.localized(cell, edition).outputs[0]["text"] == f"the loop as given: {reason.render(edition)}\n"


def test_explain_and_doctor_log_their_text_in_every_edition(log, capsys):
    from autograd_book.explain import explain, explanation

    message = "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x3 and 2x1)"
    explain("RuntimeError: Trying to backward through the graph a second time")
    explain(message)
    cell = nbformat.v4.new_code_cell("", outputs=[nbformat.v4.new_output("stream", name="stdout", text=_printed(capsys))])
    outputs.attach(cell, outputs.read_log(log))
    assert len(cell.metadata["messages"]) == 2
    for edition in TRANSLATIONS:
        want = explanation("RuntimeError: Trying to backward through the graph a second time", edition).text()
        assert outputs.localized(cell, edition).outputs[0]["text"] == \
            f"{want}\n{explanation(message, edition).text()}\n"
    explain(message, "en")  # an edition chosen in the code: the same in every edition's copy
    assert outputs.read_log(log)[2:] == []


def test_nothing_is_logged_without_the_variable(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(messages.LOG_VARIABLE, raising=False)
    monkeypatch.chdir(tmp_path)
    check("Exercise 1", None, lambda a: None, hint="x")
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ sync and the check, planted

def _plant(small_book: Path, text: str, specs: list) -> int:
    path = small_book / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    i = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.outputs)
    nb.cells[i].outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
    nb.cells[i].metadata["messages"] = specs
    notebooks.write_notebook(nb, path)
    return i


CORRECT = {"say": ["common", "verdict.correct"],
           "fields": {"label": {"say": ["common", "exercise"], "fields": {"number": "1"}}, "hint": "", "reason": None,
                      "error": ""}}


def test_sync_writes_each_editions_messages_and_the_check_holds_them(small_book):
    i = _plant(small_book, "y = 2\nExercise 1: correct.\n", [CORRECT])
    assert any(f"cell {i} " in p and "outputs" in p for p in checks.step_problems(small_book))  # before sync
    sync.sync_all(small_book)
    assert checks.step_problems(small_book) == []
    for edition in TRANSLATIONS:
        nb = notebooks.read_notebook(small_book / "book" / edition / "demo.ipynb")
        assert nb.cells[i].outputs[0]["text"] == f"y = 2\n{outputs.render(CORRECT, edition)}\n"
        assert "Exercise" not in nb.cells[i].outputs[0]["text"]
    # the English copied by hand into a translation (what sync did before) is caught
    path = small_book / "book" / "zh-hant" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    nb.cells[i].outputs[0]["text"] = "y = 2\nExercise 1: correct.\n"
    notebooks.write_notebook(nb, path)
    assert any(p.startswith(f"book/zh-hant/demo.ipynb: cell {i} ") and "zh-hant" in p
               for p in checks.step_problems(small_book))


def test_a_recorded_message_its_outputs_do_not_show_is_caught(small_book):
    i = _plant(small_book, "y = 2\nExercise 1: wrong.\n", [CORRECT])
    sync.sync_all(small_book)
    assert any(f"book/en/demo.ipynb: cell {i} " in p and "not in its outputs" in p for p in checks.step_problems(small_book))
    _plant(small_book, "y = 2\n", [{"say": ["common", "no such key"], "fields": {}}])
    assert any("no longer renders" in p for p in checks.message_problems(small_book))


def test_only_the_messages_text_changes(small_book):
    """Text that merely looks like a message, outside a recorded one, stays as English has it."""
    i = _plant(small_book, "Exercise 1: correct.\nExercise 1\n", [CORRECT])
    sync.sync_all(small_book)
    nb = notebooks.read_notebook(small_book / "book" / "zh-hans" / "demo.ipynb")
    assert nb.cells[i].outputs[0]["text"].endswith("\nExercise 1\n")


# ------------------------------------------------------------------ the reader's run, for real

@pytest.mark.slow
@pytest.mark.parametrize("edition, chapter", [("zh-hant", "gradients"), ("zh-hans", "companion")])
def test_a_chinese_chapter_run_in_its_folder_gives_its_stored_outputs(edition, chapter):
    """nbval on a whole Chinese chapter, its kernel in the edition's folder (as Jupyter starts it,
    no BOOK_EDITION): the stored messages, in that edition's language, are what its reader gets."""
    path = ROOT / "book" / edition / f"{chapter}.ipynb"
    assert any(c.metadata.get("messages") for c in notebooks.read_notebook(path).cells)
    env = {k: v for k, v in os.environ.items() if k not in (messages.ENVIRONMENT_VARIABLE, messages.LOG_VARIABLE)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(ROOT / "tests" / "nbval_sanitize.cfg"), str(path)],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:]



@pytest.mark.slow
def test_execute_records_the_messages_each_cell_shows(tmp_path):
    """make execute: the kernel logs the messages it makes, and each code cell keeps in its metadata
    those its outputs show (a verdict, and a judge's reason printed by the cell itself)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("from autograd_book.exercises import check, variable\nprint('no message')"),
                nbformat.v4.new_code_cell('check("Exercise 4", None, variable.judge_ex4,\n'
                                          '      hint="make_dual(point, direction), compute f, unpack_dual(...).tangent, then .item().")'),
                nbformat.v4.new_code_cell("print('judged:', variable.judge_ex4(36.0))")]
    for i, c in enumerate(nb.cells):
        c.id = f"c{i}"
    folder = tmp_path / "en"
    folder.mkdir()
    path = folder / "tiny.ipynb"
    notebooks.write_notebook(nb, path)
    notebooks.execute(path)
    out = notebooks.read_notebook(path)
    assert "messages" not in out.cells[0].metadata
    for cell in out.cells[1:]:
        specs = cell.metadata["messages"]
        assert len(specs) == 1
        assert outputs.render(specs[0], "en") in cell.outputs[0]["text"]
        for edition in TRANSLATIONS:
            assert outputs.render(specs[0], edition) in outputs.localized(cell, edition).outputs[0]["text"]
    assert out.cells[2].outputs[0]["text"].startswith("judged: ")


def test_a_message_shown_as_a_cell_s_value_is_translated_and_checked():
    """The text/plain of an execute_result (the cell's last expression) is read like printed text;
    a display with no text/plain is left alone; the problem quotes the first 80 characters."""
    english = outputs.render(CORRECT, "en")
    cell = nbformat.v4.new_code_cell("check()")
    cell.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": english}, execution_count=1),
                    nbformat.v4.new_output("display_data", data={"image/png": "iVBOR"})]
    cell.metadata["messages"] = [CORRECT]
    assert outputs.localized(cell, "zh-hans").outputs[0]["data"]["text/plain"] == outputs.render(CORRECT, "zh-hans")
    assert outputs.problems(cell, "here") == []
    long = dict(CORRECT, say=["common", "verdict.wrong"], fields=dict(CORRECT["fields"], reason="", hint="h" * 100))
    cell.metadata["messages"] = [long]
    [problem] = outputs.problems(cell, "here")
    english = outputs.render(long, "en")
    assert len(english) > 81 and repr(english[:80]) in problem and repr(english[:81]) not in problem
