# Two commands a newcomer needs: `make run` and `make test`. Both build .venv from nothing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HASH := $(shell cat pyproject.toml | cksum | cut -d' ' -f1)

# Each target installs only what it uses: a player needs the program, not the tools that
# test and package it. Each set of extras has its own stamp, named by pyproject.toml's
# checksum, so a venv made by `make run` gets the test extra when `make test` follows, and
# an edited pyproject.toml installs again. A set's stamps include the smaller sets it holds.
PROGRAM := $(VENV)/.installed-program-$(HASH)
TESTING := $(VENV)/.installed-test-$(HASH)
FULL := $(VENV)/.installed-test+packaging-$(HASH)
MUTATION := $(VENV)/.installed-test+mutation-$(HASH)
EXTRAS_program :=
EXTRAS_test := [test]
EXTRAS_test+packaging := [test,packaging]
EXTRAS_test+mutation := [test,mutation]
HOLDS_program := $(PROGRAM)
HOLDS_test := $(PROGRAM) $(TESTING)
HOLDS_test+packaging := $(PROGRAM) $(TESTING) $(FULL)
HOLDS_test+mutation := $(PROGRAM) $(TESTING) $(MUTATION)

.PHONY: run test check lint bench dist mutants transcripts clean

$(VENV)/.installed-%-$(HASH): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".$(EXTRAS_$*)"
	find $(VENV) -maxdepth 1 -name '.installed-*' ! -name '*-$(HASH)' -delete
	touch $(HOLDS_$*)

run: $(PROGRAM)
	$(BIN)/mineboard play

# The suite runs on every core (pytest-xdist; PYTEST_JOBS=0: in one process), then the tests
# that hold a wall-clock budget (marked "timing") alone, with no other test on the cores. With
# PYTEST_ARGS naming some tests, either run may find none of its kind: that is no failure
# then; with none, each run must find tests (pytest's exit 5 fails).
PYTEST_JOBS ?= auto
XDIST = -n $(PYTEST_JOBS) --dist loadgroup
PYTEST = QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest
NONE_IS_FINE = $(if $(strip $(PYTEST_ARGS)),|| [ $$? -eq 5 ])

test: $(FULL)  # the whole suite, the desktop bundle's build included: what CI runs
	$(PYTEST) $(XDIST) -m "not timing" $(PYTEST_ARGS) $(NONE_IS_FINE)
	$(PYTEST) -m timing $(PYTEST_ARGS) $(NONE_IS_FINE)

check: $(TESTING)  # the quick loop while working: everything but the slow tests
	$(PYTEST) $(XDIST) -m "not slow and not timing" $(PYTEST_ARGS) $(NONE_IS_FINE)
	$(PYTEST) -m "timing and not slow" $(PYTEST_ARGS) $(NONE_IS_FINE)

lint: $(TESTING)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

bench: $(PROGRAM)
	QT_QPA_PLATFORM=offscreen $(BIN)/mineboard bench

dist: $(FULL)  # the wheel, the sdist and the desktop bundle (packaging/README.md)
	$(BIN)/python -m build --no-isolation --outdir dist .
	$(BIN)/python packaging/build.py --dist dist

# The demo boards' kept transcripts (tests/demo_transcripts.py): written again after a deliberate
# change to what the engine says or does; read the diff before committing it.
transcripts: $(TESTING)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tests.demo_transcripts

# Mutation testing of mineboard/rules/ (docs/mutation.md): hours on two cores, so never part of
# `make test` or CI. RULESET=naval_lines runs one ruleset; MUTANTS_MINUTES bounds a run (the
# next run goes on from where it stopped); MUTANTS_JOBS sets the workers (default: all cores).
RULESET ?=
MUTANTS_MINUTES ?= 240
MUTANTS_JOBS ?=
mutants: $(MUTATION)
	QT_QPA_PLATFORM=offscreen $(BIN)/python tools/mutation_report.py run --ruleset "$(RULESET)" \
		--minutes $(MUTANTS_MINUTES) $(if $(MUTANTS_JOBS),--jobs $(MUTANTS_JOBS))

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache mutants
