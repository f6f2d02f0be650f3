package cli

// End-to-end tests of the subcommands with the real engine.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/server"
)

// runReal runs the CLI with the real engine.
func runReal(t *testing.T, stdin string, args ...string) runResult {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{ctx: context.Background(), stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, engine: server.DefaultEngine(),
		getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	code := e.main(args)
	return runResult{code, out.String(), errb.String()}
}

func TestE2EConvertAndInspect(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "report.html", `<!doctype html><html lang="en-GB"><head><title>Quarterly report</title></head>
<body><h1>Quarterly report</h1><p>Sales rose.</p>
<table><caption>Sales</caption><tr><th scope="col">Quarter</th><th scope="col">Sales</th></tr><tr><td>Q1</td><td>10</td></tr></table>
</body></html>`)
	out := filepath.Join(dir, "report.pdf")
	r := runReal(t, "", "convert", "-i", in, "-o", out, "--audit")
	if r.code != 0 || !strings.Contains(r.stdout, "PASSED") {
		t.Fatalf("convert: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = runReal(t, "", "inspect-pdf", out)
	if r.code != 0 {
		t.Fatalf("inspect: exit %d %s", r.code, r.stderr)
	}
	for _, want := range []string{"Title:            Quarterly report", "Language:         en-GB", "PDF/UA:           PDF/UA-1", "Tagged:           yes",
		"DisplayDocTitle:  true", "(A4)", "embedded, subset", "\n  Document", `H1 "Quarterly report"`, "Table", `TH scope=Column "Quarter"`, `Caption "Sales"`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("inspect-pdf lacks %q:\n%s", want, r.stdout)
		}
	}
	r = runReal(t, "", "validate", out)
	if r.code != 0 || !strings.Contains(r.stdout, "PASSED") {
		t.Errorf("validate PDF: exit %d %s", r.code, r.stdout)
	}
	// Streamed into the file as it is assembled: the bytes written to
	// standard output, and their size reported.
	streamed := filepath.Join(dir, "streamed.pdf")
	r = runReal(t, "", "convert", "-i", in, "-o", streamed, "--date", "2026-01-01T00:00:00Z")
	got, err := os.ReadFile(streamed)
	if r.code != 0 || err != nil {
		t.Fatalf("convert to a file: exit %d %v %s", r.code, err, r.stderr)
	}
	r = runReal(t, "", "convert", "-i", in, "-o", "-", "--date", "2026-01-01T00:00:00Z")
	if r.code != 0 || r.stdout != string(got) {
		t.Errorf("the file streamed (%d bytes) differs from standard output's (%d bytes)", len(got), len(r.stdout))
	}
	if r = runReal(t, "", "convert", "-i", in, "-o", streamed, "--date", "2026-01-01T00:00:00Z"); !strings.Contains(r.stderr, fmt.Sprintf("%d bytes", len(got))) {
		t.Errorf("report %q lacks the size %d bytes", r.stderr, len(got))
	}
	// stdin to stdout.
	r = runReal(t, `<html lang="en"><title>p</title><h1>Piped</h1></html>`, "convert", "-", "-o", "-")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "%PDF-") {
		t.Errorf("convert - -o -: exit %d %q", r.code, r.stderr)
	}
}

// TestE2EConvertReadsOnlyItsDirectory: relative URLs resolve in the input
// file's directory; a file next to it is used, ../secret and
// file:///etc/passwd are refused and reported.
func TestE2EConvertReadsOnlyItsDirectory(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "secret.txt", "TOPSECRET")
	img := filepath.Join(dir, "docs", "dot.png")
	os.MkdirAll(filepath.Dir(img), 0o755)
	os.WriteFile(img, pngFile(), 0o644)
	in := write(t, dir, "docs/in.html", `<!doctype html><html lang="en"><title>t</title><h1>t</h1>
<img src="dot.png" alt="a dot"><img src="../secret.txt" alt="s"><img src="file:///etc/passwd" alt="p"></html>`)
	r := runReal(t, "", "convert", "-i", in, "-o", filepath.Join(dir, "out.pdf"))
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, `"dot.png" not loaded`) {
		t.Errorf("image beside the input refused: %s", r.stderr)
	}
	for _, ref := range []string{"../secret.txt", "file:///etc/passwd"} {
		if !strings.Contains(r.stderr, ref) || !strings.Contains(r.stderr, "refused") {
			t.Errorf("refusal of %s not reported: %s", ref, r.stderr)
		}
	}
}

