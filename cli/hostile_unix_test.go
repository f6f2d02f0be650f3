//go:build unix

package cli

// Regression tests of issue 28, findings 9 (batch followed symbolic links
// out of its trees) and 10 (named pipes and never-ending standard input
// hung the CLI, deaf to --timeout and SIGTERM).

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/server"
)

// bounded runs fn and fails the test if it has not returned within 10s
// (every case here returns in well under a second; before the fixes they
// blocked forever).
func bounded[T any](t *testing.T, what string, fn func() T) T {
	t.Helper()
	done := make(chan T, 1)
	go func() { done <- fn() }()
	select {
	case v := <-done:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("%s still running after 10s", what)
		panic("unreachable")
	}
}

// runEnv runs the CLI with engine, stdin and ctx, and a short grace.
func runEnv(ctx context.Context, engine server.Engine, stdin io.Reader, args ...string) runResult {
	return runEnvGrace(ctx, 50*time.Millisecond, engine, stdin, args...)
}

// runEnvGrace is runEnv with a given grace.
func runEnvGrace(ctx context.Context, grace time.Duration, engine server.Engine, stdin io.Reader, args ...string) runResult {
	var out, errb bytes.Buffer
	e := &env{ctx: ctx, stdin: stdin, stdout: &out, stderr: &errb, engine: engine, grace: grace,
		getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	code := e.main(args)
	return runResult{code, out.String(), errb.String()}
}

// TestBatchRefusesLinksOutOfTrees: an input that is a link leading out of
// the input tree is refused and its target never read; a link at an
// output is replaced, its target unchanged; a link to a directory out of
// the output tree is refused. The other documents are converted and the
// exit code is 3.
func TestBatchRefusesLinksOutOfTrees(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	write(t, in, "c.html", good)
	write(t, in, "sub/d.html", good)
	write(t, dir, "secret.txt", "SECRET <h1>secret</h1>")
	write(t, dir, "victim.txt", "VICTIM")
	os.Symlink("../secret.txt", filepath.Join(in, "leak.html"))
	os.Symlink(filepath.Join(dir, "secret.txt"), filepath.Join(in, "abs.html"))
	os.Symlink("../victim.txt", filepath.Join(in, "c.pdf"))
	os.Symlink("c.html", filepath.Join(in, "inside.html")) // stays in the tree: converted

	r := runCLI(t, newFake(), "", "batch", in, "--json")
	if r.code != ExitInternal {
		t.Errorf("exit %d, want %d: %s", r.code, ExitInternal, r.stderr)
	}
	for _, want := range []string{"in/leak.html is a symbolic link to ", "in/abs.html is a symbolic link to ", "outside the directory", "3 converted, 0 skipped, 2 failed"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "victim.txt")); string(b) != "VICTIM" {
		t.Errorf("victim overwritten through the link at the output: %q", b)
	}
	if fi, err := os.Lstat(filepath.Join(in, "c.pdf")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("c.pdf is not the new PDF: %v %v", fi, err)
	}
	pdfs, _ := filepath.Glob(filepath.Join(in, "*.pdf"))
	for _, p := range pdfs {
		if b, _ := os.ReadFile(p); bytes.Contains(b, []byte("SECRET")) {
			t.Errorf("%s holds the secret file's text", p)
		}
	}
	if strings.Contains(r.stdout, "SECRET") {
		t.Error("the secret reached the JSON summary")
	}

	// Output tree with a link to a directory elsewhere.
	out := filepath.Join(dir, "out")
	elsewhere := filepath.Join(dir, "elsewhere")
	os.MkdirAll(out, 0o755)
	os.MkdirAll(elsewhere, 0o755)
	os.Symlink(elsewhere, filepath.Join(out, "sub"))
	r = runCLI(t, newFake(), "", "batch", in, "-o", out, "--force")
	if r.code != ExitInternal || !strings.Contains(r.stderr, "sub/d.pdf") || !strings.Contains(r.stderr, "outside the output directory") {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("wrote %d files outside the output tree", len(entries))
	}
	if _, err := os.Stat(filepath.Join(out, "c.pdf")); err != nil {
		t.Errorf("the other documents were not converted: %v", err)
	}
}

