package folio_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

var update = flag.Bool("update", false, "rewrite golden files")

// corpus holds the sample documents, shared with the conformance tests.
const corpus = "conformance/testdata/corpus"

// tool runs an outside PDF tool on pdf and returns its output. The tools
// are part of the test set-up (scripts/test.sh installs them): a missing
// tool fails the test rather than skipping it.
func tool(t *testing.T, pdf []byte, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is required for this test (apt-get install poppler-utils qpdf): %v", name, err)
	}
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(name, append(args, path)...).CombinedOutput()
	if err != nil && name != "qpdf" {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

func pdftotext(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatalf("pdftotext is required: %v", err)
	}
	path := filepath.Join(t.TempDir(), "out.pdf")
	os.WriteFile(path, pdf, 0o644)
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// uaClean fails when the PDF/UA audit finds errors in pdf.
func uaClean(t *testing.T, pdf []byte) {
	t.Helper()
	rep, err := folio.AuditPDF(context.Background(), pdf)
	if err != nil {
		t.Fatalf("AuditPDF: %v", err)
	}
	for _, f := range rep.Errors {
		t.Errorf("PDF/UA audit: %s: %s (%s)", f.Rule, f.Message, f.Location.StructPath)
	}
}

func qpdfCheck(t *testing.T, pdf []byte) {
	t.Helper()
	uaClean(t, pdf)
	out := tool(t, pdf, "qpdf", "--check")
	if !strings.Contains(out, "No syntax or stream encoding errors") || strings.Contains(out, "WARNING") {
		t.Errorf("qpdf --check:\n%s", out)
	}
}

func goldenFile(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// inOrder checks that each of parts occurs in text after the previous one.
func inOrder(t *testing.T, text string, parts ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(text), " ")
	pos := 0
	for _, p := range parts {
		i := strings.Index(flat[pos:], p)
		if i < 0 {
			t.Errorf("%q missing or out of order (after offset %d) in extracted text:\n%s", p, pos, clipText(flat[pos:]))
			return
		}
		pos += i + len(p)
	}
}

func clipText(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

func convertFile(t testing.TB, path string, opts folio.Options) *folio.Result {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("corpus file missing: %v", err)
	}
	defer f.Close()
	if opts.BaseDir == "" {
		opts.BaseDir = filepath.Dir(path)
	}
	res, err := folio.Convert(context.Background(), f, opts)
	if err != nil {
		t.Fatalf("Convert(%s): %v", path, err)
	}
	return res
}

func TestConvertMultilingual(t *testing.T) {
	res := convertFile(t, filepath.Join(corpus, "multilingual.html"), folio.Options{})
	if res.Pages != 1 {
		t.Errorf("pages = %d, want 1", res.Pages)
	}
	qpdfCheck(t, res.PDF)
	text := pdftotext(t, res.PDF)
	inOrder(t, text, "Notice in several languages", "English text, then ein deutscher Satz mit Umlauten: Größe,",
		"Übermaß.", "Le texte français avec « guillemets » et des ligatures", "efficace, affluent.",
		"Ελληνικό κείμενο για δοκιμή.", "Русский текст для проверки.", "Symbols: ♥ → ✓ € £ ¥ © ½ — “quotes”.",
		"First item", "Second item with a nested list", "1. Nested one", "2. Nested two", "Term",
		"Definition of the term.", "A quoted paragraph.", "preformatted", "keeps")
	goldenFile(t, "multilingual.struct.golden", tool(t, res.PDF, "pdfinfo", "-struct-text"))
	// /Lang on the elements whose language differs from the document's
	for _, lang := range []string{"de", "fr", "el", "ru"} {
		if !bytes.Contains(res.PDF, []byte("/Lang ("+lang+")")) {
			t.Errorf("no structure element with /Lang (%s)", lang)
		}
	}
	if !bytes.Contains(res.PDF, []byte("/Lang (en)")) {
		t.Error("document /Lang (en) missing")
	}
}

func TestConvertFieldSurvey(t *testing.T) {
	res := convertFile(t, filepath.Join(corpus, "field-survey.html"), folio.Options{})
	qpdfCheck(t, res.PDF)
	if res.Pages < 6 {
		t.Errorf("pages = %d, want every chapter on its own page", res.Pages)
	}
	text := pdftotext(t, res.PDF)
	inOrder(t, text, "Field Survey 2026", "Chapter 1.", "Chapter 2.", "Chapter 3.", "Chapter 4.", "Site table", "Site 001", "Site 090")
	if !bytes.Contains(res.PDF, []byte("/Outlines")) {
		t.Error("no outline (bookmarks from headings)")
	}
	st := tool(t, res.PDF, "pdfinfo", "-struct-text")
	// each Link element owns its annotation (an OBJR kid)
	if n := len(regexp.MustCompile(`(?m)^\s*Link\b[^\n]*\n\s*"[^"]*"\n\s*Object \d+`).FindAllString(st, -1)); n < 2 {
		t.Errorf("%d Link elements with text and an annotation, want the internal and external links", n)
	}
	for _, want := range []string{"Table", "TH", "TD", "Figure", "Link", "Caption"} {
		if !regexp.MustCompile(`(?m)^\s*` + want + `\b`).MatchString(st) {
			t.Errorf("structure has no %s element", want)
		}
	}
}

// pngData returns a data: URI of a w×h PNG.
func pngData(w, h int) string {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), 90, uint8(y * 255 / h), 255})
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

