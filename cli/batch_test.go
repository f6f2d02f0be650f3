package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// corpusDir writes n HTML documents (one in a subdirectory, one hidden)
// and returns the directory.
func corpusDir(t *testing.T, n int) string {
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		write(t, dir, fmt.Sprintf("doc%02d.html", i), fmt.Sprintf("<html lang=en><title>%d</title><h1>Doc %d</h1></html>", i, i))
	}
	write(t, dir, "sub/nested.htm", "<html lang=en><title>n</title><h1>nested</h1></html>")
	write(t, dir, ".hidden/skip.html", "<p>hidden</p>")
	write(t, dir, "notes.txt", "not html")
	return dir
}

func TestBatchDirectory(t *testing.T) {
	dir := corpusDir(t, 6)
	out := filepath.Join(t.TempDir(), "out")
	r := runCLI(t, newFake(), "", "batch", dir, "-o", out, "-j", "3")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for i := 0; i < 6; i++ {
		if _, err := os.Stat(filepath.Join(out, fmt.Sprintf("doc%02d.pdf", i))); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "sub/nested.pdf")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(out, ".hidden/skip.pdf")); err == nil {
		t.Error("hidden directory converted")
	}
	if !strings.Contains(r.stderr, "batch: 7 documents: 7 converted, 0 skipped, 0 failed, 0 audit failures") {
		t.Errorf("summary: %s", r.stderr)
	}
	if n := strings.Count(r.stderr, "\nok ") + strings.Count(r.stderr[:3], "ok "); n != 7 {
		t.Errorf("%d progress lines:\n%s", n, r.stderr)
	}

	// A second run skips everything; --force converts again.
	r = runCLI(t, newFake(), "", "batch", dir, "-o", out)
	if r.code != 0 || !strings.Contains(r.stderr, "0 converted, 7 skipped") {
		t.Errorf("resume: %d %s", r.code, r.stderr)
	}
	// Touch one input: only it is converted again.
	future := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(dir, "doc03.html"), future, future)
	r = runCLI(t, newFake(), "", "batch", dir, "-o", out)
	if !strings.Contains(r.stderr, "1 converted, 6 skipped") {
		t.Errorf("touched input: %s", r.stderr)
	}
	r = runCLI(t, newFake(), "", "batch", dir, "-o", out, "--force", "--json")
	var sum batchSummary
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil || sum.Converted != 7 || len(sum.Documents) != 7 {
		t.Errorf("--force --json: %v %+v", err, sum)
	}
	for _, d := range sum.Documents {
		if d.Duration <= 0 {
			t.Errorf("%s: duration_seconds %v, want the time taken", d.Input, d.Duration)
		}
	}
}

func TestBatchShards(t *testing.T) {
	dir := corpusDir(t, 10)
	seen := map[string]int{}
	for i := 0; i < 3; i++ {
		out := t.TempDir()
		r := runCLI(t, newFake(), "", "batch", dir, "-o", out, "--shard", fmt.Sprintf("%d/3", i), "--json")
		if r.code != 0 {
			t.Fatalf("shard %d: exit %d %s", i, r.code, r.stderr)
		}
		var sum batchSummary
		json.Unmarshal([]byte(r.stdout), &sum)
		if sum.Total < 3 || sum.Total > 4 {
			t.Errorf("shard %d has %d documents", i, sum.Total)
		}
		for _, d := range sum.Documents {
			seen[filepath.Base(d.Input)]++
		}
		// Deterministic: the same shard again lists the same documents.
		r2 := runCLI(t, newFake(), "", "batch", dir, "-o", t.TempDir(), "--shard", fmt.Sprintf("%d/3", i), "--json")
		var sum2 batchSummary
		json.Unmarshal([]byte(r2.stdout), &sum2)
		if fmt.Sprint(inputs(sum)) != fmt.Sprint(inputs(sum2)) {
			t.Errorf("shard %d not deterministic: %v vs %v", i, inputs(sum), inputs(sum2))
		}
	}
	if len(seen) != 11 {
		t.Errorf("shards cover %d of 11 documents", len(seen))
	}
	for name, n := range seen {
		if n != 1 {
			t.Errorf("%s converted by %d shards", name, n)
		}
	}
	for _, bad := range []string{"3/3", "-1/2", "1", "a/b", "0/0"} {
		if r := runCLI(t, newFake(), "", "batch", dir, "--shard", bad); r.code != 2 {
			t.Errorf("--shard %s: exit %d", bad, r.code)
		}
	}
}

func inputs(s batchSummary) []string {
	var l []string
	for _, d := range s.Documents {
		l = append(l, d.Input)
	}
	sort.Strings(l)
	return l
}

