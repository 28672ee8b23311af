# Sourced by scripts/test and .ci/run (not run on its own): uv, found or installed with pip,
# and where Python keeps its bytecode, the same for the tests and the production check.

export UV_SYSTEM_CERTS="${UV_SYSTEM_CERTS:-1}"
if [ -z "${SSL_CERT_FILE:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  export SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
fi
export UV_PYTHON_DOWNLOADS="${UV_PYTHON_DOWNLOADS:-never}"

uv_cmd() {
  if command -v uv >/dev/null 2>&1; then
    uv "$@"
  elif python3 -m uv --version >/dev/null 2>&1; then
    python3 -m uv "$@"
  else
    echo "installing uv with pip" >&2
    python3 -m pip install --quiet uv
    python3 -m uv "$@"
  fi
}

# Bytecode: where the environment forbids writing it (PYTHONDONTWRITEBYTECODE), every Python
# process of a run — each pytest worker, each server and command a test starts — would
# compile fairpair and its libraries from source again (uv installs them without bytecode):
# about 1.5 s a process, 10 s of each worker's collection. It is kept in the environment's
# own folder instead (PYTHONPYCACHEPREFIX), gone with it. Call after the environment is synced.
keep_bytecode() {
  if [ -n "${PYTHONDONTWRITEBYTECODE:-}" ] && [ -z "${PYTHONPYCACHEPREFIX:-}" ]; then
    PYTHONPYCACHEPREFIX="$(uv_cmd run --locked python -c 'import sys; print(sys.prefix)')/pycache"
    export PYTHONPYCACHEPREFIX
    unset PYTHONDONTWRITEBYTECODE
  fi
}
