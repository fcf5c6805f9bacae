"""Translation stamps that cannot lie, on a small synthetic book (tests/small_book.py):

- restamp marks a translation current by itself only after an edit that cannot change the meaning
  (a typo fixed within a word, markup, a link target); a negation, an antonym prefix, a digit,
  a sign, an added word is refused and needs --cell;
- apply stamps a translation with the hash of the English its export showed, so a translation of
  an English edited since is stale;
- one stamp check covers every translated text (cells, figure alt text and captions, Markdown
  pages, errors.yml, glossary.yml, search_keywords.yml, the judges' message catalogs), in every
  translated edition, and ``editions check`` runs it.
"""
from __future__ import annotations

import nbformat
import pytest
import yaml

import small_book as sb
from utils.book import config, notebooks, yamlread
from utils.book.editions import changes, checks, restamp, spacing, translate
from utils.book.editions.data import text_hash

TRANSLATIONS = sb.TRANSLATIONS


# ------------------------------------------------------------------ the rule

@pytest.mark.parametrize("old, new", [
    ("teh graph is freed", "the graph is freed"),                      # two letters swapped
    ("the grpah is freed", "the graph is freed"),
    ("it recieved one", "it received one"),
    ("it occured once", "it occurred once"),                           # a letter added in a long word
    ("the graph is freed", "the graph  is\nfreed"),                    # whitespace
    ("see [the docs](a.html)", "see [the docs](b.html#x)"),            # a link target
    ("the *graph* is freed", "the **graph** is `freed`"),              # markup
    ("see {ref}`this section <gb-a>`", "see {ref}`this section <gb-b>`"),  # a role's target, its text kept
    ("teh grpah is freed", "the graph is freed"),                      # two typos in one text
])
def test_an_edit_that_cannot_change_the_meaning_is_kept(old, new):
    assert changes.why_meaning_may_change(old, new) is None and changes.meaning_kept(old, new)


@pytest.mark.parametrize("old, new, why", [
    ("tensors are invisible to autograd", "tensors are visible to autograd", "negating prefix"),
    ("the result is correct", "the result is incorrect", "negating prefix"),
    ("the tensor is usable", "the tensor is unusable", "negating prefix"),   # its first letter stays
    ("the memory increases", "the memory decreases", "first letter"),
    ("it holds 10 MB", "it holds 100 MB", "number"),
    ("it holds 1024 bytes", "it holds 1042 bytes", "number"),
    ("it is now freed", "it is not freed", "negation"),                 # one letter, a negation
    ("it can be freed", "it can't be freed", "added or removed"),
    ("the graph is freed", "the graph is not freed", "added or removed"),
    ("the graph is freed", "the graph is kept", "first letter"),
    ("`x > 0` holds", "`x < 0` holds", "sign"),
    ("take the max here", "take the min here", "more than a typo"),    # two letters of a short word
    ("a copy of x", "a copy or x", "short word"),
    ("see {ref}`gb-leaves`", "see {ref}`gb-saved`", "first letter"),   # a role without text shows its target
    ("{glue:text}`size_a` bytes", "{glue:text}`size_b` bytes", "code name"),
    ("teh grpah is fred", "the graph is freed", "3 words changed"),    # three typos: more than a fix
    ("set the grad value", "set the grad_ value", "code name"),         # one of the two is a code name
    ("a teh b", "a the the b", "added or removed"),                      # a fix that adds a word
])
def test_an_edit_that_may_change_the_meaning_is_refused(old, new, why):
    reason = changes.why_meaning_may_change(old, new)
    assert reason is not None and why in reason, reason
    assert not changes.meaning_kept(old, new)


WORDS = "one two three four five six seven eight nine ten eleven twelve"


@pytest.mark.parametrize("old, new, kwargs, shown", [
    (WORDS, WORDS.replace("seven", "SEVEN"), {}, "one two three four five six [-seven-] {+SEVEN+} eight nine ten eleven twelve"),
    (WORDS, WORDS.replace("seven", "SEVEN"), {"context": 2}, "… five six [-seven-] {+SEVEN+} eight nine …"),
    ("a b", "a c", {}, "a [-b-] {+c+}"),
    ("a b", "a", {}, "a [-b-]"),
    ("a", "a b", {}, "a {+b+}"),
    (WORDS, WORDS.replace("seven", "SEVEN"), {"limit": 20}, "one two three four f …"),
    ("x " + WORDS, WORDS, {}, "[-x-] one two three four …"),
    (WORDS + " x", WORDS, {}, "… nine ten eleven twelve [-x-]"),
])
def test_the_word_diff_shows_the_change_with_a_few_words_around(old, new, kwargs, shown):
    assert changes.word_diff(old, new, **kwargs) == shown


def test_the_typo_limit_is_two_words():
    assert changes.meaning_kept("teh grpah is freed", "the graph is freed")
    assert not changes.meaning_kept("teh grpah is fred", "the graph is freed")


