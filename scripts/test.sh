#!/usr/bin/env bash
# The test command (what CI runs through .ci/run): set up, install the
# outside PDF tools the tests check produced PDFs with, vet, run every test
# (the conformance suite included), then fuzz each target below briefly.
#
# The tools are pdftotext, pdfinfo, pdftoppm (poppler-utils) and qpdf, and
# Debian's Droid Sans Fallback font (fonts-droid-fallback) for the test of
# installed-font fallback. When one is missing they are installed with apt-get, through sudo when not
# run as root; without apt-get, install them yourself and rerun.
#
# The playground's browser test (server's TestUIBrowser) drives Debian's
# chromium and runs axe-core (from npm) inside the page: under CI=true they
# are installed when missing (chromium with apt-get, axe-core with npm into
# .cache/npm); elsewhere the test skips without chromium and leaves axe out
# without FOLIO_AXE_JS.
#
# FUZZTIME (default 10s) is the length of each fuzz run; FUZZTIME=0 skips
# fuzzing. FUZZ_ONLY=1 runs only the fuzz targets (scripts/fuzz.sh uses it
# for long runs). FUZZ_TARGETS, a space-separated list of names, restricts
# the fuzzing to those targets.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

install_tools() {
  local need=()
  for t in pdftotext pdfinfo pdftoppm; do
    command -v "$t" >/dev/null 2>&1 || { need+=(poppler-utils); break; }
  done
  command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
  # an installed CJK font for the system-font fallback test (fonts)
  [ -e /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] || need+=(fonts-droid-fallback)
  [ ${#need[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: the tests need ${need[*]} (pdftotext, pdfinfo, pdftoppm, qpdf) and apt-get is not available; install them and rerun" >&2
    exit 1
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "scripts/test.sh: installing ${need[*]} needs root (not root, no sudo); install them and rerun" >&2
      exit 1
    fi
    sudo=(sudo)
  fi
  echo "scripts/test.sh: installing ${need[*]} with ${sudo[*]:+sudo }apt-get"
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
}

# install_browser installs chromium and axe-core for the playground's
# browser test (CI only; a failure to install skips that test, it does not
# fail the run).
install_browser() {
  if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    echo "scripts/test.sh: installing chromium with apt-get (the playground's browser test)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1; } ||
      echo "scripts/test.sh: chromium did not install; the browser test will skip" >&2
  fi
  local axe=.cache/npm/node_modules/axe-core/axe.min.js
  if [ ! -f "$axe" ] && command -v npm >/dev/null 2>&1; then
    npm install --silent --no-audit --no-fund --prefix .cache/npm axe-core@4 >/dev/null 2>&1 ||
      echo "scripts/test.sh: axe-core did not install; the browser test runs without it" >&2
  fi
  if [ -f "$axe" ]; then
    FOLIO_AXE_JS="$PWD/$axe"
    export FOLIO_AXE_JS
  fi
}

if [ "${FUZZ_ONLY:-}" != "1" ]; then
  bash scripts/setup.sh
  install_tools
  if [ "${CI:-}" = "true" ]; then
    install_browser
  fi
  unformatted=$(gofmt -l .)
  if [ -n "$unformatted" ]; then
    echo "scripts/test.sh: not gofmt-formatted:" >&2
    echo "$unformatted" >&2
    exit 1
  fi
  go vet ./...
  go test -count=1 ./...
  echo "scripts/test.sh: set-up, vet and tests took $(( $(date +%s) - start ))s"
fi

fuzztime=${FUZZTIME:-10s}
if [ "$fuzztime" != "0" ]; then
  fuzzstart=$(date +%s)
  # One target per invocation (go test -fuzz accepts a single target).
  # package:target — CSS parsing and the cascade, HTML→PDF conversion,
  # documents built from a grammar of boxes (layout), the
  # margin-box lines made from templates against the general path, the PDF
  # object reader, the content-stream tokenizer, the PDF/UA audit, the SVG
  # parser, the WOFF/WOFF2 decoder and the incremental HTML parser.
  targets=(
    ./style:FuzzCascade
    ./conformance:FuzzConvert
    ./conformance:FuzzLayoutStructure
    ./layout:FuzzMarginTemplateLines
    ./pdfua/pdfobj:FuzzOpen
    ./pdfua/pdfobj:FuzzContent
    ./audit/ua:FuzzAudit
    ./svg:FuzzParse
    ./fonts:FuzzDecodeWebFont
    ./internal/htmlstream:FuzzStream
  )
  for t in "${targets[@]}"; do
    pkg=${t%%:*}
    name=${t##*:}
    if [ -n "${FUZZ_TARGETS:-}" ] && [[ " $FUZZ_TARGETS " != *" $name "* ]]; then
      continue
    fi
    echo "fuzz $name in $pkg for $fuzztime"
    # the layout fuzzer checks each document's deadline: one worker, so
    # that two conversions at once on two cores do not slow each other
    par=()
    [ "$name" = FuzzLayoutStructure ] && par=(-parallel=1)
    corpus="$pkg/testdata/fuzz/$name"
    before=$(find "$corpus" -type f 2>/dev/null | wc -l || true)
    log=$(mktemp)
    if ! go test -run='^$' -fuzz="^${name}\$" -fuzztime="$fuzztime" "${par[@]}" "$pkg" 2>&1 | tee "$log"; then
      after=$(find "$corpus" -type f 2>/dev/null | wc -l || true)
      # Go 1.26's fuzz coordinator can report its own -fuzztime deadline as
      # a failure ("context deadline exceeded", golang/go#75804, fixed in
      # Go 1.27). That case writes no failing input; any other failure, or
      # one that wrote an input, fails the run.
      if [ "$after" = "$before" ] && grep -q '^    context deadline exceeded$' "$log" &&
        ! grep -q -e '--- FAIL: .*/' -e 'panic:' -e 'Failing input written' "$log"; then
        echo "scripts/test.sh: $name hit the fuzz coordinator's deadline race (golang/go#75804), no failing input: not a failure"
      else
        rm -f "$log"
        exit 1
      fi
    fi
    rm -f "$log"
  done
  echo "scripts/test.sh: fuzzing took $(( $(date +%s) - fuzzstart ))s"
fi
echo "scripts/test.sh: all passed in $(( $(date +%s) - start ))s"
