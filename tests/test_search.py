"""The search's fast tier: the paste box's matcher (book/_static/search/errormatch.js, run under node,
the same file the pages load), the page that Pagefind reads, and the query set's expectations."""
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

import node_run
from utils.book import config, search, yamlread
from utils.book.editions import data

ROOT = Path(__file__).resolve().parents[1]
MATCHER = ROOT / "book" / "_static" / "search" / "errormatch.js"
ERRORS = data.load_errors()
NODE = shutil.which("node")


def run_matcher(pastes: list[str]) -> list[list[str]]:
    """The ids that errormatch.js matches for each paste, best first."""
    if NODE is None:
        pytest.skip("node is not installed (the paste box's matcher is tested under node)")
    data = [{"id": e["id"], "message": e["message"], "historical": "historical" in e,
             **({"varies": e["varies"]} if e.get("varies") else {}),
             **({"tail": e["tail"]} if e.get("tail") else {})} for e in ERRORS]  # as search.py writes it
    script = (f"const m = require({json.dumps(str(MATCHER))});"
              "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(input.pastes.map(p => m.match(p, input.errors).map(e => e.id))));")
    out = node_run.run(script, json.dumps({"pastes": pastes, "errors": data}))
    return json.loads(out)


def variants(message: str) -> list[str]:
    """A wording as readers paste it: prefixes, other shapes, a whole traceback, Windows paths."""
    shaped = message + " [torch.cuda.HalfTensor [8, 3, 224, 224]] at 0x7f3a2b1c; is at version 7"
    return [
        message,
        "RuntimeError: " + message,
        "UserWarning: " + message,
        "IndexError: " + message,
        shaped,
        "Traceback (most recent call last):\n  File \"C:\\Users\\reader\\Projects\\train.py\", line 12, in <module>\n"
        "    loss.backward()\n  File \"C:\\Python311\\Lib\\site-packages\\torch\\_tensor.py\", line 626, in backward\n"
        "    torch.autograd.backward(\nRuntimeError: " + message,
        "/home/reader/train.py:12: UserWarning: " + message + "\n  loss.backward()",
        "  File \"/opt/conda/lib/python3.11/site-packages/torch/autograd/__init__.py\", line 347\n"
        "torch.autograd.graph.RuntimeError: " + message.replace(" ", "  "),
    ]


def test_every_wording_and_its_mangled_variants_find_their_entry():
    pastes, wanted = [], []
    for entry in ERRORS:
        for v in variants(entry["message"]):
            pastes.append(v)
            wanted.append(entry["id"])
    found = run_matcher(pastes)
    wrong = [(w, p[:80], f[:2]) for w, p, f in zip(wanted, pastes, found) if not f or f[0] != w]
    assert wrong == []


def test_an_error_pasted_before_anomaly_modes_warning_is_still_read():
    # pyg-team/pytorch_geometric#7283: the RuntimeError, then anomaly mode's warning on the next lines (the
    # order Jupyter and logging print them). Cutting the paste at its last warning line lost the error.
    error = ("RuntimeError: one of the variables needed for gradient computation has been modified by an "
             "inplace operation: [torch.cuda.FloatTensor [2708, 7]], which is output 0 of AsStridedBackward0, "
             "is at version 1; expected version 0 instead.")
    warning = ("/opt/conda/lib/python3.11/site-packages/torch/autograd/graph.py:744: UserWarning: Error "
               "detected in ScatterAddBackward0. Traceback of forward call that caused the error:\n"
               "  File \"train.py\", line 40, in <module>\n    out = model(x)")
    found = run_matcher([error + "\n" + warning, error + " " + warning, warning + "\n" + error,
                         error[len("RuntimeError: "):] + "\nUserWarning: Error detected in ScatterAddBackward0"])
    assert [f[:1] for f in found] == [["modified-by-inplace"]] * 4


def test_the_in_place_error_of_the_issue_with_its_varying_parts():
    paste = ("RuntimeError: one of the variables needed for gradient computation has been modified by an inplace "
             "operation: [torch.FloatTensor [64, 1]], which is output 0 of AsStridedBackward0, is at version 2; "
             "expected version 1 instead. Hint: enable anomaly detection to find the operation that failed to "
             "compute its gradient, with torch.autograd.set_detect_anomaly(True).")
    assert run_matcher([paste])[0][0] == "modified-by-inplace"


def test_the_first_words_of_a_message_find_todays_wording_before_the_historical_ones():
    # The phrase readers search for most is the start of the message that every wording shares.
    found = run_matcher(["Trying to backward through the graph a second time",
                         "RuntimeError: Trying to backward through the graph a second time, but the buffers"])
    assert found[0][0] == "backward-twice"
    assert found[1][0] == "backward-twice-buffers"  # a historical wording's own words still find it


def test_the_readers_own_words_around_a_message_do_not_hide_it():
    found = run_matcher([
        "GAN RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation",
        "one of the variables needed for gradient computation has been modified by an inplace operation after optimizerG.step()",
        # Today's first sentence, not the historical wording that says "saved variables".
        "RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed).",
        "LSTM: Trying to backward through the graph a second time"])
    assert [f[0] if f else None for f in found] == ["modified-by-inplace", "modified-by-inplace", "backward-twice", "backward-twice"]


