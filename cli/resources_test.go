package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestConvertResourceAndPageFlags checks the flags that say where
// resources come from and how the page is set up, as the options the
// engine receives.
func TestConvertResourceAndPageFlags(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "site/docs/a/in.html", good)
	css := write(t, dir, "extra.css", "p { color: navy }")
	f := newFake()
	r := runCLI(t, f, "", "convert", "-i", in, "-o", filepath.Join(dir, "out.pdf"), "--root", filepath.Join(dir, "site"),
		"--allow-host", "cdn.example", "--allow-host", "img.example", "--stylesheet", css,
		"--margin", "1in 2cm", "--page-width", "100mm", "--page-height", "150MM", "--date", "2025-01-02")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	o, _ := f.options(good)
	if o.BaseDir != filepath.Join(dir, "site") || o.BaseURL != "file://"+filepath.ToSlash(filepath.Join(dir, "site/docs/a"))+"/" {
		t.Errorf("root %q and base URL %q, want the site and the input's folder", o.BaseDir, o.BaseURL)
	}
	if strings.Join(o.AllowHosts, " ") != "cdn.example img.example" {
		t.Errorf("allowed hosts %q", o.AllowHosts)
	}
	if !strings.Contains(o.UserCSS, "p { color: navy }") || !strings.Contains(o.UserCSS, "@page { margin: 1in 2cm; size: 100mm 150mm }") ||
		strings.Index(o.UserCSS, "navy") > strings.Index(o.UserCSS, "@page") {
		t.Errorf("user CSS %q, want the style sheet, then the page rule", o.UserCSS)
	}
	if !o.Now.Equal(time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("date %v", o.Now)
	}
	// --base-dir is the older name of --root; the base URL stays the input's folder
	f = newFake()
	if r := runCLI(t, f, "", "convert", "-i", in, "-o", filepath.Join(dir, "out.pdf"), "--base-dir", dir); r.code != 0 {
		t.Fatalf("--base-dir: exit %d: %s", r.code, r.stderr)
	}
	if o, _ := f.options(good); o.BaseDir != dir || !strings.HasSuffix(o.BaseURL, "/site/docs/a/") {
		t.Errorf("--base-dir gave root %q, base %q", o.BaseDir, o.BaseURL)
	}
}

// TestConvertFlagErrors checks that malformed page, date and input flags
// are usage errors (exit 2) naming the flag, and nothing is written.
func TestConvertFlagErrors(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "in.html", good)
	out := filepath.Join(dir, "out.pdf")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--margin", "1 inch"}, `margin "1 inch"`},
		{[]string{"--margin", "1cm 1cm 1cm 1cm 1cm"}, "1 to 4 lengths"},
		{[]string{"--margin", "1cm;}body{display:none"}, "not a length"},
		{[]string{"--page-width", "100mm"}, "go together"},
		{[]string{"--page-width", "0mm", "--page-height", "10mm"}, "positive lengths"},
		{[]string{"--page-width", "10cm", "--page-height", "10cm", "--size", "A4"}, "give one"},
		{[]string{"--date", "yesterday"}, `--date: date "yesterday"`},
		{[]string{"--base-url", "docs/"}, "absolute URL"},
		{[]string{"--url", "http://example.org/"}, "either --url or an input file"},
		{[]string{"--stylesheet", filepath.Join(dir, "missing.css")}, "--stylesheet"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runCLI(t, newFake(), "", append([]string{"convert", "-i", in, "-o", out}, tt.args...)...)
			if r.code != ExitUsage || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 naming %q", r.code, r.stderr, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("output written")
			}
		})
	}
	r := runCLI(t, newFake(), "", "convert", "--url", "ftp://example.org/a.html", "-o", out)
	if r.code != ExitUsage || !strings.Contains(r.stderr, "http or https") {
		t.Errorf("--url ftp: exit %d %q", r.code, r.stderr)
	}
	r = runCLI(t, newFake(), "", "convert", "--url", "http://127.0.0.1:1/a.html", "-o", out, "--allow-host", "127.0.0.1")
	if r.code != ExitUsage || !strings.Contains(r.stderr, "refused") {
		t.Errorf("--url to loopback: exit %d %q, want a refusal", r.code, r.stderr)
	}
}

// TestE2EConvertRootAndBaseURL converts a document that links
// ../../style.css with the real engine: outside its own folder but inside
// --root, so the style applies.
func TestE2EConvertRootAndBaseURL(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "site/style.css", `h1::after { content: " styled" }`)
	in := write(t, dir, "site/docs/a/in.html", `<!doctype html><html lang="en"><title>t</title><link rel="stylesheet" href="../../style.css"><h1>Title</h1></html>`)
	out := filepath.Join(dir, "out.pdf")
	r := runReal(t, "", "convert", "-i", in, "-o", out, "--root", filepath.Join(dir, "site"))
	if r.code != 0 || strings.Contains(r.stderr, "not loaded") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	r = runReal(t, "", "inspect-pdf", out)
	if !strings.Contains(r.stdout, `H1 "Title styled"`) {
		t.Errorf("the linked style sheet did not apply:\n%s", r.stdout)
	}
	// without --root the sheet is outside the input's folder: refused
	r = runReal(t, "", "convert", "-i", in, "-o", out)
	if !strings.Contains(r.stderr, "../../style.css") || !strings.Contains(r.stderr, "refused") {
		t.Errorf("sheet outside the folder not refused: %s", r.stderr)
	}
}
