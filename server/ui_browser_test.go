package server

// The playground driven by a real headless Chromium through chromedp. The
// test is skipped when no Chromium is installed (set FOLIO_CHROMIUM to its
// path when it is not on PATH as chromium or chromium-browser). With
// FOLIO_AXE_JS naming axe-core's axe.min.js (npm install axe-core; not
// kept in this repository), axe-core checks the page after the renders
// against WCAG 2.1 A and AA and the test fails on any violation.

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/seed28491532/folio"
)

// chromiumPath finds the browser or skips the test.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("FOLIO_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium found (install Debian's chromium or set FOLIO_CHROMIUM): the browser test of the playground is skipped")
	return ""
}

// pageErrors collects what the page reports as broken: uncaught
// exceptions, and console and browser log errors such as a refusal by the
// Content-Security-Policy. Failed requests are left out: the test
// provokes a 422 on purpose.
type pageErrors struct {
	mu   sync.Mutex
	list []string
}

func (p *pageErrors) listen(ev any) {
	var msg string
	switch e := ev.(type) {
	case *runtime.EventExceptionThrown:
		msg = (&chromedp.ExceptionError{ExceptionDetails: e.ExceptionDetails}).Error()
	case *cdplog.EventEntryAdded:
		if e.Entry.Level == cdplog.EntryLevelError && e.Entry.Source != cdplog.EntrySourceNetwork {
			msg = string(e.Entry.Source) + ": " + e.Entry.Text
		}
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError {
			msg = "console.error"
		}
	}
	if msg != "" {
		p.mu.Lock()
		p.list = append(p.list, msg)
		p.mu.Unlock()
	}
}

func (p *pageErrors) check(t *testing.T) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, m := range p.list {
		t.Errorf("the page reported: %s", m)
	}
}

// browser starts a headless Chromium for the test and returns a tab's
// context.
func browser(t *testing.T, errs *pageErrors) context.Context {
	t.Helper()
	exe := chromiumPath(t)
	dir, err := os.MkdirTemp("", "folio-chromium")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.DisableGPU, chromedp.NoSandbox,
		chromedp.UserDataDir(dir), chromedp.WindowSize(1920, 1200))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithListener(errs.listen))
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
		// Chromium's helpers may still write there for a moment.
		for range 50 {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	// The first Run starts the browser; it must not carry a deadline.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	return ctx
}

// waitJS evaluates the JavaScript expression every 50 ms until it is
// true, and fails the test after limit. (chromedp.Poll would build a
// Function from a string, which the page's policy refuses.)
func waitJS(t *testing.T, ctx context.Context, what, expr string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("Boolean("+expr+")"))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting %v for %s (%s): last error %v", limit, what, expr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func evalJS[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

func TestUIBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	var errs pageErrors
	ctx := browser(t, &errs)
	defer errs.check(t)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	const slow = 60 * time.Second // two shared cores, a browser and renders

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the report sample", `document.getElementById("html").value.includes("Quarterly Accessibility Report")`, slow)

	// Render the inaccessible sample: its findings carry line numbers.
	sample, err := os.ReadFile(filepath.Join("ui", "samples", "inaccessible.html"))
	if err != nil {
		t.Fatal(err)
	}
	evalJS[chromedp.Void](t, ctx, `(() => { const s = document.getElementById("sample"); s.value = "inaccessible"; s.dispatchEvent(new Event("change")); })()`)
	waitJS(t, ctx, "the inaccessible sample", `document.getElementById("html").value.includes("click here")`, slow)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("render"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the audit score", `document.getElementById("audit-score")`, slow)
	score := evalJS[string](t, ctx, `document.getElementById("audit-score").textContent`)
	if !strings.HasPrefix(score, "Score ") || !strings.Contains(score, "failed") {
		t.Errorf("score %q, want a failed audit", score)
	}
	if n := evalJS[int](t, ctx, `document.querySelectorAll("#audit .findings li").length`); n < 3 {
		t.Errorf("%d findings shown, want several", n)
	}
	if src := evalJS[string](t, ctx, `document.querySelector("#viewer-box iframe").src`); !strings.HasPrefix(src, "blob:") {
		t.Errorf("viewer src %q, want a blob: URL", src)
	}
	if pages := evalJS[string](t, ctx, `document.getElementById("stat-pages").textContent`); pages != "1" {
		t.Errorf("pages %q", pages)
	}
	// The frame holds Chromium's own PDF viewer: its document is the PDF.
	waitJS(t, ctx, "the PDF viewer", `(() => { const d = document.querySelector("#viewer-box iframe").contentDocument; return d && d.contentType === "application/pdf"; })()`, slow)

	// Clicking a finding selects its line in the editor (the finding
	// furthest down, so the offset of the line matters).
	line := evalJS[int](t, ctx, `Math.max(...[...document.querySelectorAll("#audit button.locate")].map(b => Number(b.dataset.line)))`)
	if line < 5 {
		t.Errorf("the furthest finding is on line %d; the sample has findings further down", line)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#audit button.locate[data-line="%d"]`, line)))); err != nil {
		t.Fatal(err)
	}
	sel := evalJS[[]any](t, ctx, `(() => { const t = document.getElementById("html"); return [document.activeElement.id, t.value.slice(t.selectionStart, t.selectionEnd)]; })()`)
	lines := strings.Split(string(sample), "\n")
	if line < 1 || line > len(lines) {
		t.Fatalf("finding line %d outside the sample's %d lines", line, len(lines))
	}
	if want := []any{"html", lines[line-1]}; fmt.Sprint(sel) != fmt.Sprint(want) {
		t.Errorf("after clicking the line %d finding: focus and selection %q, want %q", line, sel, want)
	}

	// The structure tree from /api/v1/inspect.
	waitJS(t, ctx, "the structure tree", `document.getElementById("structure-tree")`, slow)
	tree := evalJS[string](t, ctx, `document.getElementById("structure-tree").textContent`)
	for _, want := range []string{"H1", "“Details”", "Table", "Sales overview"} {
		if !strings.Contains(tree, want) {
			t.Errorf("structure tree lacks %q: %s", want, tree)
		}
	}

	axeCheck(t, ctx) // with the HTML editor, the findings and the tree
	screenshot(t, ctx)

	// An image sent as an asset part: without it the render says it could
	// not load logo.png, with it nothing.
	dir := t.TempDir()
	logo := filepath.Join(dir, "logo.png")
	if err := os.WriteFile(logo, pngBytes(t), 0o600); err != nil {
		t.Fatal(err)
	}
	evalJS[chromedp.Void](t, ctx, `document.getElementById("html").value = '<!doctype html><html lang="en"><head><title>Logo</title></head><body><h1>Logo</h1><img src="logo.png" alt="The logo"></body></html>'`)
	for _, withAsset := range []bool{false, true} {
		if withAsset {
			if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("assets"), []string{logo})); err != nil {
				t.Fatal(err)
			}
		}
		evalJS[chromedp.Void](t, ctx, `document.getElementById("status").textContent = ""`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("render"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the render with an image", `document.getElementById("status").textContent.startsWith("Rendered")`, slow)
		diags := evalJS[string](t, ctx, `document.getElementById("diagnostics").textContent`)
		if strings.Contains(diags, "logo.png") == withAsset {
			t.Errorf("asset sent %v: diagnostics %q", withAsset, diags)
		}
	}

	// A template, rendered from its sample data.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("mode-template"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the template's sample data", `document.getElementById("data").value.startsWith("{")`, slow)
	evalJS[chromedp.Void](t, ctx, `document.getElementById("status").textContent = ""`)
	// by the keyboard shortcut, Ctrl+Enter in the data editor
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("data")),
		chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the template render", `document.getElementById("status").textContent.startsWith("Rendered")`, slow)
	if msg := evalJS[string](t, ctx, `document.getElementById("problem").textContent`); msg != "" {
		t.Errorf("template render shows a problem: %s", msg)
	}

	// Bad template data: the problem is shown as the server says it.
	evalJS[chromedp.Void](t, ctx, `document.getElementById("data").value = "{}"`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("render"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the problem", `document.querySelector("#problem .problem")`, slow)
	if p := evalJS[string](t, ctx, `document.getElementById("problem").textContent`); !strings.Contains(p, "422") {
		t.Errorf("problem shown as %q, want the 422", p)
	}

	// Validate a PDF given to the file input (what dropping it does).
	pdf := filepath.Join(t.TempDir(), "report.pdf")
	res, err := DefaultEngine().Convert(context.Background(), strings.NewReader(
		`<!doctype html><html lang="en"><head><title>Dropped</title></head><body><h1>Dropped</h1><p>A PDF.</p></body></html>`), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pdf, res.PDF, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("pdf-file"), []string{pdf})); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the validation", `document.getElementById("validate-audit-score")`, slow)
	if s := evalJS[string](t, ctx, `document.getElementById("validate-audit-score").textContent`); !strings.Contains(s, "passed") {
		t.Errorf("validation score %q, want passed", s)
	}
	waitJS(t, ctx, "the chosen PDF's tree", `document.getElementById("validate-structure-tree")`, slow)

	// Dropped on the page (outside the drop box): the same.
	evalJS[chromedp.Void](t, ctx, fmt.Sprintf(`(() => {
		const bytes = Uint8Array.from(atob(%q), c => c.charCodeAt(0));
		const dt = new DataTransfer();
		dt.items.add(new File([bytes], "dropped.pdf", {type: "application/pdf"}));
		document.querySelector("footer").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`, base64.StdEncoding.EncodeToString(res.PDF)))
	waitJS(t, ctx, "the dropped PDF's audit", `document.getElementById("validate-status").textContent.startsWith("dropped.pdf: audit score")`, slow)
	if s := evalJS[string](t, ctx, `document.getElementById("validate-status").textContent`); !strings.Contains(s, "passed") {
		t.Errorf("dropped PDF: %q", s)
	}

	axeCheck(t, ctx)
}

