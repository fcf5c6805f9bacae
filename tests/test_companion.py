"""The companion: ``explain`` (the paste box's matcher in Python, from the same data, ranked by the
traceback), ``doctor`` (a reader's step under the book's instruments) and the IPython extension.

Every broken step of tests/companion_steps.py gets its diagnosis and every correct one a clean
report; doctor leaves the step's numbers and errors as they are without it; the Python and
JavaScript matchers agree; the JSON the package carries is book/errors.yml's; the messages are in
every edition; ``%load_ext`` works in a real kernel."""
from __future__ import annotations

import gc
import json

import pytest
import torch

import companion_steps as steps
import node_run
from exercise_messages import untranslated
from test_search import MATCHER, NODE, NODE_NAME_PASTES, variants
from utils.book import config, explain_data
from utils.book.editions.data import avoided_terms, load_errors, load_glossary, load_wordings, text_hash, uses_avoided
from utils.book.editions.prose import wrong_script_chars
from utils.book.reader_markdown import targets
from autograd_book import companion_messages as words, errormatch as matcher
from autograd_book.doctor import doctor
from autograd_book.explain import SIGNS, explain, explanation

ERRORS = words.data()["errors"]["en"]
EDITIONS = list(config.editions())
GLOSSARY, WORDINGS = load_glossary(), load_wordings()