# Pastes as askers type them (issue 36): cut short, retyped with slips, with their own words around.
# Each: the paste, the entry it is, and entries that share many of its words but are another message.
TOLERATED = [
    # Slips in long words (tests/real_questions.yml q870, q886): one slip from 6 letters, two from 10.
    ("ValueError : Attemting to unscale fp16 Gradients Fine-tuning the u-net with LoRA", "amp-unscale-fp16",
     ["amp-unscale-twice"]),
    ("ValueError:Attenpting to uscale FP16 gradients.", "amp-unscale-fp16", ["amp-unscale-twice"]),
    ("RuntimeError: one of the variables needed for gradient computaiton has been modifed by an inplace operation",
     "modified-by-inplace", ["leaf-inplace", "no-grad-view-inplace"]),
    ("Output 0 of BackwardHookFunctionBackward is a view and is being modifed inplace.", "backward-hook-inplace",
     ["multi-output-view-inplace", "no-grad-view-inplace"]),
    # Cut short: the type of a CUDA tensor and no parameter name (q726).
    ("TypeError: cannot assign 'torch.cuda.FloatTensor' as parameter", "assign-parameter", ["register-parameter-tensor"]),
    ("TypeError: cannot assign 'torch.cuda.FloatTensor' object to parameter 'w'", "register-parameter-tensor",
     ["assign-parameter"]),
    # Cut to the words that tell the message apart (most of the weight of its words: errormatch.COVER).
    ("RuntimeError: incorrect number of gradients", "function-gradient-count", ["function-gradient-shape"]),
    ("Inference tensors cannot be", "inference-saved", ["inference-inplace", "inference-requires-grad"]),
    ("ValueError: optimizer got an empty parameter list", "optimizer-empty-params", []),
]
# Near misses: another message of many of the same words, as pasted and with a slip; the right entry is
# first, the other one below it or not listed at all.
NEAR_MISSES = [
    ("RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn", "no-grad-fn",
     ["grad-input-no-requires-grad", "hook-no-grad", "resize-requires-grad"]),
    ("RuntimeError: element 0 of tensors does not requre grad and does not have a grad_fn", "no-grad-fn",
     ["grad-input-no-requires-grad"]),
    ("RuntimeError: One of the diferentiated Tensors does not require grad", "grad-input-no-requires-grad",
     ["no-grad-fn", "no-grad-fn-variables"]),
    ("RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.", "leaf-inplace",
     ["leaf-view-inplace", "leaf-inplace-mark-dirty"]),
    ("RuntimeError: a leaf Varaible that requires grad is being used in an in-place operation.", "leaf-inplace",
     ["leaf-view-inplace", "leaf-inplace-mark-dirty"]),
    ("RuntimeError: a view of a leaf Varaible that requires grad is being used in an in-place operation.",
     "leaf-view-inplace", ["leaf-inplace", "leaf-inplace-mark-dirty"]),
    ("RuntimeError: a leaf Variable that requires grad has been used in an in-place operaton.", "leaf-inplace-mark-dirty",
     ["leaf-inplace", "leaf-view-inplace"]),
    # The in-place error with other versions, another tensor type and a slip: not the other in-place messages.
    ("RuntimeError: one of the variables needed for gradient computation has been modifed by an inplace operation: "
     "[torch.cuda.FloatTensor [3, 4]], which is output 0 of TBackward0, is at version 5; expected version 4 instead.",
     "modified-by-inplace", ["leaf-inplace", "no-grad-view-inplace", "inference-inplace", "backward-hook-inplace"]),
    ("A view was created in no_grad mode and is being modifed inplace with grad mode enabled.", "no-grad-view-inplace",
     ["backward-hook-inplace", "multi-output-view-inplace", "leaf-view-inplace"]),
    ("Inplace update to inference tensor outside InferenceMode is not alowed.", "inference-inplace",
     ["inference-requires-grad"]),
    ("unscale_() has already been called on this optimizer since the last update().", "amp-unscale-twice",
     ["amp-unscale-fp16"]),
    # q2480 (graphdeco-inria/gaussian-splatting#472): today's wording holds every word of the 0.4.1 one
    # ("invalid gradient at index 0 - expected shape"), in another order; it went to that historical entry.
    ("sometimes, bug: RuntimeError: Function _GaussRasterizerFunctionBackward returned an invalid gradient at index 3 "
     "- got [0, 0, 3] but expected shape compatible with [0, 16, 3]", "function-gradient-shape",
     ["grad-output-shape-invalid-gradient"]),
    ("Function MyReLUBackward returned an invalid gradient at index 0 - got [] but expected shape compatible with [3]",
     "function-gradient-shape", ["grad-output-shape-invalid-gradient"]),
    # and the 0.4.1 wording (natanielruiz/deep-head-pose#85) still finds its own entry first.
    ("RuntimeError: invalid gradient at index 0 - expected shape [] but got [10, 2]",
     "grad-output-shape-invalid-gradient", ["function-gradient-shape"]),
]


def test_a_cut_or_misspelt_paste_finds_its_entry_before_its_neighbours():
    cases = TOLERATED + NEAR_MISSES
    found = run_matcher([paste for paste, _, _ in cases])
    wrong = []
    for (paste, right, others), listed in zip(cases, found):
        if not listed or listed[0] != right or any(o in listed and listed.index(o) < listed.index(right) for o in others):
            wrong.append((paste[:60], right, listed[:3]))
    assert wrong == []


def test_a_slip_is_read_only_within_the_tolerance_and_only_when_one_word_is_nearest():
    if NODE is None:
        pytest.skip("node is not installed")
    pairs = [("attemting", "attempting", 1), ("gradeint", "gradient", 2), ("uscale", "unscale", 1),
             ("computaiton", "computation", 2), ("grda", "grad", 1), ("abcdef", "uvwxyz", 2)]
    words = ["attemting", "attenpting", "uscale", "modifed", "computaiton", "varaible",
             "grda", "critic", "optimizerg", "gradeints", "requirse"]
    script = (f"const m = require({json.dumps(str(MATCHER))});"
              "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify([input.pairs.map(p => m.osa(p[0], p[1], p[2])),"
              " input.words.map(w => m.spelled(w, input.errors))]));")
    out = node_run.run(script, json.dumps({"pairs": pairs, "words": words, "errors": ERRORS}))
    distances, spelled = json.loads(out)
    # A transposition is one slip (restricted Damerau-Levenshtein); past ``most`` the distance is most + 1.
    assert distances == [1, 1, 1, 1, 1, 3]
    assert dict(zip(words, spelled)) == {
        "attemting": "attempting", "attenpting": "attempting", "uscale": "unscale",  # not _scale: 5 letters
        "modifed": "modified", "computaiton": "computation", "varaible": "variable",
        "grda": "grda",                  # under 6 letters: no slip allowed
        "critic": "critic",              # the reader's word: no wording's word near enough
        "optimizerg": "optimizerg",      # a wording's word with letters added at its end: the reader's name
        "gradeints": "gradients",        # a transposition, one slip (gradient: two)
        "requirse": "requirse"}          # require and requires are both one slip away: left alone


def test_the_matcher_says_no_to_what_is_not_an_error_of_the_book():
    nothing = ["how do I train a GAN", "", "RuntimeError:",
               "ModuleNotFoundError: No module named 'torchvision'",
               "why are my gradients an incorrect number"]  # a message's words out of its order: no cut of it
    assert run_matcher(nothing) == [[] for _ in nothing]


def test_cuda_out_of_memory_as_pasted_finds_the_oom_section():
    paste = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity "
             "of 79.14 GiB of which 6.75 MiB is free. Including non-PyTorch memory, this process has 79.13 GiB "
             "memory in use. Of the allocated memory 78.20 GiB is allocated by PyTorch, and 289.42 MiB is reserved "
             "by PyTorch but unallocated.")
    assert run_matcher([paste, "CUDA out of memory. Tried to allocate 20.00 MiB"]) == [["cuda-out-of-memory"]] * 2
    oom = next(e for e in ERRORS if e["id"] == "cuda-out-of-memory")
    assert data.error_cases(oom, "en")[0][0] == "mem-oom"


SHORT_OPENINGS = ["CUDA out of memory.", "RuntimeError: CUDA out of memory",
                  "torch.cuda.OutOfMemoryError: CUDA out of memory. ... when I change the upsampling",
                  "why does validation crash with cuda out of memory?"]
# A sentence of one or two words that say something ("Out of memory", "vmap"), a message's words out of
# their order, a name some wordings begin with: none of them is a message's first sentence.
SHORT_UNRELATED = ["Out of memory.", "RuntimeError: out of memory", "memory out of CUDA",
                   "torch.utils.checkpoint slows down my model", "vmap fails on my model: why?",
                   "CUDA out of time"]


def test_a_messages_first_sentence_shorter_than_a_phrase_finds_it_and_nothing_else_does():
    from autograd_book import errormatch
    wanted = [["cuda-out-of-memory"]] * len(SHORT_OPENINGS) + [[]] * len(SHORT_UNRELATED)
    assert run_matcher(SHORT_OPENINGS + SHORT_UNRELATED) == wanted
    assert [[e["id"] for e in errormatch.match(p, ERRORS)] for p in SHORT_OPENINGS + SHORT_UNRELATED] == wanted
    # Only a sentence with three words that say something counts, and never the whole wording.
    assert errormatch.opening("CUDA out of memory. Tried to allocate") == ["cuda", "out", "of", "memory"]
    assert errormatch.opening("vmap: It looks like you're calling .item() on a Tensor. We don't support") == []
    assert errormatch.opening("Out of memory. Tried to allocate") == []
    assert errormatch.opening("reinforce() was removed.") == []


