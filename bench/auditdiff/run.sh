#!/bin/sh
# run.sh runs the differential harness of folio's HTML audit against
# axe-core (see doc.go): it installs axe-core into .cache/npm when it is
# missing, dumps the rule fixtures of audit/wcag's tests, and compares the
# two tools on them and on testdata. Extra files or directories to compare
# are taken as arguments; AUDITDIFF_FLAGS=-v lists every disagreement.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
axe=.cache/npm/node_modules/axe-core/axe.min.js
if [ ! -f "$axe" ]; then
  npm install --silent --no-audit --no-fund --prefix .cache/npm axe-core@4
fi
fx=$(mktemp -d)
trap 'rm -rf "$fx"' EXIT
FOLIO_FIXTURE_DIR="$fx" go test -count=1 ./audit/wcag \
  -run 'TestRuleFixtures|TestDefects|TestNewRuleCases|TestAxeDiffCases' >/dev/null
cd bench/auditdiff
# shellcheck disable=SC2086 # the flags are words
exec go run . -axe "$root/$axe" ${AUDITDIFF_FLAGS:-} testdata "$fx" "$@"
