package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// runPy runs python3 cli.py with args, returning stdout, stderr and the
// exit code.
func runPy(t *testing.T, cache, stdin string, args ...string) (string, string, int) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	cmd := exec.Command(py, append([]string{filepath.Join("..", "cli.py")}, args...)...)
	cmd.Env = append(os.Environ(), "FOLIO_CACHE_DIR="+cache)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("cli.py: %v", err)
	}
	return out.String(), errb.String(), code
}

// TestCLIPyPassthrough checks that python3 cli.py builds the binary once
// and passes arguments, stdin, stdout, stderr and exit codes through.
func TestCLIPyPassthrough(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	cache := t.TempDir()
	out, errOut, code := runPy(t, cache, "", "version")
	if code != 0 || !strings.HasPrefix(out, "folio "+folio.Version+"\n") {
		t.Fatalf("version: exit %d stdout %q stderr %q", code, out, errOut)
	}
	if bins, _ := filepath.Glob(filepath.Join(cache, "folio-*")); len(bins) != 1 {
		t.Fatalf("cached binaries %v", bins)
	}

	out, _, code = runPy(t, cache, "", "list-templates")
	for _, id := range []string{"accessible_report", "invoice", "scientific_paper", "official_certificate", "product_catalog"} {
		if !strings.Contains(out, id) {
			t.Errorf("list-templates lacks %s: %q", id, out)
		}
	}
	if code != 0 {
		t.Errorf("list-templates exit %d", code)
	}

	// stdin in, stdout out: the invoice sample through -d - and --html -.
	sample, _, code := runPy(t, cache, "", "list-templates", "--json")
	if code != 0 || !strings.Contains(sample, `"templates"`) {
		t.Errorf("list-templates --json: %d %q", code, sample)
	}
	data, err := os.ReadFile(filepath.Join("..", "templates", "samples", "invoice.json"))
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code = runPy(t, cache, string(data), "render-template", "-t", "invoice", "-d", "-", "--html", "-")
	if code != 0 || !strings.Contains(out, "<html") {
		t.Errorf("render-template via stdin: exit %d stderr %q stdout %.200q", code, errOut, out)
	}

	// Exit codes and stderr pass through unchanged.
	_, errOut, code = runPy(t, cache, "", "frobnicate")
	if code != ExitUsage || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: exit %d stderr %q", code, errOut)
	}
	_, _, code = runPy(t, cache, "", "render-template", "-t", "invoice", "-d", "-", "--html", "-")
	if code != ExitUsage {
		t.Errorf("empty data: exit %d", code)
	}
	_, _, code = runPy(t, cache, "", "convert", "-", "-o", "-", "--size", "A0")
	if code != ExitUsage {
		t.Errorf("bad size: exit %d", code)
	}

	// The binary is named by the source hash and reused while the sources
	// stay the same. Other work in the shared tree may change the sources
	// between calls; then a rebuild is right and the check is not made.
	h1 := sourceHash(t, cache)
	runPy(t, cache, "", "version")
	h2 := sourceHash(t, cache)
	if h1 == h2 {
		bin := filepath.Join(cache, "folio-"+h1)
		first, err := os.Stat(bin)
		if err != nil {
			t.Fatalf("no binary named by the source hash: %v", err)
		}
		runPy(t, cache, "", "version")
		again, err := os.Stat(bin)
		if h3 := sourceHash(t, cache); h3 == h1 && (err != nil || !again.ModTime().Equal(first.ModTime())) {
			t.Errorf("binary rebuilt for unchanged sources")
		}
	} else {
		t.Logf("sources changed during the test (%s → %s); reuse not checked", h1, h2)
	}
	if _, err := os.Stat(filepath.Join(cache, "stat-cache.json")); err != nil {
		t.Errorf("no stat cache: %v", err)
	}
}

// sourceHash computes cli.py's source hash.
func sourceHash(t *testing.T, cache string) string {
	t.Helper()
	script := `import importlib.util, sys
spec = importlib.util.spec_from_file_location("clipy", sys.argv[1])
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
print(m.source_hash(sys.argv[2]))`
	out, err := exec.Command("python3", "-c", script, filepath.Join("..", "cli.py"), cache).Output()
	if err != nil {
		t.Fatalf("hash: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// TestCLIPyRebuildRule runs cli.py in a small stand-in repository with a
// stand-in go command that counts its builds: the binary is rebuilt when a
// Go source, go.mod, go.sum or an embedded file changes, and not when a
// test, a README or an output PDF is written; one binary is kept.
func TestCLIPyRebuildRule(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("sh is not installed")
	}
	repo, cache := t.TempDir(), t.TempDir()
	script, err := os.ReadFile(filepath.Join("..", "cli.py"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(rel, content string) {
		t.Helper()
		path := filepath.Join(repo, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cli.py", string(script))
	write("go.mod", "module example.com/m\n")
	write("go.sum", "")
	write("cmd/folio/main.go", "package main\n\nfunc main() {}\n")
	write("assets/assets.go", "package assets\n\nimport _ \"embed\"\n\n//go:embed css/*.css \"page.tmpl\"\nvar x string\n")
	write("assets/css/a.css", "p {}")
	write("assets/page.tmpl", "{{.}}")
	write("assets/notes.txt", "not embedded")
	write("assets/assets_test.go", "package assets\n")
	// The stand-in go writes a script that prints "ok" and counts builds.
	builds := filepath.Join(repo, "builds")
	fakeGo := filepath.Join(repo, "fake-go")
	write("fake-go", "#!/bin/sh\necho build >> '"+builds+"'\nprintf '#!/bin/sh\\necho ok\\n' > \"$3\"\n")
	if err := os.Chmod(fakeGo, 0o755); err != nil {
		t.Fatal(err)
	}
	run := func() int {
		t.Helper()
		cmd := exec.Command(py, filepath.Join(repo, "cli.py"), "version")
		cmd.Env = append(os.Environ(), "FOLIO_CACHE_DIR="+cache, "FOLIO_GO="+fakeGo)
		out, err := cmd.CombinedOutput()
		if err != nil || string(out) != "ok\n" {
			t.Fatalf("cli.py: %v: %q", err, out)
		}
		data, _ := os.ReadFile(builds)
		return strings.Count(string(data), "build")
	}
	if n := run(); n != 1 {
		t.Fatalf("first run: %d builds, want 1", n)
	}
	steps := []struct {
		rel, content string
		rebuild      bool
	}{
		{"report.pdf", "%PDF-1.7", false},
		{"README.md", "# changed", false},
		{"assets/assets_test.go", "package assets // changed\n", false},
		{"assets/notes.txt", "changed, still not embedded", false},
		{"testdata/x.go", "package x\n", false},
		{"cmd/folio/main.go", "package main\n\nfunc main() { _ = 1 }\n", true},
		{"assets/css/a.css", "p { color: red }", true},
		{"assets/css/b.css", "h1 {}", true},
		{"assets/page.tmpl", "{{.Title}}", true},
		{"go.mod", "module example.com/m\n\ngo 1.26\n", true},
		{"go.sum", "example.com/x v1.0.0 h1:x=\n", true},
		{"layout/new.go", "package layout\n", true},
	}
	want := 1
	for _, s := range steps {
		write(s.rel, s.content)
		if s.rebuild {
			want++
		}
		if n := run(); n != want {
			t.Errorf("after writing %s: %d builds, want %d", s.rel, n, want)
			want = n
		}
		if bins, _ := filepath.Glob(filepath.Join(cache, "folio-*")); len(bins) != 1 {
			t.Errorf("after writing %s: cached binaries %v, want one", s.rel, bins)
		}
	}
}
