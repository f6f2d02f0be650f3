package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

const good = `<html lang=en><title>T</title><h1>Hi</h1></html>`
const bad = `<html lang=en><title>T</title><img src=x.png></html>`

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConvertSpecForms(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "docs/in.html", good)
	out := filepath.Join(dir, "out.pdf")
	f := newFake()

	// convert -i in.html -o out.pdf --audit
	r := runCLI(t, f, "", "convert", "-i", in, "-o", out, "--audit")
	if r.code != ExitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	got, _ := os.ReadFile(out)
	if string(got) != string(fakePDFFor(good)) {
		t.Errorf("output %q", got)
	}
	if !strings.Contains(r.stdout, "Accessibility audit: PASSED") {
		t.Errorf("no audit report on stdout: %q", r.stdout)
	}
	if o, _ := f.options(good); o.BaseDir != filepath.Join(dir, "docs") || !o.Audit {
		t.Errorf("options %+v", o)
	}

	// convert - -o out.pdf (stdin)
	out2 := filepath.Join(dir, "stdin.pdf")
	r = runCLI(t, newFake(), "<p>piped</p>", "convert", "-", "-o", out2)
	if got, _ := os.ReadFile(out2); r.code != 0 || string(got) != string(fakePDFFor("<p>piped</p>")) {
		t.Errorf("stdin: exit %d %s, output %q", r.code, r.stderr, got)
	}

	// -o - writes the PDF to stdout and reports on stderr.
	r = runCLI(t, newFake(), "<p>x</p>", "convert", "-", "-o", "-", "--audit")
	if r.code != 0 || r.stdout != string(fakePDFFor("<p>x</p>")) || !strings.Contains(r.stderr, "PASSED") {
		t.Errorf("stdout: exit %d stdout %q stderr %q", r.code, r.stdout, r.stderr)
	}

	// Positional input, default output name.
	r = runCLI(t, newFake(), "", "convert", in)
	if _, err := os.Stat(filepath.Join(dir, "docs/in.pdf")); r.code != 0 || err != nil {
		t.Errorf("default output: exit %d %v", r.code, err)
	}
}

func TestConvertOptionsAndJSON(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "a.html", good)
	f := newFake()
	r := runCLI(t, f, "", "convert", "-i", in, "-o", filepath.Join(dir, "a.pdf"), "--json", "--title", "Title", "--author", "Au",
		"--lang", "de-DE", "--size", "LETTER", "--orientation", "Landscape", "--fix", "--max-pages", "12", "--timeout", "5s")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	o, _ := f.options(good)
	if o.Title != "Title" || o.Author != "Au" || o.Lang != "de-DE" || o.Size != "letter" || o.Orientation != folio.Landscape || !o.Fix || o.MaxPages != 12 || o.Deadline != 5*time.Second || o.Audit {
		t.Errorf("options %+v", o)
	}
	var res convertResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.Pages == 0 || res.Bytes != len(fakePDFFor(good)) || len(res.Diagnostics) != 1 {
		t.Errorf("json %q: %v", r.stdout, err)
	}
}

