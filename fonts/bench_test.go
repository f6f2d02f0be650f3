package fonts

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const latinParagraph = "It was the best of times, it was the worst of times, it was the age of " +
	"wisdom, it was the age of foolishness, it was the epoch of belief, it was the epoch of " +
	"incredulity, it was the season of Light, it was the season of Darkness, it was the spring " +
	"of hope, it was the winter of despair, we had everything before us, we had nothing before us."

// BenchmarkShapeLatin shapes a line-sized chunk of English text repeatedly
// with a warm word cache, as layout does for a document, and reports
// glyphs per second.
func BenchmarkShapeLatin(b *testing.B) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Times New Roman", "serif"}, Weight: 400}
	lines := strings.SplitAfter(latinParagraph, ", ")
	for _, l := range lines { // warm the word cache
		r.Shape(l, q, 11, ShapeOptions{})
	}
	glyphs := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		runs, _ := r.Shape(lines[i%len(lines)], q, 11, ShapeOptions{})
		for _, run := range runs {
			glyphs += len(run.Glyphs)
		}
	}
	reportThroughput(b, glyphs, cpuTime()-cpu0)
}

// reportThroughput reports glyphs per wall-clock second and, where the
// platform tells, per CPU second of the whole process (GC included), which
// stays meaningful when other jobs load the machine.
func reportThroughput(b *testing.B, glyphs int, cpu time.Duration) {
	b.ReportMetric(float64(glyphs)/b.Elapsed().Seconds(), "glyphs/s")
	if cpu > 0 {
		b.ReportMetric(float64(glyphs)/cpu.Seconds(), "glyphs/cpu-s")
	}
}

// BenchmarkShapeLatinUncached shapes with a new registry every time (cold
// cache), for comparison.
func BenchmarkShapeLatinUncached(b *testing.B) {
	q := Query{Families: []string{"serif"}, Weight: 400}
	glyphs := 0
	b.ReportAllocs()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		r := NewRegistry(Options{})
		runs, _ := r.Shape(latinParagraph, q, 11, ShapeOptions{})
		for _, run := range runs {
			glyphs += len(run.Glyphs)
		}
	}
	reportThroughput(b, glyphs, cpuTime()-cpu0)
}

// BenchmarkSubset subsets Liberation Serif to the glyphs of a paragraph.
func BenchmarkSubset(b *testing.B) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"serif"}}
	f := r.Match(q)
	runs, _ := r.Shape(latinParagraph, q, 11, ShapeOptions{})
	var used []GID
	for _, run := range runs {
		for _, g := range run.Glyphs {
			used = append(used, g.ID)
		}
	}
	b.ReportAllocs()
	var size int
	for i := 0; i < b.N; i++ {
		sub, err := f.Subset(used)
		if err != nil {
			b.Fatal(err)
		}
		size = len(sub)
	}
	b.ReportMetric(float64(size), "bytes")
}

// BenchmarkNewRegistry measures the per-render cost of a registry.
func BenchmarkNewRegistry(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := NewRegistry(Options{})
		_ = r.Match(Query{Families: []string{"serif"}})
	}
}

// marginTexts are the short strings a paged document shapes on every page:
// running headers and "Page N of M" footers (issue #6).
var marginTexts = []string{"Page 7 of 100", "Bench report", "vii", "Chapter 12", "Page 8 of 100", "viii", "12", "Chapter 13"}

// BenchmarkShapeShort shapes short header and footer texts with a warm word
// cache and the document language set, as margin boxes do once per page.
func BenchmarkShapeShort(b *testing.B) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"serif"}, Weight: 400}
	opts := ShapeOptions{Lang: "en"}
	for _, s := range marginTexts { // warm the word cache
		r.Shape(s, q, 9, opts)
	}
	glyphs := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		runs, _ := r.Shape(marginTexts[i%len(marginTexts)], q, 9, opts)
		for _, run := range runs {
			glyphs += len(run.Glyphs)
		}
	}
	reportThroughput(b, glyphs, cpuTime()-cpu0)
}

// BenchmarkShapeLatinParallel is BenchmarkShapeLatin from GOMAXPROCS
// goroutines sharing one registry, as the server's renders do; it shows
// contention on the word cache.
func BenchmarkShapeLatinParallel(b *testing.B) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Times New Roman", "serif"}, Weight: 400}
	lines := strings.SplitAfter(latinParagraph, ", ")
	for _, l := range lines {
		r.Shape(l, q, 11, ShapeOptions{Lang: "en"})
	}
	var total atomic.Int64
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	b.RunParallel(func(pb *testing.PB) {
		glyphs, i := 0, 0
		for pb.Next() {
			runs, _ := r.Shape(lines[i%len(lines)], q, 11, ShapeOptions{Lang: "en"})
			for _, run := range runs {
				glyphs += len(run.Glyphs)
			}
			i++
		}
		total.Add(int64(glyphs))
	})
	reportThroughput(b, int(total.Load()), cpuTime()-cpu0)
}

// BenchmarkShapeDocument shapes the text of a 30-page document on a new
// registry, as one conversion without a shared registry does: every
// distinct word is shaped once, the rest come from the word cache.
func BenchmarkShapeDocument(b *testing.B) {
	q := Query{Families: []string{"serif"}, Weight: 400}
	paras := documentParagraphs()
	glyphs := 0
	b.ReportAllocs()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		r := NewRegistry(Options{})
		for _, p := range paras {
			runs, _ := r.Shape(p, q, 11, ShapeOptions{Lang: "en"})
			for _, run := range runs {
				glyphs += len(run.Glyphs)
			}
		}
	}
	reportThroughput(b, glyphs, cpuTime()-cpu0)
}

