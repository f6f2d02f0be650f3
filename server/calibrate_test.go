package server

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/pdfinfo"
)

// textTablePages is an HTML document of about n pages of paragraphs and
// tables with "Page N of M" footers.
func textTablePages(n int) []byte {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang=en><title>Calibration</title><style>@page{@bottom-center{content:"Page " counter(page) " of " counter(pages)}} td,th{border:1px solid}</style><h1>Calibration</h1>`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "<h2>Section %d</h2>", i)
		for p := 0; p < 3; p++ {
			b.WriteString("<p>" + strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 6) + "</p>")
		}
		b.WriteString("<table><caption>Figures</caption><tr><th>Item<th>Count<th>Price")
		for r := 0; r < 8; r++ {
			fmt.Fprintf(&b, "<tr><td>Item %d<td>%d<td>%d.00", r, r*3, r*7)
		}
		b.WriteString("</table>")
	}
	return []byte(b.String())
}

// peakHeap runs fn with a tight collector (GOGC 10) and returns the most
// heap object bytes sampled while it ran, above the heap before.
func peakHeap(fn func()) int64 {
	old := debug.SetGCPercent(10)
	defer debug.SetGCPercent(old)
	runtime.GC()
	sample := []rtmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() int64 { rtmetrics.Read(sample); return int64(sample[0].Value.Uint64()) }
	base := read()
	var peak atomic.Int64
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(200 * time.Microsecond):
				if v := read(); v > peak.Load() {
					peak.Store(v)
				}
			}
		}
	}()
	fn()
	close(done)
	return peak.Load() - base
}

// TestCalibrateCostModel prints the peak heap of a few renders beside the
// cost model's estimate (FOLIO_CALIBRATE=1 go test ./server -run TestCalibrateCostModel -v).
func TestCalibrateCostModel(t *testing.T) {
	if os.Getenv("FOLIO_CALIBRATE") == "" {
		t.Skip("set FOLIO_CALIBRATE=1")
	}
	eng := DefaultEngine()
	fonts := folio.NewFonts()
	inv, _ := eng.Template("invoice")
	report, _ := os.ReadFile(filepath.Join("testdata", "load", "report-12pages.json"))
	type tc struct {
		name string
		html func() []byte
		data int
	}
	tmpl := func(id string, data []byte) func() []byte {
		return func() []byte {
			h, err := eng.RenderTemplate(context.Background(), id, data)
			if err != nil {
				t.Fatal(err)
			}
			return h
		}
	}
	cases := []tc{
		{"tiny", func() []byte { return []byte("<!doctype html><html lang=en><title>t</title><p>Hello") }, 0},
		{"invoice", tmpl("invoice", inv.Sample), len(inv.Sample)},
		{"report-12pages", tmpl("accessible_report", report), len(report)},
	}
	for _, n := range []int{1, 10, 50, 200, 1000} {
		cases = append(cases, tc{fmt.Sprintf("text-tables-%d", n), func() []byte { return textTablePages(n) }, 0})
	}
	for _, c := range cases {
		html := c.html()
		var res *folio.Result
		peak := int64(0)
		for range 3 {
			peak = max(peak, peakHeap(func() {
				var err error
				res, err = eng.Convert(context.Background(), bytes.NewReader(html), folio.Options{Fonts: fonts, MaxPages: 5000})
				if err != nil {
					t.Fatal(err)
				}
			}))
		}
		t.Logf("%-18s data %7d B html %8d B pages %4d peak heap %6.1f MB (%4.0f B/html byte)", c.name, c.data, len(html), res.Pages,
			float64(peak)/(1<<20), float64(peak)/float64(len(html)))
		if !strings.HasPrefix(c.name, "text-tables") {
			continue
		}
		var audit, inspect int64
		for range 3 {
			audit = max(audit, peakHeap(func() {
				if _, err := eng.AuditPDF(context.Background(), res.PDF); err != nil {
					t.Fatal(err)
				}
			}))
			inspect = max(inspect, peakHeap(func() {
				if _, err := pdfinfo.ReadContext(context.Background(), res.PDF); err != nil {
					t.Fatal(err)
				}
			}))
		}
		t.Logf("%-18s pdf %8d B: audit peak heap %6.1f MB (%4.0f B/PDF byte), inspect %6.1f MB (%4.0f B/PDF byte)", c.name, len(res.PDF),
			float64(audit)/(1<<20), float64(audit)/float64(len(res.PDF)), float64(inspect)/(1<<20), float64(inspect)/float64(len(res.PDF)))
	}
}

// TestMeasureLargeRenderCPU renders FOLIO_MEASURE_PAGES sections of text
// and tables (about 0.6 pages each) three times and prints the CPU and
// collections each took, under whatever GOGC and GOMEMLIMIT the
// environment sets, with KeepGCHeadroom when FOLIO_GC_HEADROOM is set and
// CapGCGrowth when FOLIO_GC_GROWTH (bytes) and GOGC are:
//
//	FOLIO_MEASURE_PAGES=2500 GOGC=400 GOMEMLIMIT=256MiB FOLIO_GC_HEADROOM=0.5 go test ./server -run TestMeasureLargeRenderCPU -v
func TestMeasureLargeRenderCPU(t *testing.T) {
	v := os.Getenv("FOLIO_MEASURE_PAGES")
	if v == "" {
		t.Skip("set FOLIO_MEASURE_PAGES")
	}
	var n int
	fmt.Sscan(v, &n)
	html := textTablePages(n)
	eng := DefaultEngine()
	fonts := folio.NewFonts()
	if v := os.Getenv("FOLIO_GC_HEADROOM"); v != "" {
		var h float64
		fmt.Sscan(v, &h)
		defer KeepGCHeadroom(debug.SetMemoryLimit(-1), h)()
	}
	if v := os.Getenv("FOLIO_GC_GROWTH"); v != "" {
		var growth int64
		var percent int
		fmt.Sscan(v, &growth)
		fmt.Sscan(os.Getenv("GOGC"), &percent)
		defer CapGCGrowth(percent, growth)()
	}
	for i := range 3 {
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		cpu0, t0 := cpuTime(), time.Now()
		res, err := eng.Convert(context.Background(), bytes.NewReader(html), folio.Options{Fonts: fonts, MaxPages: 10000})
		if err != nil {
			t.Fatal(err)
		}
		cpu, wall := cpuTime()-cpu0, time.Since(t0)
		runtime.ReadMemStats(&ms1)
		t.Logf("run %d: %d pages, CPU %v, wall %v, %d GCs, GC CPU fraction %.2f, peak RSS %.0f MB, memory limit %s",
			i, res.Pages, cpu.Round(time.Millisecond), wall.Round(time.Millisecond), ms1.NumGC-ms0.NumGC, ms1.GCCPUFraction, maxRSS(), fmt.Sprint(debug.SetMemoryLimit(-1)>>20)+"MiB")
	}
}
