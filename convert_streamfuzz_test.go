package folio

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// FuzzStreamedBody converts each input streaming its body and the whole
// way: both fail, or both give the same file.
func FuzzStreamedBody(f *testing.F) {
	for _, s := range []string{
		streamDoc(1, "", 0, ""),
		streamDoc(2, "section:last-child { color: red }", 2, "Loose <b>text</b><p>para</p>"),
		"<title>t</title><p>one<p>two<table><tr><td>cell</table>after",
		"<title>t</title><body><ol start=3><li>a<li>b</ol><div style='break-before: page'>x</div>",
		"<title>t</title><style>h1 { counter-increment: h } h1::before { content: counter(h) }</style><h1>A</h1><h1>B</h1>",
		"<title>t</title><body>text only",
		"<title>t</title><b><p>misnested</b></p><i>x<div>y</i></div>",
		"<title>t</title><table><p>fostered</p><tr><td>c</td></tr></table>",
	} {
		f.Add(s)
	}
	shared := NewFonts()
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4000 {
			return
		}
		convert := func(from int) ([]byte, error) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			res, err := Convert(ctx, strings.NewReader(src), Options{Now: time.Unix(0, 0), streamFrom: from, MaxPages: 4, Fonts: shared})
			if err != nil {
				return nil, err
			}
			return res.PDF, nil
		}
		streamed, serr := convert(1)
		whole, werr := convert(-1)
		if (serr == nil) != (werr == nil) {
			t.Fatalf("streamed error %v, whole error %v", serr, werr)
		}
		if serr == nil && !bytes.Equal(streamed, whole) {
			t.Fatalf("streamed file (%d bytes) differs from the whole one (%d bytes)", len(streamed), len(whole))
		}
	})
}
