#!/usr/bin/env bash
# Validate every English chapter on a CUDA machine whose python3 already has a
# CUDA build of torch (nothing is fetched there). utils/ goes on PYTHONPATH for the package
# autograd_book (utils/autograd_book/); the checkout root for the tools (utils.book).
#
#   bash .ci/cuda-validate.sh --download   # HERE, with network: wheels for that machine into .whl/
#   bash .ci/cuda-validate.sh              # THERE: install .whl/, run unit tests and nbval on CUDA
#
# The outputs stored in the notebooks come from the CPU build of the torch that
# requirements.txt pins; nbval
# compares them with what CUDA produces, through tests/nbval_sanitize.cfg.
# A different torch version there fails the preface's version cell (and any
# cell whose message changed): the report says which.
# What each cell does differently on CUDA, and how it is handled: .ci/cuda-review.md
# (tests/test_cuda_review.py keeps it naming every cell that uses a device API).
set -uo pipefail
cd "$(dirname "$0")/.."
# The test packages, at the versions requirements.txt pins (the one place versions are written);
# matplotlib too: nbval compares the figures' SVG, which another matplotlib draws differently.
PKGS=$(grep -iE '^(nbval|nbformat|nbclient|ipykernel|myst-nb|OpenCC|jieba|PyYAML|matplotlib|matplotlib-inline)==' requirements.txt | tr '\n' ' ')
if [ "${1:-}" = "--download" ]; then
  grep -qx '/.whl/' .git/info/exclude 2>/dev/null || echo '/.whl/' >> .git/info/exclude
  python3 -m pip download --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    -d .whl $PKGS
  exit $?
fi
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --find-links .whl --target /tmp/book-site $PKGS || exit 1
  export PYTHONPATH="/tmp/book-site:$PWD/utils:$PWD${PYTHONPATH:+:$PYTHONPATH}"
else
  export PYTHONPATH="$PWD/utils:$PWD${PYTHONPATH:+:$PYTHONPATH}"
fi
python3 -c 'import torch, sys; print("torch", torch.__version__, "cuda", torch.cuda.is_available()); sys.exit(0 if torch.cuda.is_available() else "no GPU visible")' || exit 1
python3 -m ipykernel install --user --name python3 >/dev/null
export BOOK_DEVICE=cuda PYTHONHASHSEED=0
mkdir -p "${OUT:-/tmp}"
python3 -m pytest -p no:cacheprovider -o addopts= tests/test_autograd_tools.py tests/test_measure_and_exercises.py tests/test_setup.py -q 2>&1 | tee "${OUT:-/tmp}/cuda-unit.log"
unit=${PIPESTATUS[0]}
python3 -m pytest -p no:cacheprovider -o addopts= --nbval --nbval-current-env \
  --nbval-sanitize-with tests/nbval_sanitize.cfg book/en -q 2>&1 | tee "${OUT:-/tmp}/cuda-nbval.log"
nb=${PIPESTATUS[0]}
echo "unit tests exit $unit, nbval exit $nb"
[ "$unit" = 0 ] && [ "$nb" = 0 ]
