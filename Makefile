# Two entry points (see README): `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
TEST_VENV ?= .venv-test

.PHONY: play test

# Installs the package alone (the rules, bots, records and the terminal table: no server or arena extras).
play:
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q .
	$(VENV)/bin/prikup play 501 $(ARGS)

# The database server scripts/ci-services.sh started is stopped again, whether the tests pass or fail.
# The installed packages are byte-compiled beside the lint and type checks (pip would do it first,
# alone, on one core); a file compileall cannot read is left to be compiled when imported.
test:
	bash scripts/ci-services.sh > .ci-services.out
	status=0; \
	{ $(PYTHON) -m venv --clear $(TEST_VENV) \
	  && $(TEST_VENV)/bin/pip install -q --upgrade pip \
	  && $(TEST_VENV)/bin/pip install -q --no-compile '.[test]' \
	  && ( $(TEST_VENV)/bin/python -m compileall -q -j 2 $(TEST_VENV)/lib > /dev/null 2>&1 & compiling=$$!; \
	       checked=0; $(TEST_VENV)/bin/ruff check src tests bench && $(TEST_VENV)/bin/mypy src || checked=$$?; \
	       wait $$compiling; exit $$checked ) \
	  && PRIKUP_TEST_PG_URL="$$(tail -n 1 .ci-services.out)" $(TEST_VENV)/bin/pytest -n 2 --dist worksteal -q -p no:cacheprovider --durations=25; \
	} || status=$$?; \
	bash scripts/ci-services.sh stop; \
	exit $$status
