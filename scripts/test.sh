#!/usr/bin/env bash
# Run every check of mp-tutor: ruff, then one pytest run (unit tests, browser tests,
# doctests of mp_tutor, and the tutorial notebooks with nbval-lax).
# Creates .venv on first use and keeps it up to date; safe to re-run.
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k smoke -x
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/_venv.sh
. scripts/_venv.sh
ensure_venv test "mp_tutor, mp_tutor.widgets, babel, pytest, nbval, playwright, jupyterlab"

echo "+ ruff check ."
.venv/bin/python -m ruff check .

targets=(tests mp_tutor)
if compgen -G "notebooks/*.ipynb" > /dev/null; then
    targets+=(notebooks)
fi

echo "+ pytest ${targets[*]} --doctest-modules --nbval-lax -p no:cacheprovider $*"
exec .venv/bin/python -m pytest "${targets[@]}" --doctest-modules --nbval-lax \
    -p no:cacheprovider "$@"
