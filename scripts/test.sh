#!/usr/bin/env bash
# Run every check of mp-tutor: ruff, mypy, then one pytest run (unit tests, browser tests,
# doctests of mp_tutor, and the tutorial notebooks with nbval-lax).
# Creates .venv on first use and keeps it up to date; safe to re-run.
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k smoke -x
# (add MP_TUTOR_WORKERS=0 in front to run in one process, e.g. with -x or --pdb)
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/_venv.sh
. scripts/_venv.sh
ensure_venv test "mp_tutor, mp_tutor.widgets, babel, pytest, xdist, nbval, playwright, jupyterlab, mypy"

echo "+ ruff check ."
.venv/bin/python -m ruff check .

# the files and the strictness are in pyproject.toml's [tool.mypy]: mp_tutor/ and widgets/,
# function bodies checked
echo "+ mypy"
.venv/bin/python -m mypy

# axe-core for the accessibility tests: npm, pinned and checked, cached in .cache/ (git-ignored);
# under CI=true a failure to get it fails the run
echo "+ axe-core (tests/browser/axe.py)"
.venv/bin/python tests/browser/axe.py

targets=(tests mp_tutor)
if compgen -G "notebooks/*.ipynb" > /dev/null; then
    targets+=(notebooks)
fi

# in parallel: one worker per CPU (MP_TUTOR_WORKERS=0 runs everything in this process);
# --dist loadfile: a file's tests stay on one worker (a notebook's cells share one kernel)
workers="${MP_TUTOR_WORKERS:-auto}"
echo "+ pytest ${targets[*]} --doctest-modules --nbval-lax -p no:cacheprovider -n $workers --dist loadfile $*"
exec .venv/bin/python -m pytest "${targets[@]}" --doctest-modules --nbval-lax \
    -p no:cacheprovider -n "$workers" --dist loadfile "$@"
