"""References that read as Chinese (utils/book/editions/refs.py): a bare {ref} whose title would melt
into a Chinese clause is rejected, as is the word 練習 before a reference to an exercise; a reference
that stands apart, or carries its own text, passes. The spacing rule around references: spacing.py."""
import pytest
from small_book import edit_prose

from utils.book.editions import checks, refs, spacing

EXERCISES = {"int-ex2"}


@pytest.mark.editions_check  # make check runs `editions check` instead (the same check)
def test_the_chinese_editions_have_no_melting_reference_and_no_doubled_exercise_word():
    assert refs.ref_problems() == []


@pytest.mark.parametrize("text", [
    "`.grad` 卻是 `None`，{ref}`pit-grad-none`列出了每一種原因。",       # the issue's own case
    "做法與{ref}`pit-target-outside-loop`相同。",                        # a Chinese character on each side
    "（下一章的{ref}`rg-two-losses`會量測）",                            # inside brackets, but in the clause
    "修正方法與{ref}`ddp-retain-graph` 相同。",                          # a space does not set it apart
    "見{ref}`int-version`和{ref}`int-saved`。",                         # both: 和 joins them into the clause
    "請看 {ref}`grad-nondiff`中的估計方式。",                             # after 請看, but 中的 follows
    "下一章{doc}`retain_graph`會解釋。",                                  # a page's title melts the same way
    "和{ref}`pit-grad-none`。",                                          # one character of a clause before it
    "1. {ref}`pit-grad-none`的說明。",                                   # a list item, but the clause goes on
    "見{ref}`pit-target`  相同。",                                      # two spaces, then the clause goes on
    "見{ref}`pit-target`   \t相同。",                                  # any run of spaces: the clause still follows
])
def test_a_bare_reference_inside_a_chinese_clause_is_rejected(text):
    assert refs.melting(text, EXERCISES)


@pytest.mark.parametrize("text", [
    "梯度消失了（{ref}`pit-grad-none`）。",                                # in parentheses
    "原因見{ref}`pit-grad-none`。",                                        # the 「見…」 construction
    "另见 {ref}`cf-ctx-attribute`，其余的情形",                             # 另见, then a comma
    "梯度出现 NaN 则另有一节：{ref}`dbg-anomaly-nan`。",                   # after a colon
    "- {ref}`pit-grad-none`\n- {ref}`pit-leaf-inplace`",                   # list items
    "| 症狀 | {ref}`rg-two-losses` |",                                      # a table cell
    "（{ref}`rg-gan`、{ref}`rg-guide`）",                                   # an enumeration
    "{ref}`int-ex2` 要你寫出這條規則。",                                   # an exercise renders as 練習 2
    "下一章的{ref}`「同一張計算圖上的兩個損失」一節 <rg-two-losses>`會量測。",  # its own text
    "做法与{ref}`这一节 <pit-target-outside-loop>`相同。",
    "```python\nx = 1  # 見{ref}`a`相同\n```",                             # code is not prose
    "\n- {ref}`pit-grad-none`",                                            # a list item after a line break
    "1. {ref}`pit-grad-none`\n2. {ref}`pit-leaf-inplace`",                 # numbered items
    "做法與{ref}`標題 <pit-target`相同。",                                  # an unclosed own text is not bare
])
def test_a_reference_that_stands_apart_or_has_its_own_text_passes(text):
    assert refs.melting(text, EXERCISES) == []


def test_a_melting_reference_is_reported_with_twelve_characters_before_it_and_two_after():
    assert refs.melting("一二三四五六七八九十甲乙丙丁做法與{ref}`pit-grad-none`相同的寫法。") == [
        "…六七八九十甲乙丙丁做法與{ref}`pit-grad-none`相同…"]


@pytest.mark.parametrize("text, found", [
    ("請試試練習 {ref}`int-ex2`。", 1),          # 「練習 練習 2」
    ("練習{ref}`int-ex2`。", 1),                 # at the very start of the text
    ("请试试练习{numref}`int-ex2`。", 1),
    ("Try exercise {ref}`int-ex2`.", 1),
    ("請試試{ref}`int-ex2`。", 0),
    ("請試試練習 {ref}`int-engine`。", 0),       # not an exercise: the word is not repeated
])
def test_the_word_exercise_before_a_reference_to_an_exercise_is_rejected(text, found):
    assert len(refs.doubled_exercise_words(text, EXERCISES)) == found


def test_exercise_labels_are_read_from_the_exercise_directive():
    text = ":::{exercise}\n:label: int-ex2\n:class: dropdown\nText\n:::\n\n:::{note}\n:label: not-one\n:::"
    assert refs.exercise_labels([text]) == {"int-ex2"}