def test_a_long_word_diff_and_a_long_english_are_cut_at_their_limits():
    at_limit, over = "x" * 396, "x" * 397  # "{+" + word + "+}": 400 and 401 characters
    assert changes.word_diff("", at_limit) == "{+" + at_limit + "+}"
    assert changes.word_diff("", over) == ("{+" + over + "+}")[:400] + " …"
    assert changes.describe(None, "y" * 100) == (f"English is now: {'y' * 80!r} "
                                                 "(the English it translated is not in git history)")


@pytest.mark.parametrize("a, b, n", [
    ("teh", "the", 1), ("abc", "abc", 0), ("", "ab", 2), ("x", "", 1), ("kitten", "sitting", 3), ("ab", "ba", 1),
    ("abc", "acb", 1), ("abcd", "badc", 2), ("ca", "abc", 3), ("abcdef", "abdcef", 1), ("graph", "grpah", 1),
])
def test_edits_counts_a_swap_of_neighbours_as_one(a, b, n):
    assert changes.edits(a, b) == n == changes.edits(b, a)


# ------------------------------------------------------------------ restamp, on the small book

def _set_prose(root, text: str) -> None:
    sb.edit_prose(root, "en", text=text)


def _stale(root, edition: str) -> list[str]:
    return [p for p in checks.step_problems(root) if p.startswith(f"book/{edition}/demo.ipynb") and "id attributes" in p]


def test_restamp_accepts_the_typo_fix(small_book):
    sb.commit(small_book)
    _set_prose(small_book, sb.PROSE.replace("teh", "the"))
    assert all(_stale(small_book, e) for e in TRANSLATIONS)
    assert all(_stale(small_book, e)[0].endswith("restamp demo") for e in TRANSLATIONS)  # no --cell needed
    done = restamp.restamp("demo", small_book)
    assert sorted(done.done) == [f"{e}: attributes" for e in sorted(TRANSLATIONS)] and done.refused == []
    assert checks.step_problems(small_book) == []


@pytest.mark.parametrize("old, new, why", [
    ("invisible", "visible", "negating prefix"),
    ("is correct", "is incorrect", "negating prefix"),
    ("increases", "decreases", "first letter"),
    ("10 MB", "100 MB", "number"),
    ("1024", "1042", "number"),
])
def test_restamp_refuses_a_change_of_meaning_until_the_cell_is_named(small_book, old, new, why):
    sb.commit(small_book)
    assert old in sb.PROSE
    _set_prose(small_book, sb.PROSE.replace(old, new))
    result = restamp.restamp("demo", small_book)
    assert result.done == [] and len(result.refused) == len(TRANSLATIONS)
    assert all(why in r and r.endswith("restamp demo --cell attributes") for r in result.refused), result.refused
    for edition in TRANSLATIONS:  # still stale, and the check names the cell
        assert _stale(small_book, edition) and _stale(small_book, edition)[0].endswith("--cell attributes")
    assert len(restamp.restamp("demo", small_book, cells=["attributes"]).done) == len(TRANSLATIONS)
    assert checks.step_problems(small_book) == []


@pytest.mark.parametrize("name, rel", [("messages/demo.yml", "utils/autograd_book/exercises/messages/demo.yml"),
                                       ("errors.yml", "book/errors.yml"), ("search_keywords.yml", "book/search_keywords.yml")])
def test_restamp_of_a_data_file_uses_the_same_rule(small_book, name, rel):
    key = {"errors.yml": "freed", "search_keywords.yml": "demo"}.get(name, "ex1.freed")
    path = small_book / rel
    typo = sb.ENTRY_EN.replace("first", "frist")
    path.write_text(path.read_text(encoding="utf-8").replace(sb.ENTRY_EN, typo), encoding="utf-8")
    assert len(restamp.restamp(name, small_book, cells=[key]).done) == len(TRANSLATIONS)  # translated the typo
    sb.commit(small_book)
    path.write_text(path.read_text(encoding="utf-8").replace(typo, sb.ENTRY_EN), encoding="utf-8")  # fixed
    assert all(p.endswith(f"restamp {name}") for p in checks.all_problems(small_book) if rel in p)  # no --cell
    assert len(restamp.restamp(name, small_book).done) == len(TRANSLATIONS)
    assert checks.all_problems(small_book) == []
    sb.commit(small_book, "typo fixed")
    path.write_text(path.read_text(encoding="utf-8").replace("first backward", "second backward"), encoding="utf-8")
    problems = checks.all_problems(small_book)
    assert len(problems) == len(TRANSLATIONS) and all(p.startswith(rel) and f"--cell {key}" in p for p in problems), \
        problems
    refused = restamp.restamp(name, small_book)
    assert refused.done == [] and "'first' -> 'second'" in refused.refused[0]
    assert len(restamp.restamp(name, small_book, cells=[key]).done) == len(TRANSLATIONS)
    assert checks.all_problems(small_book) == []
    stamps = "{" + ", ".join(f'{e}: "{text_hash(sb.ENTRY_EN.replace("first", "second"))}"' for e in TRANSLATIONS) + "}"
    assert f"translated_from: {stamps}\n" in path.read_text(encoding="utf-8")  # the line rewritten in place


