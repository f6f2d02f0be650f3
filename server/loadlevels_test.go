package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// loadLevelsConfig is what TestLoadLevels runs: how many clients at each
// level, for how long, and which request.
type loadLevelsConfig struct {
	levels   []int
	duration time.Duration
	template string // invoice or report
	strict   bool   // check the throughput goal of #24
}

// loadLevelsFromEnv reads FOLIO_LOAD (the duration of each level),
// FOLIO_LOAD_CLIENTS (comma-separated levels), FOLIO_LOAD_TEMPLATE and
// FOLIO_LOAD_STRICT. Without FOLIO_LOAD the run is a smoke test: three
// levels of 300 ms.
func loadLevelsFromEnv(t *testing.T) loadLevelsConfig {
	c := loadLevelsConfig{levels: []int{4, 16, 64, 256}, template: "invoice", strict: os.Getenv("FOLIO_LOAD_STRICT") != ""}
	v := os.Getenv("FOLIO_LOAD")
	if v == "" {
		c.levels, c.duration = []int{4, 16, 64}, 300*time.Millisecond
	} else {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			t.Fatalf("FOLIO_LOAD=%q is not a positive duration such as 20s", v)
		}
		c.duration = d
	}
	if v := os.Getenv("FOLIO_LOAD_CLIENTS"); v != "" {
		c.levels = nil
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n <= 0 {
				t.Fatalf("FOLIO_LOAD_CLIENTS=%q: want positive counts such as 4,16,64,256", v)
			}
			c.levels = append(c.levels, n)
		}
	}
	if v := os.Getenv("FOLIO_LOAD_TEMPLATE"); v != "" {
		c.template = v
	}
	return c
}

// loadLevelBody returns the varying request body of the template.
func loadLevelBody(t *testing.T, name string) func(int64) []byte {
	switch name {
	case "invoice":
		tmpl, err := DefaultEngine().Template("invoice")
		if err != nil {
			t.Fatal(err)
		}
		return varyingBody(t, "invoice", tmpl.Sample, "invoice_number")
	case "report":
		data, err := os.ReadFile(filepath.Join("testdata", "load", "report-12pages.json"))
		if err != nil {
			t.Fatal(err)
		}
		return varyingBody(t, "accessible_report", data, "title")
	}
	t.Fatalf("FOLIO_LOAD_TEMPLATE=%q: want invoice or report", name)
	return nil
}

// TestLoadLevels drives a server with 4, 16, 64 and 256 concurrent
// clients for FOLIO_LOAD each and prints, per level, the successful
// renders per second, p50 and p99 latency of successes, deliberate 503s
// (clients then wait Retry-After) and other failures, and the CPU per
// render when the server runs in this process. It fails on any failure
// other than a 503; with FOLIO_LOAD_STRICT it also fails when the rate at
// 64 or more clients falls below 90 % of the rate at 16 (the goal of
// #24, for a quiet machine):
//
//	FOLIO_LOAD=20s FOLIO_LOAD_STRICT=1 go test ./server -run TestLoadLevels -v -timeout 0
//
// The in-process server runs with the garbage-collector settings of
// `folio serve` (serveGC); FOLIO_LOAD_URL points the clients at a running
// server instead. Without FOLIO_LOAD it is a 1-second smoke run (skipped
// with -short).
func TestLoadLevels(t *testing.T) {
	cfg := loadLevelsFromEnv(t)
	if os.Getenv("FOLIO_LOAD") == "" && testing.Short() {
		t.Skip("load smoke run; set FOLIO_LOAD for a measurement")
	}
	body := loadLevelBody(t, cfg.template)
	url := os.Getenv("FOLIO_LOAD_URL")
	var h *Server
	if url == "" {
		defer serveGC()()
		h = New(Config{})
		srv := httptest.NewServer(h)
		defer srv.Close()
		url = srv.URL
	}
	// Warm up fonts, templates and the collector.
	warm := &http.Client{}
	runLoad(context.Background(), warm, url, 4, 16, body)
	warm.CloseIdleConnections()

	rates := map[int]float64{}
	t.Logf("%s, %v per level, GOMAXPROCS %d", cfg.template, cfg.duration, runtime.GOMAXPROCS(0))
	t.Logf("%8s %10s %9s %9s %6s %6s %8s %8s", "clients", "renders/s", "p50", "p99", "503s", "errors", "cpu-ms", "RSS-MB")
	for _, clients := range cfg.levels {
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
		ctx, cancel := context.WithTimeout(context.Background(), cfg.duration)
		cpu0 := cpuTime()
		res := runLoad(ctx, client, url, clients, 1<<30, body)
		cancel()
		ok := len(res.latencies)
		cpu := "-"
		if h != nil && ok > 0 {
			cpu = fmt.Sprintf("%.1f", float64((cpuTime()-cpu0).Microseconds())/1000/float64(ok))
		}
		rates[clients] = float64(ok) / res.elapsed.Seconds()
		t.Logf("%8d %10.1f %9v %9v %6d %6d %8s %8.0f", clients, rates[clients],
			res.percentile(0.5).Round(time.Millisecond), res.percentile(0.99).Round(time.Millisecond),
			res.rejected, res.errors5xx+res.other, cpu, rss("VmRSS:"))
		if res.errors5xx+res.other > 0 {
			t.Errorf("%d clients: %d failures other than 503", clients, res.errors5xx+res.other)
		}
		client.CloseIdleConnections()
		// Let the renders of requests cut off at the deadline finish.
		for end := time.Now().Add(30 * time.Second); h != nil && time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
			if !h.limiter.active() && h.budget.reservedMem() == 0 {
				break
			}
		}
		if h == nil {
			time.Sleep(time.Second)
		}
	}
	if base, ok := rates[16]; cfg.strict && ok {
		for _, n := range cfg.levels {
			if n > 16 && rates[n] < 0.9*base {
				t.Errorf("%d clients: %.1f renders/s, below 90%% of the %.1f at 16", n, rates[n], base)
			}
		}
	}
}