var words = strings.Fields("the field survey records water level flow rate and station notes for every site along the river " +
	"with measurements taken each season by the regional team and checked against the previous year")

// fixture returns a document of n sections of headings, paragraphs, lists
// and figures; each paragraph starts with a numbered marker.
func fixture(sections int) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture</title>` +
		`<style>body{font-family:serif;font-size:11pt} figure{margin:1em 2em} img{max-width:100%}</style></head><body>`)
	img := pngData(40, 20)
	p := 0
	for s := 1; s <= sections; s++ {
		fmt.Fprintf(&b, "<h2>Section %d</h2>\n", s)
		for i := 0; i < 4; i++ {
			p++
			fmt.Fprintf(&b, "<p>Paragraph %d. ", p)
			for k := 0; k < 60; k++ {
				b.WriteString(words[(p*7+k)%len(words)] + " ")
			}
			b.WriteString("</p>\n")
		}
		fmt.Fprintf(&b, "<ul><li>Item %d.1 <em>emphasis</em></li><li>Item %d.2</li></ul>\n", s, s)
		if s%3 == 0 {
			fmt.Fprintf(&b, `<figure><img src="%s" width="240" height="120" alt="Chart %d"><figcaption>Figure %d caption</figcaption></figure>`+"\n", img, s, s)
		}
	}
	b.WriteString("</body></html>")
	return b.String()
}

func TestConvertThirtyPages(t *testing.T) {
	src := fixture(60)
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages < 30 {
		t.Errorf("pages = %d, want at least 30", res.Pages)
	}
	qpdfCheck(t, res.PDF)
	text := pdftotext(t, res.PDF)
	var order []string
	p := 0
	for s := 1; s <= 60; s++ {
		order = append(order, fmt.Sprintf("Section %d", s))
		for i := 0; i < 4; i++ {
			p++
			order = append(order, fmt.Sprintf("Paragraph %d.", p))
		}
		order = append(order, fmt.Sprintf("Item %d.1 emphasis", s), fmt.Sprintf("Item %d.2", s))
		if s%3 == 0 {
			order = append(order, fmt.Sprintf("Figure %d caption", s))
		}
	}
	inOrder(t, text, order...)
	st := tool(t, res.PDF, "pdfinfo", "-struct-text")
	// one L per section; a Figure with Caption every third section
	if n := len(regexp.MustCompile(`(?m)^  L\b`).FindAllString(st, -1)); n != 60 {
		t.Errorf("%d top-level lists in the structure, want 60", n)
	}
	if n := len(regexp.MustCompile(`(?m)^\s*Figure\b`).FindAllString(st, -1)); n != 20 {
		t.Errorf("%d Figure elements, want 20", n)
	}
	goldenFile(t, "thirty.struct.golden", firstLines(st, 60))
}

func firstLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "")
}

func TestConvertHebrewLogicalOrder(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>he</title></head><body>` +
		`<p lang="he" dir="rtl">שלום עולם, זהו טקסט בעברית.</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := pdftotext(t, res.PDF)
	// pdftotext wraps RTL text in directional marks; compare without them
	clean := strings.Map(func(r rune) rune {
		if r >= 0x200E && r <= 0x202E {
			return -1
		}
		return r
	}, text)
	if !strings.Contains(clean, "שלום עולם") || !strings.Contains(clean, "זהו טקסט בעברית") {
		t.Errorf("Hebrew not extracted in logical order: %q", clean)
	}
	if !bytes.Contains(res.PDF, []byte("/Lang (he)")) {
		t.Error("Hebrew paragraph without /Lang (he)")
	}
}

func TestConvertDeterministic(t *testing.T) {
	src := fixture(3)
	a, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	b, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.PDF, b.PDF) {
		t.Error("same input gave different bytes")
	}
}

func TestConvertLimitsAndBadInput(t *testing.T) {
	deep := strings.Repeat("<div>", 600) + "x" + strings.Repeat("</div>", 600)
	_, err := folio.Convert(context.Background(), strings.NewReader(deep), folio.Options{})
	if !errors.Is(err, folio.ErrLimit) || !strings.Contains(err.Error(), "depth") {
		t.Errorf("600 nested divs: err = %v, want a depth limit error", err)
	}
	_, err = folio.Convert(context.Background(), strings.NewReader(fixture(10)), folio.Options{MaxPages: 2})
	if !errors.Is(err, folio.ErrLimit) || !strings.Contains(err.Error(), "2 pages") {
		t.Errorf("page limit: err = %v", err)
	}
	_, err = folio.Convert(context.Background(), strings.NewReader(fixture(40)), folio.Options{Deadline: time.Microsecond})
	if !errors.Is(err, folio.ErrLimit) {
		t.Errorf("deadline: err = %v, want ErrLimit", err)
	}
	// a 1 MB word, missing and refused images, garbage: converts with diagnostics
	bad := `<title>bad</title><p>` + strings.Repeat("w", 1<<20) + `</p><img src="missing.png" alt="missing">` +
		`<img src="/etc/passwd" alt="outside"><img src="http://169.254.169.254/x" alt="metadata"><img src="data:image/png;base64,AAAA" alt="broken"><p>after</p>`
	res, err := folio.Convert(context.Background(), strings.NewReader(bad), folio.Options{BaseDir: t.TempDir(), MaxPages: 3000})
	if err != nil {
		t.Fatalf("bad input: %v", err)
	}
	var resources int
	for _, d := range res.Diagnostics {
		if d.Stage == "resource" {
			resources++
		}
	}
	if resources != 4 {
		t.Errorf("%d resource diagnostics, want 4: %+v", resources, res.Diagnostics)
	}
	if !strings.Contains(pdftotext(t, res.PDF), "after") {
		t.Error("content after the bad images is missing")
	}
}

func TestConvertOptions(t *testing.T) {
	src := `<html><body><h1>Heading title</h1><p>x</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{Size: "letter", Orientation: folio.Landscape, Author: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	info := tool(t, res.PDF, "pdfinfo")
	for _, want := range []string{"Title:           Heading title", "Author:          Ann", "792 x 612 pts"} {
		if !strings.Contains(info, want) {
			t.Errorf("pdfinfo lacks %q:\n%s", want, info)
		}
	}
	if _, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{Size: "A9"}); err == nil {
		t.Error("unknown size accepted")
	}
}