def test_restamp_of_a_data_file_rewrites_only_its_stamp_lines(small_book):
    """Written back as book/*.yml are written (indents, quotes, line width): every other line stays."""
    name, key = "messages/demo.yml", "ex1.freed"
    path = small_book / "utils/autograd_book/exercises/messages/demo.yml"
    path.write_text(path.read_text(encoding="utf-8").replace(sb.ENTRY_EN, sb.ENTRY_EN.replace("first", "frist")),
                    encoding="utf-8")
    before = path.read_text(encoding="utf-8").splitlines()
    assert len(restamp.restamp(name, small_book, cells=[key]).done) == len(TRANSLATIONS)
    after = path.read_text(encoding="utf-8").splitlines()
    changed = [b for a, b in zip(before, after) if a != b]
    assert len(after) == len(before) and changed and all("translated_from" in line for line in changed)


def test_the_data_files_round_trip_keeps_their_bytes():
    """book/*.yml's layout (a list under a key, its dash two in; a nested list; a flow-style stamp; a long
    line kept on one line) loads and dumps to the same bytes."""
    import io
    text = ("# a comment\nerrors:\n  - id: x\n    message: \"" + "long " * 30 + "\"\n    cases:\n"
            "      - section: a\n        en: \"A.\"\n        translated_from: {zh-hant: \"ab\", zh-hans: \"ab\"}\n")
    yaml = restamp._round_trip()
    out = io.StringIO()
    yaml.dump(yaml.load(text), out)
    assert out.getvalue() == text


def test_restamp_of_a_markdown_page_finds_its_older_english_in_git(small_book):
    page = small_book / "book" / "en" / "preface.md"
    page.write_text(sb.PREFACE.replace("about", "abuot"), encoding="utf-8")
    assert len(restamp.restamp("preface", small_book, cells=["preface"]).done) == len(TRANSLATIONS)
    sb.commit(small_book)
    page.write_text(sb.PREFACE, encoding="utf-8")
    assert len(restamp.restamp("preface", small_book).done) == len(TRANSLATIONS)
    assert checks.all_problems(small_book) == []


# ------------------------------------------------------------------ export and apply

def test_a_translation_of_an_english_edited_since_the_export_is_stale(small_book):
    _set_prose(small_book, sb.PROSE + " A new sentence.")
    sb.commit(small_book)
    todo = translate.export_translation("demo", "zh-hant", small_book)
    assert f"<!-- cell: attributes english: {text_hash(sb.PROSE + ' A new sentence.')} -->" in todo
    _set_prose(small_book, sb.PROSE + " A newer sentence, written after the export.")
    applied = translate.apply_translation("demo", "zh-hant", todo.replace(sb.PROSE, "翻譯。"), small_book)
    assert list(applied) == ["attributes"] and applied.stale == ["attributes"]
    stale = _stale(small_book, "zh-hant")
    assert len(stale) == 1 and "translates an older English text" in stale[0] and "{+newer" in stale[0], stale
    tr = notebooks.read_notebook(small_book / "book" / "zh-hant" / "demo.ipynb")
    assert next(c for c in tr.cells if c.get("id") == "attributes").source.startswith("翻譯。")
    todo = translate.export_translation("demo", "zh-hant", small_book)  # exported again: current once applied
    assert todo.count("<!-- ") == 1
    applied = translate.apply_translation("demo", "zh-hant", todo.split("-->\n")[0] + "-->\n翻譯。\n", small_book)
    assert applied.stale == [] and _stale(small_book, "zh-hant") == []


@pytest.mark.parametrize("mark, why", [
    ("<!-- cell: attributes -->", "does not name the English"),
    ("<!-- cell: attributes english: 0123456789abcdef -->", "neither the current English nor one in git"),
    ("<!-- cell: nowhere english: 0123456789abcdef -->", "no markdown cell with this id"),
])
def test_apply_refuses_a_block_without_a_known_english_and_writes_nothing(small_book, mark, why):
    sb.commit(small_book)
    path = small_book / "book" / "zh-hans" / "demo.ipynb"
    before = path.read_text(encoding="utf-8")
    good = f"<!-- cell: title english: {text_hash('# Demo')} -->\n# 新标题\n"
    with pytest.raises(SystemExit, match=why):
        translate.apply_translation("demo", "zh-hans", f"{good}\n{mark}\n译文。\n", small_book)
    assert path.read_text(encoding="utf-8") == before



