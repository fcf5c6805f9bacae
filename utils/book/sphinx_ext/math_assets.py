"""MathJax only on the pages that have math (issue 33: 1.16 MB of tex-chtml.js on every page).

Sphinx 7.4's ``sphinx.ext.mathjax.install_mathjax`` adds MathJax to a page when
``MathDomain.has_equations(pagename)`` is true, and that counts the math of every page in the
page's toctree: the root page (the preface), whose toctree holds every chapter, loads MathJax
although it has none. After it (priority 501 > its 500), this handler takes MathJax's two scripts
(the ``window.MathJax = ...`` configuration and ``mathjax_path``) off a page whose own document has
no math. tests/test_build.py checks that the preface loads no MathJax and a chapter with math does.
"""
from __future__ import annotations


def _is_mathjax(asset, path: str) -> bool:
    filename = str(getattr(asset, "filename", asset) or "")
    body = (getattr(asset, "attributes", {}) or {}).get("body", "")
    # add_js_file writes a relative mathjax_path under _static/ ("_static/../../_vendor/...")
    return bool(path) and filename.endswith(path) or body.startswith("window.MathJax") or body.startswith("MathJax.Hub.Config")


def own_math_only(app, pagename, templatename, context, doctree):
    if app.builder.format != "html" or getattr(app.builder, "math_renderer_name", "") != "mathjax":
        return
    if app.env.get_domain("math").data["has_equations"].get(pagename, False):
        return
    if "script_files" in context:
        context["script_files"] = [a for a in context["script_files"] if not _is_mathjax(a, app.config.mathjax_path)]
