"""The glossary's one-line definitions (issue 33, item 7): every term has one in every edition, each
translation is stamped with the English sentence it follows (a missing, stale, wrong-script or
avoided-wording one is reported), and the page renders a readers' glossary (term, definition, link
to the section, a permalink per term) with the translators' table folded at the end."""
import os
from html import escape as html_escape, unescape as html_unescape
import re
import subprocess
import sys
from pathlib import Path

import pytest

from utils.book import config
from utils.book.editions import data, restamp, terms
from utils.book.editions.error_index import english_labels
from utils.book.sphinx_ext.glossary import glossary_groups, term_heading, term_ids

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = [config.SOURCE, *config.translations()]  # a draft edition (new-edition) shows English's until translated
SMART_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def _glossary(copy: Path) -> Path:
    return copy / "book" / "glossary.yml"


def _definition_problems(copy: Path) -> list[str]:
    return [p for p in terms.script_and_term_problems(copy) if "definition" in p]


def test_every_term_has_a_one_line_definition_in_every_edition():
    glossary = data.load_glossary()
    assert len(glossary) >= 130
    for t in glossary:
        for edition in EDITIONS:
            text = (t.get("definition") or {}).get(edition, "")
            assert text and "\n" not in text.strip(), (t["en"], edition)
        assert t["definition"]["en"].endswith("."), t["en"]
    assert _definition_problems(ROOT) == []


def test_each_section_a_term_names_exists_and_each_term_has_its_own_id():
    glossary = data.load_glossary()
    labels = english_labels()
    assert [t["en"] for t in glossary if t.get("section") and t["section"] not in labels] == []
    ids = term_ids(glossary)
    assert len(set(ids.values())) == len(glossary)
    assert ids["leaf tensor"] == "term-leaf-tensor" and ids["node (of the graph)"] == "term-node"
    # 'actor-critic (...)' and 'actor / critic (...)' would share 'term-actor-critic': both get their whole words.
    assert ids["actor-critic (reinforcement learning)"] != ids["actor / critic (the two networks of actor-critic)"]


def test_terms_are_grouped_by_the_english_initial_and_headed_in_the_edition():
    groups = glossary_groups(data.load_glossary())
    assert list(groups) == sorted(groups) and all(len(k) == 1 for k in groups)
    assert sum(map(len, groups.values())) == len(data.load_glossary())
    leaf = next(t for t in data.load_glossary() if t["en"] == "leaf tensor")
    assert term_heading(leaf, "en") == "leaf tensor"
    assert term_heading(leaf, "zh-hant") == "葉張量（leaf tensor）"
    listed = next(t for t in data.load_glossary() if t["en"] == "list (Python)")
    assert term_heading(listed, "zh-hant") == "串列（list）"
    hook = next(t for t in data.load_glossary() if t["en"] == "hook")
    assert term_heading(hook, "zh-hans") == "钩子（hook）"  # the form already gives the English


def test_a_missing_definition_is_reported(small_book):
    path = _glossary(small_book)
    text = path.read_text(encoding="utf-8")
    hans = next(t for t in data.load_glossary(small_book) if t["en"] == "memory")["definition"]["zh-hans"]
    line = next(l for l in text.splitlines(keepends=True) if l.startswith("      zh-hans:") and hans in l)
    path.write_text(text.replace(line, "", 1), encoding="utf-8")
    assert any("'memory'" in p and "no zh-hans definition" in p for p in _definition_problems(small_book))
    # A term with no definition at all.
    path.write_text(text.replace("terms:\n", "terms:\n  - en: gradient tape\n    zh-hant: 梯度帶\n    zh-hans: 梯度带\n"
                                 "    translated_from: {zh-hant: \"%s\", zh-hans: \"%s\"}\n"
                                 % ((data.text_hash("gradient tape"),) * 2), 1), encoding="utf-8")
    problems = _definition_problems(small_book)
    assert problems and all("'gradient tape'" in p and "no definition" in p for p in problems), problems