def test_a_markdown_page_exports_as_one_block_and_applies_back_stamped(small_book):
    """A Markdown page (errors, glossary; the small book's preface) goes through export and apply
    like a chapter: one block naming its English's hash, written back with that hash on line 1."""
    sb.commit(small_book)
    assert translate.export_translation("preface", "zh-hant", small_book) == ""
    assert translate.export_translation("preface", "zh-hant", small_book, only_todo=False) == (
        f"<!-- page: preface english: {text_hash(sb.PREFACE)} -->\n{sb.PREFACE.strip()}\n")
    english = sb.PREFACE + "\nA new sentence.\n"
    (small_book / "book" / "en" / "preface.md").write_text(english, encoding="utf-8")
    sb.commit(small_book)
    todo = translate.export_translation("preface", "zh-hant", small_book)
    assert todo.startswith(f"<!-- page: preface english: {text_hash(english)} -->\n# Preface\n")
    (small_book / "book" / "en" / "preface.md").write_text(english + "\nA newer one, after the export.\n",
                                                            encoding="utf-8")
    applied = translate.apply_translation("preface", "zh-hant", todo.split("-->\n")[0] + "-->\n# 前言\n\n新的一句。\n",
                                          small_book)
    assert list(applied) == ["preface"] and applied.stale == ["preface"]
    page = (small_book / "book" / "zh-hant" / "preface.md").read_text(encoding="utf-8")
    assert page == f"<!-- translation-source: {text_hash(english)} -->\n# 前言\n\n新的一句。\n"
    assert any(p.startswith("book/zh-hant/preface.md: translates an older book/en/preface.md")
               for p in checks.all_problems(small_book))
    todo = translate.export_translation("preface", "zh-hant", small_book)
    applied = translate.apply_translation("preface", "zh-hant", todo.split("-->\n")[0] + "-->\n# 前言\n\n又一句。\n",
                                          small_book)
    assert applied.stale == [] and [p for p in checks.all_problems(small_book) if "zh-hant/preface" in p] == []


@pytest.mark.parametrize("name, block, why", [
    ("preface", "<!-- page: preface -->", "does not name the English"),
    ("preface", "<!-- page: preface english: 0123456789abcdef -->", "neither the current English nor one in git"),
    ("preface", f"<!-- cell: title english: {text_hash('# Demo')} -->", "preface is a Markdown page"),
    ("preface", f"<!-- page: demo english: {text_hash(sb.PREFACE)} -->", "preface is a Markdown page"),
    ("demo", f"<!-- page: demo english: {text_hash(sb.PREFACE)} -->", "demo is a chapter"),
    ("nowhere", f"<!-- page: nowhere english: {text_hash(sb.PREFACE)} -->", "no page 'nowhere' in book/en; the pages: demo, preface"),
])
def test_apply_refuses_a_page_block_that_does_not_fit_and_writes_nothing(small_book, name, block, why):
    sb.commit(small_book)
    before = {p: p.read_text(encoding="utf-8") for p in (small_book / "book" / "zh-hans").iterdir()}
    with pytest.raises(SystemExit, match=why):
        translate.apply_translation(name, "zh-hans", f"{block}\n# 前言\n", small_book)
    assert {p: p.read_text(encoding="utf-8") for p in (small_book / "book" / "zh-hans").iterdir()} == before


def test_export_of_a_page_that_is_not_in_the_book_names_the_pages(small_book):
    with pytest.raises(SystemExit, match="no page 'errors.md' in book/en; the pages: demo, preface"):
        translate.export_translation("errors.md", "zh-hans", small_book)


# ------------------------------------------------------------------ one check over every stamped text

def _notebook_meta(root, change):
    path = root / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    change(next(c for c in nb.cells if c.get("id") == "figure").metadata["mystnb"])
    notebooks.write_notebook(nb, path)
    from utils.book.editions import sync
    sync.sync_all(root)


def _replace(rel: str, old: str, new: str):
    def edit(root):
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


