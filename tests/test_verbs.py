"""No English verb used as a Chinese verb in a Chinese message or page (utils/book/editions/verbs.py):
「请对优势 detach」 is rejected, 「请对优势调用 `detach()`」 passes."""
import pytest

from utils.book import notebooks
from utils.book.editions import checks, verbs



@pytest.mark.editions_check  # make check runs `editions check` instead (the same check)
def test_no_english_verb_in_a_chinese_message_or_page():
    assert verbs.catalog_problems() == []
    assert verbs.prose_problems() == []


@pytest.mark.parametrize("text, found", [
    ("计算演员的损失时，请对优势 detach", ["detach"]),
    ("請保存一份 clone", ["clone"]),
    ("这些损失不同（lr=0.5、10 步、每步都 zero_grad）", ["zero_grad"]),
    ("請先 retain 計算圖，再 step 一次", ["retain", "step"]),
    ("请对优势调用 `detach()`", []),                       # the code name as code, a Chinese verb
    ("每步都呼叫 optimizer.zero_grad() 與 `clone()`", []),  # a call, an attribute
    ("retain_graph=True 保留了計算圖", []),                  # part of a longer name
    ("把批次从计算图上分离（detach）", []),                  # a gloss
    ("报 「Trying to backward ... when you call .backward()」", []),  # quoted English
    ("doctor 執行了 {step}", []),                            # a format field
    ("Call detach() on it", []),                            # no Chinese: not a Chinese sentence
    ("丟出下列錯誤：\n\n- `You are attempting to call\n  Tensor.requires_grad_()`，以及 `x`", []),  # a code span over a line break
    ("丟出錯誤 `You are attempting\n\n請 call 它`", ["call"]),  # a blank line ends the paragraph, and the span
])
def test_a_bare_english_verb_in_a_chinese_sentence_is_found(text, found):
    assert verbs.english_verbs(text) == found


def test_a_planted_english_verb_is_rejected_in_a_catalog_and_in_a_page(small_book):
    catalog = small_book / "utils" / "autograd_book" / "exercises" / "messages" / "demo.yml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace('zh-hans: "', 'zh-hans: "请对优势 detach，', 1),
                       encoding="utf-8")
    assert any("demo.yml: ex1.freed: zh-hans: the English verb detach" in p for p in checks.data_stamp_problems(small_book))
    for edition in ("zh-hant", "zh-hans"):  # each Chinese edition's pages are read (the last one too)
        path = small_book / "book" / edition / "demo.ipynb"
        nb = notebooks.read_notebook(path)
        i = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and "no_grad" in c.source)
        nb.cells[i].source += "\n\n請每步都 zero_grad。"
        notebooks.write_notebook(nb, path)
        assert [p for p in verbs.prose_problems(small_book) if "zero_grad" in p and edition in p] == \
            [f"book/{edition}/demo.ipynb: cell {i} (id {nb.cells[i].get('id')}): the English verb zero_grad in a Chinese sentence"]
