package conformance

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	folio "github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit"
)

// hostileDeadline bounds every hostile conversion; the limit under test
// must trip first or the conversion must finish well inside it.
const hostileDeadline = 20 * time.Second

// convertHostile converts src with opts under the hostile deadline and a
// hang guard: a conversion still running a minute after its deadline fails
// the test instead of hanging the suite.
func convertHostile(t *testing.T, src string, opts folio.Options) (*folio.Result, time.Duration, error) {
	t.Helper()
	if opts.Deadline == 0 {
		opts.Deadline = hostileDeadline
	}
	type outcome struct {
		res *folio.Result
		err error
	}
	done := make(chan outcome, 1)
	start := time.Now()
	go func() {
		res, err := folio.Convert(context.Background(), strings.NewReader(src), opts)
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		elapsed := time.Since(start)
		t.Logf("finished in %v (err: %v)", elapsed.Round(time.Millisecond), o.err)
		return o.res, elapsed, o.err
	case <-time.After(opts.Deadline + time.Minute):
		t.Fatalf("Convert still running a minute after its %v deadline", opts.Deadline)
		return nil, 0, nil
	}
}

// requireDiagnostic fails unless some diagnostic contains every fragment.
func requireDiagnostic(t *testing.T, res *folio.Result, fragments ...string) {
	t.Helper()
	for _, d := range res.Diagnostics {
		ok := true
		for _, f := range fragments {
			ok = ok && strings.Contains(strings.ToLower(d.Message), strings.ToLower(f))
		}
		if ok {
			return
		}
	}
	t.Errorf("no diagnostic mentions %q; diagnostics: %+v", fragments, res.Diagnostics)
}

// requireConformant fails unless the PDF passes the PDF/UA-1 rules of
// the audit (hostile documents break the content rules 3–5 freely).
func requireConformant(t *testing.T, res *folio.Result) {
	t.Helper()
	rep, err := folio.AuditPDF(context.Background(), res.PDF)
	if err != nil {
		t.Fatal(err)
	}
	if errs := uaErrors(rep); len(errs) > 0 {
		t.Errorf("PDF/UA audit: %s\n%s", rep.Summary, findings(errs))
	}
}

// uaErrors are the errors of rep under PDF/UA-1's rules, without the
// service's content rules 3–5 ("spec-" rules).
func uaErrors(rep *audit.Report) []audit.Finding {
	var out []audit.Finding
	for _, f := range rep.Errors {
		if !strings.HasPrefix(f.Rule, "spec-") {
			out = append(out, f)
		}
	}
	return out
}

func TestHostileDeepNesting(t *testing.T) {
	src := "<!DOCTYPE html><html lang=en><title>deep</title><body>" + strings.Repeat("<div>", 100000) + "x"
	_, _, err := convertHostile(t, src, folio.Options{})
	if !errors.Is(err, folio.ErrLimit) || !strings.Contains(err.Error(), "depth") {
		t.Fatalf("100,000 nested elements: err = %v, want a depth error wrapping folio.ErrLimit", err)
	}
}

func TestHostileLongWord(t *testing.T) {
	src := "<!DOCTYPE html><html lang=en><title>word</title><body><p>" + strings.Repeat("a", 5<<20) + "</p>"
	// Shaping one paragraph is not interruptible today, so the deadline
	// can be overrun by the time one 5 MB paragraph takes to shape.
	res, _, err := convertHostile(t, src, folio.Options{MaxPages: 50, Deadline: 10 * time.Second})
	if err != nil {
		if !errors.Is(err, folio.ErrLimit) {
			t.Fatalf("5 MB word: err = %v, want success or an error wrapping folio.ErrLimit", err)
		}
		return
	}
	requireConformant(t, res)
}

// TestHostileLongWordDeadline checks that the deadline bounds a conversion
// stuck in one enormous paragraph. The bound is loose: shaping one 5 MB word
// is a single call into the shaper that cannot be interrupted, so the
// conversion notices the deadline only after it (≈3 s here); the test checks
// that the deadline is honoured at all and that the error names the limit,
// not how fast folio is.
func TestHostileLongWordDeadline(t *testing.T) {
	// far below the ≈1.5 s shaping the 5 MB word takes; layout checks the
	// deadline between 64 KiB pieces of a paragraph.
	const deadline = 300 * time.Millisecond
	src := "<!DOCTYPE html><html lang=en><title>word</title><body><p>" + strings.Repeat("a", 5<<20) + "</p>"
	_, elapsed, err := convertHostile(t, src, folio.Options{Deadline: deadline})
	if err == nil || !errors.Is(err, folio.ErrLimit) {
		t.Fatalf("err = %v, want the deadline error wrapping folio.ErrLimit", err)
	}
	if elapsed > deadline+2*time.Second {
		t.Errorf("Convert returned %v after its %v deadline", elapsed-deadline, deadline)
	}
}

