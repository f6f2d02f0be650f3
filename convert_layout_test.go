package folio_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// convertAudited converts src and fails the test unless the PDF passes
// folio.AuditPDF's PDF/UA-1 rules with zero errors (the layout documents
// of these tests need not satisfy the content rules 3–5, the "spec-"
// rules, which TestConvertAuditViolationsStillConforms covers).
func convertAudited(t *testing.T, src string) []byte {
	t.Helper()
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	rep, err := folio.AuditPDF(context.Background(), res.PDF)
	if err != nil {
		t.Fatalf("AuditPDF: %v", err)
	}
	for _, f := range rep.Errors {
		if !strings.HasPrefix(f.Rule, "spec-") {
			t.Errorf("PDF audit error: %+v", f)
		}
	}
	return res.PDF
}

// structText is the structure tree with its text, as pdfinfo
// -struct-text prints it.
func structText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		t.Fatalf("pdfinfo is required (apt-get install poppler-utils): %v", err)
	}
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", "-struct-text", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo -struct-text: %v\n%s", err, out)
	}
	return string(out)
}

// uncompressed rewrites pdf with qpdf so dictionary entries can be read.
func uncompressed(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("qpdf"); err != nil {
		t.Fatalf("qpdf is required: %v", err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command("qpdf", "--qdf", "--object-streams=disable", in, out).CombinedOutput(); err != nil {
		t.Fatalf("qpdf: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestConvertFormulaAndRoleTags(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Tags</title></head><body>
<h1>Tags</h1>
<p>Inline <math aria-label="x plus one"><mi>x</mi><mo>+</mo><mn>1</mn></math> formula.</p>
<div role="math" aria-label="E equals m c squared">E = mc²</div>
<div role="math">a + b</div>
<div role="img" aria-label="A red square" style="width:20pt;height:20pt;background:red"></div>
<div role="note">A note.</div>
</body></html>`)
	st := structText(t, pdf)
	for _, want := range []string{"Formula\n      \"x+1\"", "Formula\n    \"E = mc²\"", "Figure", "Note <note-"} {
		if !strings.Contains(st, want) {
			t.Errorf("structure tree lacks %q:\n%s", want, st)
		}
	}
	raw := uncompressed(t, pdf)
	for _, want := range []string{"/Alt (x plus one)", "/Alt (E equals m c squared)", "/Alt (a + b)", "/Alt (A red square)"} {
		if !strings.Contains(raw, want) {
			t.Errorf("PDF lacks %s", want)
		}
	}
}

func TestConvertRTLLogicalOrder(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>RTL</title></head><body>
<p lang="he" dir="rtl">שלום עולם</p><p>Mixed: English then עברית here.</p></body></html>`)
	st := structText(t, pdf)
	for _, want := range []string{`"שלום עולם"`, `"עברית"`} {
		if !strings.Contains(st, want) {
			t.Errorf("structure text lacks %s in logical order:\n%s", want, st)
		}
	}
	if raw := uncompressed(t, pdf); !strings.Contains(raw, "/ActualText") {
		t.Error("no /ActualText on the right-to-left runs")
	}
}

func TestConvertFloatsPositionFlexReadingOrder(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Layout</title><style>
.f{float:right;width:100pt;background:#eee}.a{position:absolute;top:0;left:0}
.row{display:flex;gap:10pt}.row>div{flex:1}</style></head><body>
<h1>Layout</h1>
<p>First paragraph.</p>
<div class="f"><p>Floated aside text.</p></div>
<p>Second paragraph wraps around the float. `+strings.Repeat("Words and more words. ", 20)+`</p>
<div style="position:relative"><p class="a">Positioned text.</p><p>Static text.</p></div>
<div class="row"><div>Column one.</div><div>Column two.</div></div>
</body></html>`)
	st := structText(t, pdf)
	order := []string{"First paragraph.", "Floated aside text.", "Second paragraph", "Positioned text.", "Static text.", "Column one.", "Column two."}
	last := -1
	for _, s := range order {
		i := strings.Index(st, s)
		if i < 0 {
			t.Fatalf("structure text lacks %q:\n%s", s, st)
		}
		if i < last {
			t.Errorf("%q is out of DOM order in the structure tree:\n%s", s, st)
		}
		last = i
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Error("not a PDF")
	}
}

func TestConvertFloatInTextReadingOrder(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Float in text</title></head><body>
<p><span style="float:left;margin-right:6pt">Drop</span>Body text beside the drop.</p>
<p>Before the anchor. <span style="float:right;width:80pt">Floated note</span>After the anchor `+strings.Repeat("and more text ", 30)+`</p>
</body></html>`)
	st := structText(t, pdf)
	order := []string{"Drop", "Body text", "Before the anchor.", "Floated note", "and more text and more text and more text and more text and more text and more text and more text and more text and more text and more text and more text and more text"}
	last := -1
	for _, s := range order {
		i := strings.Index(st, s)
		if i < 0 {
			t.Fatalf("structure text lacks %q:\n%s", s, st)
		}
		if i < last {
			t.Errorf("%q is out of DOM order:\n%s", s, st)
		}
		last = i
	}
}