// screenshot saves the browser's viewport as a PNG to the file
// FOLIO_UI_SCREENSHOT names (docs/playground.png is made so); without it,
// nothing.
func screenshot(t *testing.T, ctx context.Context) {
	t.Helper()
	out := os.Getenv("FOLIO_UI_SCREENSHOT")
	if out == "" {
		return
	}
	evalJS[chromedp.Void](t, ctx, `window.scrollTo(0, 0)`)
	time.Sleep(time.Second) // let the PDF viewer paint
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// axeCheck runs axe-core in the page (WCAG 2.1 A and AA rules) and fails
// on any violation. It is skipped without FOLIO_AXE_JS.
func axeCheck(t *testing.T, ctx context.Context) {
	t.Helper()
	path := os.Getenv("FOLIO_AXE_JS")
	if path == "" {
		t.Log("FOLIO_AXE_JS is not set: axe-core is not run (npm install axe-core; FOLIO_AXE_JS=node_modules/axe-core/axe.min.js)")
		return
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("axe-core: %v", err)
	}
	// Evaluated through the DevTools protocol, the script is not subject
	// to the page's Content-Security-Policy.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(src)+"\n;undefined")); err != nil {
		t.Fatalf("loading axe-core: %v", err)
	}
	type violation struct {
		ID, Impact, Help string
		Nodes            []struct{ Target []any }
	}
	// The PDF viewer's frame is Chromium's own: axe does not enter frames.
	res, err := chromedp.Run(ctx, chromedp.Evaluate[[]violation](
		`axe.run(document, {iframes: false, runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}).then(r => r.violations)`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	for _, v := range res {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, fmt.Sprint(n.Target...))
		}
		t.Errorf("axe-core: %s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(where, ", "))
	}
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`axe.getRules(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).length`))
	t.Logf("axe-core: %d violations of %d WCAG 2.1 A/AA rules", len(res), n)
}