// BenchmarkMatch selects the face of a typical font query, as layout does
// for line metrics.
func BenchmarkMatch(b *testing.B) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Georgia", "Times New Roman", "serif"}, Weight: 700, Style: StyleItalic}
	b.ReportAllocs()
	for b.Loop() {
		if r.Match(q) == nil {
			b.Fatal("no face")
		}
	}
}

// documentParagraphs is the text of BenchmarkShapeDocument: 300 paragraphs
// of 40 words each, about 30 pages.
func documentParagraphs() []string {
	words := strings.Fields(latinParagraph)
	var paras []string
	for i := 0; i < 300; i++ {
		var sb strings.Builder
		fmt.Fprintf(&sb, "Paragraph %d. ", i)
		for k := 0; k < 40; k++ {
			sb.WriteString(words[(i*7+k*3)%len(words)])
			sb.WriteByte(' ')
		}
		paras = append(paras, sb.String())
	}
	return paras
}

// BenchmarkShapeDocumentAppend is BenchmarkShapeDocument through
// ShapeAppend with one glyph buffer reused from paragraph to paragraph, as
// a layout engine that copies glyphs into its lines can do.
func BenchmarkShapeDocumentAppend(b *testing.B) {
	q := Query{Families: []string{"serif"}, Weight: 400}
	paras := documentParagraphs()
	glyphs := 0
	b.ReportAllocs()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		r := NewRegistry(Options{})
		var buf []Glyph
		for _, p := range paras {
			var runs []Run
			runs, _, buf = r.ShapeAppend(buf[:0], p, q, 11, ShapeOptions{Lang: "en"})
			for _, run := range runs {
				glyphs += len(run.Glyphs)
			}
		}
	}
	reportThroughput(b, glyphs, cpuTime()-cpu0)
}

// latinOneParagraph is Western European text: Latin-1 letters among ASCII.
const latinOneParagraph = "Über die Größe der Städte: « Ça coûte très cher », répète-t-il. " +
	"¿Qué significa año? La niña comió piñas. Åse og Øystein bor på Ærø, " +
	"où l'été dure peu. Déjà vu, naïve façade, crème brûlée, smörgåsbord."

// BenchmarkShapeLatin1 is BenchmarkShapeLatin on Western European text
// with accented letters.
func BenchmarkShapeLatin1(b *testing.B) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Times New Roman", "serif"}, Weight: 400}
	lines := strings.SplitAfter(latinOneParagraph, ", ")
	for _, l := range lines {
		r.Shape(l, q, 11, ShapeOptions{Lang: "fr"})
	}
	glyphs := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		runs, _ := r.Shape(lines[i%len(lines)], q, 11, ShapeOptions{Lang: "fr"})
		for _, run := range runs {
			glyphs += len(run.Glyphs)
		}
	}
	reportThroughput(b, glyphs, cpuTime()-cpu0)
}

// BenchmarkShapeMarginBoxes shapes the margin boxes of a 100-page document
// on a new registry, as one conversion without a shared registry does
// (issue #6): a running chapter title, a fixed title, "Page N of 100" and
// the page number in lower-case roman numerals on every page. Most of
// these words are new to the registry, so this measures cold shaping of
// short words.
func BenchmarkShapeMarginBoxes(b *testing.B) {
	q := Query{Families: []string{"serif"}, Weight: 400}
	opts := ShapeOptions{Lang: "en"}
	var texts []string
	for n := 1; n <= 100; n++ {
		texts = append(texts, fmt.Sprintf("Chapter %d", n), "Bench report",
			fmt.Sprintf("Page %d of 100", n), strings.ToLower(romanNumeral(n)))
	}
	glyphs := 0
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		r := NewRegistry(Options{})
		var buf []Glyph
		for _, s := range texts {
			var runs []Run
			runs, _, buf = r.ShapeAppend(buf[:0], s, q, 9, opts)
			for _, run := range runs {
				glyphs += len(run.Glyphs)
			}
		}
	}
	reportThroughput(b, glyphs, cpuTime()-cpu0)
}

// romanNumeral writes n (1–3999) in upper-case roman numerals.
func romanNumeral(n int) string {
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}

// BenchmarkShapeLatinAppend is BenchmarkShapeLatin through ShapeAppend
// with a reused glyph buffer, as layout shapes paragraphs on a server whose
// registry (and word cache) is shared across requests (issue #9).
func BenchmarkShapeLatinAppend(b *testing.B) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Times New Roman", "serif"}, Weight: 400}
	lines := strings.SplitAfter(latinParagraph, ", ")
	for _, l := range lines { // warm the word cache
		r.Shape(l, q, 11, ShapeOptions{Lang: "en"})
	}
	var buf []Glyph
	glyphs := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		var runs []Run
		runs, _, buf = r.ShapeAppend(buf[:0], lines[i%len(lines)], q, 11, ShapeOptions{Lang: "en"})
		for _, run := range runs {
			glyphs += len(run.Glyphs)
		}
	}
	reportThroughput(b, glyphs, cpuTime()-cpu0)
}
