"""Bold lead-ins in the Chinese editions take the colon form (utils/book/editions/leadins.py):
「**症狀。** 在一個…」 is rejected, 「**症狀**：在一個…」 passes."""
import pytest

from utils.book import notebooks
from utils.book.editions import checks, leadins


@pytest.mark.editions_check  # make check runs `editions check` instead (the same check)
def test_no_english_form_lead_in_on_a_chinese_page():
    assert leadins.leadin_problems() == []


@pytest.mark.parametrize("text, found", [
    ("**症狀。** 在一個行程上", ["症狀"]),                                  # the English form
    ("**修正方法。**讓每個行程分到一樣多的批次", ["修正方法"]),               # without the space
    ("**该怎么做。**\n\n- 先看警告", ["该怎么做"]),                          # a label over a list
    ("- **某个进程的批量比较少。** 各进程", ["某个进程的批量比较少"]),        # a list item
    ("前文。\n\n**为 torch 1.x 写的代码，在 `zero_grad()` 之后改动 `.grad`。** 从", ["为 torch 1.x 写的代码，在 `zero_grad()` 之后改动 `.grad`"]),
    ("**症狀**：在一個行程上", []),                                         # the colon form
    ("**修复**：限制大小", []),
    ("**修正：掛鉤掛在參數上**。從 PyTorch 2.1 起", []),                     # a label with its own colon
    ("本書其餘的內容都源自這一點：**反向傳播釋放的是已儲存張量，而不是計算圖。**", []),  # emphasis in a sentence
    ("```text\n**x。** y\n```", []),                                        # a code fence
    ("~~~\n**x。** y\n~~~", []),                                            # a tilde fence
    ("~~~\n```\n~~~\n**甲。** 乙", ["甲"]),                                # a ``` inside ~~~ closes nothing
    ("**Symptom.** In a process", []),                                      # no 。: not this rule
])
def test_a_bold_lead_in_with_its_full_stop_inside_is_found(text, found):
    assert leadins.bad_leadins(text) == found


def test_a_planted_english_form_lead_in_is_rejected_and_the_colon_form_passes(small_book):
    for edition in ("zh-hant", "zh-hans"):  # each Chinese edition's pages are read
        path = small_book / "book" / edition / "demo.ipynb"
        nb = notebooks.read_notebook(path)
        i = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and "no_grad" in c.source)
        source = nb.cells[i].source
        nb.cells[i].source = source + "\n\n**症狀。** 第二次反向傳播失敗。"
        notebooks.write_notebook(nb, path)
        expected = (f"book/{edition}/demo.ipynb: cell {i} (id {nb.cells[i].get('id')}): the bold lead-in **症狀。** "
                    f"ends in 。 inside the bold; {leadins.FIX}: **症狀**：")
        assert [p for p in leadins.leadin_problems(small_book) if edition in p] == [expected]
        assert expected in checks.all_problems(small_book)  # editions check reports it
        nb.cells[i].source = source + "\n\n**症狀**：第二次反向傳播失敗。"  # the right form passes
        notebooks.write_notebook(nb, path)
        assert [p for p in leadins.leadin_problems(small_book) if edition in p] == []
