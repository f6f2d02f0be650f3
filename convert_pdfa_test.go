package folio_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit/pdfa"
)

const archiveHTML = `<!DOCTYPE html><html lang="en"><head><title>Archived report</title>
<link rel="attachment" href="figures.csv" title="The figures of table 1" data-relationship="Source">
<link rel="attachment" href="../secret.txt" title="Outside">
</head><body><h1>Archived report</h1><p>See the <a href="https://example.org/">source</a>
and <a href="javascript:alert(1)">run it</a>.</p></body></html>`

func TestConvertPDFA(t *testing.T) {
	opts := folio.Options{PDFA: "3a", Audit: true, Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		Assets:      map[string][]byte{"figures.csv": []byte("a,b\n1,2\n")},
		Attachments: []folio.Attachment{{Name: "notes.txt", Description: "Editor's notes", Data: []byte("notes")}}}
	res, err := folio.Convert(context.Background(), strings.NewReader(archiveHTML), opts)
	if err != nil {
		t.Fatal(err)
	}
	qpdfCheck(t, res.PDF)
	pdfaRules := 0
	for _, r := range res.Report.CheckedRules {
		if strings.HasPrefix(r.Rule, "pdfa-") {
			pdfaRules++
			if r.Failed > 0 {
				t.Errorf("PDF/A rule %s failed %d times", r.Rule, r.Failed)
			}
		}
	}
	if pdfaRules < 20 {
		t.Errorf("the conversion's audit checked %d PDF/A rules, want the PDF/A audit merged in", pdfaRules)
	}
	list := tool(t, res.PDF, "pdfdetach", "-list")
	for _, want := range []string{"2 embedded files", "notes.txt", "figures.csv"} {
		if !strings.Contains(list, want) {
			t.Errorf("pdfdetach -list lacks %q:\n%s", want, list)
		}
	}
	for _, want := range []string{"attachment ../secret.txt not embedded", `link to "javascript:alert(1)" is not clickable: PDF/A allows no JavaScript`} {
		found := false
		for _, d := range res.Diagnostics {
			found = found || strings.Contains(d.Message, want)
		}
		if !found {
			t.Errorf("no diagnostic %q: %+v", want, res.Diagnostics)
		}
	}
}

// TestCorpusPDFA converts every corpus document as PDF/A-2u: each passes
// the PDF/A audit and keeps passing the PDF/UA-1 one.
func TestCorpusPDFA(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpus, "*.html"))
	if err != nil || len(files) < 10 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			res, err := folio.Convert(context.Background(), strings.NewReader(string(src)), folio.Options{PDFA: "2u", BaseDir: corpus})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := pdfa.Audit(context.Background(), res.PDF, pdfa.Options{Part: 2})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range rep.Errors {
				t.Errorf("PDF/A: %s: %s", e.Rule, e.Message)
			}
			uaClean(t, res.PDF)
		})
	}
}

func TestConvertPDFARefused(t *testing.T) {
	html := `<html lang="en"><title>x</title><p>x</p>`
	att := []folio.Attachment{{Name: "a.txt", Data: []byte("a")}}
	for _, tc := range []struct {
		name string
		opts folio.Options
		want string
	}{
		{"unknown", folio.Options{PDFA: "1b"}, `unknown PDF/A conformance "1b"`},
		{"part 2 attachment", folio.Options{PDFA: "2u", Attachments: att}, `PDF/A-2 embeds only PDF/A files, and attachment "a.txt"`},
		{"e-invoice part 2", folio.Options{PDFA: "2b", EInvoice: []byte("<x/>")}, "needs PDF/A-3, not PDF/A-2b"},
		{"e-invoice name taken", folio.Options{EInvoice: []byte("<x/>"), Attachments: []folio.Attachment{{Name: "factur-x.xml", Data: []byte("x")}}},
			"an attachment is named factur-x.xml, the name of the e-invoice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := folio.Convert(context.Background(), strings.NewReader(html), tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// BenchmarkConvertPDFA measures what PDF/A-3a adds to a conversion: the
// output intent with its ICC profile, the longer XMP packet and, for the
// small document, an attachment.
func BenchmarkConvertPDFA(b *testing.B) {
	small := `<!doctype html><html lang="en"><title>One page</title><h1>One page</h1><p>Text.</p></html>`
	for _, doc := range []struct{ name, src string }{{"30pages", fixture(60)}, {"1page", small}} {
		for _, p := range []string{"", "3a"} {
			name := doc.name + "/pdfua"
			if p != "" {
				name = doc.name + "/pdfa-" + p
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				defer reportCPU(b)()
				var size int
				for b.Loop() {
					res, err := folio.Convert(context.Background(), strings.NewReader(doc.src), folio.Options{PDFA: p})
					if err != nil {
						b.Fatal(err)
					}
					size = len(res.PDF)
				}
				b.ReportMetric(float64(size), "bytes")
			})
		}
	}
}
