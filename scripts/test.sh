#!/usr/bin/env bash
# Run every check of mp-tutor: ruff, then one pytest run (unit tests, browser tests,
# doctests of mp_tutor, and the tutorial notebooks with nbval-lax).
# Creates .venv on first use and keeps it up to date; safe to re-run.
# Extra arguments go to pytest, e.g.  bash scripts/test.sh -k smoke -x
set -euo pipefail
cd "$(dirname "$0")/.."

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    echo "+ creating .venv"
    "$PY" -m venv .venv
fi

# Reinstall only when pyproject.toml changed (or the install is missing / broken).
stamp=.venv/.mp-tutor-test-installed
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ "${MP_TUTOR_REINSTALL:-0}" = 1 ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] \
    || ! .venv/bin/python -c "import mp_tutor, pytest, nbval, playwright, jupyterlab" 2>/dev/null; then
    echo "+ pip install -e .[test]"
    t0=$SECONDS
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
    echo "$want" > "$stamp"
    echo "+ installed in $((SECONDS - t0))s"
fi

echo "+ ruff check ."
.venv/bin/python -m ruff check .

targets=(tests mp_tutor)
if compgen -G "notebooks/*.ipynb" > /dev/null; then
    targets+=(notebooks)
fi

echo "+ pytest ${targets[*]} --doctest-modules --nbval-lax -p no:cacheprovider $*"
exec .venv/bin/python -m pytest "${targets[@]}" --doctest-modules --nbval-lax \
    -p no:cacheprovider "$@"
