"""The search's fast tier: the paste box's matcher (book/_static/search/errormatch.js, run under node,
the same file the pages load), the page that Pagefind reads, and the query set's expectations."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from utils.book import config, search
from utils.book.editions import data

ROOT = Path(__file__).resolve().parents[1]
MATCHER = ROOT / "book" / "_static" / "search" / "errormatch.js"
ERRORS = data.load_errors()
NODE = shutil.which("node")


def run_matcher(pastes: list[str]) -> list[list[str]]:
    """The ids that errormatch.js matches for each paste, best first."""
    if NODE is None:
        pytest.skip("node is not installed (the paste box's matcher is tested under node)")
    data = [{"id": e["id"], "message": e["message"], "historical": "historical" in e} for e in ERRORS]
    script = (f"const m = require({json.dumps(str(MATCHER))});"
              "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(input.pastes.map(p => m.match(p, input.errors).map(e => e.id))));")
    out = subprocess.run([NODE, "-e", script], input=json.dumps({"pastes": pastes, "errors": data}),
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


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


def test_the_matcher_says_no_to_what_is_not_an_error_of_the_book():
    nothing = ["CUDA out of memory. Tried to allocate 20.00 MiB", "how do I train a GAN", "", "RuntimeError:",
               "ModuleNotFoundError: No module named 'torchvision'"]
    assert run_matcher(nothing) == [[] for _ in nothing]


def test_normalise_strips_what_varies():
    if NODE is None:
        pytest.skip("node is not installed")
    script = (f"const m = require({json.dumps(str(MATCHER))});"
              "process.stdout.write(m.normalise('Traceback (most recent call last):\\n  File \"C:\\\\x\\\\y.py\", line 3, in f\\n"
              "RuntimeError: modified: [torch.FloatTensor [64, 1]], output 0 of AsStridedBackward0 at 0xdeadbeef, version 2'));")
    out = subprocess.run([NODE, "-e", script], capture_output=True, text=True, check=True).stdout
    assert out == "modified output of at version"


PAGE = """<html><body><article class="bd-article"><nav class="edition-switcher">x</nav>
<section id="chapter"><h1>Chapter</h1><div class="cell"><div class="cell_input">import torch</div></div>
<section id="a-slug"><span id="pit-running-loss"></span><h2>Running loss</h2><p>Text.</p>
<section id="sub"><h3>Sub</h3><p>More.</p></section></section>
<div class="error-entry" id="error-x"><p class="error-message"><strong>boom</strong></p></div>
</section></article></body></html>"""


def test_the_page_pagefind_reads():
    out = search.page_for_index(PAGE, "en", {"pit-running-loss": {"en": "Readers call this a memory leak."}})
    assert re.search(r'<h2 id="pit-running-loss">', out)          # the label, not the slug
    assert re.search(r'<h3 id="sub">', out)                        # no label: the section's id
    assert re.search(r'<h3 class="error-message" id="error-x">', out)
    assert "memory leak" in out and out.index("memory leak") < out.index("<h3 id=\"sub\">")
    assert 'data-pagefind-body' in out and 'data-pagefind-ignore="all"' in out
    # Wrong input: a keyword sentence for another edition is not added.
    assert "memory leak" not in search.page_for_index(PAGE, "zh-hans", {"pit-running-loss": {"en": "memory leak"}})


def test_errors_data_refuses_a_missing_section():
    labels = {f"error-{e['id']}": ("errors", "") for e in ERRORS}
    with pytest.raises(RuntimeError, match="no section labelled"):
        search.errors_data("en", labels)
    labels.update({e["section"]: ("pitfalls", "Title") for e in ERRORS})
    data = search.errors_data("en", labels)
    assert len(data) == len(ERRORS) and data[0]["section"].startswith("pitfalls.html#")


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
        assert label in labels, f"book/search_keywords.yml: no section labelled {label!r}"
        assert set(sentences) == set(config.editions()), label
        assert all(len(s) >= 10 and s.rstrip().endswith(("。", ".", "：")) for s in sentences.values()), label


QUERIES = yaml.safe_load((ROOT / "tests" / "search_queries.yml").read_text(encoding="utf-8"))["queries"]


def test_the_query_set_is_big_enough_and_names_what_exists():
    from utils.book import config

    assert len(QUERIES) >= 60
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

    soup = BeautifulSoup(search.page_for_index(GLOSSARY_PAGE, edition, {}), "html.parser")
    assert soup.select_one(f'td[lang="{ignored}"]').get("data-pagefind-ignore") == "all"
    assert soup.select_one(f'td[lang="{kept}"]').get("data-pagefind-ignore") is None
    assert soup.select_one('td[lang="en"]').get("data-pagefind-ignore") is None
    # The English edition keeps every column (a reader may type either script there).
    english = BeautifulSoup(search.page_for_index(GLOSSARY_PAGE, "en", {}), "html.parser")
    assert not english.select("[data-pagefind-ignore]")
