#!/usr/bin/env bash
# Sets up a fresh machine to build and run folio: downloads the Go modules
# and compiles every package (so the first `python3 cli.py …` only links).
# Needs only Go (the version in go.mod, which the go command fetches itself
# when GOTOOLCHAIN allows) — no root, no system packages. The tools the
# tests use besides Go (poppler-utils, qpdf) are installed by
# scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v go >/dev/null 2>&1; then
  if [ -x /usr/local/go/bin/go ]; then
    export PATH="$PATH:/usr/local/go/bin"
  else
    echo "scripts/setup.sh: the go command was not found; install Go (https://go.dev/dl/) and retry" >&2
    exit 1
  fi
fi
go mod download
go build ./...
