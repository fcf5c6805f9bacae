"""The edition switcher at the top of every page and the hreflang links to the same page in
the other editions."""
from __future__ import annotations

import html
import posixpath

from utils.book import config


def edition_links(edition: str, pagename: str) -> list[tuple[str, str, str, str]]:
    """(key, name, hreflang, relative URL) of ``pagename`` in every edition."""
    depth = pagename.count("/") + 1  # out of the page's folder, then out of the edition
    up = "../" * depth
    return [
        (key, ed["name"], ed["hreflang"], posixpath.join(up, key, pagename + ".html"))
        for key, ed in config.editions().items()
    ]


def switcher_html(edition: str, pagename: str) -> str:
    items = []
    for key, name, lang, url in edition_links(edition, pagename):
        if key == edition:
            items.append(f'<strong aria-current="page" lang="{lang}">{html.escape(name)}</strong>')
        else:
            items.append(f'<a href="{url}" hreflang="{lang}" lang="{lang}">{html.escape(name)}</a>')
    words = config.labels(edition)
    label = words["switcher"]
    # The figure viewer's words (book.js), carried by the one element every page has.
    figure = " ".join(f'data-{key.replace("_", "-")}="{html.escape(words[key], quote=True)}"'
                      for key in ("figure_close", "figure_zoom"))
    return (f'<nav class="edition-switcher" aria-label="{label}" {figure}><span>{label}{config.labels(edition)["colon"].strip()}</span> '
            + " · ".join(items) + "</nav>\n")



def page_context(app, pagename, templatename, context, doctree):
    edition = app.config.book_edition
    if not edition or doctree is None:
        return
    context["body"] = switcher_html(edition, pagename) + context.get("body", "")
    alternates = "".join(
        f'<link rel="alternate" hreflang="{lang}" href="{url}" />\n'
        for _key, _name, lang, url in edition_links(edition, pagename)
    )
    context["metatags"] = context.get("metatags", "") + alternates


