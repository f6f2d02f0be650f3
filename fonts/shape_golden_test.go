package fonts

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/go-text/typesetting/language"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// shapeCorpus is text that exercises every path of Shape: the ASCII fast
// path (words, digits, page numbers, punctuation), ligatures, kerning
// pairs, combining marks, fallback across faces, Greek, Cyrillic, Hebrew,
// Arabic, CJK, ignorables and controls, characters no face covers and
// malformed UTF-8.
var shapeCorpus = []string{
	"Page 7 of 100",
	"7",
	"vii",
	"Chapter 12",
	"The quick brown fox jumps over the lazy dog.",
	"  leading and trailing spaces  ",
	"office affluent waffle fjord ffi ffl fi fl",
	"AVATAR To Wa Yo LT P. F, Ty AWAY",
	"1,234.56 € $99 (c) 100% #5 @user ~/x [a] {b} <c> a|b \\ ^_`",
	"Cafe\u0301 re\u0301sume\u0301 n\u0303o Zoe\u0308 a\u20d0",
	"café résumé naïve Ærøskøbing Łódź",
	"Ωμέγα αβγδε ΆΈΉ",
	"Привет, мир",
	"שלום עולם",
	"עִבְרִית",
	"مرحبا بالعالم",
	"العربية ١٢٣",
	"漢字かなカナ 中文",
	"mixed English שלום and عربي text 123",
	"soft\u00adhy\u00adphen zero\u200bwidth join\u200dner bidi\u202econtrol\u202c",
	"tab\there ctrl\x01char del\x7f",
	"♥ → ✓ ☃ ★",
	"emoji 😀 and \U0010FFFD private",
	"bad \xff utf8 \xe2\x82",
	"ＡＢＣ full width",
	"a",
	" ",
}

// shapeQueries are the font selections the corpus is shaped with.
var shapeQueries = []struct {
	name string
	q    Query
	opts ShapeOptions
}{
	{"serif", Query{Families: []string{"serif"}, Weight: 400}, ShapeOptions{}},
	{"sans-bold-en", Query{Families: []string{"Helvetica", "sans-serif"}, Weight: 700}, ShapeOptions{Lang: "en"}},
	{"mono-italic", Query{Families: []string{"monospace"}, Style: StyleItalic}, ShapeOptions{Lang: "en-US"}},
	{"times-noliga", Query{Families: []string{"Times New Roman", "serif"}}, ShapeOptions{NoLigatures: true}},
	{"dejavu-rtl-he", Query{Families: []string{"DejaVu Sans"}}, ShapeOptions{Direction: RTL, Lang: "he"}},
	{"unknown-family", Query{Families: []string{"No Such Font"}}, ShapeOptions{Lang: "EL_gr"}},
}

// dumpShape renders Shape's result as text, one line per glyph.
func dumpShape(b *strings.Builder, runs []Run, diags []Diagnostic) {
	for _, run := range runs {
		fmt.Fprintf(b, "  run %s %q size=%g dir=%d adv=%.6f\n", run.Face, run.Text, run.Size, run.Direction, run.Advance)
		for _, g := range run.Glyphs {
			fmt.Fprintf(b, "    g%d c%d adv=%.6f off=%.6f,%.6f\n", g.ID, g.Cluster, g.XAdvance, g.XOffset, g.YOffset)
		}
	}
	for _, d := range diags {
		fmt.Fprintf(b, "  diag U+%04X %s\n", d.Rune, d.Message)
	}
}

// shapeCorpusDump shapes the corpus with every query on r.
func shapeCorpusDump(r *Registry) string {
	var b strings.Builder
	for _, sq := range shapeQueries {
		for _, text := range shapeCorpus {
			fmt.Fprintf(&b, "%s %q\n", sq.name, text)
			runs, diags := r.Shape(text, sq.q, 10.5, sq.opts)
			dumpShape(&b, runs, diags)
		}
	}
	return b.String()
}

