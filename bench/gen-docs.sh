#!/usr/bin/env bash
# Writes the benchmark documents bench/docs/{small,medium,large}.html:
# small is one page of report, medium about 12 pages with a long table,
# large about 200 pages of sections, lists and tables. The output is
# deterministic; the files are committed so every tool times the same input.
set -euo pipefail
cd "$(dirname "$0")/docs"

words=(survey river basin station level reading season sample depth flow record index north south water field method result analysis trend measure report value change soil team rate site)
sentence() { # sentence N SEED
  local n=$1 s=$2 out="" i
  for ((i = 0; i < n; i++)); do
    out+="${words[$(( (s * 7 + i * 13 + i * i) % ${#words[@]} ))]} "
  done
  out="${out% }."
  echo "${out^}"
}
paragraph() { # paragraph SEED
  echo "<p>$(sentence 14 $1) $(sentence 11 $(($1 + 3))) $(sentence 16 $(($1 + 5))) $(sentence 9 $(($1 + 8)))</p>"
}
head() { # head TITLE
  cat <<HEAD
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>$1</title>
<meta name="author" content="folio benchmarks">
<style>
@page { size: A4; margin: 20mm 18mm;
  @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; } }
body { font-family: serif; font-size: 10.5pt; line-height: 1.4; }
h1, h2, h3 { font-family: sans-serif; }
table { border-collapse: collapse; width: 100%; margin: 8pt 0; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { border: 1px solid #666; padding: 2pt 4pt; text-align: left; }
thead th { background: #e4e8f0; }
.note { border-left: 3pt solid #2a5; padding-left: 8pt; }
</style>
</head>
<body>
HEAD
}
table() { # table ROWS SEED
  echo "<table><caption>Readings, series $2</caption>"
  echo '<thead><tr><th scope="col">Site</th><th scope="col">Date</th><th scope="col">Level</th><th scope="col">Flow</th><th scope="col">Remark</th></tr></thead><tbody>'
  local r
  for ((r = 1; r <= $1; r++)); do
    echo "<tr><th scope=\"row\">S-$(( ($2 * 31 + r) % 97 + 1 ))</th><td>2026-$(printf %02d $(( r % 12 + 1 )))-$(printf %02d $(( r % 28 + 1 )))</td><td>$(( (r * 37 + $2) % 100 )).$(( r % 10 ))</td><td>$(( (r * 53) % 400 ))</td><td>$(sentence 4 $((r + $2)))</td></tr>"
  done
  echo "</tbody></table>"
}
section() { # section N
  echo "<section><h2>Chapter $1. $(sentence 3 $1)</h2>"
  local i
  for i in 1 2 3; do
    paragraph $(( $1 * 10 + i ))
  done
  echo "<h3>$1.1 Observations</h3>"
  echo "<ul><li>$(sentence 8 $1)</li><li>$(sentence 10 $(($1 + 1)))</li><li>$(sentence 7 $(($1 + 2)))</li></ul>"
  paragraph $(( $1 * 10 + 7 ))
  echo "<div class=\"note\"><p>$(sentence 18 $(($1 + 4)))</p></div>"
  echo "<h3>$1.2 Figures</h3>"
  table 12 $1
  paragraph $(( $1 * 10 + 9 ))
  echo "</section>"
}

{
  head "Benchmark: small report"
  echo "<h1>Small report</h1>"
  for i in 1 2 3 4; do paragraph $i; done
  echo "<ul><li>$(sentence 8 1)</li><li>$(sentence 9 2)</li></ul>"
  table 6 1
  echo "</body></html>"
} > small.html

{
  head "Benchmark: medium report"
  echo "<h1>Medium report</h1>"
  for i in 1 2 3 4 5 6; do paragraph $i; done
  table 370 2
  for i in 7 8 9; do paragraph $i; done
  echo "</body></html>"
} > medium.html

{
  head "Benchmark: large report"
  echo "<h1>Large report</h1>"
  for ((s = 1; s <= 182; s++)); do section $s; done
  echo "</body></html>"
} > large.html
wc -c small.html medium.html large.html
