# Shared by tutor.sh and test.sh (sourced, not run): make .venv and install mp-tutor with
# the extra "$1" into it; reinstall only when the build inputs changed (pyproject.toml,
# setup.py, the message catalogs, which the build compiles) or "$2" fails to import. Then the
# tutor's own JupyterLab extension (labextension/) is put where .venv's JupyterLab finds it,
# if this version is not there yet (an editable install installs no data files): the same
# for the tutor's JupyterLab (tutor.sh) and the browser tests' (test.sh).
ensure_venv() {
    local extra="$1" imports="$2"
    local py="${PYTHON:-python3}"
    if [ ! -x .venv/bin/python ]; then
        echo "+ creating .venv"
        "$py" -m venv .venv
    fi
    local stamp=".venv/.mp-tutor-$extra-installed"
    local want
    want="$(cat pyproject.toml setup.py $(find mp_tutor widgets -name '*.po' | sort) | sha256sum | cut -d' ' -f1)"
    if [ "${MP_TUTOR_REINSTALL:-0}" = 1 ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] \
        || ! .venv/bin/python -c "import $imports" 2>/dev/null; then
        echo "+ pip install -e .[$extra]"
        local t0=$SECONDS
        .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$extra]"
        echo "$want" > "$stamp"
        echo "+ installed in $((SECONDS - t0))s"
    fi
    .venv/bin/python labextension/prebuilt.py install
}