def test_a_stale_translated_definition_is_reported_and_restamped(small_book):
    path = _glossary(small_book)
    english = next(t for t in data.load_glossary(small_book) if t["en"] == "memory")["definition"]["en"]
    changed = english.replace("tensors occupy", "tensors take up")
    path.write_text(path.read_text(encoding="utf-8").replace(english, changed, 1), encoding="utf-8")
    problems = _definition_problems(small_book)
    assert len(problems) == 2 and all("'memory': definition:" in p and "English definition changed" in p
                                      and "restamp glossary.yml --cell memory" in p for p in problems), problems
    # Not a typo fix, so a plain restamp refuses it; named, it is re-stamped (the form's stamp is left alone).
    refused = restamp.restamp("glossary.yml", small_book)
    assert refused.done == [] and any("definition of 'memory'" in r for r in refused.refused), refused
    assert restamp.restamp("glossary.yml", small_book, cells=["memory"]).done == ["zh-hant: memory", "zh-hans: memory"]
    assert _definition_problems(small_book) == []
    assert f'translated_from: {{zh-hant: "{data.text_hash(changed)}", zh-hans: ' in path.read_text(encoding="utf-8")


def test_a_definition_in_the_wrong_script_or_with_an_avoided_wording_is_reported(small_book):
    path = _glossary(small_book)
    hant = next(t for t in data.load_glossary(small_book) if t["en"] == "memory")["definition"]["zh-hant"]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(hant, hant.replace("空間", "空间"), 1), encoding="utf-8")
    assert any("'memory'" in p and "zh-hant definition uses" in p for p in _definition_problems(small_book))
    path.write_text(text.replace(hant, hant.replace("空間", "內存"), 1), encoding="utf-8")
    assert any("'memory'" in p and "'內存'" in p and "; write '記憶體'" in p for p in _definition_problems(small_book))
    hans = next(t for t in data.load_glossary(small_book) if t["en"] == "memory")["definition"]["zh-hans"]
    path.write_text(text.replace(hans, hans.replace("空间", "记忆体"), 1), encoding="utf-8")  # the last edition too
    assert any("'memory'" in p and "zh-hans definition uses '记忆体'" in p and "; write '内存'" in p
               for p in _definition_problems(small_book))


def _labels_page() -> str:
    """Every section label of the book as a heading, so the definitions' links resolve in one page."""
    return "".join(f"({label})=\n## {label}\n\nText.\n\n" for label in sorted(english_labels()))


@pytest.fixture(scope="module")
def glossary_sites(tmp_path_factory):
    """A one-page Sphinx project per edition: the {book-glossary} page and the sections it links to."""
    sites = {}
    for edition in EDITIONS:
        src = tmp_path_factory.mktemp(f"glossary-{edition}")
        (src / "conf.py").write_text(
            'extensions = ["myst_parser", "utils.book.sphinx_ext"]\n'
            f'book_edition = "{edition}"\n'
            f'html_static_path = [{str(ROOT / "book" / "_static")!r}]\nhtml_css_files = ["book.css"]\n'
            'root_doc = "glossary"\n', encoding="utf-8")
        (src / "glossary.md").write_text("# Glossary\n\n```{book-glossary}\n```\n", encoding="utf-8")
        (src / "sections.md").write_text("# Sections\n\n```{toctree}\n```\n\n" + _labels_page(), encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(src / "_build")],
                              capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        warnings = [w for w in done.stderr.splitlines() if "WARNING" in w and "toctree" not in w
                    and "not included in any toctree" not in w]
        assert warnings == [], warnings
        sites[edition] = src / "_build"
    return sites