// TestShapeGolden checks that shaping the corpus gives exactly the glyphs,
// advances, offsets, clusters and diagnostics recorded in
// testdata/shape.golden, with a cold cache, a warm cache and from several
// goroutines at once. Optimisations of Shape must not change a single
// glyph.
func TestShapeGolden(t *testing.T) {
	path := filepath.Join("testdata", "shape.golden")
	cold := shapeCorpusDump(NewRegistry(Options{}))
	if *update {
		if err := os.WriteFile(path, []byte(cold), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	check := func(name, got string) {
		t.Helper()
		if got == string(want) {
			return
		}
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Errorf("%s: line %d:\n got %s\nwant %s", name, i+1, gl[i], wl[i])
				return
			}
		}
		t.Errorf("%s: %d lines, want %d", name, len(gl), len(wl))
	}
	check("cold cache", cold)
	r := NewRegistry(Options{})
	shapeCorpusDump(r)
	check("warm cache", shapeCorpusDump(r))

	shared := NewRegistry(Options{})
	results := make([]string, 4)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() { results[i] = shapeCorpusDump(shared) })
	}
	wg.Wait()
	for i, got := range results {
		check(fmt.Sprintf("goroutine %d", i), got)
	}
}

// TestShapeFastPathMatchesFull compares Shape (ASCII shortcut, word cache,
// cold and warm) with the reference path that itemizes every text and
// shapes every word with harfbuzz, on the corpus and on every printable
// Latin-1 character, digit pair and a few kerning and ligature pairs.
func TestShapeFastPathMatchesFull(t *testing.T) {
	texts := append([]string(nil), shapeCorpus...)
	var all strings.Builder
	for c := rune(0x20); c <= 0xFF; c++ {
		if c >= 0x7F && c < 0xA0 {
			continue
		}
		texts = append(texts, string(c), "x"+string(c)+"x")
		all.WriteRune(c)
	}
	for d := 0; d < 100; d++ {
		texts = append(texts, fmt.Sprintf("%02d", d), fmt.Sprintf("Page %d of %d", d, 100-d))
	}
	texts = append(texts, all.String(), "AV Ta Yo LT ff fi fl ffi ffl Th", "f\u0131 ΑΥ Τό",
		"Größe × 2 ÷ 3 — «Ça va?» ¿Qué? µm ª º ½ ©", "naïve café\u00adbar", "Ærø \xc3 x", "\xc3(", "ā é")
	r := NewRegistry(Options{})
	for pass := 0; pass < 2; pass++ { // cold, then warm cache
		for _, sq := range shapeQueries {
			for _, text := range texts {
				var got, want strings.Builder
				runs, diags := r.Shape(text, sq.q, 10.5, sq.opts)
				dumpShape(&got, runs, diags)
				for _, run := range runs {
					// Exactly the sum of the glyph advances, added in
					// order (the dump rounds).
					sum := 0.0
					for _, g := range run.Glyphs {
						sum += g.XAdvance
					}
					if run.Advance != sum {
						t.Errorf("%s %q: run advance %v, glyphs add up to %v", sq.name, text, run.Advance, sum)
					}
				}
				runs, diags, _ = r.shape(nil, nil, false, text, sq.q, 10.5, sq.opts, false)
				dumpShape(&want, runs, diags)
				if got.String() != want.String() {
					t.Errorf("pass %d, %s %q:\nfast\n%s\nfull\n%s", pass, sq.name, text, got.String(), want.String())
				}
			}
		}
	}
}

