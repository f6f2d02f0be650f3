package folio

import (
	"golang.org/x/net/html"

	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/seed28491532/folio/layout/box"
	"io"
	"log/slog"
	"runtime"
	"strings"
	"testing"
	"time"
)

// streamHead starts the documents of the streaming tests: A6 pages
// under a running chapter title and "Page N of M".
const streamHead = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Streamed</title>
<style>
@page { size: A6; margin: 12mm 10mm;
  @top-left { content: string(chapter); font-size: 7pt }
  @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 7pt } }
body { font: 9pt/1.3 serif; counter-reset: fig }
h2 { string-set: chapter content(); counter-increment: fig }
h2::before { content: counter(fig) ". " }
section { break-before: page }
section + section h2 { color: #234 }
table { border-collapse: collapse; width: 100%% }
th, td { border: 1px solid #666; padding: 1pt 2pt }
.note { border-left: 3pt solid #2a5; padding-left: 6pt }
p:first-child { font-style: italic }
li:last-child { font-weight: bold }
%s
</style></head>
<body>
`

// streamDoc is a document of n sections (a page or two each); at is
// put in place of section k's first paragraph when k == atSection.
func streamDoc(n int, css string, atSection int, at string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, streamHead, css)
	for s := 1; s <= n; s++ {
		fmt.Fprintf(&sb, "<section id=s%d><h2>Chapter %d</h2>\n", s, s)
		if s == atSection {
			sb.WriteString(at)
		} else {
			fmt.Fprintf(&sb, "<p>Readings of station %d, taken at dawn. <a href=\"#s%d\">Next chapter</a>.</p>\n", s, s%n+1)
		}
		fmt.Fprintf(&sb, "<ul><li>River level %d cm</li><li>Flow %d m³/s</li></ul>\n", s*7%90, s*3%40)
		fmt.Fprintf(&sb, "<div class=note><p>Remark %d: the gauge was read twice.</p></div>\n", s)
		sb.WriteString("<table><caption>Series</caption><thead><tr><th scope=col>Site</th><th scope=col>Level</th></tr></thead><tbody>\n")
		for r := 1; r <= 4; r++ {
			fmt.Fprintf(&sb, "<tr><th scope=row>S-%d</th><td>%d.%d</td></tr>\n", r, s+r, r)
		}
		sb.WriteString("</tbody></table></section>\n")
	}
	sb.WriteString("</body></html>\n")
	return sb.String()
}

// convertStreamed converts src with streaming from every length (or
// never), returning the file and the debug log.
func convertStreamed(t *testing.T, src string, stream bool, out *bytes.Buffer) ([]byte, string, error) {
	t.Helper()
	var log bytes.Buffer
	opts := Options{Now: time.Unix(0, 0), streamFrom: -1,
		Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	if stream {
		opts.streamFrom = 1
	}
	if out != nil {
		opts.Output = out
	}
	res, err := Convert(context.Background(), strings.NewReader(src), opts)
	if err != nil {
		return nil, log.String(), err
	}
	return res.PDF, log.String(), nil
}

// TestStreamedBodySameFile converts documents streaming their body and
// the whole way: the files are the same, and the log says which way each
// went (streamed, laid out whole from the start, or converted again
// whole once its body showed it needed it).
func TestStreamedBodySameFile(t *testing.T) {
	const streamed, whole, again = "streamed", "laid out whole", "converted again whole"
	for _, tc := range []struct {
		name string
		src  string
		way  string
	}{
		{"short", streamDoc(3, "", 0, ""), streamed},
		{"past 100 pages", streamDoc(110, "", 0, ""), streamed},
		{"inline content at body level", strings.Replace(streamDoc(4, "", 0, ""), "<body>\n", "<body>\nLoose text <em>and emphasis</em>\n", 1), streamed},
		{"only inline content", fmt.Sprintf(streamHead, "") + "Text alone <b>in</b> the body.</body></html>", streamed},
		{"implied body", strings.Replace(streamDoc(4, "", 0, ""), "<body>\n", "", 1), streamed},
		{"text after the body", strings.Replace(streamDoc(4, "", 0, ""), "</body></html>", "</body></html><p>After the end.</p>", 1), streamed},
		{"last and nth child of the body", streamDoc(6, "section:last-child h2 { color: red } section:nth-child(2n+1) p { color: blue } h2 ~ ul { margin-left: 3em }", 0, ""), streamed},
		{"inline SVG at body level", strings.Replace(streamDoc(3, "", 0, ""), "</body>", `<svg width="90" height="90"><rect width="80" height="80" fill="green"/><g transform="translate(10 10)"><circle r="5"/></g></svg>`+"\n</body>", 1), streamed},
		{"zebra rows", streamDoc(4, "tr:nth-last-child(odd) td { background: #eee }", 0, ""), streamed},
		{"running element in the style sheet", streamDoc(5, ".run { position: running(r) }", 0, ""), whole},
		{"selector looking at later siblings", streamDoc(5, "section:nth-last-child(2) { color: red }", 0, ""), whole},
		{"no title", strings.Replace(streamDoc(5, "", 0, ""), "<title>Streamed</title>", "", 1), whole},
		{"style sheet in the body", streamDoc(5, "", 3, "<style>p { color: green }</style><p>Styled later.</p>"), again},
		{"running element in a style attribute", streamDoc(5, "", 4, `<p style="position: running(x)">Running</p>`), again},
		{"second body tag", streamDoc(80, "", 75, `<body class=late><p>Second body tag.</p>`), again},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, log, err := convertStreamed(t, tc.src, true, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, _, err := convertStreamed(t, tc.src, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("streamed file (%d bytes) differs from the whole-document one (%d bytes)", len(got), len(want))
			}
			way := streamed
			switch {
			case strings.Contains(log, again):
				way = again
			case strings.Contains(log, whole):
				way = whole
			}
			if way != tc.way {
				t.Errorf("went the way %q, want %q; log:\n%s", way, tc.way, log)
			}
		})
	}
}

// TestStreamedBodyAgainPastFirstPages: a document found to need the
// whole-document path once part of its file went out is converted again
// into an output that starts again, and fails, saying why, into one that
// cannot.
func TestStreamedBodyAgainPastFirstPages(t *testing.T) {
	src := streamDoc(130, "", 125, `<p style="position: running(x)">Running</p>`)
	want, _, err := convertStreamed(t, src, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	rw := &rewindBuffer{}
	opts := Options{Now: time.Unix(0, 0), streamFrom: 1, Output: rw, Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	if _, err := Convert(context.Background(), strings.NewReader(src), opts); err != nil {
		t.Fatal(err)
	}
	if rw.rewinds != 1 || !bytes.Equal(rw.Bytes(), want) {
		t.Errorf("%d rewinds, file equal to the whole-document one: %v; want 1, true", rw.rewinds, bytes.Equal(rw.Bytes(), want))
	}
	var plain bytes.Buffer
	opts.Output = &plain
	_, err = Convert(context.Background(), strings.NewReader(src), opts)
	if err == nil || !strings.Contains(err.Error(), "cannot start again") || !strings.Contains(err.Error(), "running") {
		t.Errorf("error %v, want one saying why and that the output cannot start again", err)
	}
}

type rewindBuffer struct {
	bytes.Buffer
	rewinds int
}

func (w *rewindBuffer) Rewind() error {
	w.rewinds++
	w.Reset()
	return nil
}

// TestStreamedBodyLimits: the DOM limits hold for a streamed body (the
// text of every child counts), a parse stops with the context, and no
// parser goroutine is left behind.
func TestStreamedBodyLimits(t *testing.T) {
	before := runtime.NumGoroutine()
	src := streamDoc(40, "", 0, "")
	opts := Options{Now: time.Unix(0, 0), streamFrom: 1, MaxTextBytes: 4000}
	_, err := Convert(context.Background(), strings.NewReader(src), opts)
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "MaxTextBytes") {
		t.Errorf("error %v, want the text limit", err)
	}
	deep := streamDoc(4, "", 2, strings.Repeat("<div>", 600)+"deep"+strings.Repeat("</div>", 600))
	_, err = Convert(context.Background(), strings.NewReader(deep), Options{Now: time.Unix(0, 0), streamFrom: 1, MaxDepth: 100})
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "depth") {
		t.Errorf("error %v, want the depth limit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Convert(ctx, strings.NewReader(src), Options{Now: time.Unix(0, 0), streamFrom: 1}); err == nil {
		t.Error("a cancelled conversion succeeded")
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines after the conversions, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// TestReadAllTakesBuffer: a bytes.Buffer's bytes are read in place (a
// long source is not held twice), a sized reader's into one buffer.
func TestReadAllTakesBuffer(t *testing.T) {
	src := []byte(strings.Repeat("<p>x</p>", 1000))
	buf := bytes.NewBuffer(src)
	got, err := readAll(buf)
	if err != nil || !bytes.Equal(got, src) {
		t.Fatalf("read %d bytes, %v", len(got), err)
	}
	if &got[0] != &src[0] || buf.Len() != 0 {
		t.Errorf("the buffer's bytes were copied (or not consumed: %d left)", buf.Len())
	}
	got, err = readAll(strings.NewReader(string(src)))
	if err != nil || !bytes.Equal(got, src) || cap(got) >= 2*len(src) {
		t.Errorf("read %d bytes (capacity %d), %v; want %d in one buffer", len(got), cap(got), err, len(src))
	}
}

// TestStreamedBodyReopen: a source that can be opened again is read
// again rather than kept (Source.Reopen): the same file, the reopening
// counted (once to stream the body, once more to convert again whole),
// and a source that changed in between fails saying so.
func TestStreamedBodyReopen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		src     string
		reopens int
	}{
		{"streamed", padded(streamDoc(12, "", 0, "")), 1},
		{"converted again whole", padded(streamDoc(12, "", 9, `<p style="position: running(x)">Running</p>`)), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, _, err := convertStreamed(t, tc.src, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			opened := 0
			reopen := func() (io.ReadCloser, error) {
				opened++
				return io.NopCloser(strings.NewReader(tc.src)), nil
			}
			opts := Options{Now: time.Unix(0, 0), streamFrom: 1}
			res, err := ConvertAll(context.Background(), []Source{{HTML: bytes.NewBufferString(tc.src), Reopen: reopen}}, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(res.PDF, want) || opened != tc.reopens {
				t.Errorf("same file %v, opened again %d times; want true, %d", bytes.Equal(res.PDF, want), opened, tc.reopens)
			}
		})
	}
	src := padded(streamDoc(12, "", 0, ""))
	changed := func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(src + "<p>more</p>")), nil }
	_, err := ConvertAll(context.Background(), []Source{{HTML: strings.NewReader(src), Reopen: changed}}, Options{Now: time.Unix(0, 0), streamFrom: 1})
	if err == nil || !strings.Contains(err.Error(), "changed during the conversion") {
		t.Errorf("error %v, want one saying the document changed", err)
	}
}

// padded makes src longer than the sources kept as they are (packMin),
// with a comment in its head.
func padded(src string) string {
	return strings.Replace(src, "</head>", "<!--"+strings.Repeat("padding ", packMin/8)+"--></head>", 1)
}

// TestStreamedBodyLetsChildrenGo: the body's children leave the DOM once
// built unless a selector looks back at earlier siblings.
func TestStreamedBodyLetsChildrenGo(t *testing.T) {
	for _, tc := range []struct {
		css  string
		kept bool
	}{
		{"", false},
		{"section + section { color: red }", true},
	} {
		c := &conversion{opts: Options{streamFrom: 1}}
		src := "<!doctype html><title>t</title><style>h2 { color: blue } " + tc.css + "</style><body>" +
			strings.Repeat("<section><h2>Chapter</h2><p>Text.</p></section>\n", 6)
		in := &input{src: []byte(src)}
		if err := c.parseStream(context.Background(), in, [2]float64{}); err != nil || in.stream == nil {
			t.Fatalf("%q: not streamed (%v)", tc.css, err)
		}
		s := in.stream
		tree, err := s.begin(box.Options{})
		if err != nil {
			t.Fatal(err)
		}
		body := tree.Root.Children[0]
		body.GrowAll()
		left := 0
		for n := s.body.FirstChild; n != nil; n = n.NextSibling {
			if n.Type == html.ElementNode {
				left++
			}
		}
		if got := left > 0; got != tc.kept || s.err != nil {
			t.Errorf("%q: %d elements left in the body (err %v), want kept %v", tc.css, left, s.err, tc.kept)
		}
		s.close()
	}
}
