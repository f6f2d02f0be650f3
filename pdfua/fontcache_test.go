package pdfua

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/seed28491532/folio/fonts"
)

// invoice is a one-page document like a server renders by the thousand:
// a bold title, address lines, a table of items and a total, in Liberation
// Sans regular and bold, shaped once.
type invoice struct {
	lines []invoiceLine
}

type invoiceLine struct {
	typ  string
	x, y float64
	runs []fonts.Run
}

func newInvoice(tb testing.TB, reg *fonts.Registry, rows int) *invoice {
	tb.Helper()
	inv := &invoice{}
	add := func(typ, text string, weight int, size, x, y float64) {
		runs, diags := reg.Shape(text, fonts.Query{Families: []string{sans}, Weight: weight}, size, fonts.ShapeOptions{})
		if len(diags) > 0 || len(runs) == 0 {
			tb.Fatalf("shaping %q: %v", text, diags)
		}
		inv.lines = append(inv.lines, invoiceLine{typ: typ, x: x, y: y, runs: runs})
	}
	add("H1", "Invoice 2025-0042", 700, 18, 50, 780)
	for i, s := range []string{"Folio Tools Ltd", "12 Harbour Street", "Bristol BS1 4QA", "VAT GB 123 4567 89"} {
		add("P", s, 400, 10, 50, 750-float64(i)*12)
	}
	add("TH", "Item", 700, 10, 50, 680)
	add("TH", "Amount", 700, 10, 450, 680)
	for i := 0; i < rows; i++ {
		y := 665 - float64(i)*14
		add("TD", fmt.Sprintf("Consulting, week %d: review of accessibility findings", i+1), 400, 10, 50, y)
		add("TD", fmt.Sprintf("€ %d.%02d", 400+i*37, i*13%100), 400, 10, 450, y)
	}
	add("P", "Total due within 30 days. Thank you for your business.", 400, 10, 50, 665-float64(rows)*14-20)
	return inv
}

// write builds the invoice as a tagged document and returns its bytes.
func (inv *invoice) write(cache *FontCache) ([]byte, error) {
	d := New(Info{Title: "Invoice 2025-0042", Lang: "en", DocumentID: []byte("invoice")})
	d.SetFontCache(cache)
	p := d.AddPage(595, 842)
	root := d.Root()
	var table, row *StructElem
	for _, l := range inv.lines {
		var e *StructElem
		switch l.typ {
		case "TH", "TD":
			if table == nil {
				table = root.Add("Table")
			}
			if row == nil || len(row.kids) == 2 {
				row = table.Add("TR")
			}
			e = row.Add(l.typ)
			if l.typ == "TH" {
				e.Table = &TableAttrs{Scope: ScopeColumn}
			}
		default:
			e = root.Add(l.typ)
		}
		p.BeginTagged(e)
		x := l.x
		for _, r := range l.runs {
			p.ShowText(TextRun{Font: r.Face, Size: r.Size, X: x, Y: l.y, Text: r.Text, Glyphs: r.Glyphs})
			x += r.Advance
		}
		p.End()
	}
	return d.Bytes()
}

// TestFontCacheSameBytes checks that a document written with an empty
// cache, a warm cache and none is the same file, and that the warm cache
// serves both fonts' programs and CMaps.
func TestFontCacheSameBytes(t *testing.T) {
	inv := newInvoice(t, fonts.NewRegistry(fonts.Options{}), 6)
	want, err := inv.write(nil)
	if err != nil {
		t.Fatal(err)
	}
	cache := NewFontCache(0)
	for i, wantStats := range []FontCacheStats{{Misses: 4, Entries: 4}, {Hits: 4, Misses: 4, Entries: 4}} {
		got, err := inv.write(cache)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("run %d: bytes with the cache differ from those without", i+1)
		}
		s := cache.Stats()
		if s.Bytes == 0 {
			t.Errorf("run %d: cache holds no bytes", i+1)
		}
		s.Bytes = 0
		if s != wantStats {
			t.Errorf("run %d: stats %+v, want %+v", i+1, s, wantStats)
		}
	}
}

