#!/bin/sh
# Regenerates the Chromium reference PNGs of the SVG corpus (used by
# TestSVGCorpusPixels): each SVG is screenshotted at its own width and
# height. Scripts and event attributes are stripped first (folio ignores
# them; Chromium would run them). Run: sh make-refs.sh [file.svg...]
set -e
dir=$(cd "$(dirname "$0")" && pwd)
files=${*:-$(cd "$dir" && ls *.svg)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in $files; do
	w=$(sed -n 's/.*<svg[^>]* width="\([0-9]*\)".*/\1/p' "$dir/$f" | head -1)
	h=$(sed -n 's/.*<svg[^>]* height="\([0-9]*\)".*/\1/p' "$dir/$f" | head -1)
	sed -e 's|<script>.*</script>||' -e 's/ on[a-z]*="[^"]*"//g' "$dir/$f" >"$tmp/$f"
	timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--screenshot="$dir/${f%.svg}.png" --window-size="$w,$h" "file://$tmp/$f" >/dev/null 2>&1
	echo "$f ${w}x$h"
done
