package layout_test

import (
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/internal/benchdoc"
)

// hundredPages is benchdoc's 100-page document (one chapter a page, 9
// paragraphs filling most of it or 2), with or without margin boxes.
func hundredPages(margins bool, paras int) []byte { return benchdoc.HundredPages(margins, paras) }

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPagedConvert compares converting the same 100-page document
// with and without margin boxes and page counters. It reports CPU time
// per conversion too, as wall time is noisy on a loaded machine.
func BenchmarkPagedConvert(b *testing.B) {
	for _, mode := range []struct {
		name    string
		margins bool
		paras   int
	}{{"full-pages/plain", false, 9}, {"full-pages/margin-boxes", true, 9}, {"sparse-pages/plain", false, 2}, {"sparse-pages/margin-boxes", true, 2}} {
		src := hundredPages(mode.margins, mode.paras)
		b.Run(mode.name, func(b *testing.B) {
			res := convert(b, src, folio.Options{})
			if res.Pages != 100 {
				b.Fatalf("%d pages, want 100", res.Pages)
			}
			// not the previous sub-benchmark's garbage to collect
			runtime.GC()
			b.ResetTimer()
			c0 := cpuTime()
			for range b.N {
				convert(b, src, folio.Options{})
			}
			b.ReportMetric(float64((cpuTime()-c0).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
	// The two documents converted in turn, the order swapped every
	// iteration: on a machine whose speed drifts from second to second,
	// the median of the pairs' ratios shows what margin boxes add better
	// than two runs taken one after the other. Each conversion starts
	// after a collection, untimed, so that it pays for the collections its
	// own allocation causes: converted in turn, the two documents would
	// otherwise fall into a rhythm in which one of them pays for most of
	// the other's (a bias of several per cent either way that changes
	// from run to run).
	for _, kind := range []struct {
		name  string
		paras int
	}{{"full-pages", 9}, {"sparse-pages", 2}} {
		b.Run(kind.name+"/overhead", func(b *testing.B) {
			plain, margins := hundredPages(false, kind.paras), hundredPages(true, kind.paras)
			var wall, cpu []float64
			for i := range b.N {
				var w, c [2]time.Duration
				for k := range 2 {
					doc := (i + k) % 2 // 0: plain, 1: margin boxes
					src := plain
					if doc == 1 {
						src = margins
					}
					runtime.GC()
					t0, c0 := time.Now(), cpuTime()
					convert(b, src, folio.Options{})
					w[doc], c[doc] = time.Since(t0), cpuTime()-c0
				}
				wall = append(wall, float64(w[1])/float64(w[0]))
				cpu = append(cpu, float64(c[1])/float64(c[0]))
			}
			b.ReportMetric(100*(median(wall)-1), "wall-overhead-%")
			b.ReportMetric(100*(median(cpu)-1), "cpu-overhead-%")
		})
	}
}

// median returns the median of xs (which it sorts).
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}