func TestConvertExitCodes(t *testing.T) {
	dir := t.TempDir()
	goodIn := write(t, dir, "good.html", good)
	badIn := write(t, dir, "bad.html", bad)
	failIn := write(t, dir, "fail.html", "FAIL")
	limitIn := write(t, dir, "limit.html", "LIMIT")
	out := filepath.Join(dir, "out.pdf")
	cases := []struct {
		name    string
		args    []string
		code    int
		written bool
		stderr  string
	}{
		{"ok", []string{"-i", goodIn, "-o", out}, 0, true, "wrote"},
		{"audit findings", []string{"-i", badIn, "-o", out, "--audit"}, 0, true, "the audit found errors"},
		{"strict", []string{"-i", badIn, "-o", out, "--strict"}, 1, false, "no PDF written"},
		{"no input", []string{"-o", out}, 2, false, "no input"},
		{"two inputs merged", []string{goodIn, badIn, "-o", out}, 0, true, "wrote"},
		{"two inputs without -o", []string{"-i", goodIn, "-i", badIn}, 2, false, "give it with -o"},
		{"inputs given both ways", []string{"-i", goodIn, badIn, "-o", out}, 2, false, "either with -i or as files"},
		{"stdin twice", []string{"-", "-", "-o", out}, 2, false, "standard input (-) given 2 times"},
		{"merged input missing", []string{goodIn, filepath.Join(dir, "nope.html"), "-o", out}, 2, false, "no such file"},
		{"missing file", []string{"-i", filepath.Join(dir, "nope.html"), "-o", out}, 2, false, "no such file"},
		{"bad size", []string{"-i", goodIn, "-o", out, "--size", "A0"}, 2, false, "allowed: A3"},
		{"bad orientation", []string{"-i", goodIn, "-o", out, "--orientation", "up"}, 2, false, "portrait"},
		{"unknown flag", []string{"-i", goodIn, "-o", out, "--colour"}, 2, false, "flag provided but not defined"},
		{"stdin without -o", []string{"-"}, 2, false, "no output"},
		{"empty stdin", []string{"-", "-o", out}, 2, false, "standard input is empty"},
		{"conversion failure", []string{"-i", failIn, "-o", out}, 3, false, "layout exploded"},
		{"limit", []string{"-i", limitIn, "-o", out}, 3, false, "limit exceeded"},
		{"missing output directory", []string{"-i", goodIn, "-o", filepath.Join(dir, "no/such/dir/out.pdf")}, 2, false, "no/such/dir does not exist"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(out)
			r := runCLI(t, newFake(), "", append([]string{"convert"}, tc.args...)...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d: %s", r.code, tc.code, r.stderr)
			}
			if _, err := os.Stat(out); (err == nil) != tc.written {
				t.Errorf("output written: %v, want %v", err == nil, tc.written)
			}
			if !strings.Contains(r.stderr, tc.stderr) {
				t.Errorf("stderr %q lacks %q", r.stderr, tc.stderr)
			}
			// the temporary file a PDF is streamed to goes, whatever
			// the outcome
			if tmps, _ := filepath.Glob(filepath.Join(dir, ".out.pdf.*.tmp")); len(tmps) > 0 {
				t.Errorf("temporary files left: %v", tmps)
			}
		})
	}
}

func TestRenderTemplateSpecForms(t *testing.T) {
	dir := t.TempDir()
	data := write(t, dir, "data.json", `{"number":"INV-9","gross_total":10.5}`)
	out := filepath.Join(dir, "inv.pdf")
	htmlOut := filepath.Join(dir, "inv.html")
	f := newFake()
	r := runCLI(t, f, "", "render-template", "-t", "invoice", "-d", data, "-o", out, "--html", htmlOut, "--audit")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	html, _ := os.ReadFile(htmlOut)
	pdf, _ := os.ReadFile(out)
	if !strings.Contains(string(html), "Invoice INV-9") || string(pdf) != string(fakePDFFor(string(html))) {
		t.Errorf("html %q pdf %q", html, pdf)
	}
	// -d - reads stdin; --sample uses the sample.
	r = runCLI(t, f, `{"number":"FROM-STDIN"}`, "render-template", "-t", "invoice", "-d", "-", "-o", "-")
	if r.code != 0 || !strings.Contains(r.stdout, "FROM-STDIN") {
		t.Errorf("stdin data: %d %q %s", r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, f, "", "render-template", "-t", "invoice", "--sample", "-o", "-")
	if r.code != 0 || !strings.Contains(r.stdout, "SAMPLE-1") {
		t.Errorf("sample: %d %q", r.code, r.stdout)
	}
	for _, tc := range []struct {
		name, stdin string
		args        []string
		code        int
		stderr      string
	}{
		{"invalid data", `{"total":1}`, []string{"-t", "invoice", "-d", "-", "-o", out}, 2, "data.number: required"},
		{"malformed data", "{\"number\":\n  ]", []string{"-t", "invoice", "-d", "-", "-o", out}, 2, "standard input: not valid JSON: line 2, column 3"},
		{"unknown template", `{}`, []string{"-t", "menu", "-d", "-", "-o", out}, 2, "unknown template"},
		{"no template", "", []string{"-d", data, "-o", out}, 2, "-t ID"},
		{"no data", "", []string{"-t", "invoice", "-o", out}, 2, "--sample"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, f, tc.stdin, append([]string{"render-template"}, tc.args...)...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.stderr) {
				t.Errorf("exit %d stderr %q, want %d %q", r.code, r.stderr, tc.code, tc.stderr)
			}
		})
	}
}

