# The book's commands. Each one sets up what it needs first.
#   make book     set up, then build all three editions into _build/html/
#   make test     set up, then run every test (unit tests, edition checks, nbval, the build)
#   make pdf      set up, then build the whole book as one PDF per edition into _build/pdf/
#   make execute  re-execute the English chapters, write outputs back, sync the translations
#   make serve    serve _build/html on http://localhost:8000
#   make check    the fast tier: edition and convention checks, unit tests (no nbval, no build);
#                 runs them all and reports every failure together
#   make bench    the measurements: page weight against a stock build, load times, nbval once
#                 vs every edition, build and rebuild times, and the spread of every glued
#                 figure re-executed 3 times under load
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: setup browser latex book pdf test execute sync check serve bench clean

# The install stamp is named by a hash of requirements.txt, not by file dates: a fresh clone with
# a copied venv does not reinstall, and a changed pin does. The venv finds the package
# autograd_book (utils/autograd_book/) through a .pth file holding the path of utils/ relative to
# site-packages, never an absolute one, so a venv copied with its checkout follows the copy.
REQ_HASH := $(shell $(PYTHON) -c 'import hashlib, pathlib; print(hashlib.sha256(pathlib.Path("requirements.txt").read_bytes()).hexdigest()[:16])')
STAMP := $(VENV)/.installed-$(REQ_HASH)

setup: $(STAMP)

# Where PYTHONDONTWRITEBYTECODE is set, every test run would compile utils/ again and pytest would
# rewrite every test module's asserts again (collection: about 6 CPU-s per process instead of 3.5,
# and each xdist worker collects). The test runs keep their bytecode under _build/pycache instead,
# never next to the sources; elsewhere Python's own __pycache__ folders serve.
ifneq ($(PYTHONDONTWRITEBYTECODE),)
PYCACHE := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/_build/pycache
endif

