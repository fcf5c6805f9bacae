"""Sphinx extension of the book: edition switcher, hreflang links, glossary table.

utils/book/build.py sets ``book_edition`` for each edition's build; the list of
editions and the glossary come from ``_config.yml`` and ``book/glossary.yml``.
"""
from __future__ import annotations

import html
import json
import posixpath
import re
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive

from utils.book import config
from utils.book.editions.data import load_errors, load_glossary

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "book" / "_static"
LOCALES = ROOT / "book" / "_locales"  # our gettext catalogs: theme words, sphinx-exercise's zh_TW


def load_editions() -> dict:
    return config.editions()


class DataDirective(Directive):
    """A directive that renders a data file of book/ in the edition being built."""

    has_content = False
    data_file = ""

    def edition(self) -> str:
        env = self.state.document.settings.env
        env.note_dependency(str(ROOT / "book" / self.data_file))  # rebuild the page when the data changes
        return env.config.book_edition or "en"


def edition_links(edition: str, pagename: str) -> list[tuple[str, str, str, str]]:
    """(key, name, hreflang, relative URL) of ``pagename`` in every edition."""
    depth = pagename.count("/") + 1  # out of the page's folder, then out of the edition
    up = "../" * depth
    return [
        (key, ed["name"], ed["hreflang"], posixpath.join(up, key, pagename + ".html"))
        for key, ed in load_editions().items()
    ]


def switcher_html(edition: str, pagename: str) -> str:
    items = []
    for key, name, lang, url in edition_links(edition, pagename):
        if key == edition:
            items.append(f'<strong aria-current="page" lang="{lang}">{html.escape(name)}</strong>')
        else:
            items.append(f'<a href="{url}" hreflang="{lang}" lang="{lang}">{html.escape(name)}</a>')
    label = config.labels(edition)["switcher"]
    return (f'<nav class="edition-switcher" aria-label="{label}"><span>{label}{config.labels(edition)["colon"].strip()}</span> '
            + " · ".join(items) + "</nav>\n")


def _is_thebe(asset) -> bool:
    text = f"{getattr(asset, 'filename', '') or ''} {getattr(asset, 'attributes', {}).get('body', '')}"
    return "thebe" in text.lower()


def _drop_thebe(app, pagename, templatename, context, doctree):
    """The book has no live-code cells: drop Thebe's scripts, which Jupyter Book
    1.0.4 includes twice (a console error) and which point at a CDN."""
    if app.config.book_stock:
        return
    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [a for a in context[key] if not _is_thebe(a)]


def _page_context(app, pagename, templatename, context, doctree):
    edition = app.config.book_edition
    if not edition or doctree is None:
        return
    context["body"] = switcher_html(edition, pagename) + context.get("body", "")
    alternates = "".join(
        f'<link rel="alternate" hreflang="{lang}" href="{url}" />\n'
        for _key, _name, lang, url in edition_links(edition, pagename)
    )
    context["metatags"] = context.get("metatags", "") + alternates


class GlossaryTable(DataDirective):
    """``{book-glossary}``: the glossary as a table, from book/glossary.yml: a column per
    edition (headed by its name, each cell marked with its language) and the wordings the
    edition being built avoids."""

    data_file = "glossary.yml"

    def run(self):
        edition = self.edition()
        eds = config.editions()
        glossary = load_glossary()
        # The avoided wordings of the edition being built, in a column of their own if it has any.
        has_avoid = any(term.get("avoid", {}).get(edition) for term in glossary)
        heads = [(ed["name"], ed["hreflang"]) for ed in eds.values()]
        heads += [(config.labels(edition)["glossary_avoid"], None)] if has_avoid else []
        # Given widths: LaTeX then wraps each column (p{} columns) instead of running off the page.
        table = nodes.table(classes=["book-glossary", "colwidths-given"])
        group = nodes.tgroup(cols=len(heads))
        table += group
        for _ in heads:
            group += nodes.colspec(colwidth=1)
        thead = nodes.thead()
        group += thead
        thead += self._row(heads)
        tbody = nodes.tbody()
        group += tbody
        sep = ", " if edition == config.SOURCE else "、"
        for term in glossary:
            avoid = sep.join(term.get("avoid", {}).get(edition, []))
            tbody += self._row([(term.get(key, ""), ed["hreflang"]) for key, ed in eds.items()]
                               + ([(avoid, eds[edition]["hreflang"])] if has_avoid else []))
        return [table]

    @staticmethod
    def _row(cells):
        row = nodes.row()
        for text, lang in cells:
            # docutils writes a class "language-X" as the attribute lang="X"
            entry = nodes.entry(classes=[f"language-{lang}"] if lang else [])
            entry += nodes.paragraph(text=text)
            row += entry
        return row