// TestCoversLatin1 checks the Latin-1 shortcut's premise: for printable
// Latin-1 text the primary face covers, itemize returns one Latin item of
// that face.
func TestCoversLatin1(t *testing.T) {
	r := NewRegistry(Options{})
	texts := append([]string{"Page 7 of 100", "12", " ", "(c) ~/x", "AVA", "Größe × 2 ÷ 3 «Ça» ¿Qué? µ ª º ½"}, shapeCorpus...)
	for c := rune(0xA0); c <= 0xFF; c++ {
		texts = append(texts, string(c), "a"+string(c), string(c)+"1")
	}
	taken := 0
	for _, sq := range shapeQueries {
		chain := r.fallbackChain(sq.q)
		for _, text := range texts {
			if !coversLatin1(chain[0], text) {
				continue
			}
			taken++
			items, diags := itemize(text, chain, nil, nil)
			want := item{start: 0, end: len(text), face: 0, script: language.Latin}
			if len(items) != 1 || items[0] != want || len(diags) != 0 {
				t.Errorf("%s %q: itemize gives %+v %v, want [%+v]", sq.name, text, items, diags, want)
			}
		}
	}
	if taken < len(texts) {
		t.Errorf("the shortcut was taken for %d texts only", taken)
	}
	for _, text := range []string{"tab\there", "del\x7f", "\x01", "soft\u00adhyphen", "\u0080", "a\xc3", "\xc3(", "\xc0\xa9", "ā", "Ωμέγα", "e\u0301"} {
		if coversLatin1(r.Match(Query{}), text) {
			t.Errorf("coversLatin1(%q) = true", text)
		}
	}
}

// TestShapeCacheEviction shapes far more distinct words than the cache
// holds, from several goroutines, and checks every result against the
// reference path and that the cache stayed within its bound.
func TestShapeCacheEviction(t *testing.T) {
	r := NewRegistry(Options{})
	r.cache.limit = 50
	q := Query{Families: []string{"serif"}}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 200 {
				text := fmt.Sprintf("w%d x%d AV%d Page %d", i, g, i%7, i%13)
				var got, want strings.Builder
				runs, diags := r.Shape(text, q, 10, ShapeOptions{})
				dumpShape(&got, runs, diags)
				runs, diags, _ = r.shape(nil, nil, false, text, q, 10, ShapeOptions{}, false)
				dumpShape(&want, runs, diags)
				if got.String() != want.String() {
					t.Errorf("%q: cached\n%s\nreference\n%s", text, got.String(), want.String())
					return
				}
			}
		})
	}
	wg.Wait()
	if n := r.cache.words.Load(); n > r.cache.limit {
		t.Errorf("cache holds %d words, limit %d", n, r.cache.limit)
	}
	stored := 0
	if m := r.cache.styles.Load(); m != nil {
		for _, sts := range *m {
			for _, st := range sts {
				tb := st.table
				tb.mu.Lock()
				stored += tb.publishedLen() + len(tb.pending)
				tb.mu.Unlock()
			}
		}
	}
	if stored > int(r.cache.limit)+8 { // words added while another goroutine emptied the cache
		t.Errorf("%d words reachable in the cache, limit %d", stored, r.cache.limit)
	}
}

// TestShapeAppend checks that ShapeAppend gives Shape's runs, that results
// of earlier calls stay intact while later calls append to the same
// buffer, and that the buffer's memory is reused after truncation.
func TestShapeAppend(t *testing.T) {
	r := NewRegistry(Options{})
	for _, sq := range shapeQueries {
		var buf []Glyph
		var results [][]Run
		var want []string
		for _, text := range shapeCorpus {
			runs, diags := r.Shape(text, sq.q, 10.5, sq.opts)
			var w strings.Builder
			dumpShape(&w, runs, diags)
			want = append(want, w.String())
			var got []Run
			got, diags, buf = r.ShapeAppend(buf, text, sq.q, 10.5, sq.opts)
			results = append(results, got)
			var g strings.Builder
			dumpShape(&g, got, diags)
			if g.String() != w.String() {
				t.Errorf("%s %q: ShapeAppend\n%s\nShape\n%s", sq.name, text, g.String(), w.String())
			}
		}
		for i, runs := range results { // after all the appends
			var g strings.Builder
			dumpShape(&g, runs, nil)
			if w := want[i]; !strings.HasPrefix(w, g.String()) {
				t.Errorf("%s %q changed by later calls:\n%s\nwant\n%s", sq.name, shapeCorpus[i], g.String(), w)
			}
		}
		total := len(buf)
		_, _, again := r.ShapeAppend(buf[:0], strings.Join(shapeCorpus[:3], " "), sq.q, 10.5, sq.opts)
		if len(again) == 0 || len(again) > total || &again[0] != &buf[0] {
			t.Errorf("%s: truncated buffer not reused (%d glyphs, buffer of %d)", sq.name, len(again), total)
		}
	}
}