// TestFontCacheGlyphSet checks that a different glyph set of the same
// face is a different entry, and the same set a hit.
func TestFontCacheGlyphSet(t *testing.T) {
	s := newShaper()
	cache := NewFontCache(0)
	write := func(text string) []byte {
		d := newTestDoc()
		d.SetFontCache(cache)
		p := d.AddPage(200, 200)
		p.BeginTagged(d.Root().Add("P"))
		s.line(p, text, sans, 10, 10, 100)
		p.End()
		data, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	write("abc")
	write("abcd")
	write("cab") // the glyphs of "abc", so its program and CMap
	if got := cache.Stats(); got.Hits != 2 || got.Misses != 4 || got.Entries != 4 {
		t.Errorf("stats %+v, want 2 hits, 4 misses, 4 entries", got)
	}
}

// TestFontCacheCMapText checks that the same glyphs mapped to other text
// reuse the font program but get their own CMap.
func TestFontCacheCMapText(t *testing.T) {
	cache := NewFontCache(0)
	face := &fakeFont{name: "Fake"}
	write := func(text string) []byte {
		d := newTestDoc()
		d.SetFontCache(cache)
		p := d.AddPage(200, 200)
		p.BeginTagged(d.Root().Add("P"))
		p.ShowText(TextRun{Font: face, Size: 10, X: 10, Y: 100, Text: text, Glyphs: glyphs(5, 6)})
		p.End()
		data, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	for _, text := range []string{"ab", "xy"} {
		data := write(text)
		// The fake font program makes pdftotext complain on stderr,
		// which tool merges; the text is the last line.
		out := strings.Split(strings.TrimSpace(tool(t, "pdftotext", writeTemp(t, data), "-")), "\n")
		if got := out[len(out)-1]; got != text {
			t.Errorf("text %q extracts as %q", text, got)
		}
	}
	if got := cache.Stats(); got.Hits != 1 || got.Misses != 3 || got.Entries != 3 {
		t.Errorf("stats %+v, want 1 hit (the program), 3 misses, 3 entries", got)
	}
}

// TestFontCacheBudget checks that the least recently used programs are
// dropped to stay within the budget and that a program larger than the
// budget is not kept.
func TestFontCacheBudget(t *testing.T) {
	face := &fakeFont{name: "Fake"}
	prog := func(n int) embeddedProgram { return embeddedProgram{data: make([]byte, n), length: n} }
	key := func(s string) fontCacheKey { return fontCacheKey{face: face, glyphs: s} }
	c := NewFontCache(3 * (1000 + 1 + 128))
	c.put(key("a"), prog(1000))
	c.put(key("b"), prog(1000))
	c.put(key("c"), prog(1000))
	if _, ok := c.get(key("a")); !ok { // a is now the most recent
		t.Fatal("a should still be cached")
	}
	c.put(key("d"), prog(1000)) // evicts b
	for k, want := range map[string]bool{"a": true, "b": false, "c": true, "d": true} {
		if _, ok := c.get(key(k)); ok != want {
			t.Errorf("entry %s cached = %v, want %v", k, ok, want)
		}
	}
	c.put(key("huge"), prog(10000))
	if _, ok := c.get(key("huge")); ok {
		t.Error("a program larger than the budget must not be cached")
	}
	if s := c.Stats(); s.Entries != 3 || s.Bytes != 3*(1000+1+128) {
		t.Errorf("stats %+v, want 3 entries of 1129 bytes", s)
	}
}

// TestFontCacheZeroValue checks that a zero FontCache works.
func TestFontCacheZeroValue(t *testing.T) {
	var cache FontCache
	inv := newInvoice(t, fonts.NewRegistry(fonts.Options{}), 2)
	for range 2 {
		if _, err := inv.write(&cache); err != nil {
			t.Fatal(err)
		}
	}
	if s := cache.Stats(); s.Hits != 4 || s.Entries != 4 {
		t.Errorf("stats %+v, want 4 hits and 4 entries", s)
	}
}

// TestFontCacheConcurrent writes documents sharing one cache from several
// goroutines (run with -race) and expects identical bytes.
func TestFontCacheConcurrent(t *testing.T) {
	inv := newInvoice(t, fonts.NewRegistry(fonts.Options{}), 3)
	want, err := inv.write(nil)
	if err != nil {
		t.Fatal(err)
	}
	cache := NewFontCache(0)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 8 {
		wg.Go(func() {
			for range 2 {
				got, err := inv.write(cache)
				if err == nil && !bytes.Equal(got, want) {
					err = fmt.Errorf("concurrent run with the cache gave different bytes")
				}
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if s := cache.Stats(); s.Entries != 4 || s.Hits+s.Misses != 64 {
		t.Errorf("stats %+v, want 4 entries and 64 lookups", s)
	}
}

// BenchmarkSmallDocument writes a one-page invoice (two faces, a 12-row
// table) again and again, as a server does: without a font cache every
// document subsets and compresses both faces; with one shared cache
// (the scenario of a long-running server with a shared font registry)
// only the first does.
func BenchmarkSmallDocument(b *testing.B) {
	inv := newInvoice(b, fonts.NewRegistry(fonts.Options{}), 12)
	for _, bc := range []struct {
		name  string
		cache *FontCache
	}{{"nocache", nil}, {"cache", NewFontCache(0)}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var size int
			cpu0 := processCPU()
			for b.Loop() {
				data, err := inv.write(bc.cache)
				if err != nil {
					b.Fatal(err)
				}
				size = len(data)
			}
			b.ReportMetric(float64(processCPU()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(size)/1024, "KiB/doc")
		})
	}
}