// TestZeroFontSize converts text set in font-size: 0, which pages use to
// hide the white space between inline blocks: it must convert, with the
// visible text intact.
func TestZeroFontSize(t *testing.T) {
	src := `<!DOCTYPE html><html lang=en><title>zero</title><h1>Zero</h1><p>Visible <span style="font-size:0">hidden</span> text</p>`
	res, _, err := convertHostile(t, src, folio.Options{})
	if err != nil {
		t.Fatalf("font-size: 0: %v", err)
	}
	requireConformant(t, res)
	if text := normalizeSpace(pdfText(t, writePDF(t, res.PDF), 0, 0)); !strings.Contains(text, "Visible") || !strings.Contains(text, "text") {
		t.Errorf("visible text lost: %q", text)
	}
}

func TestHostileHugeTable(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html lang=en><title>table</title><table><caption>big</caption>")
	for r := 0; r < 1000; r++ {
		b.WriteString("<tr>")
		for c := 0; c < 1000; c++ {
			b.WriteString("<td>1</td>")
		}
	}
	b.WriteString("</table>")
	res, _, err := convertHostile(t, b.String(), folio.Options{MaxPages: 50, Deadline: 10 * time.Second})
	if err != nil {
		if !errors.Is(err, folio.ErrLimit) {
			t.Fatalf("1,000 × 1,000 table: err = %v, want success or an error wrapping folio.ErrLimit", err)
		}
		return
	}
	requireConformant(t, res)
}

// bombPNG returns a small PNG that declares width × height pixels and
// holds only a few bytes of image data.
func bombPNG(width, height uint32) []byte {
	var buf bytes.Buffer
	buf.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		buf.Write(n[:])
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		buf.WriteString(typ)
		buf.Write(data)
		binary.BigEndian.PutUint32(n[:], crc.Sum32())
		buf.Write(n[:])
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], width)
	binary.BigEndian.PutUint32(ihdr[4:], height)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01})
	chunk("IEND", nil)
	return buf.Bytes()
}

func TestHostileDecompressionBombPNG(t *testing.T) {
	bomb := bombPNG(100000, 100000)
	if cfg, err := png.DecodeConfig(bytes.NewReader(bomb)); err != nil || cfg.Width != 100000 {
		t.Fatalf("test PNG header: %+v, %v", cfg, err)
	}
	src := `<!DOCTYPE html><html lang=en><title>bomb</title><h1>Bomb</h1><p><img src="bomb.png" alt="A picture"></p>`
	res, _, err := convertHostile(t, src, folio.Options{Assets: map[string][]byte{"bomb.png": bomb}})
	if err != nil {
		t.Fatalf("a decompression-bomb PNG must be refused with a diagnostic, not fail the conversion: %v", err)
	}
	requireDiagnostic(t, res, "bomb.png", "pixel limit")
	requireConformant(t, res)
}

func TestHostileVarBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html lang=en><title>vars</title><style>:root{--a0:" + strings.Repeat("x ", 32) + ";")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "--a%d:var(--a%d) var(--a%d) var(--a%d) var(--a%d);", i, i-1, i-1, i-1, i-1)
	}
	b.WriteString("} p::before{content:var(--a40)} p{width:var(--a40, 40pt)}</style><h1>Vars</h1><p>text</p>")
	res, _, err := convertHostile(t, b.String(), folio.Options{})
	if err != nil {
		t.Fatalf("var() expansion bomb: %v", err)
	}
	requireConformant(t, res)
}

