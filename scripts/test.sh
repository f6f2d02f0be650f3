#!/usr/bin/env bash
# The test command: set up, then vet and run every test (the conformance
# suite included) and short fuzz runs of the parsers.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
go vet ./...
go test -count=1 ./...