func pngFile() []byte {
	// 1×1 transparent PNG.
	return []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82")
}

func TestE2EValidateCorpusHTML(t *testing.T) {
	in := filepath.Join("..", "conformance", "testdata", "corpus", "audit-violations.html")
	if _, err := os.Stat(in); err != nil {
		t.Fatalf("corpus document missing: %v", err)
	}
	r := runReal(t, "", "validate", in)
	if r.code != ExitFindings || !strings.Contains(r.stdout, "FAILED") || !strings.Contains(r.stdout, "image-alt") {
		t.Errorf("exit %d:\n%s", r.code, r.stdout)
	}
	r = runReal(t, "", "validate", in, "--json")
	if r.code != ExitFindings || !strings.Contains(r.stdout, `"repair_hints"`) {
		t.Errorf("--json: exit %d", r.code)
	}
}

func TestE2ERenderTemplateAndBatch(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "invoice.pdf")
	r := runReal(t, "", "render-template", "-t", "invoice", "--sample", "-o", out, "--audit", "--html", filepath.Join(dir, "invoice.html"))
	if r.code != 0 {
		t.Fatalf("render-template: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	data, _ := os.ReadFile(filepath.Join("..", "templates", "samples", "invoice.json"))
	r = runReal(t, string(data), "render-template", "-t", "invoice", "-d", "-", "-o", filepath.Join(dir, "inv2.pdf"))
	if r.code != 0 {
		t.Errorf("-d -: exit %d %s", r.code, r.stderr)
	}
	r = runReal(t, `{"invoice_number": 7}`, "render-template", "-t", "invoice", "-d", "-", "-o", filepath.Join(dir, "bad.pdf"))
	if r.code != ExitUsage || !strings.Contains(r.stderr, "data") {
		t.Errorf("invalid data: exit %d %s", r.code, r.stderr)
	}
	// Batch over the HTML just written plus one more.
	write(t, dir, "more.html", `<html lang="en"><title>m</title><h1>More</h1></html>`)
	r = runReal(t, "", "batch", dir, "-o", filepath.Join(dir, "pdf"), "-j", "2", "--audit")
	if r.code != 0 || !strings.Contains(r.stderr, "2 converted") {
		t.Errorf("batch: exit %d %s", r.code, r.stderr)
	}
}

// TestE2EConvertMergesInputs: several inputs become one PDF, each
// document with its own directory's style sheet, tagged as a Part each.
func TestE2EConvertMergesInputs(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a", "b"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(dir, "a"), "style.css", `@page { size: 200pt 200pt }`)
	write(t, filepath.Join(dir, "b"), "style.css", `@page { size: 300pt 150pt }`)
	one := write(t, filepath.Join(dir, "a"), "index.html", `<!doctype html><html lang="en"><head><title>Merged book</title>
<link rel="stylesheet" href="style.css"></head><body><h1>First part</h1></body></html>`)
	two := write(t, filepath.Join(dir, "b"), "index.html", `<!doctype html><html lang="fr"><head><title>Deux</title>
<link rel="stylesheet" href="style.css"></head><body><h1>Seconde partie</h1></body></html>`)
	out := filepath.Join(dir, "book.pdf")
	r := runReal(t, "", "convert", "-i", one, "-i", two, "-o", out)
	if r.code != 0 || !strings.Contains(r.stderr, "2 pages") {
		t.Fatalf("convert two inputs: exit %d\n%s", r.code, r.stderr)
	}
	r = runReal(t, "", "inspect-pdf", out)
	for _, want := range []string{"Title:            Merged book", "Language:         en", "200 × 200", "300 × 150", "\n    Part", `H1 "First part"`, `H1 "Seconde partie"`, "Part lang=fr\n      H1"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("inspect-pdf of the merged PDF lacks %q:\n%s", want, r.stdout)
		}
	}
}

// A file that is not HTML (here a PNG) is an input error, exit 2, naming
// what it is, for convert and validate alike.
func TestE2EBinaryInputIsInputError(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "logo.html", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01")
	for _, args := range [][]string{
		{"convert", "-i", in, "-o", filepath.Join(dir, "out.pdf")},
		{"validate", in},
	} {
		r := runReal(t, "", args...)
		if r.code != 2 || !strings.Contains(r.stderr, "it looks like a PNG image") {
			t.Errorf("%s: exit %d, want 2 naming a PNG image: %s", args[0], r.code, r.stderr)
		}
	}
}