func BenchmarkConvert30Pages(b *testing.B) {
	src := fixture(60)
	b.ReportAllocs()
	var pages int
	defer reportCPU(b)()
	for b.Loop() {
		res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
		if err != nil {
			b.Fatal(err)
		}
		pages = res.Pages
	}
	b.ReportMetric(float64(pages), "pages")
}

func paragraphs(n int) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><title>p</title></head><body>`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "<p>Paragraph %d. ", i)
		for k := 0; k < 40; k++ {
			b.WriteString(words[(i*3+k)%len(words)] + " ")
		}
		b.WriteString("</p>")
	}
	return b.String()
}

func BenchmarkConvertParagraphs(b *testing.B) {
	for _, n := range []int{100, 1000} {
		src := paragraphs(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				if _, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// reportCPU adds the process CPU time per operation as a metric: on a
// shared machine wall time (ns/op) includes waiting for a CPU.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestConvertAuditViolationsStillConforms(t *testing.T) {
	// The HTML breaks many WCAG rules; the PDF must still be PDF/UA-1
	// (headings normalised, missing alt text replaced, bad lang dropped)
	// and say so in diagnostics.
	res := convertFile(t, filepath.Join(corpus, "audit-violations.html"), folio.Options{})
	qpdfCheck(t, res.PDF)
	var tags int
	for _, d := range res.Diagnostics {
		if d.Stage == "tags" {
			tags++
		}
	}
	if tags < 3 {
		t.Errorf("%d tag diagnostics, want heading normalisation and alt reports: %+v", tags, res.Diagnostics)
	}
}

// FuzzConvert runs the whole pipeline on arbitrary HTML: it must never
// panic, and whatever converts must be a PDF the reader accepts.
func FuzzConvert(f *testing.F) {
	for _, s := range []string{
		"<p>hello</p>",
		"<ul><li>a<li>b<ol><li>c</ol></ul>",
		"<table><tr><td>1<td>2<tr><th>h</table>",
		"<p dir=rtl lang=he>שלום <b>עולם</b> abc</p>",
		"<div><span><div>block in inline</div></span></div>",
		"<pre>\ta\n\n  b</pre><p style='white-space:pre-wrap'>x  y</p>",
		"<h3>skip</h3><h1>one</h1><figure><img alt=x src=missing.png><figcaption>c</figcaption></figure>",
		"<style>p::before{content:counter(x) '. ' attr(id)} p{counter-increment:x}</style><p id=q>z</p>",
		"<p>a&shy;b&shy;c " + strings.Repeat("long", 50) + "</p>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := folio.Convert(ctx, strings.NewReader(src), folio.Options{MaxPages: 50})
		if err != nil {
			if errors.Is(err, folio.ErrLimit) {
				return
			}
			t.Fatalf("Convert(%q): %v", src, err)
		}
		if !bytes.HasPrefix(res.PDF, []byte("%PDF-")) || res.Pages < 1 {
			t.Fatalf("Convert(%q): no PDF", src)
		}
		if _, err := folio.AuditPDF(context.Background(), res.PDF); err != nil {
			t.Fatalf("Convert(%q): output unreadable: %v", src, err)
		}
	})
}

func ExampleConvert() {
	src := `<!doctype html><html lang="en"><head><title>Hello</title></head>
<body><h1>Hello</h1><p>A tagged PDF from HTML.</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{Size: "A5"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Pages, "page,", string(res.PDF[:8]))
	// Output: 1 page, %PDF-1.7
}

func TestConvertBlockLink(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>l</title></head><body>` +
		`<a href="https://example.com/card"><div><h1>Card</h1><p>Card text.</p></div></a><p>After.</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	qpdfCheck(t, res.PDF)
	st := tool(t, res.PDF, "pdfinfo", "-struct-text")
	if !regexp.MustCompile(`(?s)Link \(inline\)\s+H1.*Card text.*Object \d+`).MatchString(st) {
		t.Errorf("the block inside the link is not the Link's content with an annotation:\n%s", st)
	}
}
