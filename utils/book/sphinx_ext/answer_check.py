"""``{answer-check}``: a self-check box on the page (the reader's answer is checked by book/_static/book.js)."""
from __future__ import annotations

import html
import json

from docutils import nodes
from docutils.parsers.rst import Directive

from utils.book import config


KINDS = ("choice", "number", "set", "text")


def set_answer(answer: str) -> str:
    """A set's keys as the page compares them: sorted, joined by commas."""
    return ",".join(sorted(k.strip() for k in answer.split(",") if k.strip()))


class AnswerCheck(Directive):
    """``{answer-check}``: the reader answers a choice or a number and checks it on the page.

    Choices, one per line of the content, ``key: text`` (the text is translated with the prose)::

        ```{answer-check}
        :answer: b
        a: the graph
        b: the saved tensors
        ```

    A number: ``:kind: number``, ``:answer: 4096`` (several answers: separated by ``|``),
    optional ``:tolerance: 0.5``. Several choices at once (an answer that is a set): ``:kind: set``,
    the choices as above, ``:answer: a,c`` (the keys that make up the set, checkboxes on the page).
    A short expression (a name, a keyword): ``:kind: text``, ``:answer: static_graph``, compared
    without case, spaces or the quotes around it. The button and verdicts are the edition's labels.
    """

    has_content = True
    option_spec = {"answer": str, "kind": lambda v: v.strip() if v.strip() in KINDS else
                   (_ for _ in ()).throw(ValueError(f"kind is one of {', '.join(KINDS)}")), "tolerance": float}

    def run(self):
        env = self.state.document.settings.env
        words = config.labels(env.config.book_edition or config.SOURCE)
        kind = self.options.get("kind", "choice")
        if "answer" not in self.options:
            raise self.error("answer-check needs :answer:")
        answers = [a.strip() for a in self.options["answer"].split("|") if a.strip()]
        if kind == "set":
            answers = [set_answer(a) for a in answers]
        serial = env.new_serialno("answer-check")
        name = f"answer-{env.docname.replace('/', '-')}-{serial}"
        attrs = {"class": "answer-check", "data-kind": kind, "data-answers": json.dumps(answers),
                 "data-right": words["answer_right"], "data-wrong": words["answer_wrong"],
                 "data-empty": words["answer_empty"], "data-nan": words["answer_nan"]}
        tolerance = self.options.get("tolerance", 0.0)
        if tolerance:
            attrs["data-tolerance"] = f"{tolerance:g}"
            attrs["data-close"] = words["answer_close"].format(tolerance=f"{tolerance:g}")
        if kind == "number":
            try:
                [float(a) for a in answers]
            except ValueError:
                raise self.error(f"answer-check: a number answer is not a number: {answers}") from None
        box = nodes.container()
        opening = "<div " + " ".join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items()) + "><form>"
        box += nodes.raw("", opening, format="html")
        if kind in ("choice", "set"):
            keys = []
            button = "radio" if kind == "choice" else "checkbox"
            box += nodes.raw("", f'<fieldset><legend class="visually-hidden">{html.escape(words["answer_prompt"])}</legend>', format="html")
            for i, line in enumerate(l for l in self.content if l.strip()):
                key, sep, text = line.partition(":")
                if not sep:
                    raise self.error(f"answer-check: a choice is 'key: text', not {line!r}")
                key = key.strip()
                keys.append(key)
                box += nodes.raw("", f'<label><input type="{button}" name="{name}" value="{html.escape(key, quote=True)}"> '
                                     f'{html.escape(key)}: ', format="html")
                inline, messages = self.state.inline_text(text.strip(), self.lineno + i)
                box += inline
                box += messages
                box += nodes.raw("", "</label>", format="html")
            box += nodes.raw("", "</fieldset>", format="html")
            if not {k for a in answers for k in (a.split(",") if kind == "set" else [a])} <= set(keys):
                raise self.error(f"answer-check: answers {answers} are not among the choices {keys}")
        else:
            typing = 'inputmode="decimal"' if kind == "number" else 'spellcheck="false" autocapitalize="off"'
            box += nodes.raw("", f'<label>{html.escape(words["answer_prompt"])} <input type="text" {typing} '
                                 f'name="{name}" autocomplete="off"></label>', format="html")
            if tolerance:  # say how close is close enough, before the reader guesses the digits
                box += nodes.raw("", f'<span class="answer-check-tolerance">'
                                     f'{html.escape(words["answer_tolerance"].format(tolerance=f"{tolerance:g}"))}</span>', format="html")
        box += nodes.raw("", f'<button type="submit">{html.escape(words["answer_check"])}</button>'
                             '<output class="answer-check-verdict" aria-live="polite"></output></form></div>', format="html")
        return [box]