STALE_KINDS = {  # an English edit -> the start of the problem each translated edition gets
    "cell": (lambda root: _set_prose(root, sb.PROSE + " More."), "book/{e}/demo.ipynb: cell 4 (id attributes): translates"),
    "alt": (lambda root: _notebook_meta(root, lambda m: m["image"].update(alt="Another graph.")),
            "book/{e}/demo.ipynb: cell 5 (id figure): the figure's alt text"),
    "caption": (lambda root: _notebook_meta(root, lambda m: m["figure"].update(caption="Another caption.")),
                "book/{e}/demo.ipynb: cell 5 (id figure): the figure's caption"),
    "page": (_replace("book/en/preface.md", "about", "all about"), "book/{e}/preface.md: translates an older"),
    "errors": (_replace("book/errors.yml", sb.ENTRY_EN, "The graph is freed."), "book/errors.yml: entry 'freed': its English changed since the {e}"),
    "glossary": (_replace("book/glossary.yml", 'en: "computation graph"', 'en: "computational graph"'),
                 "book/glossary.yml: term 'computational graph': its English changed since the {e}"),
    "keywords": (_replace("book/search_keywords.yml", sb.ENTRY_EN, "The graph is freed."),
                 "book/search_keywords.yml: demo: its English changed since the {e}"),
    "messages": (_replace("utils/autograd_book/exercises/messages/demo.yml", sb.ENTRY_EN, "The graph is freed."),
                 "utils/autograd_book/exercises/messages/demo.yml: ex1.freed: its English changed since the {e}"),
    "labels": (_replace("_config.yml", 'answer_check: "Check"', 'answer_check: "Check it"'),
               "_config.yml: editions.{e}: its title and labels translate older English words"),
}


def test_the_small_book_is_in_step(small_book):
    assert checks.all_problems(small_book) == []


@pytest.mark.parametrize("kind", STALE_KINDS)
def test_a_stale_translation_of_every_kind_is_reported_in_every_edition(small_book, kind):
    edit, start = STALE_KINDS[kind]
    edit(small_book)
    config._load.cache_clear()
    problems = checks.all_problems(small_book)
    for edition in TRANSLATIONS:
        assert sum(p.startswith(start.format(e=edition)) for p in problems) == 1, (edition, problems)
    assert len(problems) == len(TRANSLATIONS), problems


