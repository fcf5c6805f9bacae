"""The CUDA review (.ci/cuda-review.md) names every code cell that uses a device-sensitive API."""
import nbformat
import pytest

from utils.book import cuda_review, notebooks
from utils.book.config import ROOT


def test_every_device_sensitive_cell_is_in_the_cuda_review():
    assert cuda_review.review_problems() == []


@pytest.mark.parametrize("code", [
    "torch.cuda.memory_allocated()", "x = torch.ones(3, device=device)", "torch.cuda.max_memory_allocated()",
    "t.pin_memory()", "with torch.autograd.graph.save_on_cpu():", "torch.backends.cudnn.flags(enabled=False)",
    "torch.backends.cuda.matmul.allow_tf32 = True", "torch.set_float32_matmul_precision('high')",
    "with torch.autocast('cuda'):", "scaler = torch.amp.GradScaler()", "y.cpu().numpy()",
    "torch.use_deterministic_algorithms(True)", "torch.compile(f, backend='inductor')",
    "compare_times(methods)", "peak_allocated_bytes(step)",
])
def test_each_device_sensitive_api_is_recognised(code):
    assert cuda_review.SENSITIVE.search(code)


def test_code_without_a_device_api_is_not_required():
    for code in ("x = torch.ones(3, requires_grad=True)", "print(describe_graph(loss))", "deviceless = 1"):
        assert not cuda_review.SENSITIVE.search(code), code


def _with_review(root):
    """The small book (tests/small_book.py) with a review naming each of its device-sensitive cells
    (the device cell every chapter starts with)."""
    (root / ".ci").mkdir(exist_ok=True)
    rows = "".join(f"| {chapter} | `{cell}` | the device | asserted |\n"
                   for chapter, cell in sorted(cuda_review.sensitive_cells(root)))
    (root / cuda_review.REVIEW).write_text("| chapter | cells | what differs on CUDA | how it is handled |\n"
                                           "| --- | --- | --- | --- |\n" + rows, encoding="utf-8")
    assert rows and cuda_review.review_problems(root) == []
    return root


def test_a_planted_unlisted_device_cell_is_rejected(small_book):
    root = _with_review(small_book)
    path = root / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    for cell_id, code in (("planted-allocator", "print(torch.cuda.memory_allocated(device))"),
                          ("planted-plain", "print(1 + 1)")):
        cell = nbformat.v4.new_code_cell(code)
        cell["id"] = cell_id
        nb.cells.append(cell)
    notebooks.write_notebook(nb, path)
    problems = cuda_review.review_problems(root)
    assert any("demo.ipynb: cell 'planted-allocator' uses 'cuda'" in p for p in problems)
    assert not any("planted-plain" in p for p in problems)
    # listed in a row of its chapter, it passes; listed under another chapter, it does not
    review = root / cuda_review.REVIEW
    text = review.read_text(encoding="utf-8")
    review.write_text(text + "| other | `planted-allocator` | allocator | asserted |\n", encoding="utf-8")
    assert any("'planted-allocator'" in p for p in cuda_review.review_problems(root))
    review.write_text(text + "| demo | `planted-allocator` | allocator | asserted |\n", encoding="utf-8")
    assert cuda_review.review_problems(root) == []


def test_a_row_naming_a_cell_that_is_gone_is_rejected(small_book):
    root = _with_review(small_book)
    review = root / cuda_review.REVIEW
    review.write_text(review.read_text(encoding="utf-8") + "| demo | `no-such-cell` | x | y |\n",
                      encoding="utf-8")
    assert cuda_review.review_problems(root) == [
        f"{cuda_review.REVIEW}: names cell 'no-such-cell' of demo, which has no such code cell"]


def test_the_header_row_is_not_a_row_of_cells(small_book):
    """The table's header (first column 'chapter') names no cell, even with a column name in code."""
    root = _with_review(small_book)
    review = root / cuda_review.REVIEW
    review.write_text("| chapter | `cells` | what differs | how |\n" + review.read_text(encoding="utf-8"),
                      encoding="utf-8")
    assert ("chapter", "cells") not in cuda_review.reviewed_cells(root)
    assert cuda_review.review_problems(root) == []


def test_a_missing_review_is_rejected(small_book):
    assert cuda_review.review_problems(small_book) == [f"{cuda_review.REVIEW}: missing"]


SANITIZER = ROOT / "tests" / "nbval_sanitize.cfg"


def test_nbval_reads_every_sanitiser_rule_as_the_book_does():
    from nbval.plugin import get_sanitize_patterns

    text = SANITIZER.read_text(encoding="utf-8")
    assert cuda_review.sanitizer_problems(text) == []
    assert get_sanitize_patterns(text) == [(p.pattern, r) for p, r in notebooks.load_sanitizers(SANITIZER)]


def test_a_rule_nbval_would_skip_is_rejected():
    # "replace:" without its space: configparser reads an empty replacement, nbval skips the rule
    text = SANITIZER.read_text(encoding="utf-8").replace("replace: \n", "replace:\n")
    assert cuda_review.sanitizer_problems(text) == [
        "tests/nbval_sanitize.cfg: [cuda-device-in-tensor-repr] is not read by nbval (write 'regex: ...' and then "
        "'replace: ...' with a space after the colon, even for an empty replacement)"]


def test_nbval_s_rules_turn_a_cuda_output_into_the_stored_cpu_one():
    import re

    from nbval.plugin import get_sanitize_patterns

    cuda = ("tensor([1., 2.], device='cuda:0', requires_grad=True) | device(type='cuda', index=0) | cuda:0 | "
            "[torch.cuda.FloatTensor [3]] | <Node object at 0x7f3a2b1c4d50>")
    cpu = ("tensor([1., 2.], requires_grad=True) | device(type='cpu') | cpu | [torch.FloatTensor [3]] | "
           "<Node object at 0x…>")
    for pattern, replacement in get_sanitize_patterns(SANITIZER.read_text(encoding="utf-8")):
        cuda = re.sub(pattern, replacement, cuda)
    assert cuda == cpu
