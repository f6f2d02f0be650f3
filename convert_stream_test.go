package folio_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

// longSource is a document of n pages, a chapter a page, under a running
// chapter title and "Page N of M".
func longSource(title string, n int) folio.Source {
	var sb strings.Builder
	fmt.Fprintf(&sb, `<!doctype html><html lang=en><title>%s</title><style>@page { size: A6; margin: 1.5cm;
	@top-left { content: string(chapter) } @bottom-center { content: "Page " counter(page) " of " counter(pages) } }
	h1 { string-set: chapter content() } section { break-before: page }</style>`, title)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "<section><h1>%s %d</h1><p>Readings of station %d.</p></section>", title, i, i)
	}
	return folio.Source{HTML: strings.NewReader(sb.String()), Name: title + ".html"}
}

// TestLongDocumentsPageCounts merges a document long enough to have its
// margin boxes laid out after its last page (layout.LateSink) with a
// short one, and checks that every page shows its number and its own
// document's page count, its chapter title, and that the file passes the
// PDF/UA audit.
func TestLongDocumentsPageCounts(t *testing.T) {
	const long, short = 130, 3
	res, err := folio.ConvertAll(context.Background(), []folio.Source{longSource("Alpha", long), longSource("Beta", short)},
		folio.Options{Now: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages != long+short {
		t.Fatalf("%d pages, want %d", res.Pages, long+short)
	}
	pages := make([]string, res.Pages)
	for _, w := range pdfWords(t, res.PDF) {
		pages[w.page] += w.text + " "
	}
	t.Logf("page %d: %s", long, pages[long-1])
	for i, text := range pages {
		title, n, of := "Alpha", i+1, long
		if i >= long {
			title, n, of = "Beta", i+1-long, short
		}
		want := fmt.Sprintf("Page %d of %d", n, of)
		if !strings.Contains(text, want) || (n > 1 || i >= long) && !strings.Contains(text, fmt.Sprintf("%s %d %s %d", title, n, title, n)) {
			t.Errorf("page %d: %q, want %q and the chapter title twice", i+1, text, want)
		}
	}
	rep, err := folio.AuditPDF(context.Background(), res.PDF)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Errors {
		if !strings.HasPrefix(f.Rule, "spec-") {
			t.Errorf("PDF audit error: %+v", f)
		}
	}
}