def test_the_search_page_answers_a_quoted_short_first_sentence_by_the_questions_words():
    # The paste box lists the message's cases for "CUDA out of memory"; the search page does not put
    # them first (a question that quotes the sentence asks about a batch of one, validation, a loop).
    matcher = ROOT / "book" / "_static" / "search" / "errormatch.js"
    errors = [{"id": e["id"], "message": e["message"], "historical": "historical" in e, "varies": e.get("varies", []),
               "entry": f"errors.html#error-{e['id']}", "cases": [{"section": "m.html#" + e["section"]}]} for e in ERRORS]
    kinds = run_rank_script(f"""
      const m = require({json.dumps(str(matcher))});
      const pagefind = {{ preload: async () => {{}}, search: async () => ({{ results: [] }}) }};
      const opts = {{ words: {{ latin: [], words: [] }}, href: (d) => d.url, limit: 3, matcher: m, errors: {json.dumps(errors)} }};
      const said = [];
      for (const q of ["RuntimeError: CUDA out of memory at batch size 1", "CUDA out of memory. Tried to allocate 2.00 GiB"])
        said.push((await r.search(pagefind, q, opts)).map((x) => x.kind));
      said.push(m.match("RuntimeError: CUDA out of memory", opts.errors).map((e) => e.id));
      out(said);""")
    assert kinds == [[], ["error-entry", "error-case"], ["cuda-out-of-memory"]]
    from autograd_book import errormatch
    assert errormatch.match("RuntimeError: CUDA out of memory", ERRORS, opening=False) == []


def test_normalise_strips_what_varies():
    if NODE is None:
        pytest.skip("node is not installed")
    script = (f"const m = require({json.dumps(str(MATCHER))});"
              "process.stdout.write(m.normalise('Traceback (most recent call last):\\n  File \"C:\\\\x\\\\y.py\", line 3, in f\\n"
              "RuntimeError: modified: [torch.FloatTensor [64, 1]], output 0 of AsStridedBackward0 at 0xdeadbeef, version 2'));")
    out = node_run.run(script)
    assert out == "modified output of asstrided at version"


# A node's name as older releases print it and as today's do (the function's), and what must not match.
NODE_NAME_PASTES = {
    # The hook's view error: today's name and the older node name find one entry.
    "RuntimeError: Output 0 of BackwardHookFunction is a view and is being modified inplace.": "backward-hook-inplace",
    "RuntimeError: Output 0 of BackwardHookFunctionBackward is a view and is being modified inplace.": "backward-hook-inplace",
    # Wrong input: another function's view (a split's output) is not the hook's error, whatever the release.
    "Questions about in-place operations Output 1 of SplitBackward0 is a view and is being modified inplace": "multi-output-view-inplace",
    "Output 0 of Split is a view and is being modified inplace.": "multi-output-view-inplace",
    "Output 2 of UnbindBackward0 is a view and is being modified inplace.": "multi-output-view-inplace",
    # A custom Function's node, by its class name; wrong input: a class the index names for another message
    # ('NoneType' is no node: the paste finds the entry of a gradient read while still None).
    "AttributeError: 'MulConstantBackward' object has no attribute 'constant'": "function-ctx-attribute-missing",
    "AttributeError: 'NoneType' object has no attribute 'data'": "grad-none-zero",
    # A part of a message is a run of its words: an asker's words that name some of them are not.
    "Using backward() with create_graph=True will create a reference cycle": "create-graph-cycle",
    "Very slow for gradient penalty! autograd.grad create_graph=True 4 times slower": None,
    # A phrase as written that ends (or begins) the message; wrong input: one from its middle.
    "loss2.backward(): modified by an inplace operation AsStridedBackward0": "modified-by-inplace",
    "the output should be False because it is not a leaf tensor": None,
    # The checkpoint's metadata lines, cut anywhere.
    "CheckpointError for qwen2 saved metadata: {'shape': torch.Size([1, 12, 171, 128]) recomputed metadata: "
    "{'shape': torch.Size([1, 12, 342, 128])": "checkpoint-recomputed-metadata",
    "saved metadata: {'shape': torch.Size([1, 1, 2048]), 'dtype': torch.bfloat16, 'device': device(type='cuda', index=0)} "
    "recomputed metadata: {'shape': torch.Size([0]), 'dtype': torch.bfloat16, 'device': device(type='cuda', index=0)}":
        "checkpoint-recomputed-metadata",
    "saved metadata and recomputed": None,
}


def test_a_node_name_reads_as_its_functions_and_names_tell_messages_apart():
    found = run_matcher(list(NODE_NAME_PASTES))
    assert [f[0] if f else None for f in found] == list(NODE_NAME_PASTES.values())


PAGE = """<html><body><article class="bd-article"><nav class="edition-switcher">x</nav>
<section id="chapter"><h1>Chapter</h1><div class="cell"><div class="cell_input">import torch</div></div>
<section id="pit-running-loss"><span id="a-slug"></span><h2>Running loss</h2><p>Text.</p>
<section id="sub"><h3>Sub</h3><p>More.</p></section></section>
<div class="error-entry" id="error-x"><p class="error-message"><strong>boom</strong></p></div>
</section></article></body></html>"""


def test_the_documents_pagefind_reads():
    docs = search.section_documents(PAGE, "chapter", "en", {"pit-running-loss": {"en": "Readers call this a memory leak."}},
                                    {"pit-running-loss": [("boom happened", "You added losses up.")]}, lang="en")
    by_href = {re.search(r'data-pagefind-meta="href">([^<]*)<', d).group(1): d for d in docs.values()}
    assert set(by_href) == {"chapter.html", "chapter.html#pit-running-loss", "chapter.html#sub", "chapter.html#error-x"}
    running = by_href["chapter.html#pit-running-loss"]
    # The section's heading, its readers' words, the errors it explains with their case line, its own
    # text; not its subsection's text, and the title says which page it is on.
    assert '<h2 data-pagefind-weight="7.0">Running loss</h2>' in running
    assert "memory leak" in running and "You added losses up." in running and "boom happened" in running
    assert "Text." in running and "More." not in running
    assert 'data-pagefind-meta="title">Chapter › Running loss<' in running
    # The readers' words are also the section's meta, which the ranking reads (rank.js: KEYS).
    assert 'data-pagefind-meta="keywords">Readers call this a memory leak.<' in running
    assert "pagefind-meta=\"keywords\"" not in by_href["chapter.html#sub"]
    assert "More." in by_href["chapter.html#sub"] and "Text." not in by_href["chapter.html#sub"]
    # The page's top: its own text only; the setup cell and the switcher are not searched.
    top = by_href["chapter.html"]
    assert "Text." not in top and "boom" not in top
    assert 'data-pagefind-ignore="all"' in top
    assert "boom" in by_href["chapter.html#error-x"]
    # Wrong input: a keyword sentence or a case line for another edition is not added.
    other = search.section_documents(PAGE, "chapter", "zh-hans", {"pit-running-loss": {"en": "memory leak"}}, lang="zh-Hans")
    assert not any("memory leak" in d for d in other.values())