// TestShapeAppendRuns checks that ShapeAppendRuns gives Shape's runs when
// it reuses one runs slice and one glyph buffer for every text, keeps the
// runs a caller passed in front of the new ones, and, once the buffers are
// large enough and the words known, shapes without allocating.
func TestShapeAppendRuns(t *testing.T) {
	r := NewRegistry(Options{})
	for _, sq := range shapeQueries {
		var runs []Run
		var buf []Glyph
		for _, text := range shapeCorpus {
			want, wdiags := r.Shape(text, sq.q, 10.5, sq.opts)
			var w, g strings.Builder
			dumpShape(&w, want, wdiags)
			var diags []Diagnostic
			runs, diags, buf = r.ShapeAppendRuns(runs[:0], buf[:0], text, sq.q, 10.5, sq.opts)
			dumpShape(&g, runs, diags)
			if g.String() != w.String() {
				t.Errorf("%s %q: ShapeAppendRuns\n%s\nShape\n%s", sq.name, text, g.String(), w.String())
			}
		}
	}
	q := Query{Families: []string{"serif"}}
	kept := []Run{{Text: "kept"}}
	got, _, _ := r.ShapeAppendRuns(kept, nil, "Page 7 of 9", q, 10, ShapeOptions{})
	if len(got) != 2 || got[0].Text != "kept" || got[1].Text != "Page 7 of 9" {
		t.Fatalf("runs passed in not kept in front: %+v", got)
	}
	runs, _, buf := r.ShapeAppendRuns(nil, nil, "Page 7 of 9", q, 10, ShapeOptions{})
	if n := testing.AllocsPerRun(20, func() {
		runs, _, buf = r.ShapeAppendRuns(runs[:0], buf[:0], "Page 8 of 9", q, 10, ShapeOptions{})
	}); n != 0 {
		t.Errorf("%v allocations per short text with reused buffers, want 0", n)
	}
}

// TestShapeResultsDoNotAlias checks that the glyph arrays of separate Shape
// calls are independent: changing and appending to one call's glyphs
// leaves the others as they were.
func TestShapeResultsDoNotAlias(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"serif"}}
	texts := []string{"Page 1 of 3", "Ωμέγα and ffi", "שלום", "Page 2 of 3", "x"}
	var results [][]Run
	var want []string
	for _, text := range texts {
		runs, _ := r.Shape(text, q, 10, ShapeOptions{})
		results = append(results, runs)
		var b strings.Builder
		dumpShape(&b, runs, nil)
		want = append(want, b.String())
	}
	for i, runs := range results {
		if i%2 == 1 {
			continue
		}
		for k := range runs {
			for g := range runs[k].Glyphs {
				runs[k].Glyphs[g] = Glyph{ID: 9999}
			}
			runs[k].Glyphs = append(runs[k].Glyphs, Glyph{ID: 9998}, Glyph{ID: 9997})
		}
	}
	for i, runs := range results {
		if i%2 == 0 {
			continue
		}
		var b strings.Builder
		dumpShape(&b, runs, nil)
		if b.String() != want[i] {
			t.Errorf("%q changed when other results were modified:\n%s\nwant\n%s", texts[i], b.String(), want[i])
		}
	}
}
