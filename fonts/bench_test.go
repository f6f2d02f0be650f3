package fonts

import (
	"strings"
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