@pytest.mark.parametrize("edition", TRANSLATIONS)
def test_a_translated_page_without_its_stamp_line_is_reported(small_book, edition):
    page = small_book / "book" / edition / "preface.md"
    page.write_text(page.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    assert checks.all_problems(small_book) == [
        f"book/{edition}/preface.md: line 1 must be '<!-- translation-source: {text_hash(sb.PREFACE)} -->' "
        "(the English page it translates)"]


@pytest.mark.parametrize("edition", TRANSLATIONS)
def test_a_missing_entry_translation_is_reported(small_book, edition):
    _replace("book/search_keywords.yml", f'    {edition}: "{sb.ENTRY[edition]}"\n', "")(small_book)
    assert checks.data_stamp_problems(small_book) == [f"book/search_keywords.yml: demo: no {edition} text"]


# ------------------------------------------------------------------ the spacing check's own rules

@pytest.mark.parametrize("role", ["ref", "doc", "numref"])
def test_every_cross_reference_role_is_spaced(role):
    assert len(spacing._bad_spaces(f"請見 {{{role}}}`page`。", {"page": "計算圖"})) == 1


@pytest.mark.parametrize("edition", TRANSLATIONS)  # both are Chinese
def test_the_spacing_check_reads_every_chinese_edition(small_book, edition):
    sb.edit_prose(small_book, edition, add="請見 {ref}`demo`。")
    problems = spacing.spacing_problems(small_book)
    assert len(problems) == 1 and problems[0].startswith(f"book/{edition}/demo.ipynb: a half-width space next to "
                                                         "{ref}`demo`, whose text is Chinese")


def test_the_spacing_check_leaves_other_languages_alone(small_book):
    from utils.book.editions import scaffold

    scaffold.new_edition("ja", "日本語", "ja", root=small_book)
    for edition in ("en", "ja"):
        sb.edit_prose(small_book, edition, add=" See（ {ref}`demo` ）.")
    assert spacing.spacing_problems(small_book) == []


def test_a_space_before_full_width_punctuation_after_a_role_is_found_whatever_follows():
    known = {"page": "`retain_graph` 之後"}  # a title that ends in Chinese
    assert spacing._bad_spaces("見{ref}`page` ，然後", known) == [(12, "{ref}`page`")]
    assert spacing._bad_spaces("見{ref}`page` x", known) == []


# ------------------------------------------------------------------ a new edition, as a draft

def test_a_new_edition_is_a_draft_that_reports_its_progress(small_book):
    from utils.book.editions import scaffold, sync

    written = scaffold.new_edition("ja", "日本語", "ja", "[\\u3040-\\u30ff]", small_book)
    assert [p.relative_to(small_book).as_posix() for p in written] == [
        "_config.yml", "book/ja/demo.ipynb", "book/ja/preface.md"]
    assert config.editions(small_book)["ja"]["draft"] is True and config.drafts(small_book) == ["ja"]
    assert config.translations(small_book) == TRANSLATIONS and config.labels("ja", small_book) == config.labels("en")
    assert checks.all_problems(small_book) == []  # a draft: progress, not failures
    progress = scaffold.draft_progress(small_book)
    assert progress == ["ja (draft): 0 of 2 pages translated (0 of 7 texts); errors.yml 0 of 2, glossary.yml 0 of 3, "
                        "search_keywords.yml 0 of 1, messages 0 of 1; labels 0 of "
                        f"{len(config.labels('en'))}; remove 'draft: true' from its entry in _config.yml to hold "
                        "it to every check"]
    page = small_book / "book" / "ja" / "preface.md"
    page.write_text(f"<!-- translation-source: {text_hash(sb.PREFACE)} -->\n# 前書き\n\nこの本は計算グラフについて。\n",
                    encoding="utf-8")
    assert scaffold.draft_progress(small_book)[0].startswith("ja (draft): 1 of 2 pages translated (1 of 7 texts)")
    sync.sync_all(small_book)  # the draft is kept in step with English's code
    _set_prose(small_book, sb.PROSE + " More.")
    sync.sync_all(small_book)
    assert not [p for p in checks.all_problems(small_book) if "book/ja" in p]
    with pytest.raises(SystemExit, match="exists already"):
        scaffold.new_edition("ja", "日本語", "ja", root=small_book)
    cfg = small_book / "_config.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("    draft: true\n", ""), encoding="utf-8")
    config._load.cache_clear()
    problems = checks.all_problems(small_book)  # no longer a draft: every check holds
    assert any(p.startswith("book/ja/demo.ipynb: cell 0 (id title): not translated yet") for p in problems)
    assert any(p.startswith("book/glossary.yml: term 'computation graph': no ja form") for p in problems)
    assert any(p == "book/search_keywords.yml: demo: no ja text" for p in problems)


def test_the_new_edition_command_rewrites_the_error_index_explain_carries(monkeypatch, capsys):
    """autograd_book.explain refuses an edition its data (utils/autograd_book/explain_data.py) does not
    list: the command that adds the edition rewrites that data, as sync does, or make check fails
    (tests/test_companion.py) and explain(..., "ja") raises until someone runs make sync."""
    from utils.book import explain_data
    from utils.book.editions import cli

    calls = []
    monkeypatch.setattr(cli, "new_edition", lambda *a: calls.append(("new_edition", a)) or [])
    monkeypatch.setattr(explain_data, "write", lambda *a: calls.append(("write", a)) or True)
    cli.main(["new-edition", "ja", "--name", "日本語", "--language", "ja"])
    assert calls == [("new_edition", ("ja", "日本語", "ja", None)), ("write", ())]
    assert "wrote utils/autograd_book/explain_data.py" in capsys.readouterr().out


def test_a_draft_data_text_translated_from_an_older_english_fails(small_book):
    """A draft's missing keyword line is progress; its line stamped with an older English is stale,
    and its line stamped with today's English is in step."""
    from utils.book.editions import scaffold

    scaffold.new_edition("ja", "日本語", "ja", "[\\u3040-\\u30ff]", small_book)
    keywords = small_book / "book" / "search_keywords.yml"
    text = keywords.read_text(encoding="utf-8")
    line = f'    ja: "計算グラフ"\n    translated_from: {{'

    def stamped(english):
        keywords.write_text(text.replace("    translated_from: {", line, 1).replace(
            "translated_from: {", f'translated_from: {{ja: "{text_hash(english)}", ', 1), encoding="utf-8")
        return [p for p in checks.data_stamp_problems(small_book) if "search_keywords" in p]
    assert stamped(sb.ENTRY_EN) == []
    assert [p.split(" (")[0] for p in stamped("An older English.")] == [
        "book/search_keywords.yml: demo: its English changed since the ja translation"]


def test_a_draft_page_translated_from_an_older_english_fails(small_book):
    """A draft's untranslated texts are progress; a text it translated and English changed since is a
    failure, as in any edition (a page, a prose cell, a data entry)."""
    from utils.book.editions import scaffold

    scaffold.new_edition("ja", "日本語", "ja", "[\\u3040-\\u30ff]", small_book)
    sb.commit(small_book)
    page = small_book / "book" / "ja" / "preface.md"
    page.write_text(f"<!-- translation-source: {text_hash(sb.PREFACE)} -->\n# 前書き\n\nこの本は計算グラフについて。\n",
                    encoding="utf-8")
    path = small_book / "book" / "ja" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    cell = next(c for c in nb.cells if c.get("id") == "attributes")
    cell.source, cell.metadata["translation"] = "`torch.no_grad()` の下で作ったテンソルは記録されない。", {"source": text_hash(sb.PROSE)}
    notebooks.write_notebook(nb, path)
    keywords = small_book / "book" / "search_keywords.yml"
    data = yamlread.load(keywords.read_text(encoding="utf-8"))
    data["sections"]["demo"]["ja"] = "計算グラフ、記録されない"
    data["sections"]["demo"]["translated_from"]["ja"] = text_hash(data["sections"]["demo"]["en"])
    keywords.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert checks.all_problems(small_book) == []
    assert scaffold.draft_progress(small_book)[0].startswith("ja (draft): 1 of 2 pages translated (2 of 7 texts)")
    _set_prose(small_book, sb.PROSE.replace("invisible", "visible"))
    data["sections"]["demo"]["en"] += " tape"
    keywords.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (small_book / "book" / "en" / "preface.md").write_text(sb.PREFACE.replace("autograd graph", "autograd tape"),
                                                          encoding="utf-8")
    problems = [p for p in checks.all_problems(small_book) if "/ja/" in p]  # zh-hant and zh-hans: stale too
    assert len(problems) == 2, problems
    assert problems[0].startswith("book/ja/demo.ipynb: cell ") and "(id attributes): translates an older English" in problems[0]
    assert problems[1].startswith("book/ja/preface.md: translates an older book/en/preface.md")
    assert [p for p in checks.all_problems(small_book) if p.startswith("book/search_keywords.yml: demo: its English "
                                                                        "changed since the ja translation")]


# ------------------------------------------------------------------ the UI words of _config.yml

def _set_label(root, key: str, old: str, new: str) -> None:
    cfg = root / "_config.yml"
    text = cfg.read_text(encoding="utf-8")
    assert f'      {key}: "{old}"\n' in text
    cfg.write_text(text.replace(f'      {key}: "{old}"\n', f'      {key}: "{new}"\n', 1), encoding="utf-8")
    config._load.cache_clear()


def test_the_ui_labels_are_stamped_and_a_changed_english_label_is_stale(small_book):
    from utils.book.editions import labels

    assert labels.label_stamp_problems(small_book) == []
    sb.commit(small_book)
    english = config.labels("en", small_book)["answer_right"]
    _set_label(small_book, "answer_right", english, english.replace("Right", "Rigth"))  # a typo, committed
    sb.commit(small_book, "typo")
    assert len(restamp.restamp("labels", small_book, cells=["labels"]).done) == len(TRANSLATIONS)
    _set_label(small_book, "answer_right", english.replace("Right", "Rigth"), english)  # fixed: kept
    stale = labels.label_stamp_problems(small_book)
    assert len(stale) == len(TRANSLATIONS) and all("answer_right" in p and p.endswith("restamp labels") for p in stale)
    assert len(restamp.restamp("labels", small_book).done) == len(TRANSLATIONS)
    assert checks.all_problems(small_book) == []
    _set_label(small_book, "answer_right", english, "Wrong.")  # a change of meaning
    problems = checks.all_problems(small_book)
    assert len(problems) == len(TRANSLATIONS) and all(
        p.startswith(f"_config.yml: editions.{e}: its title and labels translate older English words")
        and "answer_right" in p and p.endswith("restamp labels --cell labels") for e, p in zip(TRANSLATIONS, problems))
    refused = restamp.restamp("labels", small_book)
    assert refused.done == [] and len(refused.refused) == len(TRANSLATIONS)
    assert len(restamp.restamp("labels", small_book, edition=TRANSLATIONS[0], cells=["labels"]).done) == 1
    assert len(checks.all_problems(small_book)) == len(TRANSLATIONS) - 1


@pytest.mark.parametrize("edition", TRANSLATIONS)  # each edition's labels, the last one too
def test_a_translated_label_that_drops_or_adds_a_format_field_is_named(small_book, edition):
    from utils.book.editions import labels

    assert labels.label_field_problems(small_book) == []
    english = config.labels("en", small_book)["error_historical"]
    assert "{library}" in english and "{until}" in english
    own = config.labels(edition, small_book)["error_historical"]
    cfg = small_book / "_config.yml"
    text = cfg.read_text(encoding="utf-8")
    cfg.write_text(text.replace(f'error_historical: "{own}"', f'error_historical: "{own.replace("{library}", "PyTorch")}"', 1),
                   encoding="utf-8")
    config._load.cache_clear()
    dropped = labels.label_field_problems(small_book)
    assert len(dropped) == 1 and f"editions.{edition}.labels.error_historical" in dropped[0] and "library" in dropped[0]
    assert any(p == dropped[0] for p in checks.all_problems(small_book))
    cfg.write_text(text.replace(f'error_historical: "{own}"', f'error_historical: "{own} {{release}}"', 1), encoding="utf-8")
    config._load.cache_clear()
    added = labels.label_field_problems(small_book)
    assert len(added) == 1 and "release" in added[0]


def test_sync_writes_the_folder_of_an_edition_entered_by_hand(small_book):
    from utils.book.editions import sync

    cfg = small_book / "_config.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8") + '  ja:\n    name: "日本語"\n    language: "ja"\n    draft: true\n',
                   encoding="utf-8")
    config._load.cache_clear()
    sync.sync_all(small_book)  # no FileNotFoundError: book/ja/ is written
    assert (small_book / "book" / "ja" / "demo.ipynb").exists()
    assert any(p == "book/ja: page 'preface' is in _toc.yml but missing from this edition"
               for p in checks.all_problems(small_book))  # a Markdown page is the translator's to write


