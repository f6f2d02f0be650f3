#!/usr/bin/env bash
# crashscan.sh: run every test file of the public CSS test subset (see
# ../shared/wpt/README.md) through `folio convert`, one process per file, and
# report how each ended: ok, error (exit code and first line of the message),
# crash (killed by a signal, or a Go panic / fatal error on standard error) or
# timeout. Not part of the unit tests: it needs the shared WPT copy and takes
# about an hour on two cores.
#
#   bash bench/wpt/crashscan.sh [WPT_DIR]        # default ../shared/wpt
#
# Environment: JOBS (parallel conversions, default 2), TIMEOUT (seconds per
# file, default 20), MEMLIMIT_KB (virtual memory limit per conversion, default
# 4 GiB), OUT (results directory, default a new directory under /tmp), FILTER
# (a grep -E pattern the relative paths must match, default all).
#
# OUT/results.tsv has one line per file: path, status, seconds, message.
# The summary (per-folder counts, then every crashing and timing-out file) is
# printed and written to OUT/summary.txt. The exit code is 1 when any file
# crashed or timed out.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
wpt=$(cd "${1:-$repo/../shared/wpt}" && pwd)
jobs=${JOBS:-2}
timeout=${TIMEOUT:-20}
memlimit=${MEMLIMIT_KB:-4194304}
out=${OUT:-$(mktemp -d /tmp/crashscan.XXXXXX)}
mkdir -p "$out/pdf"

[ -d "$wpt/css" ] || { echo "crashscan: $wpt has no css/ folder" >&2; exit 2; }

echo "crashscan: building folio" >&2
(cd "$repo" && go build -o "$out/folio" ./cmd/folio)
# the commit built, marked when the working tree had changes
rev=$(cd "$repo" && git rev-parse --short HEAD && git status --porcelain --untracked-files=no | grep -q . && echo "(modified)" || true)
rev=$(echo $rev)

(cd "$wpt" && find css -type f \( -name '*.html' -o -name '*.htm' -o -name '*.xht' -o -name '*.xhtml' \) |
	grep -E "${FILTER:-.}" | LC_ALL=C sort) >"$out/files.txt"
total=$(wc -l <"$out/files.txt")
echo "crashscan: $total files from $wpt, $jobs at a time, ${timeout}s each; results in $out" >&2

# one converts one file and prints its result line. A Go panic or fatal
# error exits 2 like a usage error, so standard error decides: folio's own
# errors never contain these runtime phrases.
one() {
	local rel=$1 wpt=$2 out=$3 timeout=$4 memlimit=$5
	local pdf="$out/pdf/$(echo "$rel" | tr '/' '_').pdf"
	local errf
	errf=$(mktemp "$out/err.XXXXXX")
	local start end code=0 status msg
	start=$(date +%s.%N)
	(ulimit -v "$memlimit"; exec timeout -k 5 "$timeout" "$out/folio" convert -i "$wpt/$rel" -o "$pdf") \
		>/dev/null 2>"$errf" || code=$?
	end=$(date +%s.%N)
	if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
		status=timeout
		msg="no result after ${timeout}s"
	elif grep -qE '^(panic: |fatal error: |runtime: goroutine stack exceeds|runtime: out of memory)' "$errf"; then
		status=crash
		msg=$(grep -m1 -E '^(panic: |fatal error: |runtime: )' "$errf")
	elif [ "$code" -gt 128 ]; then
		status=crash
		msg="killed by signal $((code - 128))"
	elif [ "$code" -ne 0 ]; then
		status=error
		msg="exit $code: $(grep -m1 . "$errf" || true)"
	else
		status=ok
		msg=
	fi
	rm -f "$errf" "$pdf"
	printf '%s\t%s\t%.2f\t%s\n' "$rel" "$status" "$(echo "$end - $start" | bc)" "${msg//$'\t'/ }"
}
export -f one

start=$(date +%s)
tr '\n' '\0' <"$out/files.txt" |
	xargs -0 -P "$jobs" -I{} bash -c 'one "$@"' _ {} "$wpt" "$out" "$timeout" "$memlimit" >"$out/results.unsorted"
LC_ALL=C sort "$out/results.unsorted" >"$out/results.tsv" && rm "$out/results.unsorted"
elapsed=$(($(date +%s) - start))

{
	echo "crashscan of $total files in $wpt ($rev), ${elapsed}s, JOBS=$jobs TIMEOUT=${timeout}s"
	echo
	printf '%-36s %6s %6s %6s %6s %8s\n' folder ok error crash timeout total
	awk -F'\t' '{
		n = split($1, p, "/"); f = p[2]; if (n > 3) f = f "/" p[3]
		c[f, $2]++; t[f]++; c["ALL", $2]++; t["ALL"]++
	} END {
		for (f in t) if (f != "ALL") printf "%-36s %6d %6d %6d %6d %8d\n", f, c[f,"ok"], c[f,"error"], c[f,"crash"], c[f,"timeout"], t[f] | "sort"
		close("sort")
		printf "%-36s %6d %6d %6d %6d %8d\n", "ALL", c["ALL","ok"], c["ALL","error"], c["ALL","crash"], c["ALL","timeout"], t["ALL"]
	}' "$out/results.tsv"
	echo
	echo "crashes and timeouts:"
	awk -F'\t' '$2 == "crash" || $2 == "timeout" { printf "  %-8s %s  %s\n", $2, $1, $4 }' "$out/results.tsv"
	echo
	echo "errors by message:"
	awk -F'\t' '$2 == "error" { m = $4; sub(/: .*\/wpt\/[^:]*:/, ": FILE:", m); print m }' "$out/results.tsv" |
		sort | uniq -c | sort -rn | head -40
} | tee "$out/summary.txt"

! grep -qP '\t(crash|timeout)\t' "$out/results.tsv"