@pytest.mark.parametrize("edition, want", [
    ("zh-hant", "做法與{ref}`「在迴圈外只算一次的目標值」一節 <pit-target>`相同；下一章的"
                "{ref}`「retain_graph 與 GAN」一節 <rg-gan>`會量測。"),
    ("zh-hans", "做法与{ref}`“在循环外只算一次的目标值”一节 <pit-target>`相同；下一章的"
                "{ref}`“‘能运行’：retain_graph 与 GAN”一节 <rg-gan>`会测量。"),
])
def test_a_melting_reference_is_given_its_own_text(edition, want):
    known = {"zh-hant": {"pit-target": "在迴圈外只算一次的目標值", "rg-gan": "`retain_graph` 與 GAN"},
             "zh-hans": {"pit-target": "在循环外只算一次的目标值", "rg-gan": "“能运行”：`retain_graph` 与 GAN"}}[edition]
    text = {"zh-hant": "做法與{ref}`pit-target` 相同；下一章的{ref}`rg-gan`一節會量測。",
            "zh-hans": "做法与{ref}`pit-target`相同；下一章的 {ref}`rg-gan`一节会测量。"}[edition]
    fixed = refs.with_own_text(text, edition, known)
    assert fixed == want
    assert refs.with_own_text("見下一章{doc}`retain_graph`的說明。", "zh-hant", {"retain_graph": "保留計算圖"}) == \
        "見下一章{doc}`「保留計算圖」一章 <retain_graph>`的說明。"
    assert refs.melting(fixed) == [] and spacing._bad_spaces(fixed, known) == []


def test_the_fix_drops_a_run_of_spaces_between_the_reference_and_the_clause():
    known = {"pit-target": "在迴圈外只算一次的目標值"}
    assert refs.with_own_text("見{ref}`pit-target`  相同。", "zh-hant", known) == \
        "見{ref}`「在迴圈外只算一次的目標值」一節 <pit-target>`相同。"
    assert refs.with_own_text("見{ref}`pit-target` 相同。", "zh-hant", known) == \
        "見{ref}`「在迴圈外只算一次的目標值」一節 <pit-target>`相同。"
    # before a Latin word the space is left as written (only a space before a Chinese character goes)
    assert refs.with_own_text("做法與{ref}`pit-target` GAN。", "zh-hant", known) == \
        "做法與{ref}`「在迴圈外只算一次的目標值」一節 <pit-target>` GAN。"


@pytest.mark.parametrize("text", [
    "原因見{ref}`pit-target`。",          # set apart: after 見, before 。
    "請試試{ref}`int-ex2`的寫法。",        # an exercise renders as 練習 2
])
def test_a_reference_that_does_not_melt_is_left_as_it_is(text):
    known = {"pit-target": "在迴圈外只算一次的目標值"}
    assert refs.with_own_text(text, "zh-hant", known, EXERCISES) == text
    # after 見 but inside the clause (相同 follows), it melts: given its own text
    assert refs.with_own_text("見{ref}`pit-target`相同。", "zh-hant", known, EXERCISES) == \
        "見{ref}`「在迴圈外只算一次的目標值」一節 <pit-target>`相同。"
    # one character of a clause before it, or a list item after a line break
    assert refs.with_own_text("和{ref}`pit-target`。", "zh-hant", known) == "和{ref}`「在迴圈外只算一次的目標值」一節 <pit-target>`。"
    assert refs.with_own_text("\n- {ref}`pit-target`", "zh-hant", known) == "\n- {ref}`pit-target`"
    # the space before it goes when a Chinese character precedes the space, whatever comes before that
    assert refs.with_own_text("a見 {ref}`pit-target`相同。", "zh-hant", known, EXERCISES) == \
        "a見{ref}`「在迴圈外只算一次的目標值」一節 <pit-target>`相同。"


