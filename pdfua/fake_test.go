package pdfua

import (
	"bytes"
	"compress/zlib"
	"io"
	"testing"
	"time"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// fakeFont is a Font with fixed metrics for unit tests: 2048 units per
// em, every glyph 1024 units wide except glyph 3 (the space) at 512.
type fakeFont struct {
	name string
	cff  bool
}

func (f *fakeFont) PostScriptName() string { return f.name }
func (f *fakeFont) Metrics() fonts.Metrics {
	return fonts.Metrics{UnitsPerEm: 2048, Ascent: 1854, Descent: -434, CapHeight: 1409, BBox: [4]int{-1000, -500, 2000, 2000}}
}
func (f *fakeFont) Advance(g fonts.GID) int {
	if g == 3 {
		return 512
	}
	return 1024
}
func (f *fakeFont) IsCFF() bool                             { return f.cff }
func (f *fakeFont) Subset(used []fonts.GID) ([]byte, error) { return []byte("fake font program"), nil }

// newTestDoc returns a document with valid metadata.
func newTestDoc() *Document {
	return New(Info{Title: "Test", Lang: "en", Now: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)})
}

// glyphs builds one glyph per byte of text with the given ids and the
// fake font's advances at size 10 (5 points, 2.5 for the space glyph 3).
func glyphs(ids ...fonts.GID) []fonts.Glyph {
	out := make([]fonts.Glyph, len(ids))
	for i, id := range ids {
		adv := 5.0
		if id == 3 {
			adv = 2.5
		}
		out[i] = fonts.Glyph{ID: id, XAdvance: adv, Cluster: int32(i)}
	}
	return out
}

// inflate decompresses zlib data.
func inflate(t testing.TB, data []byte) []byte {
	t.Helper()
	zr, err := zlib.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pageContents returns the decoded content stream of every page of a PDF.
func pageContents(t testing.TB, data []byte) [][]byte {
	t.Helper()
	f, err := pdfobj.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for i, pg := range pages {
		s, ok := f.Resolve(pg.Dict["Contents"]).(*pdfobj.Stream)
		if !ok {
			t.Fatalf("page %d: /Contents is %T, want a stream", i+1, f.Resolve(pg.Dict["Contents"]))
		}
		content, err := f.DecodeStream(s)
		if err != nil {
			t.Fatalf("page %d: %v", i+1, err)
		}
		out = append(out, content)
	}
	return out
}

// readBack writes d and opens the result with the object reader; it
// returns the file read and the bytes written.
func readBack(t testing.TB, d *Document) (*pdfobj.File, []byte) {
	t.Helper()
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := pdfobj.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	return f, data
}
