"""A small synthetic book for the tools' tests: the live _config.yml (the editions), a _toc.yml of
two pages (the Markdown page ``preface`` and the chapter ``demo``), each translated and stamped,
a section ``demo-raise`` whose cells raise an error and print a warning, one entry in every data
file (errors.yml: a historical one and one that ``demo-raise`` raises; glossary.yml with two terms whose wordings to avoid
the term checks see and one ``wordings:`` entry, search_keywords.yml, a message catalog). A test plants its bad input here, so following a README workflow in the live book (a
new chapter ``hooks``, a new edition) cannot break it; ``commit`` makes it a git work tree, where
restamp finds the English a stamp names."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import nbformat

from utils.book import config, notebooks
from utils.book.editions import changes, scaffold
from utils.book.editions.data import text_hash

ROOT = Path(__file__).resolve().parents[1]
# The English of the chapter's prose cell: a typo to fix, a negation to flip, numbers to change.
PROSE = ("Tensors made under `torch.no_grad()` are invisible to autograd: teh graph is not recorded, "
         "so the memory increases by 10 MB, not 1024 bytes, and the result is correct.")
TRANSLATED = {"zh-hant": "在 `torch.no_grad()` 下建立的張量對自動微分不可見：不記錄計算圖。",
              "zh-hans": "在 `torch.no_grad()` 下创建的张量对自动求导不可见：不记录计算图。"}
ALT = "The graph of y = x * 2: one MulBackward0 node."
CAPTION = "The graph that y records."
TRANSLATED_FIGURE = {"zh-hant": ("y = x * 2 的計算圖。", "y 記錄的計算圖。"),
                     "zh-hans": ("y = x * 2 的计算图。", "y 记录的计算图。")}
PREFACE = "# Preface\n\nThis book is about the autograd graph.\n"
TRANSLATED_PAGE = {"zh-hant": "# 前言\n\n本書講自動微分的計算圖。\n", "zh-hans": "# 前言\n\n本书讲自动求导的计算图。\n"}
# A second section, whose cells raise an error and print a warning, for the error index's checks.
RAISED = "element 0 of tensors does not require grad and does not have a grad_fn"
WARNING = "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed."
RAISE_HEADING = {"en": "(demo-raise)=\n## No grad_fn", "zh-hant": "(demo-raise)=\n## 沒有 grad_fn",
                 "zh-hans": "(demo-raise)=\n## 没有 grad_fn"}
RAISED_EN = "The tensor has no grad_fn: nothing to differentiate."
RAISED_SUMMARY = {"zh-hant": "張量沒有 grad_fn：沒有可微分的東西。", "zh-hans": "张量没有 grad_fn：没有可求导的东西。"}
ENTRY_EN = "The graph was freed by the first backward."
ENTRY = {"zh-hant": "計算圖已由第一次反向傳播釋放。", "zh-hans": "计算图已由第一次反向传播释放。"}
TERM = {"en": "computation graph", "zh-hant": "計算圖", "zh-hans": "计算图"}
DEFINITION_EN = "The graph of the operations that made a tensor."
DEFINITION = {"zh-hant": "產生張量的運算所構成的圖。", "zh-hans": "产生张量的运算所构成的图。"}
# Terms with wordings to avoid, and a wording that is no term (glossary.yml ``wordings:``), for the
# term checks: (English, forms, avoid, English definition, translated definitions).
AVOIDING = [("memory", {"zh-hant": "記憶體", "zh-hans": "内存"}, {"zh-hant": ["內存"], "zh-hans": ["记忆体"]},
             "The space tensors occupy.", {"zh-hant": "張量佔用的空間。", "zh-hans": "张量占用的空间。"}),
            ("algorithm", {"zh-hant": "演算法", "zh-hans": "算法"}, {"zh-hant": ["算法"]},
             "A method for computing something.", {"zh-hant": "算出某個結果的方法。", "zh-hans": "算出某个结果的方法。"})]
WORDING = ("ends at (a chain of nodes, a graph)", {"zh-hans": ["终止于"]})


EDITIONS = ("en", "zh-hant", "zh-hans")  # the small book's, whatever editions the live book has (a draft)
TRANSLATIONS = list(EDITIONS[1:])


def _config(root: Path) -> None:
    """The live _config.yml, as written, with only the small book's editions (``editions:`` is its
    last mapping: each edition a block that starts at two spaces of indent)."""
    text = (ROOT / "_config.yml").read_text(encoding="utf-8")
    head, editions = text.split("\neditions:\n", 1)
    blocks = re.split(r"(?m)^(?=  [\w-]+:\s*$)", editions)
    kept = [b for b in blocks if re.match(r"  ([\w-]+):", b) and re.match(r"  ([\w-]+):", b).group(1) in EDITIONS]
    (root / "_config.yml").write_text(head + "\neditions:\n" + "".join(kept), encoding="utf-8")


def _stamps(text: str) -> str:
    return "{" + ", ".join(f'{e}: "{text_hash(text)}"' for e in TRANSLATIONS) + "}"


def _texts(english: str, translated: dict, indent: str) -> str:
    return "".join(f'{indent}{e}: "{t}"\n' for e, t in [("en", english), *translated.items()])


def _chapter(edition: str, root: Path):
    nb = scaffold.chapter_notebook("Demo", root)  # the title, the Colab setup cell, the device cell
    title = nb.cells[0]
    heading = "(demo)=\n## " + {"en": "Under no_grad", "zh-hant": "在 no_grad 之下", "zh-hans": "在 no_grad 之下"}[edition]
    prose = nbformat.v4.new_markdown_cell(PROSE if edition == "en" else TRANSLATED[edition])
    code = nbformat.v4.new_code_cell("y = 2\nprint(y)", execution_count=1,
                                     outputs=[nbformat.v4.new_output("stream", name="stdout", text="2\n")])
    prose.id, code.id = "attributes", "figure"
    alt, caption = (ALT, CAPTION) if edition == "en" else TRANSLATED_FIGURE[edition]
    code.metadata["mystnb"] = {"image": {"alt": alt}, "figure": {"caption": caption, "name": "demo-figure"}}
    section = nbformat.v4.new_markdown_cell(heading)
    section.id = "section"
    if edition != "en":
        title.source = {"zh-hant": "# 示範", "zh-hans": "# 示例"}[edition]
        title.metadata["translation"] = {"source": text_hash("# Demo")}
        section.metadata["translation"] = {"source": text_hash("(demo)=\n## Under no_grad")}
        prose.metadata["translation"] = {"source": text_hash(PROSE)}
        code.metadata["translation"] = {"alt_source": text_hash(ALT), "caption_source": text_hash(CAPTION)}
    raising = nbformat.v4.new_markdown_cell(RAISE_HEADING[edition])
    raising.id = "raise-section"
    if edition != "en":
        raising.metadata["translation"] = {"source": text_hash(RAISE_HEADING["en"])}
    error = nbformat.v4.new_code_cell(f"raise RuntimeError({RAISED!r})", execution_count=2, outputs=[
        nbformat.v4.new_output("error", ename="RuntimeError", evalue=RAISED, traceback=[])])
    error.id, error.metadata["tags"] = "raise", ["raises-exception"]
    warn = nbformat.v4.new_code_cell(f"print('UserWarning: ' + {WARNING!r})", execution_count=3, outputs=[
        nbformat.v4.new_output("stream", name="stdout", text=f"UserWarning: {WARNING}\n")])
    warn.id = "warn"
    nb.cells += [section, prose, code, raising, error, warn]
    return nb


def make(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "requirements.txt", root / "requirements.txt")
    _config(root)
    (root / "_toc.yml").write_text("format: jb-book\nroot: preface\nchapters:\n  - file: demo\n", encoding="utf-8")
    for edition in EDITIONS:
        folder = root / "book" / edition
        folder.mkdir(parents=True)
        notebooks.write_notebook(_chapter(edition, root), folder / "demo.ipynb")
        page = PREFACE if edition == "en" else (f"<!-- translation-source: {text_hash(PREFACE)} -->\n"
                                                 + TRANSLATED_PAGE[edition])
        (folder / "preface.md").write_text(page, encoding="utf-8")
    book = root / "book"
    (book / "errors.yml").write_text(
        "# Data of the error index page (the small book's).\nerrors:\n  - id: freed\n    message: \"Trying to backward through the graph a second time\"\n"
        "    historical: {until: \"1.0\", source: {en: \"a test\", zh-hant: \"一個測試\", zh-hans: \"一个测试\", translated_from: " + _stamps("a test") + "}}\n    section: demo\n    summary:\n" + _texts(ENTRY_EN, ENTRY, "      ")
        + f"    translated_from: {_stamps(ENTRY_EN)}\n"
        f"  - id: no-grad-fn\n    message: \"{RAISED}\"\n    section: demo-raise\n    summary:\n"
        + _texts(RAISED_EN, RAISED_SUMMARY, "      ") + f"    translated_from: {_stamps(RAISED_EN)}\n", encoding="utf-8")
    terms = [(TERM["en"], {e: TERM[e] for e in TRANSLATIONS}, {}, DEFINITION_EN, DEFINITION), *AVOIDING]
    (book / "glossary.yml").write_text("terms:\n" + "".join(
        "  - " + _texts(en, forms, "    ")[4:]
        + ("    avoid:\n" + "".join(f"      {e}: [{', '.join(words)}]\n" for e, words in avoid.items()) if avoid else "")
        + f"    translated_from: {_stamps(en)}\n    definition:\n" + _texts(definition, defined, "      ")
        + f"      translated_from: {_stamps(definition)}\n" for en, forms, avoid, definition, defined in terms)
        + f"wordings:\n  - en: {WORDING[0]}\n    avoid: {{{', '.join(f'{e}: [{w[0]}]' for e, w in WORDING[1].items())}}}\n",
        encoding="utf-8")
    (book / "search_keywords.yml").write_text(
        "sections:\n  demo:\n" + _texts(ENTRY_EN, ENTRY, "    ") + f"    translated_from: {_stamps(ENTRY_EN)}\n",
        encoding="utf-8")
    catalogs = root / "utils" / "autograd_book" / "exercises" / "messages"
    catalogs.mkdir(parents=True)
    (catalogs / "demo.yml").write_text(
        "ex1.freed:\n" + _texts(ENTRY_EN, ENTRY, "  ") + f"  translated_from: {_stamps(ENTRY_EN)}\n", encoding="utf-8")
    return root


def edit_prose(root: Path, edition: str, add: str = "", text: str | None = None) -> Path:
    """Plant ``add`` at the end of the chapter's prose cell (id ``attributes``) in ``edition``, or
    put ``text`` in its place; the notebook's path."""
    path = root / "book" / edition / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    cell = next(c for c in nb.cells if c.get("id") == "attributes")
    cell.source = (cell.source if text is None else text) + add
    notebooks.write_notebook(nb, path)
    return path