def test_errors_data_refuses_a_missing_section():
    labels = {f"error-{e['id']}": ("errors", "") for e in ERRORS}
    with pytest.raises(RuntimeError, match="no section labelled"):
        search.errors_data("en", labels)
    labels.update({label: ("pitfalls", "Title") for e in ERRORS for label, _ in data.error_cases(e, "en")})
    indexed = search.errors_data("en", labels)
    assert len(indexed) == len(ERRORS) and indexed[0]["section"].startswith("pitfalls.html#")


def english_labels() -> set[str]:
    found = set()
    for nb in (ROOT / "book" / "en").glob("*.ipynb"):
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                found |= set(re.findall(r"^\(([\w-]+)\)=", "".join(cell["source"]), re.M))
    return found


def test_keywords_name_real_sections_in_every_edition():
    from utils.book import config

    labels = english_labels()
    keywords = search.load_keywords()
    assert keywords
    for label, sentences in keywords.items():
        assert label in labels or label in config.toc_docnames(), f"book/search_keywords.yml: no section labelled {label!r}"
        assert set(config.editions()) - set(config.drafts()) <= set(sentences) <= set(config.editions()), label
        assert all(len(s) >= 10 and s.rstrip().endswith(("。", ".", "：", "？", "?")) for s in sentences.values()), label


QUERIES = yamlread.load((ROOT / "tests" / "search_queries.yml").read_text(encoding="utf-8"))["queries"]


def test_the_query_set_is_big_enough_and_names_what_exists():
    from utils.book import config

    assert len(QUERIES) >= 120
    # A third written as forum titles are, a third in Chinese; every one names a section, not a page only.
    assert sum(q.get("style") == "forum" for q in QUERIES) * 3 >= len(QUERIES)
    assert sum(bool(re.search(r"[\u4e00-\u9fff]", q["q"])) for q in QUERIES) * 3 >= len(QUERIES)
    assert all(q.get("style") in (None, "forum") for q in QUERIES)
    assert all(any("#" in t for t in q["expect"]) for q in QUERIES if q["expect"] != ["graph_basics"]), \
        [q["q"] for q in QUERIES if not any("#" in t for t in q["expect"])]
    pages = set(config.toc_docnames())
    labels = english_labels()
    ids = {f"error-{e['id']}" for e in ERRORS}
    for q in QUERIES:
        assert set(q.get("editions", config.editions())) <= set(config.editions()), q["q"]
        for target in q["expect"]:
            page, _, anchor = target.partition("#")
            assert page in pages, target
            assert not anchor or anchor in (ids if page == "errors" else labels), target


GLOSSARY_PAGE = """<html><body><article class="bd-article"><section id="g"><h1>G</h1>
<table class="book-glossary"><tr><td lang="en">leaf tensor</td><td lang="zh-Hant">葉張量</td>
<td lang="zh-Hans">叶张量</td></tr></table></section></article></body></html>"""


@pytest.mark.parametrize("edition, ignored, kept", [("zh-hant", "zh-Hans", "zh-Hant"), ("zh-hans", "zh-Hant", "zh-Hans")])
def test_a_chinese_glossary_is_not_searched_in_the_other_script(edition, ignored, kept):
    from bs4 import BeautifulSoup

    soup = search.prepared_article(GLOSSARY_PAGE, edition)
    assert soup.select_one(f'td[lang="{ignored}"]').get("data-pagefind-ignore") == "all"
    assert soup.select_one(f'td[lang="{kept}"]').get("data-pagefind-ignore") is None
    assert soup.select_one('td[lang="en"]').get("data-pagefind-ignore") is None
    # The English edition keeps every column (a reader may type either script there).
    english = search.prepared_article(GLOSSARY_PAGE, "en")
    assert not english.select("[data-pagefind-ignore]")


def test_the_error_routing_is_complete_and_current():
    assert search.routing_problems() == []
    inplace = next(e for e in ERRORS if e["id"] == "modified-by-inplace")
    labels = [label for label, _ in data.error_cases(inplace, "zh-hant")]
    assert labels[0] == "pit-inplace-saved"
    assert {"pit-step-between-backwards", "rg-gan", "cg-inplace", "var-version"} <= set(labels)
    assert all(line for _, line in data.error_cases(inplace, "zh-hans"))