class ErrorIndex(DataDirective):
    """``{error-index}``: every autograd error message, from book/errors.yml, linked to its section."""

    data_file = "errors.yml"

    def run(self):
        from sphinx import addnodes

        env = self.state.document.settings.env
        edition = self.edition()
        words = config.labels(edition)
        result = [self.paste_box(words)]
        for entry in load_errors():
            section = nodes.container(ids=[f"error-{entry['id']}"], classes=["error-entry"])
            # The message as text, not code: the search index finds it in every edition.
            message = nodes.paragraph(classes=["error-message"])
            message += nodes.strong(text=entry["message"])
            section += message
            section += nodes.paragraph(text=entry["summary"].get(edition, entry["summary"]["en"]))
            where = nodes.paragraph()
            where += nodes.Text(f"{words['error_explained']}{words['colon']}")
            for i, label in enumerate([entry["section"], *entry.get("see_also", [])]):
                if i:
                    where += nodes.Text(" · ")  # the section first, then the see_also sections
                ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=label,
                                            refexplicit=False, refwarn=True, refdoc=env.docname)
                ref += nodes.inline(text=label)
                where += ref
            section += where
            if "historical" in entry:
                h = entry["historical"]
                section += nodes.paragraph(
                    text=f"{words['error_historical'].format(until=h['until'])}{words['full_stop']}"
                         f"{words['error_source']}{words['colon']}{h['source']}",
                    classes=["error-historical"])
            result.append(section)
        return result

    @staticmethod
    def paste_box(words: dict) -> nodes.raw:
        """The paste-your-error box (book/_static/search/paste.js; its data, _static/search/errors.js,
        is written by utils/book/search.py after the build)."""
        attr = lambda key: html.escape(words[key], quote=True)
        return nodes.raw("", (
            '<form class="error-paste" data-scripts="_static/search/errormatch.js _static/search/errors.js" '
            f'data-explained="{attr("error_explained")}" data-none="{attr("paste_none")}" '
            f'data-search="{attr("search_title")}">'
            f'<label for="error-paste-text">{attr("paste_label")}</label>'
            '<textarea id="error-paste-text" rows="5" spellcheck="false" autocomplete="off"></textarea>'
            f'<button type="submit">{attr("paste_button")}</button>'
            '<div class="error-paste-result" aria-live="polite"></div></form>'
            '<script src="_static/search/paste.js" defer></script>'), format="html")


def _add_static(app):
    if not app.config.book_stock:
        app.config.html_static_path.append(str(STATIC))
        app.add_css_file("book.css")
        app.add_js_file("book.js", defer="defer")
        # Paper: long lines wrap instead of being clipped; hidden code cells and solutions open.
        app.add_css_file("print.css", media="print")
        app.add_js_file("print.js")


