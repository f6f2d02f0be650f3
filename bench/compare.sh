#!/usr/bin/env bash
# Times folio, WeasyPrint and Chromium side by side on the same HTML files:
# one process per document and run, median wall time of RUNS runs, peak RSS
# (from /usr/bin/time -v), output size, and the PDF/UA audit of each output
# by `folio validate --json`. Prints a Markdown table (paste it into
# BENCHMARKS.md). Installs weasyprint and chromium from Debian when missing.
#
#   bash bench/compare.sh [file.html ...]     (default: bench/docs/*.html)
#   RUNS=5 LARGE_RUNS=3 bash bench/compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
RUNS=${RUNS:-5}
LARGE_RUNS=${LARGE_RUNS:-3} # for inputs over 200 KB

need=()
command -v weasyprint >/dev/null 2>&1 || need+=(weasyprint)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -x /usr/bin/time ] || need+=(time)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/folio" ./cmd/folio
folio="$work/folio"

if [ $# -gt 0 ]; then docs=("$@"); else docs=(bench/docs/small.html bench/docs/medium.html bench/docs/large.html); fi

# command_for TOOL IN OUT: sets cmd to the command line of one conversion.
command_for() {
  case $1 in
    folio) cmd=("$folio" convert -i "$2" -o "$3") ;;
    weasyprint) cmd=(weasyprint -q --pdf-variant pdf/ua-1 "$2" "$3") ;;
    chromium) cmd=(chromium --headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run
      --user-data-dir="$work/chromium-profile" --no-pdf-header-footer --print-to-pdf="$3" "file://$2") ;;
  esac
}

# audit OUT: "pass" or "N errors: rule, rule, …" from folio validate --json.
audit() {
  "$folio" validate --json "$1" 2>/dev/null | python3 -c '
import json, sys
try:
    r = json.load(sys.stdin)
except Exception as e:
    print("audit failed: %s" % e); sys.exit()
errs = r.get("errors") or []
if not errs:
    print("pass (score %d)" % r.get("score", 0)); sys.exit()
rules = []
for f in errs:
    if f["rule"] not in rules:
        rules.append(f["rule"])
more = "" if len(rules) <= 4 else ", +%d more" % (len(rules) - 4)
print("%d errors (score %d): %s%s" % (len(errs), r.get("score", 0), ", ".join(rules[:4]), more))
' || true
}

results="$work/results.tsv"
: >"$results"
for doc in "${docs[@]}"; do
  abs=$(cd "$(dirname "$doc")" && pwd)/$(basename "$doc")
  name=$(basename "$doc" .html)
  runs=$RUNS
  [ "$(stat -c %s "$abs")" -gt 204800 ] && runs=$LARGE_RUNS
  for tool in folio weasyprint chromium; do
    out="$work/$name-$tool.pdf"
    times=() rss=0 ok=1
    for ((i = 0; i < runs; i++)); do
      command_for "$tool" "$abs" "$out"
      if ! /usr/bin/time -f "%e %M" -o "$work/time" "${cmd[@]}" >/dev/null 2>&1; then
        ok=0
      fi
      read -r t m <"$work/time" || true
      t=${t##*$'\n'}
      times+=("$t")
      [ "${m:-0}" -gt "$rss" ] && rss=$m
    done
    median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    size=0 pages=0 result="no output"
    if [ -s "$out" ]; then
      size=$(stat -c %s "$out")
      pages=$(pdfinfo "$out" 2>/dev/null | awk '/^Pages:/ {print $2}')
      result=$(audit "$out")
    fi
    [ $ok = 1 ] || result="exit status non-zero; $result"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$tool" "$median" "$rss" "$size" "$pages" "$runs" "$result" >>"$results"
    echo "$name $tool: median ${median}s, peak RSS ${rss} KB, $size bytes, $pages pages — $result" >&2
  done
done

python3 - "$results" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
print("| document | tool | pages | median time | × folio | peak RSS | output size | PDF/UA audit (folio validate) |")
print("|---|---|---:|---:|---:|---:|---:|---|")
base = {}
for doc, tool, t, rss, size, pages, runs, res in rows:
    if tool == "folio":
        base[doc] = float(t)
for doc, tool, t, rss, size, pages, runs, res in rows:
    ratio = float(t) / base[doc] if base.get(doc) else 0
    print("| %s | %s | %s | %.2f s (%s runs) | %s | %.0f MB | %.0f KB | %s |" % (
        doc, tool, pages, float(t), runs, "1" if tool == "folio" else "%.1f×" % ratio,
        int(rss) / 1024, int(size) / 1024, res))
PY