def test_the_routing_check_rejects_bad_cases(small_book):
    """errors.yml's cases, planted in the small book (tests/small_book.py)."""
    import yaml

    from utils.book.editions.data import text_hash

    def case(section, en, hant, hans, stamped=True):
        c = {"section": section, "en": en, "zh-hant": hant, "zh-hans": hans}
        if stamped:
            c["translated_from"] = {"zh-hant": text_hash(en), "zh-hans": text_hash(en)}
        return {k: v for k, v in c.items() if v is not None}

    path = small_book / "book" / "errors.yml"
    errors = yamlread.load(path.read_text(encoding="utf-8"))
    entry = next(e for e in errors["errors"] if e["id"] == "no-grad-fn")
    good = case("demo-raise", "The tensor was made under no_grad.", "張量是在 no_grad 下建立的。", "张量是在 no_grad 下创建的。")
    entry["cases"] = [good]
    path.write_text(yaml.safe_dump(errors, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert search.routing_problems(small_book) == []
    entry["cases"] = [
        good,
        case("no-such-section", "A case of no section at all.", "這個情況沒有對應的章節。", "这个情况没有对应的章节。", stamped=False),
        case("demo", "A case whose line is in the other script.", "来龙去脉：第一次反向传播。", "来龙去脉：第一次反向传播。"),
        case("demo", "A case whose line uses a word to avoid.", "這樣做會占用很多內存。", "这样做会占用很多内存。"),
        case("demo-raise", "A case without a Simplified line.", "這一行沒有簡體中文的版本。", None),
    ]
    path.write_text(yaml.safe_dump(errors, allow_unicode=True, sort_keys=False), encoding="utf-8")
    problems = "\n".join(search.routing_problems(small_book))
    assert "case 'no-such-section': not a label" in problems
    assert "case 'no-such-section': the zh-hant line does not translate the current English" in problems
    assert "case 'demo': the zh-hant line uses" in problems
    assert "case 'demo': the zh-hant line says '內存'" in problems
    assert "case 'demo': listed twice" in problems and "case 'demo-raise': listed twice" in problems
    assert "case 'demo-raise': no zh-hans line" in problems


def test_errors_data_lists_every_case_with_its_line():
    labels = {f"error-{e['id']}": ("errors", "") for e in ERRORS}
    labels.update({label: ("somewhere", f"Title of {label}") for e in ERRORS for label, _ in data.error_cases(e, "en")})
    indexed = {d["id"]: d for d in search.errors_data("zh-hans", labels)}
    gan = [c for c in indexed["modified-by-inplace"]["cases"] if c["section"] == "somewhere.html#rg-gan"]
    assert gan and "GAN" in gan[0]["line"] and gan[0]["title"] == "Title of rg-gan"
    assert indexed["optimize-non-leaf"]["cases"] == [{"section": "somewhere.html#pit-leaf-device",
                                                      "title": "Title of pit-leaf-device", "page_title": "", "line": ""}]


def test_cases_put_the_section_first_then_the_cases_then_see_also():
    entry = {"section": "a", "see_also": ["c", "b"], "cases": [{"section": "b", "en": "Line b.", "zh-hans": "乙。"}]}
    assert data.error_cases(entry, "zh-hans") == [("a", ""), ("b", "乙。"), ("c", "")]
    assert data.error_cases(entry, "zh-hant") == [("a", ""), ("b", "Line b."), ("c", "")]
    assert data.error_cases({"section": "a"}, "en") == [("a", "")]


def test_own_words_are_what_no_wording_holds():
    if NODE is None:
        pytest.skip("node is not installed")
    data = [{"id": e["id"], "message": e["message"]} for e in ERRORS]
    words = ["gan", "one", "variables", "which", "output", "version", "expected", "instead", "critic", "optimizerg.step",
             "先更新critic", "显存", "torch.floattensor", "asstridedbackward0", "64", "0x7f",
             # a node name as split from a pasted sentence, its comma attached (read as its function's
             # name since the node-name rule, it was taken for a reader's word and reordered the cases)
             "asstridedbackward0,", "splitbackward0.", "[torch.floattensor"]
    script = (f"const m = require({json.dumps(str(MATCHER))});"
              "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(m.ownWords(input.words, input.errors)));")
    out = node_run.run(script, json.dumps({"words": words, "errors": data}))
    assert json.loads(out) == ["gan", "critic", "optimizerg.step", "先更新critic", "显存"]


RANK = ROOT / "book" / "_static" / "search" / "rank.js"


def run_rank(expression: str, words: dict | None = None):
    """Evaluate ``expression`` under node with ``r`` the ranking module (book/_static/search/rank.js)
    and ``w`` the words data of an edition (what utils/book/search.py writes as words.js)."""
    if NODE is None:
        pytest.skip("node is not installed")
    script = (f"const r = require({json.dumps(str(RANK))});"
              "const w = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              f"process.stdout.write(JSON.stringify({expression}));")
    out = node_run.run(script, json.dumps(words))
    return json.loads(out)


@pytest.fixture(scope="module")
def simplified_words():
    texts = ["<p>叶子张量的梯度是 None。为什么显存一直增长？内存不够时 retain_graph 与 retain_grad 的区别。</p>"]
    return search.query_words(texts, "zh-hans")


def test_the_edition_words_that_the_search_reads(simplified_words):
    words = simplified_words
    assert {"retain_graph", "retain_grad"} <= set(words["latin"])
    assert {"叶子", "张量", "梯度", "显存"} <= set(words["words"])
    # The other script's characters map to this edition's, but only those this edition's text has.
    assert words["chars"]["張"] == "张" and words["chars"]["為"] == "为" and words["chars"]["爲"] == "为"
    assert "龍" not in words["chars"]
    # The glossary's zh-hant terms map to the zh-hans ones; an English edition has no Chinese data.
    assert words["phrases"] and all(re.match(r"^[\u3400-\u9fff]+$", k) for k in words["phrases"])
    assert set(search.query_words(["<p>retain_graph</p>"], "en")) == {"latin"}


def test_a_query_in_the_other_regions_words_finds_this_editions():
    """OpenCC's phrase conversion (s2twp) maps the words the two regions write differently: a mainland
    asker's 内存 reaches the Traditional edition's 記憶體, a Taiwanese asker's 記憶體 the Simplified 内存."""
    traditional = search.query_words(["<p>記憶體不足時，程式碼裡的變數</p>"], "zh-hant")
    assert {"内存": "記憶體", "內存": "記憶體", "代码": "程式碼", "变量": "變數"}.items() <= traditional["phrases"].items()
    assert "記憶體" in run_rank("r.terms('训练时内存一直增加', 'zh-Hant', w)", traditional)
    simplified = search.query_words(["<p>内存不足时，代码里的变量</p>"], "zh-hans")
    assert {"記憶體": "内存", "程式碼": "代码", "變數": "变量"}.items() <= simplified["phrases"].items()
    # Wrong input: an edition that writes the other region's word itself (字符串) keeps it: a word
    # its text uses is never rewritten into another.
    assert "字符串" not in search.query_words(["<p>字符串與字串</p>"], "zh-hant")["phrases"]
    assert "字串" not in search.query_words(["<p>字串与字符串</p>"], "zh-hans")["phrases"]


def test_a_chinese_query_is_read_as_the_index_was_built(simplified_words):
    words = simplified_words
    # A Traditional query in the Simplified edition, cut by the edition's words; particles go.
    assert run_rank("r.terms('葉子張量的梯度為什麼是None', 'zh-Hans', w)", words) == ["叶子", "张量", "梯度", "none"]
    # Wrong input: without the edition's words the same query keeps its Traditional characters.
    assert "張量" in "".join(run_rank("r.terms('葉子張量的梯度', 'zh-Hans', null)"))


def test_a_dotted_name_is_one_word_whichever_way_the_engine_breaks_words():
    """Chromium's Intl.Segmenter breaks x.grad at the dot, node's (Unicode's rules) does not: rank.js
    makes the list of words the same in both (the search page and the routing tests under node)."""
    query = "torch.FloatTensor x.grad a:b 0.5 typeerror：unsupported 叶子张量"
    # A segmenter that breaks at a dot or colon between letters, as Chromium's does.
    chromium_like = ("const Seg = Intl.Segmenter; Intl.Segmenter = class { constructor(l, o) { this.s = new Seg(l, o); }"
                     " segment(t) { const out = []; for (const x of this.s.segment(t)) {"
                     " let i = 0; for (const part of x.segment.split(/(?<=[a-z])([.:：])(?=[a-z])/i)) {"
                     " out.push({ segment: part, index: x.index + i, isWordLike: x.isWordLike && !/^[.:：]$/.test(part) });"
                     " i += part.length; } } return out; } };")
    plain = run_rank(f"r.terms({json.dumps(query)}, 'en', null)")
    assert plain[:4] == ["torch.floattensor", "x.grad", "a:b", "0.5"]
    script = (chromium_like + f"const r = require({json.dumps(str(RANK))});"
              f"process.stdout.write(JSON.stringify(r.terms({json.dumps(query)}, 'en', null)));")
    assert json.loads(node_run.run(script)) == plain
    # Wrong input: the same segmenter with rank.js's evening-out taken away splits the names.
    planted = RANK.read_text(encoding="utf-8").replace("text2.replace(JOINED, \"_\")", "text2")
    script = (chromium_like + "const m = {exports: {}}; new Function('module', 'exports', "
              f"{json.dumps(planted)})(m, m.exports); const r = m.exports;"
              f"process.stdout.write(JSON.stringify(r.terms({json.dumps(query)}, 'en', null)));")
    assert "x.grad" not in json.loads(node_run.run(script))


# Pagefind's own cutting of a term in a language it segments (pagefind.js: needsWordSegmentation, then
# each word's graphemes, punctuation dropped unless an included character, the words joined by spaces).
PAGEFIND_CUT = ("const cut = (t) => { const s = new Intl.Segmenter('zh-TW', { granularity: 'word' }); const out = [];"
                " for (const { segment } of s.segment(t)) { const k = Array.from(segment).filter((g) =>"
                " '_@.'.includes(g) || !/^\\p{Pd}|\\p{Pe}|\\p{Pf}|\\p{Pi}|\\p{Po}|\\p{Ps}$/u.test(g)).join('');"
                " if (k) out.push(k); } return out.join(' ').replace(/\\s{2,}/g, ' ').trim(); };")


def pagefind_terms(rank_source: str, chromium: bool, query: str, lang: str = "zh-TW") -> list[str]:
    """The terms Pagefind searches for ``query`` once it has cut what ``rank_source``'s search gives it,
    with node's segmenter or a Chromium-like one (breaking at a dot or colon between letters)."""
    if NODE is None:
        pytest.skip("node is not installed")
    chromium_like = ("const Seg = Intl.Segmenter; Intl.Segmenter = class { constructor(l, o) { this.s = new Seg(l, o); }"
                     " segment(t) { const out = []; for (const x of this.s.segment(t)) {"
                     " let i = 0; for (const part of x.segment.split(/(?<=[a-z])([.:：])(?=[a-z])/i)) {"
                     " out.push({ segment: part, index: x.index + i, isWordLike: x.isWordLike && !/^[.:：]$/.test(part) });"
                     " i += part.length; } } return out; } };")
    script = ((chromium_like if chromium else "") + PAGEFIND_CUT +
              "const m = {exports: {}}; new Function('module', 'exports', "
              f"{json.dumps(rank_source)})(m, m.exports); const r = m.exports; const seen = [];"
              "const pagefind = { search: async (t) => { seen.push(cut(t)); return { results: [] }; } };"
              f"r.search(pagefind, {json.dumps(query)}, {{ lang: {json.dumps(lang)}, href: (d) => d.url, limit: 3 }})"
              ".then(() => process.stdout.write(JSON.stringify(seen.sort())));")
    return json.loads(node_run.run(script))


def test_pagefind_is_given_terms_that_every_engine_cuts_alike():
    """Pagefind cuts a Chinese edition's query with the browser's Intl.Segmenter: Chromium broke
    torch.compile at the dot, node did not, and the page and the routing tests under node ranked
    zh-hant's "torch.compile 二階導數 報錯" otherwise. rank.js spaces the marks out first
    (pagefindTerm): Pagefind searches the same terms whichever engine cuts them."""
    query = "torch.compile 二階導數 報錯 autograd.grad a:b"
    source = RANK.read_text(encoding="utf-8")
    node, chromium = (pagefind_terms(source, c, query) for c in (False, True))
    assert node == chromium and "torch . compile" in node, node
    # English is not cut by Pagefind: its terms keep the name whole in both engines.
    assert run_rank("r.pagefindTerm('\"torch.compile\"', 'en')") == '"torch.compile"'
    assert run_rank("r.pagefindTerm('torch.compile 二階', 'zh-TW')") == "torch . compile 二階"
    # Wrong input: rank.js without the spacing-out gives Pagefind other terms in each engine.
    planted = source.replace('String(term).replace(JOINED, " $& ")', "String(term)")
    assert planted != source
    assert pagefind_terms(planted, False, query) != pagefind_terms(planted, True, query)


def test_stray_letters_go_and_misspelt_words_are_corrected(simplified_words):
    words = simplified_words
    assert run_rank("r.terms('y = x * 2; y.backward() 0', 'en', w)", words) == ["y.backward"]
    assert run_rank("[r.suggestion('retian', w), r.suggestion('retain_graph', w), r.suggestion('zzqxv', w)]",
                    {"latin": ["retain", "retain_graph", "graph"]}) == ["retain", None, None]
    # A word the edition has is never "corrected" to a neighbour (retain_grad is not retain_graph).
    assert run_rank("r.suggestion('retain_grad', w)", {"latin": ["retain_grad", "retain_graph"]}) is None


def test_a_missing_derivative_is_one_message_whatever_operation_it_names():
    # The name varies with the operation; the paste box finds the entry for any of them, in both
    # wordings (with aten:: today, without it in old releases, and the quoted not_implemented form).
    pastes = ["RuntimeError: derivative for aten::grid_sampler_2d_backward is not implemented",
              "derivative for aten::_ctc_loss_backward is not implemented",
              "RuntimeError: derivative for grid_sampler_2d_backward is not implemented",
              "NotImplementedError: the derivative for 'igamma: input' is not implemented.",
              "the derivative for '_pdist_backward' is not implemented."]
    found = [f[0] if f else None for f in run_matcher(pastes)]
    assert found == ["derivative-not-implemented"] * 2 + ["derivative-not-implemented-formula"] * 3
    sections = {e["id"]: e["section"] for e in ERRORS}
    assert {sections[f] for f in found} == {"grad-not-implemented"}
    # Wrong: another message that says "not implemented" is not this one.
    other = run_matcher(["NotImplementedError: Could not run 'aten::empty_strided' with arguments from the 'Meta' backend."])
    assert not other[0] or not other[0][0].startswith("derivative-not-implemented")


ERRORS_DATA = [{"id": "modified-by-inplace", "entry": "errors.html#error-modified-by-inplace",
                "cases": [{"section": f"pitfalls.html#{s}"} for s in ("saved", "decode", "step", "two-models")]}]


def test_an_error_entry_found_by_its_words_shows_its_cases_under_it():
    hits = [{"kind": "hit", "url": "a.html#x"}, {"kind": "hit", "url": "errors.html#error-modified-by-inplace"},
            {"kind": "hit", "url": "b.html#y"}, {"kind": "hit", "url": "pitfalls.html#step"}]
    scores = {"pitfalls.html#step": 5.0}
    shown = run_rank("r.withCases(w.hits, w.errors, w.scores).map(h => h.kind + ' ' + h.url)",
                     {"hits": hits, "errors": ERRORS_DATA, "scores": scores})
    # The cases right under the entry, the one the words match best first, three of them; a case
    # listed lower down moves up (not twice), the other hits follow.
    assert shown == ["hit a.html#x", "hit errors.html#error-modified-by-inplace",
                     "error-case pitfalls.html#step", "error-case pitfalls.html#saved",
                     "error-case pitfalls.html#decode", "hit b.html#y"]
    # Wrong input: an entry found fourth, or a list that holds a pasted message's entry already
    # (its cases are there), is left as it is.
    low = [{"kind": "hit", "url": u} for u in ("a.html", "b.html", "c.html", "errors.html#error-modified-by-inplace")]
    assert run_rank("r.withCases(w.hits, w.errors, {}).length", {"hits": low, "errors": ERRORS_DATA}) == 4
    pasted = [{"kind": "error-entry", "url": "errors.html#error-modified-by-inplace"},
              {"kind": "hit", "url": "errors.html#error-modified-by-inplace"}]
    assert run_rank("r.withCases(w.hits, w.errors, {}).length", {"hits": pasted, "errors": ERRORS_DATA}) == 2


def test_the_readers_words_choose_a_case_only_when_they_say_enough():
    order = "r.caseKeys(w.cases).sort((a, b) => b.key - a.key || a.i - b.i).map(x => x.i)"
    # No words: the index's order (commonest case first).
    assert run_rank(order, {"cases": [{"i": i, "s": 0} for i in range(4)]}) == [0, 1, 2, 3]
    # Words that match a later case clearly (GAN, critic) put it first.
    assert run_rank(order, {"cases": [{"i": 0, "s": 0}, {"i": 1, "s": 0}, {"i": 2, "s": 9}, {"i": 3, "s": 0}]})[0] == 2
    # Wrong input: a word that matches a late case barely more than the first does not reorder them.
    assert run_rank(order, {"cases": [{"i": 0, "s": 8}, {"i": 1, "s": 0}, {"i": 2, "s": 0}, {"i": 3, "s": 9}]})[0] == 0
    # Wrong input: generic words (run, train.py) that match the last of many cases best and the first a
    # little leave the first (the commonest) where it is.
    assert run_rank(order, {"cases": [{"i": 0, "s": 1}] + [{"i": i, "s": 0} for i in range(1, 10)] + [{"i": 10, "s": 4.6}]})[0] == 0


def test_a_case_moves_up_by_how_well_it_answers_the_words_not_by_being_the_least_bad_case():
    """A pasted message's cases are weighed against the section that the reader's other words find best
    in the whole book (rank.js caseKeys' ``best``): "I use 2 GPU with torch0.4.1" after the in-place
    message found the DDP-buffers case (fifteenth) best among the cases, and it went first, above the
    commonest case that answered the asker."""
    order = "r.caseKeys(w.cases, w.best).sort((a, b) => b.key - a.key || a.i - b.i).map(x => x.i)"
    weak = [{"i": 0, "s": 0}] + [{"i": i, "s": 0} for i in range(1, 14)] + [{"i": 14, "s": 0.4}] + [{"i": i, "s": 0} for i in range(15, 19)]
    # Wrong ordering: measured against the best case alone, the weak match is first.
    assert run_rank(order, {"cases": weak, "best": 0})[0] == 14
    # Rejected: the book's best section for those words scores 3, the case 0.4; the index's order stands.
    assert run_rank(order, {"cases": weak, "best": 3.0})[:3] == [0, 1, 2]
    # A case that is what the words find best in the book (GAN, critic) still goes first.
    gan = [{"i": i, "s": 0} for i in range(4)] + [{"i": 4, "s": 3.0}] + [{"i": i, "s": 0} for i in range(5, 19)]
    assert run_rank(order, {"cases": gan, "best": 3.0})[0] == 4


def test_a_chinese_word_the_index_holds_whole_in_one_section_is_not_taken_for_a_rare_one():
    # Pagefind's segmenter cut 張量 as one word in section "one" only, and as its characters in the
    # forty others; the query 張量 元素 is to rank "answer" (which holds both) above "one".
    if NODE is None:
        pytest.skip("node is not installed")
    script = f"""const r = require({json.dumps(str(RANK))});
    const res = (ids, score) => ({{ results: ids.map((id) => ({{ id, score }})) }});
    const many = Array.from({{ length: 40 }}, (_, i) => "s" + i).concat(["answer"]);
    const pagefind = {{ search: async (w) => w === "張量" ? res(["one"], 200) : w === "張 量" ? res(many, 2)
      : w === "元素" ? res(["answer"], 9) : w === "元 素" ? res(["answer", "s1"], 9) : res([], 0) }};
    r.sectionScores(pagefind, "張量 元素", "zh-Hant", {{ chars: {{}}, words: ["張量", "元素"] }})
      .then((s) => process.stdout.write(JSON.stringify(s.map((x) => x.r.id))));"""
    out = node_run.run(script)
    ranked = json.loads(out)
    assert ranked[0] == "answer" and ranked.index("one") > 1, ranked


def run_rank_script(body: str):
    """Run ``body`` (JavaScript, with ``r`` the ranking module and ``out(value)`` to answer) under node."""
    if NODE is None:
        pytest.skip("node is not installed")
    script = (f"const r = require({json.dumps(str(RANK))});"
              "const out = (v) => process.stdout.write(JSON.stringify(v));"
              f"(async () => {{ {body} }})().catch((e) => {{ console.error(e); process.exit(1); }});")
    done = node_run.run(script)
    return json.loads(done)


def test_the_whole_index_is_loaded_before_the_first_search():
    # Pagefind matches a word among the parts of its index loaded so far (grad as the start of
    # gradient, grads): a query's sections depended on what had been searched before it. The search
    # loads every part (one word of the edition's in each) once, before its first query.
    asked = run_rank_script("""
      const seen = [];
      const pagefind = { preload: async (t) => { seen.push(t); }, search: async () => ({ results: [] }) };
      const words = { latin: ["alpha", "zulu"], words: ["张量"] };
      await r.search(pagefind, "alpha", { words, href: (d) => d.url, limit: 3 });
      await r.search(pagefind, "zulu", { words, href: (d) => d.url, limit: 3 });
      out(seen);""")
    assert len(asked) == 1, "loaded once, not per query"
    assert {"alpha", "zulu", "张量", "张", "量", "0", "9", "_"} <= set(asked[0].split(" "))


def test_a_readers_form_of_a_word_finds_the_books():
    assert run_rank("['grad', 'grads', 'y.grad', 'output.grad', 'autograd.grad', 'torch.compile', 'view'].map(r.forms)") == [
        [".grad"], [".grad"], [".grad"], [".grad"], [], [], []]
    # A query word that names a property of every JavaScript object (DDP's warning says "DDP
    # constructor") has no other form: before, SAME["constructor"] was Object and the ranking crashed.
    assert run_rank("['constructor', 'toString', 'hasOwnProperty', '__proto__'].map(r.forms)") == [[], [], [], []]
    # The attribute .grad heads the answer; a reader types "grad is None": the answer is first,
    # above a section that only has words starting with grad (gradient, requires_grad) many times.
    ranked = run_rank_script("""
      const res = (pairs) => ({ results: pairs.map(([id, score]) => ({ id, score })) });
      const pagefind = { search: async (w) => ({ "grad": res([["many", 3]]), ".grad": res([["answer", 20], ["many", 1]]),
        '".grad"': res([["answer", 1], ["many", 1]]), "none": res([["answer", 4], ["many", 4]]) }[w] || res([])) };
      const s = await r.sectionScores(pagefind, "grad is None", "en", null);
      out(s.map((x) => x.r.id));""")
    assert ranked == ["answer", "many"]


def test_an_unknown_word_does_not_empty_the_list():
    """A reader's word the book never uses (autofocus) is matched by Pagefind loosely, on a letter, in
    every section; the sections its other word finds (detach) keep the excerpt of that word, and are
    listed. Before, the first word's excerpt (marking only "a") was kept and every result was dropped
    as a stray-letter match: the list was empty."""
    listed = run_rank_script("""
      const hit = (id, score, mark) => ({ id, score, data: async () => ({ url: id, meta: { title: "T › " + id },
        content: "text about detach and a letter", excerpt: "text <mark>" + mark + "</mark> here" }) });
      const pagefind = { search: async (w) => ({ results: {
        autofocus: [hit("one", 0.2, "a"), hit("two", 0.2, "a"), hit("three", 0.2, "a")],
        detach: [hit("one", 5, "detach"), hit("two", 4, "detach")] }[w] || [] }) };
      const found = await r.search(pagefind, "autofocus detach", { href: (d) => d.url, limit: 10 });
      const only = await r.search(pagefind, "autofocus", { href: (d) => d.url, limit: 10 });
      out([found.map((x) => x.url), only.length]);""")
    assert listed[0][:2] == ["one", "two"]
    # Wrong input: a section found only through the loose match (three, and every section when the
    # unknown word is alone) is still no answer.
    assert "three" not in listed[0] and listed[1] == 0


def test_an_api_name_ranks_its_sections_by_pagefinds_weights():
    # Quoted (so that retain_grad is not taken for the start of retain_graph), Pagefind scores every
    # section alike; the sections it finds are ranked by the unquoted search (a heading weighs most).
    ranked = run_rank_script("""
      const res = (pairs) => ({ results: pairs.map(([id, score]) => ({ id, score })) });
      const pagefind = { search: async (w) => ({ '"torch.compile"': res([["mention", 5], ["chapter", 5]]),
        "torch.compile": res([["chapter", 27], ["torch.compiled", 30], ["mention", 2]]) }[w] || res([])) };
      const s = await r.sectionScores(pagefind, "torch.compile", "en", null);
      out(s.map((x) => x.r.id));""")
    # Wrong: the quoted search's order (mention first), or a section only the unquoted search finds.
    assert ranked == ["chapter", "mention"]


def test_words_close_together_and_the_chapters_title_rank_a_section_first():
    ranked = run_rank_script("""
      const doc = (id, title, content) => ({ score: 1, r: { id, data: async () => ({ meta: { title }, content }) } });
      const far = doc("far", "Pitfalls › Leaves", "grad " + "x ".repeat(20) + "none");
      const near = doc("near", "Pitfalls › Leaves", "why the grad is none here");
      const a = await r.reranked([far, near], "grad none", "en", null, 10);
      const other = doc("other", "Higher order › Compiled", "compile create_graph");
      const chapter = doc("chapter", "torch.compile and autograd › Double backward", "compile create_graph");
      const b = await r.reranked([other, chapter], "torch.compile create_graph", "en", null, 10);
      out([a.map((x) => x.r.id), b.map((x) => x.r.id)]);""")
    # Wrong: the order they came in (the words far apart first; a section of another chapter first).
    assert ranked == [["near", "far"], ["chapter", "other"]]


def test_a_heading_that_names_the_query_outweighs_pagefinds_lead_of_more_mentions():
    # Pagefind scores a section that mentions "compile" and "graph" often above the section headed by
    # them; the heading's section answers (route6: the corpus's askers routed more often, with and
    # without the readers' words, when Pagefind's score weighs 0.7 against the heading's and title's words).
    ranked = run_rank_script("""
      const doc = (id, score, title) => ({ score, r: { id, data: async () => ({ meta: { title }, content: "x" }) } });
      const many = doc("many", 1.0, "Memory › Checkpointing");
      const headed = doc("headed", 0.4, "Memory › The compile graph");
      const a = await r.reranked([many, headed], "compile graph", "en", null, 10);
      out(a.map((x) => x.r.id));""")
    # Wrong (Pagefind's score at full weight): ["many", "headed"].
    assert ranked == ["headed", "many"]


def test_a_section_whose_readers_words_hold_the_query_ranks_above_an_entry_that_mentions_them():
    # A short error index entry ("None of the inputs have requires_grad=True. Gradients will be None")
    # scores highest in Pagefind's own ranking for "gradient is None"; the section whose sentence of
    # readers' words (book/search_keywords.yml, the meta "keywords") says "gradient ... is None" answers.
    ranked = run_rank_script("""
      const doc = (id, score, title, keywords, content) => ({ score, r: { id, data: async () => ({ meta: { title, keywords }, content }) } });
      const entry = doc("entry", 2.0, "None of the inputs have requires_grad=True. Gradients will be None", undefined,
                        "none of the inputs have requires_grad=true. gradients will be none");
      const answer = doc("answer", 1.0, "Pitfalls › Every cause in one place",
                         "Why is the gradient of my layers None after backward?", "causes of a missing gradient");
      const plain = doc("plain", 1.0, "Pitfalls › Every cause in one place", undefined, "causes of a missing gradient");
      const a = await r.reranked([entry, answer], "gradient layers none", "en", null, 10);
      const b = await r.reranked([entry, plain], "gradient layers none", "en", null, 10);
      out([a.map((x) => x.r.id), b.map((x) => x.r.id)]);""")
    # Wrong: without the readers' words the entry stays first (nothing else tells them apart).
    assert ranked == [["answer", "entry"], ["entry", "plain"]]


def test_function_words_go_and_misspelt_api_names_are_corrected():
    assert run_rank("r.terms(\"Sometimes gradient doesn't back-propagate after view\", 'en', null)") == [
        "gradient", "back", "propagate", "view"]
    words = {"latin": ["retain_graph", "retain_grad", "requires_grad", "graph"]}
    assert run_rank("['retrain_graph', 'reain_graph', 'require_grad', 'requires_grads'].map((x) => r.suggestion(x, w))",
                    words) == ["retain_graph", "retain_graph", "requires_grad", "requires_grad"]
    # Wrong input: a name the book has is never "corrected", nor one far from every name.
    assert run_rank("['retain_grad', 'register_hook'].map((x) => r.suggestion(x, w))", words) == [None, None]


def test_the_regional_words_are_kept_under_a_hash_of_every_input(tmp_path, monkeypatch):
    """search.regional_words reads its result from _build/cache/search/ only while jieba's dictionary,
    OpenCC's tables and versions, the word count and the function's source are those it was computed
    from: a changed input computes it again (the computation itself is stood in for: 1 CPU-s a call)."""
    from importlib import metadata

    planted = tmp_path / "dict.txt"
    planted.write_text("a 1\n", encoding="utf-8")
    inputs = search._regional_inputs()
    assert inputs[0].name == "dict.txt" and any(p.suffix == ".ocd2" for p in inputs)  # jieba's, OpenCC's
    monkeypatch.setattr(search, "_regional_inputs", lambda: [planted])  # (hashing the real ones: 0.1 CPU-s a time)
    monkeypatch.setattr(search, "REGIONAL_CACHE", tmp_path / "cache")
    calls = []

    def computed(count):
        return (("内存", "內存", "記憶體", f"记忆体{count}"),)

    def counted(count):
        calls.append(count)
        return computed(count)

    monkeypatch.setattr(search, "_regional_words", counted)

    def fresh(count=300):
        search.regional_words.cache_clear()
        try:
            return search.regional_words(count)
        finally:
            search.regional_words.cache_clear()

    assert fresh() == computed(300) and calls == [300]
    assert fresh() == computed(300) and calls == [300]  # from the file
    planted.write_text("a 2\n", encoding="utf-8")  # a changed input file
    assert fresh() == computed(300) and calls == [300, 300]
    assert fresh(301) == computed(301) and calls == [300, 300, 301]  # another count
    version = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: version(name) + ("x" if name == "opencc" else ""))
    assert fresh() == computed(300) and len(calls) == 4  # another OpenCC
    monkeypatch.setattr(metadata, "version", version)
    assert fresh() == computed(300) and len(calls) == 4  # the first inputs again: their file is kept
    key = search._regional_key(300)
    import inspect

    monkeypatch.setattr(inspect, "getsource", lambda f: "def _regional_words(count): changed")
    assert search._regional_key(300) != key  # the function's source is an input
    monkeypatch.undo()
    for kept in (tmp_path / "cache").glob("*.json"):
        kept.write_text("not json", encoding="utf-8")
    monkeypatch.setattr(search, "_regional_inputs", lambda: [planted])
    monkeypatch.setattr(search, "REGIONAL_CACHE", tmp_path / "cache")
    monkeypatch.setattr(search, "_regional_words", counted)
    assert fresh() == computed(300) and len(calls) == 5  # an unreadable file: computed again
