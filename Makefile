# The book's commands. Each one sets up what it needs first.
#   make book     set up, then build all three editions into _build/html/
#   make test     set up, then run every test (unit tests, edition checks, nbval, the build)
#   make execute  re-execute the English chapters, write outputs back, sync the translations
#   make serve    serve _build/html on http://localhost:8000
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: setup book test execute sync check serve clean

setup: $(VENV)/.installed

$(VENV)/.installed: requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] >= (3, 10) else "Python 3.10 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@# Make the book's utils/ importable from every notebook's kernel.
	$(PY) -c 'import site, pathlib; pathlib.Path(site.getsitepackages()[0], "autograd_book_root.pth").write_text(str(pathlib.Path.cwd()) + "\n")'
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (ipykernel)" > /dev/null
	touch $@

book: setup
	$(PY) -m utils.build

test: setup
	$(PY) -m pytest

execute: setup
	$(PY) -m utils.notebooks execute $(NOTEBOOKS)

sync: setup
	$(PY) -m utils.editions sync

check: setup
	$(PY) -m utils.editions check

serve:
	$(PY) -m http.server --directory _build/html 8000

clean:
	rm -rf _build