def _edition_words(app, cfg):
    """The words of the edition being built where the libraries take them from settings, not
    catalogs: the author line, myst-nb's show/hide prompts and the search box's placeholder."""
    if not cfg.book_edition:
        return
    words = config.labels(cfg.book_edition)
    cfg.author = words["author"]
    cfg.nb_code_prompt_show = words["code_prompt_show"]
    cfg.nb_code_prompt_hide = words["code_prompt_hide"]
    # sphinx-togglebutton's hint on dropdowns (solutions): a setting, English unless set.
    cfg.togglebutton_hint = words["toggle_show"]
    cfg.togglebutton_hint_hide = words["toggle_hide"]
    if cfg.html_theme == "sphinx_book_theme":  # the placeholder is an option of that theme
        cfg.html_theme_options = {**cfg.html_theme_options, "search_bar_text": words["search_bar_text"]}
    # The PDF: Sphinx's LaTeX loads babel with "english" for zh (babel has no Chinese captions), so
    # the table of contents was headed "Contents"; babel sets captions at \begin{document}.
    if words["contents"] != config.labels(config.SOURCE)["contents"]:
        caption = "\\addto\\captionsenglish{\\renewcommand{\\contentsname}{%s}}" % words["contents"]
        cfg.latex_elements = {**cfg.latex_elements,
                              "preamble": cfg.latex_elements.get("preamble", "") + "\n" + caption + "\n"}