# A venv stamped by the old rule (.venv/.installed, newer than requirements.txt) is taken as
# installed, once: it is only given the relative .pth and kernel and the new stamp.
$(STAMP):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] >= (3, 10) else "Python 3.10 or newer is needed")'
	@if [ -x $(PY) ] && [ $(VENV)/.installed -nt requirements.txt ]; then \
	  echo "$(VENV): installed (stamped by date); re-stamping it by the hash of requirements.txt"; \
	else \
	  set -e; test -x $(PY) || $(PYTHON) -m venv $(VENV); \
	  $(PY) -m pip install --quiet --upgrade pip; \
	  $(PY) -m pip install --quiet -r requirements.txt; \
	  $(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (ipykernel)" > /dev/null; \
	fi
	$(PY) -m utils.book.package venv
	rm -f $(VENV)/.installed $(VENV)/.installed-*
	touch $@

book: setup
	$(PY) -m utils.book.build

# Spread over the cores by pytest-xdist; the tests of one file stay on one worker (a notebook's
# cells, a module's browser page), and the site is built once for all of them (tests/conftest.py).
# Files go to the workers longest first, in the order tests/conftest.py's run_order gives.
# WORKERS=N sets the number of workers (default: one per core). The 25 slowest tests are listed at the
# end (--durations), so that a CI log says where make test's time goes.
# One OpenMP thread per worker and per nbval kernel (unless OMP_NUM_THREADS is set), as make check:
# with torch's default (one thread per core) on cores the other worker already fills, the spinning
# threads cost far more than the work (pitfalls' retain-growth cell, alone at load 12 to 15:
# run(100) 25.6 and 14.8 CPU-s against 0.4 and 0.4). Cells that time or pick a kernel set their own count.
WORKERS ?= auto
test: setup browser latex
	$(PYCACHE) OMP_NUM_THREADS=$(or $(OMP_NUM_THREADS),1) $(PY) -m pytest -n $(WORKERS) --dist loadfile --no-loadscope-reorder -m "not bench" --durations=25

# The browser tests drive Debian's Chromium (never a downloaded browser); the paste
# box's matcher is tested under Node.js. In CI, or with BOOK_INSTALL_BROWSER=1, a
# missing one is installed; elsewhere those tests are skipped and say how to install
# it. In CI a skipped test fails (tests/no_skip_in_ci.py).
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v node >/dev/null 2>&1; then exit 0; fi; \
	if [ "$${CI:-}" = "true" ] || [ "$${BOOK_INSTALL_BROWSER:-}" = "1" ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "Chromium is missing and this user cannot install it: apt-get install chromium fonts-wqy-microhei"; exit 1; fi; \
	  echo "Installing Chromium and Node.js (Debian packages) for the browser tests and the paste box's matcher"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-wqy-microhei $$(command -v node >/dev/null || echo nodejs) >/dev/null; \
	else echo "Chromium or Node.js not found: those tests will be skipped (install: sudo apt-get install chromium fonts-wqy-microhei nodejs)"; fi

# The PDF needs xelatex, CJK fonts and poppler, all Debian packages (the list is in
# utils/book/pdf.py). In CI, or with BOOK_INSTALL_LATEX=1, missing ones are installed;
# elsewhere the PDF tests are skipped and say how to install them.
latex: setup
	@MISSING="$$($(PY) -m utils.book.pdf --missing-packages)"; if [ -z "$$MISSING" ]; then exit 0; fi; \
	if [ "$${CI:-}" = "true" ] || [ "$${BOOK_INSTALL_LATEX:-}" = "1" ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "Debian packages for the PDF are missing and this user cannot install them: apt-get install --no-install-recommends $$MISSING"; exit 1; fi; \
	  echo "Installing $$MISSING (Debian packages) for the PDF"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$MISSING >/dev/null; \
	else echo "The PDF needs Debian packages: its tests will be skipped (install: sudo apt-get install --no-install-recommends $$MISSING)"; fi

pdf: setup latex
	$(PY) -m utils.book.pdf

execute: setup
	$(PY) -m utils.book.notebooks execute $(NOTEBOOKS)
	$(PY) -m utils.book.editions sync

sync: setup
	$(PY) -m utils.book.editions sync

# The fast tier (no notebook execution, no site build, no browser): every edition and
# convention fault and every unit test, all run even when one fails, then reported together.
# Two pytest processes side by side, one per core, not pytest-xdist workers (each of which
# imports and collects every file): the files that import no torch (TORCH_FREE in
# tests/conftest.py) in one, `editions check` then every other file in the other; each prints
# its report when both are done. One OpenMP thread each (unless OMP_NUM_THREADS is set): torch's
# spinning threads on cores that are already full cost about a third more CPU.
# Each part's temporary files go to a folder of its own, removed at the end (--basetemp): by default
# every pytest run shares /tmp/pytest-of-USER and deletes its oldest runs there, the site that the
# last make test built included (thousands of files, seconds of a check's time).
check: setup
	@logs=$$(mktemp -d); \
	( $(PYCACHE) OMP_NUM_THREADS=$(or $(OMP_NUM_THREADS),1) $(PY) -m pytest -q -m "not slow and not editions_check" --part torch-free --basetemp=$$logs/tmp1 tests > $$logs/1 2>&1 \
	  || echo " 'unit tests (torch-free part)'" > $$logs/1.failed ) & \
	( $(PY) -m utils.book.editions check > $$logs/0 2>&1 || echo " 'editions check'" > $$logs/0.failed; \
	  $(PYCACHE) OMP_NUM_THREADS=$(or $(OMP_NUM_THREADS),1) $(PY) -m pytest -q -m "not slow and not editions_check" --part rest --basetemp=$$logs/tmp2 tests > $$logs/2 2>&1 \
	  || echo " 'unit tests (the rest)'" > $$logs/2.failed ) & \
	wait; cat $$logs/0 $$logs/1 $$logs/2; failed="$$(cat $$logs/*.failed 2>/dev/null | tr -d '\n')"; rm -rf $$logs; \
	if [ -n "$$failed" ]; then echo "make check: FAILED:$$failed (each reported above)"; exit 1; fi; \
	echo "make check: everything passed"

serve:
	$(PY) -m http.server --directory _build/html 8000

# The measurements reported in the issues: page weight against a stock build and load times
# (browser), nbval once vs every edition, build times, the spread of glued figures.
bench: setup browser
	$(PY) -m pytest -q -m bench tests
	$(PY) -m utils.book.bench_validation
	$(PY) -m utils.book.bench_site
	$(PY) -m utils.book.bench_figures

clean:
	rm -rf _build