func TestBatchManifest(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.html", good)
	write(t, dir, "b.html", bad)
	write(t, dir, "c.html", "FAIL")
	manifest := write(t, dir, "jobs.jsonl", `# documents
{"input": "a.html", "output": "out/a-custom.pdf", "size": "a5", "title": "First"}

{"input": "b.html", "audit": true}
{"input": "c.html"}
`)
	f := newFake()
	r := runCLI(t, f, "", "batch", manifest, "-o", filepath.Join(dir, "pdf"), "--lang", "en-GB")
	if r.code != ExitInternal {
		t.Errorf("exit %d, want 3 (c.html fails): %s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "out/a-custom.pdf")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "pdf/b.pdf")); err != nil {
		t.Error(err)
	}
	if o, _ := f.options(good); o.Size != "A5" || o.Title != "First" || o.Lang != "en-GB" || o.Audit {
		t.Errorf("a.html options %+v", o)
	}
	if o, _ := f.options(bad); !o.Audit || o.Size != "" {
		t.Errorf("b.html options %+v", o)
	}
	for _, want := range []string{"3 documents: 2 converted, 0 skipped, 1 failed, 1 audit failure", "FAIL    " + filepath.Join(dir, "c.html"), "ok      " + filepath.Join(dir, "b.html"), "audit: score"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	// Audit findings alone exit 0; a strict audit failure exits 1 and
	// writes nothing.
	m2 := write(t, dir, "audit.jsonl", `{"input": "b.html", "output": "b2.pdf", "audit": true}`)
	if r := runCLI(t, newFake(), "", "batch", m2); r.code != ExitOK {
		t.Errorf("audit findings: exit %d", r.code)
	}
	m3 := write(t, dir, "strict.jsonl", `{"input": "b.html", "output": "b3.pdf", "strict": true}`)
	if r := runCLI(t, newFake(), "", "batch", m3); r.code != ExitFindings || !strings.Contains(r.stderr, "strict  ") {
		t.Errorf("strict failure: exit %d %s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "b3.pdf")); err == nil {
		t.Error("strict failure wrote its output")
	}
	for name, body := range map[string]string{
		"bad-json.jsonl":  `{"input": "a.html"`,
		"no-input.jsonl":  `{"output": "x.pdf"}`,
		"unknown.jsonl":   `{"input": "a.html", "colour": "red"}`,
		"bad-size.jsonl":  `{"input": "a.html", "size": "A0"}`,
		"bad-types.jsonl": `{"input": "a.html", "audit": "yes"}`,
	} {
		m := write(t, dir, name, body)
		if r := runCLI(t, newFake(), "", "batch", m); r.code != ExitUsage || !strings.Contains(r.stderr, name) {
			t.Errorf("%s: exit %d %s", name, r.code, r.stderr)
		}
	}
}

// ttyBuffer stands for a terminal in tests.
type ttyBuffer struct{ strings.Builder }

func TestBatchProgressBarOnTerminal(t *testing.T) {
	dir := corpusDir(t, 3)
	var out strings.Builder
	var tty ttyBuffer
	e := &env{ctx: context.Background(), stdin: strings.NewReader(""), stdout: &out, stderr: &tty, engine: newFake(),
		getenv: func(string) string { return "" }}
	e.isTerminal = func(w io.Writer) bool { _, ok := w.(*ttyBuffer); return ok }
	if code := e.main([]string{"batch", dir, "-o", t.TempDir()}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	s := tty.String()
	if !strings.Contains(s, "\r\033[K[") || !strings.Contains(s, "] 4/4") || strings.Contains(s, "ok      ") {
		t.Errorf("terminal output %q", s)
	}
}

func TestServeCommand(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	keys := write(t, t.TempDir(), "keys", "# keys\nsecret-1\n\n")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan runResult)
	go func() {
		done <- runCtx(t, ctx, newFake(), "", "serve", "--addr", addr, "--api-keys-file", keys, "--shutdown-timeout", "5s")
	}()
	var resp *http.Response
	for i := 0; i < 200; i++ {
		if resp, err = http.Get("http://" + addr + "/api/v1/health"); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("server did not come up: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("health %d", resp.StatusCode)
	}
	resp, err = http.Get("http://" + addr + "/api/v1/templates")
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != 401 {
			t.Errorf("templates without key: %d", resp.StatusCode)
		}
	}
	cancel()
	r := <-done
	if r.code != 0 {
		t.Errorf("serve exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, `"msg":"folio serving"`) || !strings.Contains(r.stderr, `"api_keys":1`) || !strings.Contains(r.stderr, `"msg":"request"`) {
		t.Errorf("logs %s", r.stderr)
	}
}

func TestServeFlagsAndEnvironment(t *testing.T) {
	e := &env{getenv: func(k string) string {
		return map[string]string{"FOLIO_ADDR": ":9999", "FOLIO_RENDER_TIMEOUT": "5s", "FOLIO_CONCURRENCY": "7", "FOLIO_MAX_BODY_BYTES": "1024",
			"FOLIO_BODY_BUDGET_BYTES": "4096", "FOLIO_BODY_WAIT": "3s", "FOLIO_ALLOW_HOSTS": "cdn.example, img.example"}[k]
	}}
	s, err := e.serveDefaults()
	if err != nil || s.addr != ":9999" || s.renderTimeout != 5*time.Second || s.concurrency != 7 || s.maxBody != 1024 ||
		s.bodyBudget != 4096 || s.bodyWait != 3*time.Second || s.allowHosts != "cdn.example, img.example" {
		t.Errorf("env defaults %+v %v", s, err)
	}
	e.getenv = func(k string) string { return map[string]string{"FOLIO_BODY_BUDGET_BYTES": "lots"}[k] }
	if _, err := e.serveDefaults(); err == nil {
		t.Error("bad FOLIO_BODY_BUDGET_BYTES accepted")
	}
	e.getenv = func(k string) string { return map[string]string{"FOLIO_CONCURRENCY": "many"}[k] }
	if _, err := e.serveDefaults(); err == nil {
		t.Error("bad FOLIO_CONCURRENCY accepted")
	}
	if r := runCLI(t, newFake(), "", "serve", "--log-level", "loud"); r.code != 2 {
		t.Errorf("bad log level: %d", r.code)
	}
	if r := runCLI(t, newFake(), "", "serve", "--api-keys-file", "/nonexistent/keys"); r.code != 2 {
		t.Errorf("missing keys file: %d", r.code)
	}
	if r := runCLI(t, newFake(), "", "serve", "--addr", "256.0.0.1:bad"); r.code != 3 {
		t.Errorf("bad address: %d %s", r.code, r.stderr)
	}
}
