"""``{answer-check}``: a self-check box on the page (the reader's answer is checked by book/_static/book.js;
an expression, by book/_static/expression.js)."""
from __future__ import annotations

import ast
import html
import json

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.util import logging

from utils.book import config

logger = logging.getLogger(__name__)

KINDS = ("choice", "number", "set", "text", "expression")
EXPRESSION = "answer-check-expression"  # the class of an expression box until its exercise's forms fill it


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

    An answer that is a short Python expression (a one-line lambda, a one-line call): ``:kind:
    expression`` and nothing else. Its forms are not written here: the forms the exercise's judge
    accepted and its typical wrong answers with the judge's verdicts come from book/wrong_answers.json
    (tests/wrong_answers.py runs the judges on them), found by the label of the exercise around the box.
    """

    has_content = True
    option_spec = {"answer": str, "kind": lambda v: v.strip() if v.strip() in KINDS else
                   (_ for _ in ()).throw(ValueError(f"kind is one of {', '.join(KINDS)}")), "tolerance": float}

    def run(self):
        env = self.state.document.settings.env
        words = config.labels(env.config.book_edition or config.SOURCE)
        kind = self.options.get("kind", "choice")
        if kind == "expression":
            if "answer" in self.options or self.content:
                raise self.error("answer-check: an expression box takes no :answer: or choices: its forms come "
                                 "from book/wrong_answers.json (the judge's run), by the exercise's label")
            serial = env.new_serialno("answer-check")
            box = nodes.container(classes=[EXPRESSION])
            box["name"] = f"answer-{env.docname.replace('/', '-')}-{serial}"
            return [box]
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


def box_form(code: str) -> bool:
    """Whether a typical wrong answer can be typed in an expression box, and so shown by it: one
    expression on one line, or a function whose body is one ``return`` (``def f(x): return ...``, which
    the box reads as the lambda it is). Other code (statements, a class) is only in the fold."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    if len(tree.body) != 1:
        return False
    node = tree.body[0]
    if isinstance(node, ast.Expr):
        return "\n" not in code.strip()
    if not isinstance(node, ast.FunctionDef):
        return False
    args = node.args
    return (not node.decorator_list and node.returns is None and len(node.body) == 1
            and isinstance(node.body[0], ast.Return) and node.body[0].value is not None
            and not (args.posonlyargs or args.vararg or args.kwonlyargs or args.kwarg or args.defaults)
            and all(a.annotation is None for a in args.args))


def expression_forms(label: str, edition: str, data: dict) -> tuple[list[str], list[list[str]]]:
    """The forms an expression box of exercise ``label`` accepts, and its known wrong forms with the
    judge's verdict in ``edition``: [code, verdict] pairs."""
    accepted = data.get("accepted", {}).get(label, [])
    known = [[e["code"], e["verdict"].get(edition) or e["verdict"][config.SOURCE]]
             for e in data.get(label, []) if box_form(e["code"])]
    return accepted, known


def expression_box(name: str, accepted: list[str], known: list[list[str]], edition: str) -> list[nodes.Node]:
    words = config.labels(edition)
    attrs = {"class": "answer-check", "data-kind": "expression", "data-answers": json.dumps(accepted, ensure_ascii=False),
             "data-known": json.dumps(known, ensure_ascii=False), "data-right": words["answer_right"],
             "data-empty": words["answer_empty"], "data-unjudged": words["answer_unjudged"]}
    opening = "<div " + " ".join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items()) + "><form>"
    return [nodes.raw("", opening
                      + f'<label>{html.escape(words["answer_prompt"])} <input type="text" spellcheck="false" '
                        f'autocapitalize="off" autocorrect="off" name="{name}" autocomplete="off"></label>'
                      + f'<span class="answer-check-tolerance">{html.escape(words["answer_expression_note"])}</span>'
                      + f'<button type="submit">{html.escape(words["answer_check"])}</button>'
                        '<output class="answer-check-verdict" aria-live="polite"></output></form></div>', format="html")]


def fill_expression_boxes(app, doctree) -> None:
    """Each expression box gets its exercise's forms (the exercise node knows its label only once its
    content is parsed, so the box is filled here, after the page is read)."""
    from sphinx_exercise.nodes import exercise_enumerable_node, exercise_node

    from utils.book.sphinx_ext.issue_links import ancestors
    from utils.book.sphinx_ext.wrong_answers import DATA

    boxes = list(doctree.findall(lambda n: isinstance(n, nodes.container) and EXPRESSION in n["classes"]))
    if not boxes:
        return
    if app.builder.format != "html":  # the PDF prints the exercise; the box is the page's
        for box in boxes:
            box.parent.remove(box)
        return
    app.env.note_dependency(str(DATA))
    data = json.loads(DATA.read_text(encoding="utf-8"))
    edition = app.config.book_edition or config.SOURCE
    for box in boxes:
        exercise = next((a for a in ancestors(box) if isinstance(a, (exercise_enumerable_node, exercise_node))), None)
        label = exercise.get("label", "") if exercise is not None else ""
        accepted, known = expression_forms(label, edition, data)
        if not accepted:
            logger.warning(f"answer-check: an expression box needs its exercise's accepted forms in book/wrong_answers.json "
                           f"(exercise {label or 'none: the box is outside an exercise'}; an ACCEPTED table of "
                           "tests/test_exercises_*.py, then .venv/bin/python tests/wrong_answers.py)", location=box)
            box.parent.remove(box)
            continue
        box["classes"] = []
        box += expression_box(box["name"], accepted, known, edition)
