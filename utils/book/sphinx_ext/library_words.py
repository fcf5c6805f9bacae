"""Words that libraries write in English outside any catalog, put through the catalogs of
book/_locales (the edition's language; English keeps them as they are). The themes' templates are
overridden in book/_templates/theme/ (sphinx-book-theme writes "Toggle primary sidebar", "Main",
"Page" into them); the three below are written by Python or JavaScript, where no template or
setting reaches."""
from __future__ import annotations

import html
import json
from pathlib import Path

from utils.book import config

# The versions these patches were written for (tests/test_sphinx_patches.py compares them with
# requirements.txt and with what is installed).
PATCHED = {"myst-nb": "1.4.0", "sphinx-copybutton": "0.5.2", "sphinx-togglebutton": "0.4.5"}
ENGLISH_LABEL = "Toggle hidden content"
# myst-nb's HTML writer (myst_nb/ext/..., visit_HideCellInput) and sphinx-togglebutton's script
# write this aria-label, untranslated.
MYST_NB_SUMMARY = f'<summary aria-label="{ENGLISH_LABEL}">'
TOGGLE_LABEL = f'aria-label="{ENGLISH_LABEL}"'
COPYBUTTON_MESSAGES = "const messages = {\n"
COPYBUTTON_WORDS = {"copy": "Copy", "copy_to_clipboard": "Copy to clipboard", "copy_success": "Copied!",
                    "copy_failure": "Failed to copy"}


# myst-nb's HideInputCells (myst_nb/sphinx_.py) puts one of these English words in place of "{type}" in
# the show/hide prompts of a hidden cell (the labels code_prompt_show/_hide): the whole cell, its
# source, its output, the outputs of a cell without source. The catalogs of book/_locales translate
# them under the msgid "myst-nb {type}: WORD"; an edition whose catalog lacks one keeps myst-nb's word.
PROMPT_TYPES = ("content", "source", "output", "outputs")
PROMPT_TITLE = '<p class="{state} admonition-title">{text}</p>'


def typed_prompts(body: str, prompts: list[str], words: dict[str, str]) -> str:
    """A page body whose hidden-cell prompts name the part they hide in ``words`` ({myst-nb's word:
    the edition's}), for each prompt (show, hide) that has a {type} field."""
    for prompt in prompts:
        if "{type}" not in prompt:
            continue
        for word in sorted(words, key=len, reverse=True):  # "outputs" before "output"
            for state in ("collapsed", "expanded"):
                mine = PROMPT_TITLE.format(state=state, text=html.escape(prompt.replace("{type}", word)))
                body = body.replace(mine, PROMPT_TITLE.format(
                    state=state, text=html.escape(prompt.replace("{type}", words[word]))))
    return body


def _source_language() -> str:
    return config.editions()[config.SOURCE]["language"]


def hidden_cell_label(body: str, label: str) -> str:
    """A page body whose hidden cells' <summary> carry ``label`` instead of myst-nb's English."""
    return body.replace(MYST_NB_SUMMARY, f'<summary aria-label="{html.escape(label, quote=True)}">')


def translate_hidden_cell_label(app, pagename, templatename, context, doctree):
    from sphinx.locale import _

    if app.config.book_stock or "body" not in context:
        return
    context["body"] = hidden_cell_label(context["body"], str(_(ENGLISH_LABEL)))
    msgids = {word: f"myst-nb {{type}}: {word}" for word in PROMPT_TYPES}
    words = {word: str(_(msgid)) for word, msgid in msgids.items() if str(_(msgid)) != msgid}
    if words:
        prompts = [app.config.nb_code_prompt_show, app.config.nb_code_prompt_hide]
        context["body"] = typed_prompts(context["body"], prompts, words)


def copybutton_with_language(source: str, lang: str, words: dict[str, str]) -> str:
    """sphinx-copybutton's copybutton.js with ``words`` for ``lang`` (the page's <html lang>)
    added to its table, unless the table has that language already (it has zh-CN, not zh-TW)."""
    if f"'{lang}'" in source or f'"{lang}"' in source:
        return source
    if source.count(COPYBUTTON_MESSAGES) != 1:
        raise RuntimeError("copybutton.js has no `const messages = {` table: sphinx-copybutton changed; "
                           "see utils/book/sphinx_ext/library_words.py, copybutton_with_language")
    entry = f"  {json.dumps(lang)}: {json.dumps(words, ensure_ascii=False)},\n"
    return source.replace(COPYBUTTON_MESSAGES, COPYBUTTON_MESSAGES + entry)


def togglebutton_with_label(source: str, label: str) -> str:
    """sphinx-togglebutton's togglebutton.js writing ``label`` as each button's aria-label."""
    want = f'aria-label="{html.escape(label, quote=True)}"'
    if want in source:  # an incremental build keeps the script translated last time
        return source
    if TOGGLE_LABEL not in source:
        raise RuntimeError("togglebutton.js changed: see utils/book/sphinx_ext/library_words.py, togglebutton_with_label")
    return source.replace(TOGGLE_LABEL, want)


def translate_scripts(app, exception):
    """The built copybutton.js and togglebutton.js in the edition's words."""
    from sphinx.locale import _

    if exception or app.config.book_stock or app.builder.format != "html" or not app.config.language:
        return
    lang = app.config.language.replace("_", "-")
    if lang == _source_language():
        return
    static = Path(app.outdir) / "_static"
    copy_js, toggle_js = static / "copybutton.js", static / "togglebutton.js"
    if copy_js.exists():
        words = {key: str(_(text)) for key, text in COPYBUTTON_WORDS.items()}
        copy_js.write_text(copybutton_with_language(copy_js.read_text(encoding="utf-8"), lang, words), encoding="utf-8")
    if toggle_js.exists():
        toggle_js.write_text(togglebutton_with_label(toggle_js.read_text(encoding="utf-8"), str(_(ENGLISH_LABEL))),
                             encoding="utf-8")