func TestListTemplates(t *testing.T) {
	r := runCLI(t, newFake(), "", "list-templates")
	if r.code != 0 || !strings.Contains(r.stdout, "invoice") || !strings.Contains(r.stdout, "Invoice") || !strings.Contains(r.stdout, "number") {
		t.Errorf("text: %d %q", r.code, r.stdout)
	}
	r = runCLI(t, newFake(), "", "list-templates", "--json")
	var list struct {
		Templates []struct{ ID string } `json:"templates"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list.Templates) != 1 || list.Templates[0].ID != "invoice" {
		t.Errorf("json: %q %v", r.stdout, err)
	}
}

func TestValidateCommand(t *testing.T) {
	dir := t.TempDir()
	goodIn := write(t, dir, "good.html", good)
	badIn := write(t, dir, "bad.html", bad)
	pdfNamedHTML := write(t, dir, "really-a-pdf.html", "%PDF-1.7\nfake\n")
	broken := write(t, dir, "broken.pdf", "%PDF-1.7 broken")
	cases := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string
	}{
		{"passes", []string{goodIn}, "", 0, "PASSED, score 100/100"},
		{"fails", []string{badIn}, "", 1, "image-alt"},
		{"pdf by content", []string{pdfNamedHTML}, "", 0, "PDF/UA-1"},
		{"json", []string{badIn, "--json"}, "", 1, `"repair_hints"`},
		{"stdin", []string{"-"}, bad, 1, "FAILED"},
		{"min score met", []string{goodIn, "--min-score", "90"}, "", 0, "PASSED"},
		{"missing", []string{filepath.Join(dir, "nope.html")}, "", 2, ""},
		{"unreadable pdf", []string{broken}, "", 2, ""},
		{"no file", nil, "", 2, ""},
		{"bad min score", []string{goodIn, "--min-score", "101"}, "", 2, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, newFake(), tc.stdin, append([]string{"validate"}, tc.args...)...)
			if r.code != tc.code || !strings.Contains(r.stdout, tc.stdout) {
				t.Errorf("exit %d stdout %q stderr %q; want %d %q", r.code, r.stdout, r.stderr, tc.code, tc.stdout)
			}
		})
	}
}

func TestVersionAndHelp(t *testing.T) {
	r := runCLI(t, newFake(), "", "version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "folio "+folio.Version+"\n") {
		t.Errorf("version: %d %q", r.code, r.stdout)
	}
	if r := runCLI(t, newFake(), "", "--version"); r.code != 0 || !strings.Contains(r.stdout, folio.Version) {
		t.Errorf("--version: %d %q", r.code, r.stdout)
	}
	r = runCLI(t, newFake(), "", "help")
	for _, c := range []string{"convert", "render-template", "list-templates", "inspect-pdf", "validate", "batch", "serve", "version"} {
		if !strings.Contains(r.stdout, "  "+c+" ") {
			t.Errorf("help does not list %s", c)
		}
	}
	for _, c := range []string{"convert", "render-template", "list-templates", "inspect-pdf", "validate", "batch", "serve", "version"} {
		for _, args := range [][]string{{"help", c}, {c, "-h"}, {c, "--help"}} {
			r := runCLI(t, newFake(), "", args...)
			if r.code != 0 || !strings.HasPrefix(r.stdout, "usage: folio "+c) || !strings.Contains(r.stdout, "exit codes") {
				t.Errorf("%v: %d %q %q", args, r.code, r.stdout, r.stderr)
			}
		}
	}
	r = runCLI(t, newFake(), "", "help", "convert")
	for _, flag := range []string{"-i file", "-o file", "--audit", "--strict", "--fix", "--json", "--title", "--lang", "--size", "--orientation"} {
		if !strings.Contains(r.stdout, flag) {
			t.Errorf("convert help lacks %q", flag)
		}
	}
	if r := runCLI(t, newFake(), "", "frobnicate"); r.code != 2 || !strings.Contains(r.stderr, "unknown command") {
		t.Errorf("unknown: %d %q", r.code, r.stderr)
	}
	if r := runCLI(t, newFake(), ""); r.code != 2 {
		t.Errorf("no args: %d", r.code)
	}
}
