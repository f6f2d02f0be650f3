// Command longdoc writes the long-document benchmark of issue #24 to
// standard output: -pages sections of text, a list, a note and a table,
// each starting a new A4 page and fitting on it, under "Page N of M"
// and a running chapter title in the page margins
// (internal/benchdoc.LongDoc). The output is deterministic.
//
//	go run ./bench/longdoc -pages 1000 > /tmp/long1000.html
//	folio convert --max-pages 20000 --timeout 10m /tmp/long1000.html /tmp/long1000.pdf
package main

import (
	"bufio"
	"flag"
	"os"

	"github.com/seed28491532/folio/internal/benchdoc"
)

func main() {
	pages := flag.Int("pages", 1000, "number of pages (one section a page)")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	w.WriteString(benchdoc.LongHead)
	for s := 1; s <= *pages; s++ {
		w.WriteString(benchdoc.LongSection(s))
	}
	w.WriteString(benchdoc.LongTail)
}