// --font-dir lends its fonts to characters the bundled ones lack, and
// --charset says how the input is encoded; a --font-dir that is not a
// directory is an input error.
func TestE2EFontDirAndCharset(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "ja.html", "<!doctype html><html lang=\"ja\"><head><title>Nihon</title></head><body><h1>\x93\xfa\x96\x7b</h1></body></html>")
	out := filepath.Join(dir, "ja.pdf")
	fontDir, err := filepath.Abs("../fonts/testdata/fontdir")
	if err != nil {
		t.Fatal(err)
	}
	r := runReal(t, "", "convert", "-i", in, "-o", out, "--charset", "shift_jis", "--font-dir", fontDir, "--json", "--audit")
	if r.code != 0 {
		t.Fatalf("convert: exit %d: %s", r.code, r.stderr)
	}
	if strings.Contains(r.stdout, "glyph-missing") || strings.Contains(r.stdout, "text-encoding") {
		t.Errorf("with --charset and --font-dir: %s", r.stdout)
	}
	r = runReal(t, "", "convert", "-i", in, "-o", out, "--json", "--audit")
	if r.code != 0 || !strings.Contains(r.stdout, `"rule": "text-encoding"`) {
		t.Errorf("without --charset: exit %d, want a text-encoding warning: %s", r.code, r.stdout)
	}
	r = runReal(t, "", "convert", "-i", in, "-o", out, "--json", "--audit", "--charset", "shift_jis")
	if r.code != 0 || !strings.Contains(r.stdout, `"rule": "glyph-missing"`) {
		t.Errorf("without --font-dir: exit %d, want a glyph-missing warning: %s", r.code, r.stdout)
	}
	r = runReal(t, "", "convert", "-i", in, "-o", out, "--font-dir", filepath.Join(dir, "nope"))
	if r.code != 2 || !strings.Contains(r.stderr, "is not a directory") {
		t.Errorf("missing --font-dir: exit %d: %s", r.code, r.stderr)
	}
}

// TestE2EConvertXHTML: a .xhtml input is parsed as XML; ill-formed XML is
// an input error (exit 2) naming the line.
func TestE2EConvertXHTML(t *testing.T) {
	dir := t.TempDir()
	good := write(t, dir, "page.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>X</title></head><body><p>Caf&eacute;</p><div/></body></html>`)
	bad := write(t, dir, "bad.xhtml", "<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<body><p>open</body></html>")
	if r := runReal(t, "", "convert", good, "-o", filepath.Join(dir, "good.pdf")); r.code != 0 {
		t.Errorf("well-formed XHTML: exit %d: %s", r.code, r.stderr)
	}
	r := runReal(t, "", "convert", bad, "-o", filepath.Join(dir, "bad.pdf"))
	if r.code != 2 || !strings.Contains(r.stderr, "not well-formed XML: line 2") {
		t.Errorf("ill-formed XHTML: exit %d, stderr %q; want 2 naming line 2", r.code, r.stderr)
	}
}

// TestE2EConvertLongFlatTags: a long document whose table PDF/UA cannot
// tag as nested, found after part of its file was streamed, is written
// again with flat tags from the start of the file (streamFile.Rewind):
// the file is the one standard output gets, whole and tagged flat.
func TestE2EConvertLongFlatTags(t *testing.T) {
	dir := t.TempDir()
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang=en><title>Long</title><style>section { break-before: page }</style><body><h1>Long</h1>`)
	for i := range 110 {
		fmt.Fprintf(&sb, "<section><h2>Part %d</h2><p>Text of part %d.</p></section>", i, i)
	}
	sb.WriteString(`<table><tr><td>Cell one</td></tr><caption>Middle caption</caption><tr><td>Cell two</td></tr></table>`)
	in := write(t, dir, "long.html", sb.String())
	out := filepath.Join(dir, "long.pdf")
	r := runReal(t, "", "convert", "-i", in, "-o", out, "--date", "2026-01-01T00:00:00Z")
	if r.code != 0 || !strings.Contains(r.stderr, "tagged as plain") {
		t.Fatalf("convert: exit %d, stderr %q; want 0 and the flat-tags diagnostic", r.code, r.stderr)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	r = runReal(t, "", "convert", "-i", in, "-o", "-", "--date", "2026-01-01T00:00:00Z")
	if r.code != 0 || r.stdout != string(got) {
		t.Errorf("the file (%d bytes) differs from standard output's (%d bytes)", len(got), len(r.stdout))
	}
	if r = runReal(t, "", "validate", out); r.code != 0 {
		t.Errorf("validate: exit %d %s", r.code, r.stdout)
	}
}