# The error index page, as the live book has it (the site's search data links each message to its entry).
ERRORS_PAGE = {"en": "# Index of error messages\n", "zh-hant": "# 錯誤訊息索引\n", "zh-hans": "# 错误信息索引\n"}


def make_site(root: Path) -> Path:
    """The small book, ready to build as a site (utils.book.build.build_edition): the live book's
    static files and templates, a copy of the tools (the Sphinx extension reads the data of the book
    it sits in: config.ROOT) beside the small book's own message catalog, and an error index page
    after the chapter."""
    make(root)
    shutil.copytree(ROOT / "utils", root / "utils", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", "messages"))
    for name in ("_static", "_templates", "_locales"):
        shutil.copytree(ROOT / "book" / name, root / "book" / name)
    (root / "book" / "wrong_answers.json").write_text("{}\n", encoding="utf-8")  # no exercise: no folds
    (root / "_toc.yml").write_text((root / "_toc.yml").read_text(encoding="utf-8") + "  - file: errors\n", encoding="utf-8")
    for edition in EDITIONS:
        page = ERRORS_PAGE[edition] + "\n```{error-index}\n```\n"
        if edition != "en":
            page = f"<!-- translation-source: {text_hash(ERRORS_PAGE['en'] + chr(10) + '```{error-index}' + chr(10) + '```' + chr(10))} -->\n" + page
        (root / "book" / edition / "errors.md").write_text(page, encoding="utf-8")
    return root


def commit(root: Path, message: str = "base") -> Path:
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    if not (root / ".git").exists():
        subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", message], check=True)
    changes.committed_versions.cache_clear()  # the history read so far (cached per process) has grown
    return root