@pytest.fixture(autouse=True)
def english(monkeypatch, tmp_path):
    monkeypatch.delenv(words.ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.chdir(tmp_path)
    yield
    # What a test left alive (the modules its first doctor run imported, REPORTS) is moved out of the
    # collector's sight, as conftest.py's gc.freeze does after collection: the doctor's gc.collect()
    # at every step walks only what the running test made (0.09 s a call otherwise, 75 calls here).
    # Freezing is O(1); a test's leftover cyclic garbage is kept, not freed (a few objects a test).
    gc.freeze()


# ------------------------------------------------------------------ the data travels with the package

def test_the_packaged_data_is_book_errors_yml():
    assert explain_data.OUTPUT.read_text(encoding="utf-8") == explain_data.text(), \
        "run make sync (python -m utils.book.explain_data)"
    assert words.editions() == EDITIONS


def test_a_stale_copy_is_refused(monkeypatch, tmp_path):
    stale = tmp_path / "explain_data.json"
    stale.write_text(explain_data.text().replace("Trying to backward", "Trying to go backward", 1), encoding="utf-8")
    monkeypatch.setattr(explain_data, "OUTPUT", stale)
    monkeypatch.setattr(explain_data, "ROOT", tmp_path.parent)
    with pytest.raises(SystemExit, match="out of date"):
        explain_data.main(["--check"])


def test_every_sign_points_to_sections_of_the_book():
    labels = set(targets(config.SOURCE))
    for name, (_, pointed) in SIGNS.items():
        assert all(t in labels or any(label.startswith(t) for label in labels) for t in pointed), name
    assert set(words.catalog()) >= {f"sign.{name}" for name in SIGNS}


# ------------------------------------------------------------------ the same matcher as the paste box

def js(function: str, inputs: list[str]) -> list:
    if NODE is None:
        pytest.skip("node is not installed")
    data = [{k: e[k] for k in ("id", "message", "historical", "varies", "tail") if k in e} for e in ERRORS]
    call = {"match": "m.match(p, input.errors).map(e => e.id)", "normalise": "m.normalise(p)",
            "normalise_varies": "m.normalise(p, input.errors)",
            "own": "m.ownWords(p.split(' '), input.errors)",
            "own_entry": "m.ownWords(p.toLowerCase().split(' '), input.errors, m.match(p, input.errors)[0])",
            "spelled": "m.spelled(p, input.errors)"}[function]
    script = (f"const m = require({json.dumps(str(MATCHER))});"
              "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              f"process.stdout.write(JSON.stringify(input.pastes.map(p => {call})));")
    out = node_run.run(script, json.dumps({"pastes": inputs, "errors": data}))
    return json.loads(out)


PASTES = [v for e in ERRORS for v in variants(e["message"])] + [
    "GAN RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation",
    "LSTM: Trying to backward through the graph a second time",
    "訓練 GAN 時出現 Trying to backward through the graph a second time",
    "RuntimeError: element 0 of tensors does not require grad",
    "Trying to backward", "CUDA out of memory. Tried to allocate 20.00 MiB", "", "RuntimeError:",
    "ModuleNotFoundError: No module named 'torchvision'", "how do I train a GAN", *NODE_NAME_PASTES,
    # Slips and cuts (the paste box reads a slip in a long word as the wording's word: errormatch.spelled).
    "ValueError : Attemting to unscale fp16 Gradients Fine-tuning the u-net with LoRA",
    "ValueError:Attenpting to uscale FP16 gradients.", "TypeError: cannot assign 'torch.cuda.FloatTensor' as parameter",
    "RuntimeError: a view of a leaf Varaible that requires grad is being used in an in-place operation.",
    "RuntimeError: element 0 of tensors does not requre grad and does not have a grad_fn",
    "RuntimeError: One of the diferentiated Tensors does not require grad",
    "GAN optimizerG.step() one of the variables needed for gradient computaiton has been modifed by an inplace operation",
    "RuntimeError: incorrect number of gradients", "Inference tensors cannot be", "why are my gradients an incorrect number"]


def test_python_and_javascript_match_the_same_entries():
    python = {p: [e["id"] for e in matcher.match(p, ERRORS)] for p in PASTES}  # each paste matched once
    assert js("match", PASTES) == [python[p] for p in PASTES]
    assert all(python[v][0] == e["id"] for e in ERRORS for v in variants(e["message"]))


def test_python_and_javascript_read_the_same_slips():
    words = ["attemting", "attenpting", "uscale", "modifed", "computaiton", "varaible", "grda", "critic",
             "optimizerg", "gradeints", "requirse", "unscale", "retain_grpah", "backwrad", "inplac"]
    assert js("spelled", words) == [matcher.spelled(w, ERRORS) for w in words]
    assert matcher.spelled("attemting", ERRORS) == "attempting" and matcher.osa("ab", "ba", 1) == 1


def test_python_and_javascript_normalise_and_keep_the_readers_words_alike():
    sample = PASTES[::7] + ["Traceback (most recent call last):\n  File \"C:\\x\\y.py\", line 3, in f\nRuntimeError: "
                            "modified: [torch.FloatTensor [64, 1]], output 0 of AsStridedBackward0 at 0xdeadbeef, version 2"]
    assert js("normalise", sample) == [matcher.normalise(p) for p in sample]
    own = ["GAN critic optimizerG.step Trying backward graph", "LSTM hidden h0 retain_graph", "判別器 FloatTensor MulBackward0", "output 0 of AsStridedBackward0, is at version 2"]
    assert js("own", own) == [matcher.own_words(p.split(" "), ERRORS) for p in own]


# A paste's other words, judged against the matched message's wordings only (rank.js passes the entry):
# optimizer.step() is quoted by another entry's wording, yet stays the reader's word after this one.
STEP_AFTER = "RuntimeError: Trying to backward through the graph a second time after optimizer.step()"
OWN_PASTES = [STEP_AFTER, "GAN critic RuntimeError: one of the variables needed for gradient computation has been "
              "modified by an inplace operation optimizerG.step()", "LSTM: Trying to backward through the graph a second time",
              "訓練 GAN 時出現 element 0 of tensors does not require grad"]


def python_own_words(paste: str) -> list[str]:
    found = matcher.match(paste, ERRORS)
    return matcher.own_words(paste.lower().split(" "), ERRORS, found[0] if found else None)


def test_python_and_javascript_keep_the_readers_words_around_the_matched_message_alike():
    assert js("own_entry", OWN_PASTES) == [python_own_words(p) for p in OWN_PASTES]
    # The planted case where the two rules differ: every wording knows optimizer.step, the matched one does not.
    assert "optimizer.step()" in python_own_words(STEP_AFTER)
    assert "optimizer.step()" not in matcher.own_words(STEP_AFTER.lower().split(" "), ERRORS)


def test_explain_judges_the_readers_code_against_the_matched_message_only(monkeypatch):
    """torch.compile is quoted by another entry's wording: in the code around a backward-twice paste it is
    still the reader's word, and ranks the compiled-twice case first (the paste box's rule)."""
    paste = ('Traceback (most recent call last):\n  File "train.py", line 12, in <module>\n'
             '    loss = compiled(x).sum()  # torch.compile\nRuntimeError: Trying to backward through the graph '
             'a second time (or directly access saved tensors after they have already been freed).')
    assert explanation(paste, "en").cases[0]["label"] == "tc-twice"
    every_wording = matcher.own_words  # planted: the old rule, every wording's words known
    monkeypatch.setattr(matcher, "own_words", lambda words, errors, entry=None: every_wording(words, errors))
    assert explanation(paste, "en").cases[0]["label"] != "tc-twice"


def test_a_python_matcher_that_ignores_the_entry_is_caught(monkeypatch):
    every_wording = matcher.own_words
    monkeypatch.setattr(matcher, "own_words", lambda words, errors, entry=None: every_wording(words, errors))
    assert js("own_entry", [STEP_AFTER]) != [python_own_words(STEP_AFTER)]


VARYING = ["RuntimeError: derivative for aten::grid_sampler_2d_backward is not implemented",
           "NotImplementedError: the derivative for 'igamma: input' is not implemented.",
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of "
           "79.14 GiB of which 6.75 MiB is free. Process 12 has 79.13 GiB memory in use."]


def test_both_matchers_read_one_table_of_what_varies_from_errors_yml():
    """The parts of a message that vary (the operation a missing derivative names, the GPU's figures)
    are errors.yml's ``varies`` patterns, which both matchers apply from the generated data: none is
    written into either matcher."""
    assert js("normalise_varies", VARYING) == [matcher.normalise(p, ERRORS) for p in VARYING] == [
        "derivative for aten is not implemented", "the derivative for is not implemented",
        "cuda out of memory tried to allocate mib"]
    assert matcher.normalise(VARYING[0]) == "derivative for aten grid_sampler_2d_backward is not implemented"
    assert js("normalise", VARYING[:1]) == [matcher.normalise(VARYING[0])]  # without the data: not dropped
    assert {p for e in ERRORS for p in (r["pattern"] for r in e.get("varies", []))} == \
        {r["pattern"] for e in load_errors() for r in e.get("varies", [])}  # the generated data has errors.yml's


def test_a_planted_difference_is_caught(monkeypatch):
    """The agreement test fails when the Python matcher drifts (here: numbers no longer dropped)."""
    monkeypatch.setattr(matcher, "_NUMBERS", __import__("re").compile(r"(?!)"))
    assert js("normalise", ["is at version 2"]) != [matcher.normalise("is at version 2")]


def test_a_node_name_reads_as_its_functions_in_both_matchers(monkeypatch):
    """Today's messages name the function (Split, BackwardHookFunction), older ones its node
    (SplitBackward0, BackwardHookFunctionBackward): both read as the function's name, in both matchers,
    and no entry of errors.yml needs a pattern of its own for it."""
    old, new = "Output 0 of BackwardHookFunctionBackward is a view", "Output 0 of BackwardHookFunction is a view"
    assert matcher.normalise(old) == matcher.normalise(new) == js("normalise", [old])[0] == js("normalise", [new])[0]
    assert matcher.normalise("output 1 of SplitBackward0, MulBackward1 and Backward") == "output of split mul and"
    assert not any("BackwardHookFunction" in r["pattern"] for e in load_errors() for r in e.get("varies", []))
    # Planted: the old rule, which dropped a node's whole name, loses the hook's paste to the split's entry.
    monkeypatch.setattr(matcher, "_REPLACE", [(p, " ") if "Backward" in p.pattern else (p, r) for p, r in matcher._REPLACE])
    assert matcher.normalise(old) != matcher.normalise(new)
    assert [e["id"] for e in matcher.match(old, ERRORS)][:1] != ["backward-hook-inplace"]


# ------------------------------------------------------------------ explain

def raised(function):
    try:
        function()
    except Exception as exc:  # noqa: BLE001 - the reader's error
        return exc
    raise AssertionError("it did not raise")


def carried_hidden_state():
    rnn, h = torch.nn.RNN(2, 3), torch.zeros(1, 1, 3)
    for chunk in torch.randn(3, 2, 1, 2):
        out, h = rnn(chunk, h)
        out.sum().backward()


def discriminator_on_fake():
    G, D = torch.nn.Linear(2, 1), torch.nn.Linear(1, 1)
    fake = G(torch.randn(4, 2))
    d_loss = D(fake).mean()
    d_loss.backward()
    g_loss = -D(fake).mean()
    g_loss.backward()


def custom_function():
    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, grad):
            x, = ctx.saved_tensors
            return 2 * x * grad
    x = torch.ones(2, requires_grad=True)
    y = Square.apply(x)
    x.add_(1)
    y.sum().backward()


def test_explain_ranks_the_case_the_traceback_shows():
    hidden = explanation(raised(carried_hidden_state))
    assert hidden.id == "backward-twice" and "loop" in hidden.signs and "hidden-state" in hidden.signs
    assert hidden.labels[0] == "pit-hidden-state"
    gan = explanation(raised(discriminator_on_fake))
    assert gan.id == "backward-twice" and "d-fake" in gan.signs and gan.labels[0] == "rg-gan"
    function = explanation(raised(custom_function))
    assert "custom-function" in function.signs
    # Wrong input: the same message as text, without code, keeps the index's order.
    plain = explanation(str(raised(carried_hidden_state)))
    assert plain.signs == [] and plain.labels == [c["label"] for c in ERRORS[0]["cases"]]


def test_explain_prints_in_the_readers_edition(monkeypatch, capsys):
    error = raised(carried_hidden_state)
    explain(error)
    english = capsys.readouterr().out
    assert "This is an error the book explains (error index entry backward-twice)" in english
    assert "section pit-hidden-state" in english
    monkeypatch.setenv("BOOK_EDITION", "zh-hant")
    explain(error)
    chinese = capsys.readouterr().out
    assert "這是本書解說過的錯誤" in chinese and "隱藏狀態" in chinese
    assert explanation(error, "zh-hans").text().startswith("这是本书讲解过的错误")


def test_explain_links_to_the_published_pages_when_there_are_some(monkeypatch):
    monkeypatch.setitem(words.data(), "baseurl", "https://example.org/book")
    text = explanation(raised(carried_hidden_state), "zh-hans").text()
    assert "https://example.org/book/zh-hans/training_loops.html#pit-hidden-state" in text


def test_an_unknown_message_says_so():
    for text in ["ValueError: a message of my own", raised(lambda: {}["missing"])]:
        found = explanation(text)
        assert found.entry is None and "not in the book's error index" in found.text()


# ------------------------------------------------------------------ doctor: diagnoses

BROKEN = {
    "target computed once": (steps.target_outside_loop, ["carried_once"], "backward-twice", "pit-target-outside-loop"),
    "hidden state": (steps.hidden_state, ["carried_state"], "backward-twice", "pit-hidden-state"),
    "hidden state, retain_graph": (lambda: steps.hidden_state(retain_graph=True),
                                   ["carried_state", "retain_carried"], "modified-by-inplace", None),
    "running loss": (steps.running_loss_step, ["carried_total"], None, None),
    "D(fake) through G": (lambda: steps.gan("through"), ["freed_through"], "backward-twice", "rg-gan"),
    "step between backwards": (lambda: steps.gan("step-between"), ["step_between"], "modified-by-inplace", "rg-gan"),
    "unused retain_graph": (steps.retain_unused, ["retain_unused"], None, None),
    "no_grad on the way": (lambda: steps.unused_head("no_grad"), ["no_grad", "no_grad"], None, None),
    "not in the loss": (lambda: steps.unused_head("not_in_loss"), ["no_grad"], None, None),
    "in-place on a saved tensor": (steps.inplace_saved, ["inplace"], "modified-by-inplace", "pit-inplace-saved"),
    "graphs kept where doctor cannot see": (steps.kept_outputs, ["alive_grows", "no_backward"], None, None),
}
CORRECT = {
    "hidden state detached": lambda: steps.hidden_state(detach=True),
    "running loss.item()": lambda: steps.running_loss_step(item=True),
    "GAN with D(fake.detach())": lambda: steps.gan("fixed"),
    "every head in the loss": lambda: steps.unused_head("fixed"),
    "classifier (BatchNorm, dropout, zero_grad at the end)": steps.classifier_step,
    "two losses, the first retaining the graph": steps.two_losses_retained,
    "gradient penalty (create_graph=True)": steps.gradient_penalty,
    "BatchNorm on two batches, one backward": steps.batchnorm_twice,
}
REPORTS = []


@pytest.mark.parametrize("name", BROKEN)
def test_each_pitfall_gets_its_diagnosis(name):
    factory, kinds, error, first_section = BROKEN[name]
    report = doctor(*_step(factory))
    REPORTS.append(report)
    assert report.kinds == kinds
    assert (explanation(report.error).id if report.error else None) == error
    if first_section:
        hints = tuple(s for f in report.findings for s in f.sections)
        assert explanation(report.error, hints=hints).labels[0] == first_section
    assert not report.clean


def _step(factory):
    step, args = factory()
    return (step, *args)


@pytest.mark.parametrize("name", CORRECT)
def test_correct_steps_get_a_clean_report(name):
    report = doctor(*_step(CORRECT[name]))
    REPORTS.append(report)
    assert report.clean, report.text()
    assert report.iterations == 3 and report.alive == [0, 0, 0] and "No problem found" in report.text()


def test_doctor_says_when_it_cannot_judge():
    report = doctor(*_step(steps.no_backward))
    assert report.kinds == ["no_backward"] and report.clean and "cannot judge its gradients" in report.text()
    assert "could not find the tensor" in doctor(*_step(steps.kept_outputs)).text()


def test_the_carried_tensor_is_named_where_it_lives():
    assert "The global `running_loss`" in doctor(*_step(steps.running_loss_step)).text()
    assert "`self.state[0]`, `self.state[1]` (of the CharModel object)" in doctor(*_step(steps.hidden_state)).text()
    assert "The closure variable `y`" in doctor(*_step(steps.target_outside_loop)).text()


def test_saved_memory_per_operation_and_its_growth():
    report = doctor(*_step(steps.classifier_step))
    assert set(report.saved[0]) >= {"linear", "batch_norm", "cross_entropy"} and report.saved[0] == report.saved[2]
    grows = doctor(*_step(lambda: steps.hidden_state(retain_graph=True)), steps=3)
    assert grows.alive and grows.alive[0] > 0  # the retained graph of iteration 1 is still alive


# ------------------------------------------------------------------ doctor changes nothing

def _state(factory, use_doctor):
    torch.manual_seed(0)
    step, args = factory()
    error = None
    if use_doctor:
        error = doctor(step, *args, steps=3).error
    else:
        try:
            for _ in range(3):
                step(*args)
        except Exception as exc:  # noqa: BLE001
            error = exc
    owner = getattr(step, "__self__", None)
    cells = [c.cell_contents for c in (step.__closure__ or ())]
    modules = [v for v in cells + list(vars(owner).values() if owner else []) if isinstance(v, torch.nn.Module)]
    modules += [v for v in step.__globals__.values() if isinstance(v, torch.nn.Module)]
    return [p.detach().clone() for m in modules for p in m.parameters()], type(error), str(error)[:40]


@pytest.mark.parametrize("factory", [steps.classifier_step, lambda: steps.gan("step-between"),
                                     lambda: steps.hidden_state(retain_graph=True), lambda: steps.gan("fixed")])
def test_doctor_leaves_the_steps_numbers_and_errors_as_they_are(factory):
    plain, doctored = _state(factory, False), _state(factory, True)
    assert plain[1:] == doctored[1:]
    assert len(plain[0]) == len(doctored[0]) > 0 and all(torch.equal(a, b) for a, b in zip(plain[0], doctored[0]))
    assert torch.autograd.backward.__module__ == "torch.autograd" and not hasattr(torch.autograd.backward, "__wrapped__")
    assert torch._C._autograd._top_saved_tensors_default_hooks(False) is None


# ------------------------------------------------------------------ messages in every edition

def test_every_message_has_every_edition_current_and_in_its_script():
    for key, entry in words.catalog().items():
        english = entry["en"]
        for edition in config.translations():
            text = entry.get(edition)
            assert text, f"{key}: no {edition}"
            assert entry["translated_from"][edition] == text_hash(english), f"{key}: {edition} is stale"
            assert wrong_script_chars(text, edition) == [], (key, edition)
            if text != english:  # code only (retain_graph=True) stays as it is
                assert untranslated(text) == [], (key, edition, text)
            avoided = [word for word, _, form in avoided_terms(GLOSSARY, edition, WORDINGS) if uses_avoided(text, word, form)]
            assert avoided == [], (key, edition, avoided)


def test_every_report_reads_in_every_edition():
    reports = REPORTS or [doctor(*_step(BROKEN[n][0])) for n in BROKEN]
    for report in reports:
        for finding in report.findings:
            for edition in config.translations():
                text = finding.text(edition)
                assert untranslated(text) == [] and "{" not in text, (edition, text)
        assert report.text("zh-hant").startswith("doctor 執行了")


def test_a_planted_english_message_is_caught(monkeypatch):
    entry = dict(words.catalog()["doctor.no_backward"], **{"zh-hant": "The step called no backward()."})
    monkeypatch.setitem(words.catalog(), "doctor.no_backward", entry)
    with pytest.raises(AssertionError):
        test_every_message_has_every_edition_current_and_in_its_script()


# ------------------------------------------------------------------ IPython

@pytest.mark.slow  # a real Jupyter kernel (about 6 s): make test runs it, make check does not
def test_the_ipython_extension_in_a_real_kernel(tmp_path):
    import nbformat
    from nbclient import NotebookClient

    from utils.book.config import ROOT
    cells = ["%load_ext autograd_book",
             "import torch\nx = torch.ones(2, requires_grad=True)\nloss = x.exp().sum()\nloss.backward()\nloss.backward()",
             "undefined_name",
             "import os\nos.environ['BOOK_EDITION'] = 'zh-hans'\nloss.backward()",
             "%unload_ext autograd_book\nloss.backward()"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(ROOT)}}).execute()
    outputs = [[(o.output_type, o.get("ename"), o.get("text", "")) for o in c.outputs] for c in nb.cells]
    assert outputs[1][0][:2] == ("error", "RuntimeError")
    assert outputs[1][1][0] == "stream" and outputs[1][1][2].startswith("This is an error the book explains (error index entry backward-twice)")
    assert [o[:2] for o in outputs[2]] == [("error", "NameError")]  # not the book's: the traceback only
    assert outputs[3][1][2].startswith("这是本书讲解过的错误")
    assert [o[:2] for o in outputs[4]] == [("error", "RuntimeError")]  # unloaded
