#!/usr/bin/env bash
# The test command: set up, then vet and run every test (the conformance
# suite included) and short fuzz runs of the parsers, the converter and the
# PDF audit. FUZZTIME (default 30s) sets the length of each fuzz run;
# FUZZTIME=0 skips them.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/setup.sh
go vet ./...
go test -count=1 ./...

fuzztime=${FUZZTIME:-30s}
if [ "$fuzztime" != "0" ]; then
  # One target per invocation (go test -fuzz accepts a single target).
  # package:target — CSS parsing and the cascade, HTML→PDF conversion, the
  # margin-box lines made from templates against the general path, the PDF
  # object reader, the content-stream tokenizer and the PDF/UA audit.
  targets=(
    ./style:FuzzCascade
    ./conformance:FuzzConvert
    ./layout:FuzzMarginTemplateLines
    ./pdfua/pdfobj:FuzzOpen
    ./pdfua/pdfobj:FuzzContent
    ./audit/ua:FuzzAudit
  )
  for t in "${targets[@]}"; do
    pkg=${t%%:*}
    name=${t##*:}
    echo "fuzz $name in $pkg for $fuzztime"
    go test -run='^$' -fuzz="^${name}\$" -fuzztime="$fuzztime" "$pkg"
  done
fi
echo "scripts/test.sh: all passed in $(( $(date +%s) - start ))s"