// TestConvertRefusesLinkOutOfDirectory: convert reads a link only when it
// stays in its directory; a link at the output it derives from the input's
// name (no -o) is replaced, not followed.
func TestConvertRefusesLinkOutOfDirectory(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	write(t, in, "a.html", good)
	write(t, dir, "secret.txt", "SECRET")
	write(t, dir, "victim.txt", "VICTIM")
	os.Symlink("../secret.txt", filepath.Join(in, "leak.html"))
	os.Symlink("../victim.txt", filepath.Join(in, "a.pdf"))
	r := runCLI(t, newFake(), "", "convert", filepath.Join(in, "leak.html"), "-o", filepath.Join(dir, "leak.pdf"))
	if r.code != ExitUsage || !strings.Contains(r.stderr, "leak.html is a symbolic link to") || !strings.Contains(r.stderr, "refused") {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "leak.pdf")); err == nil {
		t.Error("a PDF was written from the secret file")
	}
	r = runCLI(t, newFake(), "", "convert", filepath.Join(in, "a.html"))
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "victim.txt")); string(b) != "VICTIM" {
		t.Errorf("victim overwritten through the link at a.pdf: %q", b)
	}
}

// TestNamedPipesRefused: a named pipe as a batch document, a convert
// input, a manifest or a validate input is refused at once (it used to
// block forever); batch goes on with the other documents.
func TestNamedPipesRefused(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.html", good)
	fifo := filepath.Join(dir, "fifo.html")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	manifest := filepath.Join(t.TempDir(), "m.jsonl")
	syscall.Mkfifo(manifest, 0o644)
	tests := []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"batch", dir, "-o", filepath.Join(t.TempDir(), "out")}, ExitInternal,
			[]string{"fifo.html is a named pipe, not a regular file: refused", "1 converted, 0 skipped, 1 failed"}},
		{[]string{"convert", fifo, "-o", filepath.Join(dir, "x.pdf")}, ExitUsage,
			[]string{"fifo.html is a named pipe, not a regular file: refused (give - to read standard input)"}},
		{[]string{"validate", fifo}, ExitUsage, []string{"is a named pipe"}},
		{[]string{"inspect-pdf", dir}, ExitUsage, []string{"is a directory"}},
		{[]string{"batch", manifest}, ExitUsage, []string{"m.jsonl is a named pipe"}},
		{[]string{"convert", "/dev/zero", "-o", filepath.Join(dir, "z.pdf")}, ExitUsage, []string{"/dev/zero is a device"}},
	}
	for _, tc := range tests {
		t.Run(tc.args[0], func(t *testing.T) {
			r := bounded(t, strings.Join(tc.args, " "), func() runResult { return runCLI(t, newFake(), "", tc.args...) })
			if r.code != tc.code {
				t.Errorf("exit %d, want %d: %s", r.code, tc.code, r.stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
				}
			}
		})
	}
}

// TestNamedPipeImageRefused: with the real engine, a named pipe used as an
// image is refused with a diagnostic and the PDF is written.
func TestNamedPipeImageRefused(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.png"), 0o644); err != nil {
		t.Skip(err)
	}
	in := write(t, dir, "a.html", `<html lang=en><title>T</title><h1>Hi</h1><img alt="x" src="pipe.png"></html>`)
	r := bounded(t, "convert", func() runResult { return runReal(t, "", "convert", in, "-o", filepath.Join(dir, "a.pdf")) })
	if r.code != 0 || !strings.Contains(r.stderr, `"pipe.png" is a named pipe, not a regular file`) {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
}

// stuckEngine blocks in Convert until release is closed, ignoring its
// context, like CPU-bound work that does not check it.
type stuckEngine struct {
	*fakeEngine
	release chan struct{}
	// entered, when set, receives a value as each conversion starts.
	entered chan struct{}
}

func (s stuckEngine) Convert(ctx context.Context, r io.Reader, opts folio.Options) (*folio.Result, error) {
	if s.entered != nil {
		s.entered <- struct{}{}
	}
	<-s.release
	return nil, errors.New("released")
}

func (s stuckEngine) ConvertAll(ctx context.Context, _ []folio.Source, opts folio.Options) (*folio.Result, error) {
	return s.Convert(ctx, nil, opts)
}