def compile_catalogs(folder: Path = LOCALES) -> None:
    """Write the .mo of every .po under ``folder`` that is newer (Sphinx does this for its own
    domain only, and only after extensions have registered theirs)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in folder.glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parts[-3])
            with mo.open("wb") as f:
                write_mo(f, catalog)


# Font Awesome: the theme loads all of it (fontawesome.js, 1.49 MB) to draw about fifteen icons.
# After the build, that file is replaced by the same icons' drawings, taken from that very file,
# and a few lines that turn <i class="fa-solid fa-NAME"> into inline SVG as its i2svg does. The
# theme has no setting to do without the file (its <script> tag is in its webpack macros).
FA_ICON = re.compile(r'[,{](?:"([a-z0-9-]+)"|([a-z0-9-]+)):\[(\d+),(\d+),\[([^\]]*)\],"[0-9a-f]+","([^"]+)"\]')
FA_CLASS = re.compile(r"\bfa-([a-z0-9-]+)")
FA_NOT_ICONS = {"solid", "regular", "brands", "lg", "xs", "sm", "xl", "2x", "3x", "fw", "spin", "pulse"}


def fontawesome_solid_icons(source: str) -> dict[str, tuple[int, int, str]]:
    """{name: (width, height, path)} of every icon of the Solid pack in ``source``
    (the theme's fontawesome.js), aliases included."""
    start = source.index('var p={0:[')  # the Solid pack is the one whose first icon is the digit 0
    end = source.index('d("fas",p)', start)
    icons = {}
    for m in FA_ICON.finditer(source, start, end):
        name = m.group(1) or m.group(2)
        icons[name] = (int(m.group(3)), int(m.group(4)), m.group(6))
        for alias in re.findall(r'"([a-z0-9-]+)"', m.group(5)):
            icons.setdefault(alias, icons[name])
    return icons


def fontawesome_subset(used: set[str], source: str) -> str:
    icons = fontawesome_solid_icons(source)
    missing = sorted(used - set(icons))
    if missing:
        raise RuntimeError(f"Font Awesome icons used but not in the Solid pack: {missing}")
    table = json.dumps({name: icons[name] for name in sorted(used)}, separators=(",", ":"))
    return (SUBSET_MARK + f" ({len(used)} icons; Font Awesome Free 6, icons CC BY 4.0, code MIT:"
            " https://fontawesome.com/license/free) */\n" + FA_SUBSET_JS.replace("ICONS", table))


SUBSET_MARK = "/* The site's Font Awesome subset, made by utils/book/sphinx_ext.py"
FA_SUBSET_JS = """(function () {
  var icons = ICONS, svgNS = "http://www.w3.org/2000/svg";
  function draw(el) {
    var name = null;
    el.classList.forEach(function (c) { if (c.indexOf("fa-") === 0 && icons[c.slice(3)]) name = c.slice(3); });
    if (!name || el.namespaceURI === svgNS) return;
    var icon = icons[name], svg = document.createElementNS(svgNS, "svg"), path = document.createElementNS(svgNS, "path");
    for (var i = 0; i < el.attributes.length; i++) svg.setAttribute(el.attributes[i].name, el.attributes[i].value);  // data-mode etc.
    svg.setAttribute("viewBox", "0 0 " + icon[0] + " " + icon[1]);
    svg.setAttribute("class", "svg-inline--fa " + el.getAttribute("class"));
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    path.setAttribute("fill", "currentColor");
    path.setAttribute("d", icon[2]);
    svg.appendChild(path);
    el.replaceWith(svg);
  }
  function drawAll(root) { root.querySelectorAll("i[class*='fa-'], span[class*='fa-']").forEach(draw); }
  function start() {
    drawAll(document);
    new MutationObserver(function (changes) {
      changes.forEach(function (c) { c.addedNodes.forEach(function (n) { if (n.nodeType === 1) { draw(n); drawAll(n); } }); });
    }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
"""


def _theme_fontawesome() -> Path:
    import pydata_sphinx_theme

    return Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / "scripts" / "fontawesome.js"


def icons_used(outdir: Path) -> set[str]:
    """The icon names in the built pages and in the scripts that add icons later."""
    used = set()
    files = list(outdir.glob("*.html")) + [outdir / "_static" / "scripts" / "pydata-sphinx-theme.js",
                                           outdir / "_static" / "scripts" / "sphinx-book-theme.js"]
    for f in files:
        if f.exists():
            used |= set(FA_CLASS.findall(f.read_text(encoding="utf-8", errors="replace")))
    return used - FA_NOT_ICONS


def _subset_fontawesome(app, exception):
    if exception or app.config.book_stock or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    target = outdir / "_static" / "scripts" / "fontawesome.js"
    if target.exists():
        source = _theme_fontawesome().read_text(encoding="utf-8")
        target.write_text(fontawesome_subset(icons_used(outdir), source), encoding="utf-8")


# Library words written in English outside any catalog, put through the catalogs of book/_locales
# (the edition's language; English keeps them as they are). The themes' templates are overridden
# in book/_templates/theme/ (sphinx-book-theme writes "Toggle primary sidebar", "Main", "Page" into
# them); the two below are written by Python or JavaScript, where no template or setting reaches.
MYST_NB_SUMMARY = '<summary aria-label="Toggle hidden content">'  # myst_nb/sphinx_.py, visit_HideCellInput


def _translate_hidden_cell_label(app, pagename, templatename, context, doctree):
    """myst-nb 1.4.0 writes the aria-label of a hidden cell's <summary> in its HTML writer,
    untranslated: replaced in the page body with the catalog's words."""
    from sphinx.locale import _

    if app.config.book_stock or "body" not in context:
        return
    label = html.escape(str(_("Toggle hidden content")), quote=True)
    context["body"] = context["body"].replace(MYST_NB_SUMMARY, f'<summary aria-label="{label}">')


COPYBUTTON_MESSAGES = "const messages = {\n"
COPYBUTTON_WORDS = {"copy": "Copy", "copy_to_clipboard": "Copy to clipboard", "copy_success": "Copied!",
                    "copy_failure": "Failed to copy"}


def copybutton_with_language(source: str, lang: str, words: dict[str, str]) -> str:
    """sphinx-copybutton 0.5.2's copybutton.js with ``words`` for ``lang`` (the page's <html lang>)
    added to its table, unless the table has that language already (it has zh-CN, not zh-TW)."""
    if f"'{lang}'" in source or f'"{lang}"' in source:
        return source
    if source.count(COPYBUTTON_MESSAGES) != 1:
        raise RuntimeError("copybutton.js has no `const messages = {` table: sphinx-copybutton changed; "
                           "see utils/book/sphinx_ext.py, copybutton_with_language")
    entry = f"  {json.dumps(lang)}: {json.dumps(words, ensure_ascii=False)},\n"
    return source.replace(COPYBUTTON_MESSAGES, COPYBUTTON_MESSAGES + entry)


def _translate_copybutton(app, exception):
    """sphinx-copybutton chooses its words by <html lang> from a table in its script, which has no
    zh-TW: the edition's words (catalogs of book/_locales) are added to the built script."""
    from sphinx.locale import _

    if exception or app.config.book_stock or app.builder.format != "html" or not app.config.language:
        return
    target = Path(app.outdir) / "_static" / "copybutton.js"
    lang = app.config.language.replace("_", "-")
    if target.exists() and lang != "en":
        words = {key: str(_(text)) for key, text in COPYBUTTON_WORDS.items()}
        target.write_text(copybutton_with_language(target.read_text(encoding="utf-8"), lang, words), encoding="utf-8")
    # sphinx-togglebutton 0.4.5's script writes the same English aria-label as myst-nb on each button.
    toggle = Path(app.outdir) / "_static" / "togglebutton.js"
    if toggle.exists() and lang != "en":
        label = html.escape(str(_("Toggle hidden content")), quote=True)
        text = toggle.read_text(encoding="utf-8")
        if f'aria-label="{label}"' in text:  # an incremental build keeps the script translated last time
            return
        if 'aria-label="Toggle hidden content"' not in text:
            raise RuntimeError("togglebutton.js changed: see utils/book/sphinx_ext.py, _translate_copybutton")
        toggle.write_text(text.replace('aria-label="Toggle hidden content"', f'aria-label="{label}"'), encoding="utf-8")


def _booktheme_words_first(app):
    """sphinx-book-theme's catalogs lack the launch button's words and its zh_CN one has Taiwan's
    列印 for "Print to PDF". Sphinx's add_message_catalog would make ours a fallback of the theme's
    (the first catalog registered wins, and the theme registers its own when it is loaded, before
    builder-inited): ours is put first instead, the theme's behind it."""
    import gettext

    from sphinx import locale

    language = app.config.language
    if app.config.book_stock or not language:
        return
    # The language alone: Python's gettext expands "zh" to zh_CN, so zh_TW would fall back to zh_CN.
    ours = gettext.translation("booktheme", str(LOCALES), languages=[language], fallback=True)
    theirs = locale.translators.get(("general", "booktheme"))
    if theirs is not None and theirs is not ours:
        ours.add_fallback(theirs)
    locale.translators[("general", "booktheme")] = ours


class AnswerCheck(Directive):
    """``{answer-check}``: the reader answers a choice or a number and checks it on the page.

    Choices, one per line of the content, ``key: text`` (the text is translated with the prose)::

        ```{answer-check}
        :answer: b
        a: the graph
        b: the saved tensors
        ```

    A number: ``:kind: number``, ``:answer: 4096`` (several answers: separated by ``|``),
    optional ``:tolerance: 0.5``. The button and verdicts are the edition's labels.
    """

    has_content = True
    option_spec = {"answer": str, "kind": lambda v: v.strip() if v.strip() in {"choice", "number"} else
                   (_ for _ in ()).throw(ValueError("kind is choice or number")), "tolerance": float}

    def run(self):
        env = self.state.document.settings.env
        words = config.labels(env.config.book_edition or config.SOURCE)
        kind = self.options.get("kind", "choice")
        if "answer" not in self.options:
            raise self.error("answer-check needs :answer:")
        answers = [a.strip() for a in self.options["answer"].split("|") if a.strip()]
        serial = env.new_serialno("answer-check")
        name = f"answer-{env.docname.replace('/', '-')}-{serial}"
        attrs = {"class": "answer-check", "data-kind": kind, "data-answers": json.dumps(answers),
                 "data-right": words["answer_right"], "data-wrong": words["answer_wrong"],
                 "data-empty": words["answer_empty"]}
        if "tolerance" in self.options:
            attrs["data-tolerance"] = str(self.options["tolerance"])
        if kind == "number":
            try:
                [float(a) for a in answers]
            except ValueError:
                raise self.error(f"answer-check: a number answer is not a number: {answers}") from None
        box = nodes.container()
        opening = "<div " + " ".join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items()) + "><form>"
        box += nodes.raw("", opening, format="html")
        if kind == "choice":
            keys = []
            box += nodes.raw("", f'<fieldset><legend class="visually-hidden">{html.escape(words["answer_prompt"])}</legend>', format="html")
            for i, line in enumerate(l for l in self.content if l.strip()):
                key, sep, text = line.partition(":")
                if not sep:
                    raise self.error(f"answer-check: a choice is 'key: text', not {line!r}")
                key = key.strip()
                keys.append(key)
                box += nodes.raw("", f'<label><input type="radio" name="{name}" value="{html.escape(key, quote=True)}"> '
                                     f'{html.escape(key)}: ', format="html")
                inline, messages = self.state.inline_text(text.strip(), self.lineno + i)
                box += inline
                box += messages
                box += nodes.raw("", "</label>", format="html")
            box += nodes.raw("", "</fieldset>", format="html")
            if not set(answers) <= set(keys):
                raise self.error(f"answer-check: answers {answers} are not among the choices {keys}")
        else:
            box += nodes.raw("", f'<label>{html.escape(words["answer_prompt"])} <input type="text" inputmode="decimal" '
                                 f'name="{name}" autocomplete="off"></label>', format="html")
        box += nodes.raw("", f'<button type="submit">{html.escape(words["answer_check"])}</button>'
                             '<output class="answer-check-verdict" aria-live="polite"></output></form></div>', format="html")
        return [box]


