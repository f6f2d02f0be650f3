package folio_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/pdfinfo"
)

// mergeDoc is a small chapter: its own @page footer with the page
// counter, a link to an id that every chapter defines, and a table with
// a header cell id that every chapter repeats.
func mergeDoc(lang, title, heading string, paras int) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="` + lang + `"><head><title>` + title + `</title><style>
@page { size: 300pt 300pt; margin: 30pt; @bottom-center { content: "p" counter(page) "/" counter(pages) } }
p { margin: 0 0 8pt }</style></head><body><h1>` + heading + `</h1><p><a href="#end">to the end of ` + heading + `</a></p>
<table><tr><th id="h">Key</th><td headers="h">v</td></tr></table>`)
	for i := 0; i < paras; i++ {
		b.WriteString("<p>Filler paragraph of " + heading + " that takes up a line or two of the small page.</p>")
	}
	b.WriteString(`<p id="end">End of ` + heading + `</p></body></html>`)
	return b.String()
}

func TestConvertAllMergesDocuments(t *testing.T) {
	sources := []folio.Source{
		{HTML: strings.NewReader(mergeDoc("en", "The Book", "Chapter One", 12)), Name: "one.html"},
		{HTML: strings.NewReader(mergeDoc("de", "Zwei", "Kapitel Zwei", 2)), Name: "two.html"},
	}
	res, err := folio.ConvertAll(context.Background(), sources, folio.Options{Audit: true})
	if err != nil {
		t.Fatalf("ConvertAll: %v", err)
	}
	if res.Pages < 3 {
		t.Fatalf("pages = %d, want the first document's (at least 2) and the second's", res.Pages)
	}
	text := pdftotext(t, res.PDF)
	inOrder(t, text, "Chapter One", "End of Chapter One", "Kapitel Zwei", "End of Kapitel Zwei")
	// Each document numbers its own pages: the second starts at p1 again
	// and counts only its own pages.
	pages := strings.Split(text, "\f")
	last := pages[res.Pages-1]
	if !strings.Contains(last, "p1/1") || !strings.Contains(pages[0], "p1/"+string(rune('0'+res.Pages-1))) {
		t.Errorf("page footers do not restart per document:\nfirst page %q\nlast page %q", clipText(pages[0]), clipText(last))
	}
	info, err := pdfinfo.Read(res.PDF)
	if err != nil {
		t.Fatal(err)
	}
	if info.Title != "The Book" || info.Lang != "en" {
		t.Errorf("title %q lang %q, want the first document's (The Book, en)", info.Title, info.Lang)
	}
	root := info.Structure
	if root != nil && len(root.Children) == 1 {
		root = root.Children[0] // under the StructTreeRoot
	}
	if root == nil || root.Type != "Document" || len(root.Children) != 2 {
		t.Fatalf("structure root %+v, want Document with two Part children", root)
	}
	for i, want := range []string{"", "de"} {
		p := root.Children[i]
		if p.Type != "Part" || p.Lang != want {
			t.Errorf("child %d: %s lang %q, want Part lang %q", i, p.Type, p.Lang, want)
		}
	}
	uaClean(t, res.PDF)
	qpdfCheck(t, res.PDF)
	// Links stay inside their document: the same id in both is two
	// destinations, and the second document's link goes to its own.
	raw := uncompressed(t, res.PDF)
	for _, name := range []string{"(end)", "(part2-end)"} {
		if !strings.Contains(raw, name) {
			t.Errorf("no named destination %s", name)
		}
	}
	if ids := regexp.MustCompile(`/ID \((part2-)?h\)`).FindAllString(raw, -1); len(ids) != 2 || ids[0] == ids[1] {
		t.Errorf("table header IDs %q, want h and part2-h", ids)
	}
	if res.Report == nil {
		t.Fatal("no audit report")
	}
}

func TestConvertAllAuditNamesTheDocument(t *testing.T) {
	good := `<!doctype html><html lang="en"><head><title>T</title></head><body><h1>Fine</h1></body></html>`
	bad := `<!doctype html><html lang="en"><head><title>T2</title></head><body><h1>Pic</h1><img src="data:image/png;base64,iVBORw0KGgo="></body></html>`
	res, err := folio.ConvertAll(context.Background(), []folio.Source{{HTML: strings.NewReader(good)}, {HTML: strings.NewReader(bad)}}, folio.Options{Audit: true})
	if err != nil {
		t.Fatalf("ConvertAll: %v", err)
	}
	found := false
	for _, f := range res.Report.Errors {
		if f.Rule == "image-alt" {
			found = true
			if f.Location.Document != 2 {
				t.Errorf("image-alt finding in document %d, want 2", f.Location.Document)
			}
		}
	}
	if !found {
		t.Errorf("no image-alt error for the second document: %+v", res.Report.Errors)
	}
	for _, r := range res.Report.CheckedRules {
		if r.Rule == "document-title" && r.Checked != 2 {
			t.Errorf("document-title checked %d times, want once per document (2)", r.Checked)
		}
	}
	diag := false
	for _, d := range res.Diagnostics {
		diag = diag || strings.HasPrefix(d.Message, "document 2: ")
	}
	if !diag {
		t.Errorf("no diagnostic names document 2: %+v", res.Diagnostics)
	}
}

func TestConvertAllErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := folio.ConvertAll(ctx, nil, folio.Options{}); err == nil || !strings.Contains(err.Error(), "no document") {
		t.Errorf("no sources: err = %v", err)
	}
	deep := strings.Repeat("<div>", 600)
	_, err := folio.ConvertAll(ctx, []folio.Source{{HTML: strings.NewReader("<p>ok")}, {HTML: strings.NewReader(deep), Name: "deep.html"}}, folio.Options{})
	if !errors.Is(err, folio.ErrLimit) || !strings.HasPrefix(err.Error(), "deep.html: ") {
		t.Errorf("deep second document: err = %v, want a limit error naming deep.html", err)
	}
	many := make([]folio.Source, folio.MaxSources+1)
	if _, err := folio.ConvertAll(ctx, many, folio.Options{}); !errors.Is(err, folio.ErrLimit) {
		t.Errorf("%d sources: err = %v, want ErrLimit", len(many), err)
	}
	// The page limit is for the whole file.
	long := mergeDoc("en", "L", "Long", 12)
	_, err = folio.ConvertAll(ctx, []folio.Source{{HTML: strings.NewReader(long)}, {HTML: strings.NewReader(long)}}, folio.Options{MaxPages: 3})
	if !errors.Is(err, folio.ErrLimit) {
		t.Errorf("two documents over MaxPages together: err = %v, want ErrLimit", err)
	}
}