// TestStdinAndStuckWorkEndOnDeadlineAndCancel: standard input that never
// ends, and work that ignores its context, are ended by --timeout and by
// the cancellation a signal causes, with exit code 3 and a message naming
// the cause.
func TestStdinAndStuckWorkEndOnDeadlineAndCancel(t *testing.T) {
	stuck := stuckEngine{newFake(), make(chan struct{}), nil}
	defer close(stuck.release)
	tests := []struct {
		name   string
		engine server.Engine
		stdin  bool // a pipe that never ends, else the HTML
		cancel bool // cancel the context after 50ms, else --timeout 100ms
		want   string
		args   []string // default: convert - -o out.pdf
	}{
		{"stdin timeout", newFake(), true, false, "reading standard input: the deadline of 100ms (--timeout) passed", nil},
		{"stdin cancel", newFake(), true, true, "reading standard input: interrupted", nil},
		{"stuck timeout", stuck, false, false, "the deadline of 100ms (--timeout) passed (the work in progress did not stop within 50ms)", nil},
		{"stuck cancel", stuck, false, true, "interrupted", nil},
		{"template data timeout", newFake(), true, false, "reading standard input: the deadline of 100ms (--timeout) passed",
			[]string{"render-template", "-t", "invoice", "-d", "-", "-o", "-"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var stdin io.Reader = strings.NewReader(good)
			if tc.stdin {
				pr, pw := io.Pipe()
				defer pw.Close()
				stdin = pr
			}
			args := tc.args
			if args == nil {
				args = []string{"convert", "-", "-o", filepath.Join(t.TempDir(), "out.pdf")}
			}
			if tc.cancel {
				time.AfterFunc(50*time.Millisecond, cancel)
			} else {
				args = append(args, "--timeout", "100ms")
			}
			r := bounded(t, tc.name, func() runResult { return runEnv(ctx, tc.engine, stdin, args...) })
			if r.code != ExitInternal || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("exit %d, want %d with %q: %s", r.code, ExitInternal, tc.want, r.stderr)
			}
		})
	}
}

// TestSIGTERMEndsStdinRead runs the CLI as a subprocess (this test binary)
// reading a standard input that never ends, and checks that SIGTERM ends
// it with exit code 3 and a message naming the signal.
func TestSIGTERMEndsStdinRead(t *testing.T) {
	if os.Getenv("FOLIO_CLI_SUBPROCESS") == "1" {
		// Ignore SIGTERM until Main catches it, so that a signal sent
		// before Main is ready cannot kill the process.
		signal.Notify(make(chan os.Signal, 1), syscall.SIGTERM)
		os.Exit(Main([]string{"convert", "-", "-o", filepath.Join(os.TempDir(), "never.pdf")}, os.Stdin, os.Stdout, os.Stderr))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSIGTERMEndsStdinRead$")
	cmd.Env = append(os.Environ(), "FOLIO_CLI_SUBPROCESS=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case err := <-done:
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != ExitInternal {
				t.Fatalf("exit: %v, want code %d; stderr:\n%s", err, ExitInternal, stderr.String())
			}
			if want := "reading standard input: interrupted (terminated signal received)"; !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
			}
			return
		case <-tick.C:
			// Repeated until Main has caught one; later ones are ignored.
			cmd.Process.Signal(syscall.SIGTERM)
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("still running 10s after SIGTERM; stderr:\n%s", stderr.String())
		}
	}
}

// TestBatchStuckWorkEndsOnCancel: a batch whose conversions ignore their
// context still ends after a signal, with its summary and exit code 3.
func TestBatchStuckWorkEndsOnCancel(t *testing.T) {
	stuck := stuckEngine{newFake(), make(chan struct{}), make(chan struct{}, 2)}
	defer close(stuck.release)
	dir := corpusDir(t, 4)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// the signal comes once both workers are stuck in a conversion, however
	// slowly a loaded machine starts them
	go func() {
		<-stuck.entered
		<-stuck.entered
		cancel()
	}()
	// The command's own window is half a grace longer than its
	// conversions'; 25 ms of a 50 ms grace is too little on a loaded
	// machine for the summary to be written in time.
	r := bounded(t, "batch", func() runResult {
		return runEnvGrace(ctx, 400*time.Millisecond, stuck, strings.NewReader(""), "batch", dir, "-o", t.TempDir(), "-j", "2")
	})
	if r.code != ExitInternal || !strings.Contains(r.stderr, "batch: 5 documents: 0 converted") || !strings.Contains(r.stderr, "interrupted; 3 documents not attempted") {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
}