def _disconnect_thebe(app, config):
    """Jupyter Book 1.0.4 always loads sphinx_thebe, which writes into every page a Thebe
    configuration naming an unrelated Binder repository (binder-examples/...) and adds its
    scripts. The book has no live code: take sphinx_thebe's event handlers off before the
    build starts (tests/test_colab.py checks that no page mentions Thebe or Binder)."""
    if config.book_stock:
        return
    for listeners in app.events.listeners.values():
        for listener in list(listeners):
            if getattr(listener.handler, "__module__", "") == "sphinx_thebe":
                app.disconnect(listener.id)


SEARCH_LABELS = ("search_title", "search_running", "search_none", "search_count", "search_error_entry",
                 "search_noscript")


def _book_search(app):
    """The book's search (utils/book/search.py, Pagefind) replaces Sphinx's: no searchindex.js is
    written, and search.html is the book's page (book/_templates/theme/book-search.html)."""
    if app.config.book_stock or app.builder.format != "html":
        return
    # The page extends sphinx-book-theme's page.html: a project on another theme (the answer-check
    # test's one-page project, on alabaster) keeps Sphinx's search page.
    if app.config.html_theme != "sphinx_book_theme":
        return
    app.builder.search = False
    app.config.html_additional_pages = {**app.config.html_additional_pages, "search": "book-search.html"}


