"""The CUDA review (.ci/cuda-review.md) names every code cell that uses a device-sensitive API."""
import shutil

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
    (root / ".ci").mkdir(exist_ok=True)
    shutil.copy(ROOT / cuda_review.REVIEW, root / cuda_review.REVIEW)
    return root


def test_a_planted_unlisted_device_cell_is_rejected(book_copy):
    root = _with_review(book_copy)
    path = root / "book" / "en" / "graph_basics.ipynb"
    nb = notebooks.read_notebook(path)
    for cell_id, code in (("planted-allocator", "print(torch.cuda.memory_allocated(device))"),
                          ("planted-plain", "print(1 + 1)")):
        cell = nbformat.v4.new_code_cell(code)
        cell["id"] = cell_id
        nb.cells.append(cell)
    notebooks.write_notebook(nb, path)
    problems = cuda_review.review_problems(root)
    assert any("graph_basics.ipynb: cell 'planted-allocator' uses 'cuda'" in p for p in problems)
    assert not any("planted-plain" in p for p in problems)
    # listed in a row of its chapter, it passes; listed under another chapter, it does not
    review = root / cuda_review.REVIEW
    text = review.read_text(encoding="utf-8")
    review.write_text(text + "| variable | `planted-allocator` | allocator | asserted |\n", encoding="utf-8")
    assert any("'planted-allocator'" in p for p in cuda_review.review_problems(root))
    review.write_text(text + "| graph_basics | `planted-allocator` | allocator | asserted |\n", encoding="utf-8")
    assert cuda_review.review_problems(root) == []


def test_a_row_naming_a_cell_that_is_gone_is_rejected(book_copy):
    root = _with_review(book_copy)
    review = root / cuda_review.REVIEW
    review.write_text(review.read_text(encoding="utf-8") + "| saved_memory | `no-such-cell` | x | y |\n",
                      encoding="utf-8")
    assert cuda_review.review_problems(root) == [
        f"{cuda_review.REVIEW}: names cell 'no-such-cell' of saved_memory, which has no such code cell"]


def test_a_missing_review_is_rejected(book_copy):
    assert cuda_review.review_problems(book_copy) == [f"{cuda_review.REVIEW}: missing"]
