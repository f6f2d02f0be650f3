#!/usr/bin/env bash
# Long fuzzing: runs each fuzz target of scripts/test.sh (the list lives
# there) for FUZZTIME (default 5m), without the rest of the test command.
#
#   bash scripts/fuzz.sh                                 # every target, 5m each
#   FUZZTIME=1h FUZZ_TARGETS="FuzzConvert" bash scripts/fuzz.sh
#
# New failing inputs are written to the package's testdata/fuzz/<target>/
# directory; commit them with the fix, they then run in every go test.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZ_ONLY=1 FUZZTIME="${FUZZTIME:-5m}" exec bash scripts/test.sh