def _search_page_words(app, pagename, templatename, context, doctree):
    if pagename == "search" and app.config.book_edition:
        words = config.labels(app.config.book_edition)
        context["book_search"] = {key: words[key] for key in SEARCH_LABELS}


def setup(app):
    app.add_config_value("book_edition", "", "html")
    app.add_config_value("book_stock", False, "html")  # the stock-theme build used for comparison
    app.connect("config-inited", _disconnect_thebe)
    app.connect("builder-inited", _add_static)
    app.connect("builder-inited", _book_search)
    app.connect("html-page-context", _search_page_words)
    # Before sphinx-togglebutton's config-inited handler (priority 500), which writes its hint into a script.
    app.connect("config-inited", _edition_words, priority=400)
    app.connect("build-finished", _subset_fontawesome)
    app.add_directive("answer-check", AnswerCheck)
    # sphinx-exercise has no zh_TW catalog ("exercise" domain): ours is used where it has none.
    compile_catalogs()
    app.add_message_catalog("exercise", str(LOCALES))
    app.connect("builder-inited", _booktheme_words_first)
    app.connect("html-page-context", _translate_hidden_cell_label)
    app.connect("build-finished", _translate_copybutton)
    app.connect("html-page-context", _page_context)
    app.connect("html-page-context", _drop_thebe, priority=900)
    app.add_directive("book-glossary", GlossaryTable)
    app.add_directive("error-index", ErrorIndex)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