@pytest.mark.slow  # three small Sphinx builds (about 25 s of CPU): the slow tier, with the site's tests
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_page_renders_definitions_permalinks_and_the_fold(glossary_sites, edition):
    html = (glossary_sites[edition] / "glossary.html").read_text(encoding="utf-8")
    glossary = data.load_glossary()
    ids = term_ids(glossary)
    readers, _, folded = html.partition('<details class="glossary-translators">')
    assert folded, "the translators' table is not folded"
    assert f"<summary>{html_escape(config.labels(edition)['glossary_translators'])}</summary>" in folded
    assert 'class="book-glossary' in folded and 'class="book-glossary' not in readers
    assert "book-terms" in readers and "<dl" in readers
    text = html_unescape(readers).translate(SMART_QUOTES)  # Sphinx's smartquotes
    for t in glossary:
        anchor = ids[t["en"]]
        assert f'<dt id="{anchor}">' in readers, anchor
        assert f'href="#{anchor}"' in readers, anchor  # the term's permalink
        # The definition, as rendered (inline code as <code>), in the edition's language.
        first_words = re.split(r"`", t["definition"][edition])[0][:12]
        assert first_words in text, (t["en"], first_words)
    linked = [t for t in glossary if t.get("section")]
    for t in linked:
        assert f'sections.html#{t["section"]}"' in readers, t["section"]
    if edition != config.SOURCE:
        assert "葉張量（leaf tensor）" in text or "叶子张量（leaf tensor）" in text


@pytest.mark.slow
def test_the_glossary_page_is_not_wider_than_a_phone(browser, glossary_sites):
    from browser_tools import open_page, serve

    for edition, site in glossary_sites.items():
        server, url = serve(site)
        try:
            page = open_page(browser, f"{url}/glossary.html", {"width": 390, "height": 844})
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, edition
            assert page.locator("details.glossary-translators").evaluate("d => d.open") is False
            page.close()
        finally:
            server.shutdown()


def test_a_term_without_a_form_or_with_a_form_in_the_wrong_script_is_reported(small_book):
    """Each translation's form of a term (the last edition, zh-hans, as well as zh-hant): a missing one
    and one in the other script are reported; a term whose form is present and stamped is not."""
    path = _glossary(small_book)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('    zh-hans: "计算图"\n', "", 1), encoding="utf-8")
    assert "book/glossary.yml: term 'computation graph': no zh-hans form" in terms.script_and_term_problems(small_book)
    path.write_text(text.replace('    zh-hant: "計算圖"\n', '    zh-hant: "计算图"\n', 1), encoding="utf-8")
    assert any(p.startswith("book/glossary.yml: term 'computation graph': zh-hant form uses ")
               for p in terms.script_and_term_problems(small_book))
    path.write_text(text.replace('  - en: "computation graph"\n', '  - en: "computation graph (autograd)"\n', 1),
                    encoding="utf-8")  # each edition's stamp, the last one's too, follows the English term
    stale = [p for p in terms.script_and_term_problems(small_book) if "English changed" in p and "definition" not in p]
    assert len(stale) == 2 and any("zh-hans" in p for p in stale), stale
    path.write_text(text, encoding="utf-8")
    assert not [p for p in terms.script_and_term_problems(small_book) if "'computation graph'" in p]


def test_prose_in_the_wrong_script_is_reported_in_the_last_edition(small_book):
    from utils.book import notebooks

    nb_path = small_book / "book" / "zh-hans" / "demo.ipynb"
    nb = notebooks.read_notebook(nb_path)
    i = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and i > 0)
    nb.cells[i].source += "這是繁體。占用记忆体。"
    notebooks.write_notebook(nb, nb_path)
    problems = terms.script_and_term_problems(small_book)
    assert any(p.startswith(f"book/zh-hans/demo.ipynb: cell {i} ") and "characters of another script in the zh-hans edition" in p
               for p in problems)
    assert any(p.startswith(f"book/zh-hans/demo.ipynb: cell {i} ") and "uses '记忆体'" in p and p.endswith("; write '内存'")
               for p in problems)


def test_a_definition_of_two_lines_is_reported(small_book):
    path = _glossary(small_book)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"张量占用的空间。"', '"张量占用的\\n空间。"', 1), encoding="utf-8")
    assert any("'memory'" in p and "the zh-hans definition is more than one line" in p for p in _definition_problems(small_book))