@pytest.mark.parametrize("kind, group", [("alt", "image"), ("caption", "figure")])
def test_restamp_of_a_figure_text_finds_its_older_english_in_git(small_book, kind, group):
    english = sb.ALT if kind == "alt" else sb.CAPTION
    _notebook_meta(small_book, lambda m: m[group].update({kind: english.replace("graph", "grpah")}))
    assert len(restamp.restamp("demo", small_book, cells=["figure"]).done) == len(TRANSLATIONS)
    sb.commit(small_book)
    _notebook_meta(small_book, lambda m: m[group].update({kind: english}))  # the typo fixed
    assert len(restamp.restamp("demo", small_book).done) == len(TRANSLATIONS)
    assert checks.all_problems(small_book) == []


def test_export_of_a_chapter_in_step_is_empty_and_all_of_it_applies_back(small_book):
    sb.commit(small_book)
    assert translate.export_translation("demo", "zh-hans", small_book) == ""
    everything = translate.export_translation("demo", "zh-hans", small_book, only_todo=False)
    marks = [line for line in everything.splitlines() if line.startswith("<!-- ")]
    assert [m.split(" english:")[0] for m in marks] == [
        "<!-- cell: title", "<!-- cell: section", "<!-- cell: attributes", "<!-- cell: raise-section",
        "<!-- alt: figure", "<!-- caption: figure"]
    translated = everything.replace(sb.ALT, "替代文字。").replace(sb.CAPTION, "图注。").replace(sb.PROSE, "正文。") \
        .replace("# Demo", "# 示例").replace("## Under no_grad", "## 在 no_grad 之下").replace("## No grad_fn", "## 没有 grad_fn")
    assert translate.apply_translation("demo", "zh-hans", translated, small_book) == [
        "title", "section", "attributes", "raise-section", "figure", "figure"]
    figure = next(c for c in notebooks.read_notebook(small_book / "book" / "zh-hans" / "demo.ipynb").cells
                  if c.get("id") == "figure")
    assert figure.metadata["mystnb"]["image"]["alt"] == "替代文字。" and figure.metadata["mystnb"]["figure"]["caption"] == "图注。"
    assert checks.all_problems(small_book) == []