def test_a_planted_melting_reference_and_a_doubled_exercise_word_are_rejected_by_the_check(small_book):
    for edition, see, word, clause in (("zh-hant", "見", "練習", "做法與{ref}`demo`相同。"),
                                       ("zh-hans", "见", "练习", "做法与{ref}`demo`相同。")):
        edit_prose(small_book, edition, add=f"\n\n:::{{exercise}}\n:label: demo-ex\n\n{word}。\n:::\n\n{see}{word} {{ref}}`demo-ex`。{clause}")
        problems = [p for p in checks.all_problems(small_book) if f"{edition}/demo.ipynb" in p]
        assert any("{ref}`demo-ex` follows the word 練習/练习" in p for p in problems), problems
        assert any(clause[:3] in p and "melts into the sentence" in p for p in problems), problems
    edit_prose(small_book, "en", add=" 做法與{ref}`demo`相同。")  # English is not held to the Chinese rule
    assert not [p for p in refs.ref_problems(small_book) if p.startswith("book/en/")]
    page = small_book / "book" / "zh-hant" / "preface.md"  # a Markdown page too
    page.write_text(page.read_text(encoding="utf-8") + "\n做法與{ref}`demo`相同。\n", encoding="utf-8")
    assert any(p.startswith("book/zh-hant/preface.md") and "melts" in p for p in refs.ref_problems(small_book))
    assert refs.fix(small_book) == 3  # the two chapters' cells and the page
    assert [p for p in refs.ref_problems(small_book) if "melts" in p] == []
    assert "做法與{ref}`「在 no_grad 之下」一節 <demo>`相同。" in page.read_text(encoding="utf-8")
    assert refs.fix(small_book) == 0


@pytest.mark.parametrize("text, problems", [
    ("見 {ref}`zh`。", "extra"),                 # a Chinese title: no space
    ("和{ref}`code`一樣。", "missing"),          # a title that starts and ends with code: a space, as for code
    ("和 {ref}`code` 一樣。", None),
    ("與{ref}`「計算圖」一節 <zh>`相同。", None),   # its own text, full-width at both ends
    ("與 {ref}`「計算圖」一節 <zh>`相同。", "extra"),
    ("见 {ref}`“计算图”一节 <zh>`。", "extra"),     # the Simplified quotes are full-width too
])
def test_one_spacing_rule_around_a_reference(text, problems):
    known = {"zh": "計算圖", "code": "`retain_graph`"}
    extra, missing = spacing._bad_spaces(text, known), spacing._missing_spaces(text, known)
    assert (bool(extra), bool(missing)) == (problems == "extra", problems == "missing")
    fixed = spacing.fixed(text, known)
    assert spacing._bad_spaces(fixed, known) == [] and spacing._missing_spaces(fixed, known) == []


@pytest.mark.parametrize("edition, drifting, kept", [
    ("zh-hans", "打包钩子", "pack 钩子"), ("zh-hant", "解包掛鉤", "unpack 掛鉤"),
    ("zh-hans", "局部梯度", "本地梯度"), ("zh-hant", "切線", "切向量"),
    ("zh-hant", "參考計數", "參照計數"), ("zh-hant", "歷史記錄", "歷史"), ("zh-hans", "历程", "历史"),
    ("zh-hans", "修好的版本", "修好的循环"), ("zh-hant", "向量與 Jacobian 矩陣的乘積", "向量 Jacobian 積"),
])
def test_the_glossary_keeps_one_word_for_each_drifting_term(edition, drifting, kept):
    """issue 34 item 4: the term check (terms.py) rejects the drifting word and passes the kept one."""
    from utils.book.editions.data import avoided_terms, load_glossary, load_wordings, uses_avoided

    avoid = avoided_terms(load_glossary(), edition, load_wordings())
    assert any(uses_avoided(f"這裡用{drifting}。", word, form) for word, _, form in avoid)
    assert not any(uses_avoided(f"這裡用{kept}。", word, form) for word, _, form in avoid)


def test_a_translation_in_another_language_is_not_held_to_the_chinese_rule(small_book):
    from test_editions import add_fourth_edition

    add_fourth_edition(small_book)  # 'ja', its pages copied from zh-hans
    edit_prose(small_book, "ja", add="做法与{ref}`demo`相同。")
    assert refs.chinese_editions(small_book) == ["zh-hant", "zh-hans"]
    assert not [p for p in refs.ref_problems(small_book) if p.startswith("book/ja/")]


def test_the_exercise_word_is_looked_for_in_the_twelve_characters_before_the_reference():
    # 'Exercise' and four spaces are 12 characters: right before it; with five, the word is too far
    assert refs.doubled_exercise_words("Exercise    {ref}`int-ex2`", EXERCISES) == ["{ref}`int-ex2`"]
    assert refs.doubled_exercise_words("Exercise     {ref}`int-ex2`", EXERCISES) == []


@pytest.mark.parametrize("text", [
    "做法與{ref}`pit-target`相同。",       # melts
    "見{ref}`pit-target`  相同。",         # two spaces, then the clause: both read past the spaces
    "原因見{ref}`pit-target`。",           # set apart
])
def test_the_fix_changes_exactly_the_references_the_check_reports(text):
    known = {"pit-target": "在迴圈外只算一次的目標值"}
    assert (refs.with_own_text(text, "zh-hant", known) != text) == bool(refs.melting(text))

