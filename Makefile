# Two commands a newcomer needs: `make run` and `make test`. Both build .venv from nothing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test check lint bench dist clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,packaging]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/mineboard play

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

check: $(STAMP)  # the quick loop while working: everything but the slow tests
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -m "not slow" $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/mineboard bench

dist: $(STAMP)  # the wheel, the sdist and the desktop bundle (packaging/README.md)
	$(BIN)/python -m build --no-isolation --outdir dist .
	$(BIN)/python packaging/build.py --dist dist

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
