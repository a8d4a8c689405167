# The front door. `make` builds the whole handbook (every language: site, A4 and A5 books,
# each document alone in A5);
# `make test` runs every test. Both set up what they need: a .venv from the pinned
# requirements, and TeX, fonts and Chromium from Debian packages when missing.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HANDBOOK := $(BIN)/handbook
SYSDEPS := sh build_tools/system-deps.sh
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Options for the handbook command, e.g. HANDBOOK_FLAGS="--source other/source --translations other/translations".
HANDBOOK_FLAGS ?=
# The project's modules compiled to byte code once (only those changed since the last
# time). Where Python is told to write none (PYTHONDONTWRITEBYTECODE, as on some CI
# machines), every process a build or the tests start (a Sphinx run per language and
# builder, a handbook command) would otherwise compile them again, each time; Python
# still reads byte code it finds.
BYTECODE := $(BIN)/python -m compileall -q -j 0 build_tools
# Options for `make pdf` alone, e.g. PDF_FLAGS="--paper a5" or PDF_FLAGS="--document pzbs-alert-rules -l en".
PDF_FLAGS ?=
# The languages to build (default: every language of the manifest), e.g. LANGS="en pl": one CI job each.
LANGS ?=
LANG_FLAGS := $(foreach lang,$(LANGS),-l $(lang))
# The tests on JOBS pytest-xdist workers, each test file's tests on one worker
# (its module fixtures are made once); the real handbook's builds are shared
# between workers (tests/conftest.py). TEST_JOBS=0: one process, no workers.
TEST_JOBS ?= $(JOBS)
PYTEST_PARALLEL := $(if $(filter 0,$(TEST_JOBS)),-p no:xdist,-n $(TEST_JOBS) --dist loadscope --no-loadscope-reorder)
# The build folders `make merge` publishes as one site, e.g. MERGE="parts/en parts/pl".
MERGE ?=
# What the site's Ask page runs in the browser (Pyodide, js-yaml): npm installs the versions
# package-lock.json pins, from the registry, when they are missing or the lock changed.
NPM ?= npm
NODE_STAMP := node_modules/.installed

.DEFAULT_GOAL := all
.PHONY: all html pdf merge site check validate test test-fast fuzz serve i18n-update i18n-check bench bench-suite clean distclean venv help

help:  ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 16

all: $(STAMP) $(NODE_STAMP)  ## build everything: the site, and the A4 and A5 PDFs of every language (build/site, build/pdf)
	@$(SYSDEPS) tex
	@$(BYTECODE)
	$(HANDBOOK) build --jobs $(JOBS) $(LANG_FLAGS) $(HANDBOOK_FLAGS)

html: $(STAMP) $(NODE_STAMP)  ## build the websites only and publish build/site
	@$(BYTECODE)
	$(HANDBOOK) build --html --jobs $(JOBS) $(LANG_FLAGS) $(HANDBOOK_FLAGS)

pdf: $(STAMP)  ## build the PDFs only (build/pdf; PDF_FLAGS="--paper a5" or "--document ID -l LANG")
	@$(SYSDEPS) tex
	@$(BYTECODE)
	$(HANDBOOK) build --pdf --jobs $(JOBS) $(LANG_FLAGS) $(HANDBOOK_FLAGS) $(PDF_FLAGS)

merge: $(STAMP) $(NODE_STAMP)  ## publish build/site from other build folders, one language or more each (MERGE="parts/en parts/pl")
	@test -n "$(MERGE)" || { echo 'make merge: name the build folders, e.g. MERGE="parts/en parts/pl"' >&2; exit 2; }
	$(HANDBOOK) build $(foreach dir,$(MERGE),--merge $(dir)) $(HANDBOOK_FLAGS)

site: all

validate: $(STAMP)  ## check every YAML document against the schema
	$(HANDBOOK) validate $(HANDBOOK_FLAGS)

check: $(STAMP)  ## validate, check every auction example, and every example's verdicts against the rules
	$(HANDBOOK) check $(HANDBOOK_FLAGS)

test: $(STAMP) $(NODE_STAMP)  ## run every test (TeX and browser tests included), on every core
	@$(SYSDEPS) tex browser gettext
	@$(BYTECODE)
	$(BIN)/python -m pytest $(PYTEST_PARALLEL)

test-fast: $(STAMP)  ## the tests that need neither TeX nor a browser, on every core
	@$(SYSDEPS) gettext
	@$(BYTECODE)
	$(BIN)/python -m pytest $(PYTEST_PARALLEL) -m "not tex and not browser"

serve: $(STAMP) $(NODE_STAMP)  ## preview one language's site while editing: rebuilt and reloaded at every save (SERVE_FLAGS="-l en --document ID")
	@$(BYTECODE)
	$(HANDBOOK) serve $(SERVE_FLAGS) $(HANDBOOK_FLAGS)

# The property tests' budget in `make fuzz`: this many times the examples each asks for.
FUZZ_FACTOR ?= 10

fuzz: $(STAMP)  ## the property tests with random inputs, FUZZ_FACTOR (10) times their examples; failures kept in .hypothesis/
	@$(SYSDEPS) gettext
	FUZZ_FACTOR=$(FUZZ_FACTOR) PYTHONPATH=tests $(BIN)/python -m pytest -p fuzz_plugin -m "not tex and not browser" -q $(FUZZ_FLAGS)

i18n-update: $(STAMP)  ## merge new and changed source texts into the catalogs (GNU msgmerge)
	@$(SYSDEPS) gettext
	$(HANDBOOK) i18n update

i18n-check: $(STAMP)  ## translation status and translator lint
	$(HANDBOOK) i18n check

bench: $(STAMP) $(NODE_STAMP)  ## benchmarks: pipeline vs plain Sphinx, rebuilds, PDFs, model, the Ask page, then the suite (BENCH_QUICK=1: smoke run)
	@$(BYTECODE)
	$(BIN)/python bench/run.py $(BENCH_FLAGS)
	@[ -n "$(BENCH_QUICK)" ] && [ "$(BENCH_QUICK)" != 0 ] || $(MAKE) --no-print-directory bench-suite

bench-suite: $(STAMP)  ## the suite alone on a fresh clone (.ci/run, CI_LOAD=0) and its line coverage against bench/suite-coverage-before.json
	PYTEST_PARALLEL="$(PYTEST_PARALLEL)" $(BIN)/python bench/suite.py

venv: $(STAMP)  ## create or refresh .venv

# The venv is rebuilt when the pinned requirements or the project change.
$(STAMP): requirements.txt pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "make: $(PYTHON) not found (Python 3.11 or newer is needed)" >&2; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "make: Python 3.11 or newer is needed" >&2; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $@

# The Ask page's packages, installed exactly as the lock file pins them (npm ci).
$(NODE_STAMP): package.json package-lock.json
	@command -v $(NPM) >/dev/null || { echo "make: npm not found (Node.js 18 or newer installs the Ask page's Pyodide from the npm registry)" >&2; exit 1; }
	$(NPM) ci --no-audit --no-fund --ignore-scripts
	@touch $@

clean:  ## remove everything generated (build/)
	rm -rf build

distclean: clean  ## also remove the virtual environment and the npm packages
	rm -rf $(VENV) *.egg-info node_modules