def test_an_edition_without_its_labels_stamp_is_named_and_restamp_writes_it(small_book):
    from utils.book.editions import labels

    cfg = small_book / "_config.yml"
    text = cfg.read_text(encoding="utf-8")
    stamp = f'    labels_from: "{labels.stamp_of(labels.english_words(config.editions(small_book)))}"\n'
    assert text.count(stamp) == len(TRANSLATIONS)
    cfg.write_text(text.replace(stamp, ""), encoding="utf-8")
    config._load.cache_clear()
    assert checks.all_problems(small_book) == [
        f"_config.yml: editions.{e}: its title and labels have no labels_from stamp; once they translate English's, "
        f"run: python -m utils.book.editions restamp labels --edition {e} --cell labels" for e in TRANSLATIONS]
    assert restamp.restamp("labels", small_book).done == []  # never translated as far as git knows: named only
    assert len(restamp.restamp("labels", small_book, cells=["labels"]).done) == len(TRANSLATIONS)
    assert cfg.read_text(encoding="utf-8") == text  # the line written back where it was, before labels:


def test_a_named_entry_restamps_its_case_lines_and_nothing_else():
    """--cell ID restamps the entry ID and its case lines (ID/SECTION), not another entry's."""
    decide = restamp._Decide("errors.yml", {"freed"}, restamp.Restamped())
    assert decide("w", "freed", "a", "b") and decide("w", "freed/rg-guide", "a", "b")
    assert not decide("w", "other", "a", "b") and not decide("w", "other/freed", "a", "b")


def test_restamp_leaves_a_translation_cell_whose_type_differs_from_the_english_one(small_book):
    # zh-hant's prose cell turned into a code cell (keeping its stamp): the typo fix restamps zh-hans
    # only; the cell of the wrong type is the check's problem, not a translation to mark current
    path = small_book / "book" / "zh-hant" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    i = next(i for i, c in enumerate(nb.cells) if c.get("id") == "attributes")
    code = nbformat.v4.new_code_cell(nb.cells[i].source)
    code.id, code.metadata = "attributes", nb.cells[i].metadata
    nb.cells[i] = code
    notebooks.write_notebook(nb, path)
    sb.commit(small_book)
    _set_prose(small_book, sb.PROSE.replace("teh", "the"))
    done = restamp.restamp("demo", small_book)
    assert done.done == ["zh-hans: attributes"] and done.refused == []
    cell = next(c for c in notebooks.read_notebook(path).cells if c.get("id") == "attributes")
    assert cell.metadata["translation"] == {"source": text_hash(sb.PROSE)}
