#!/usr/bin/env bash
# Renders each corpus document with folio and with Chromium and rasterises
# both PDFs with pdftoppm, so a person can compare them side by side.
# Writes OUT/NAME/{folio,chromium}-N.png and OUT/index.html (one row per
# page: folio left, Chromium right). Not part of CI.
#
#   bash bench/pictures.sh [OUT] [file.html ...]
#   (default OUT: bench/pictures; default files: conformance/testdata/corpus/*.html)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench/pictures}
shift || true
if [ $# -gt 0 ]; then docs=("$@"); else docs=(conformance/testdata/corpus/*.html); fi
for t in chromium pdftoppm; do
  command -v $t >/dev/null 2>&1 || { echo "pictures.sh: $t is not installed (apt-get install chromium poppler-utils)" >&2; exit 2; }
done
DPI=${DPI:-60}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/folio" ./cmd/folio

index="$out/index.html"
{
  echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>folio and Chromium side by side</title>'
  echo '<style>body{font-family:sans-serif} td{vertical-align:top;padding:4px} img{border:1px solid #999}</style></head><body>'
  echo '<h1>folio (left) and Chromium (right)</h1>'
} >"$index"
for doc in "${docs[@]}"; do
  name=$(basename "$doc" .html)
  abs=$(cd "$(dirname "$doc")" && pwd)/$(basename "$doc")
  dir="$out/$name"
  rm -rf "$dir" && mkdir -p "$dir"
  "$work/folio" convert -i "$abs" -o "$dir/folio.pdf" >/dev/null 2>"$dir/folio.log" || echo "$name: folio failed: $(cat "$dir/folio.log")" >&2
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run \
    --user-data-dir="$work/profile" --no-pdf-header-footer --print-to-pdf="$dir/chromium.pdf" "file://$abs" >/dev/null 2>&1 ||
    echo "$name: chromium failed" >&2
  for tool in folio chromium; do
    [ -s "$dir/$tool.pdf" ] && pdftoppm -r "$DPI" -png "$dir/$tool.pdf" "$dir/$tool"
  done
  echo "<h2>$name</h2><table>" >>"$index"
  pages=$(ls "$dir" | sed -nE 's/^(folio|chromium)-0*([0-9]+)\.png$/\2/p' | sort -n | uniq)
  for p in $pages; do
    row="<tr><td>page $p</td>"
    for tool in folio chromium; do
      img=$(ls "$dir" | grep -E "^$tool-0*$p\.png$" | head -1 || true)
      if [ -n "$img" ]; then row+="<td><img src=\"$name/$img\" alt=\"$tool page $p\"></td>"; else row+="<td>(no page)</td>"; fi
    done
    echo "$row</tr>" >>"$index"
  done
  echo "</table>" >>"$index"
  echo "$name: $(ls "$dir" | grep -c "\.png$" || true) pictures" >&2
done
echo '</body></html>' >>"$index"
echo "wrote $index"