func TestHostileImportLoop(t *testing.T) {
	assets := map[string][]byte{
		"a.css": []byte(`@import "b.css"; p { color: #222 }`),
		"b.css": []byte(`@import "a.css"; @import "b.css"; h1 { color: #111 }`),
	}
	src := `<!DOCTYPE html><html lang=en><title>loop</title><link rel=stylesheet href="a.css"><style>@import "a.css";</style><h1>Loop</h1><p>text</p>`
	res, _, err := convertHostile(t, src, folio.Options{Assets: assets})
	if err != nil {
		t.Fatalf("@import loop: %v", err)
	}
	requireDiagnostic(t, res, "import loop")
	requireConformant(t, res)
}

func TestHostilePagesCounterOscillation(t *testing.T) {
	// The more pages there are, the more text counter(pages) generates, the
	// more pages there are: the page count must not be chased forever.
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang=en><title>pages</title><style>@page{size:A6;margin:10mm; @bottom-center{content:counter(page) " / " counter(pages)}}
p::after{content:" " counter(pages) counter(pages) counter(pages) counter(pages) counter(pages) counter(pages) counter(pages) counter(pages)}</style><h1>Pages</h1>`)
	for i := 0; i < 200; i++ {
		b.WriteString("<p>Paragraph</p>")
	}
	res, _, err := convertHostile(t, b.String(), folio.Options{MaxPages: 200})
	if err != nil && !errors.Is(err, folio.ErrLimit) {
		t.Fatalf("counter(pages) oscillation: %v", err)
	}
	if err == nil {
		requireConformant(t, res)
	}
}

func TestHostileUnbreakableBlock(t *testing.T) {
	src := `<!DOCTYPE html><html lang=en><title>tall</title><style>@page{size:A5}</style><h1>Tall</h1>
<div style="break-inside: avoid; height: 2000mm; border: 1px solid black">A block taller than the page</div><p>After the block.</p>`
	res, _, err := convertHostile(t, src, folio.Options{MaxPages: 100})
	if err != nil {
		t.Fatalf("unbreakable block taller than the page: %v", err)
	}
	if res.Pages < 2 {
		t.Errorf("pages = %d, want the tall block to spill over several pages", res.Pages)
	}
	requireConformant(t, res)
	text := normalizeSpace(pdfText(t, writePDF(t, res.PDF), 0, 0))
	if !strings.Contains(text, "After the block.") {
		t.Errorf("text after the tall block is lost: %.300s", text)
	}
}

// TestHostileURLs aims resources at loopback, the cloud metadata address,
// file: URLs and paths escaping the base directory, even with those hosts
// on the allow-list: none may be fetched, each becomes a diagnostic.
func TestHostileURLs(t *testing.T) {
	var conns atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprint(w, `body::before{content:"LEAKED"}`)
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	addr := srv.Listener.Addr().(*net.TCPAddr)

	base := t.TempDir()
	docs := filepath.Join(base, "docs", "inner")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "secret.css"), []byte(`body::before{content:"LEAKED"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var png1 bytes.Buffer
	if err := png.Encode(&png1, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "secret.png"), png1.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	urls := []string{
		fmt.Sprintf("http://127.0.0.1:%d/s.css", addr.Port),
		fmt.Sprintf("http://localhost:%d/s.css", addr.Port),
		fmt.Sprintf("http://[::1]:%d/s.css", addr.Port),
		"http://169.254.169.254/latest/meta-data/",
		"file:///etc/passwd",
		"../../secret.css",
	}
	for _, u := range urls {
		t.Run(u, func(t *testing.T) {
			src := `<!DOCTYPE html><html lang=en><title>urls</title><link rel=stylesheet href="` + u + `">
<style>@import url("` + u + `");</style><h1>URLs</h1><p>Text <img src="` + strings.Replace(u, "secret.css", "secret.png", 1) + `" alt="an image"></p>`
			res, _, err := convertHostile(t, src, folio.Options{BaseDir: docs, AllowHosts: []string{"127.0.0.1", "localhost", "::1", "169.254.169.254"}, Deadline: 10 * time.Second})
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			if n := conns.Load(); n != 0 {
				t.Errorf("the loopback listener saw %d connections, want 0", n)
			}
			if len(res.Diagnostics) == 0 {
				t.Errorf("refused resources must be reported as diagnostics; got none")
			}
			requireDiagnostic(t, res, "refused")
			text := pdfText(t, writePDF(t, res.PDF), 0, 0)
			if strings.Contains(text, "LEAKED") || strings.Contains(text, "root:") {
				t.Errorf("a refused resource reached the PDF: %.300s", text)
			}
			requireConformant(t, res)
		})
	}
}
