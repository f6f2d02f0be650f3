package cli

import (
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/seed28491532/folio/server"
)

func TestParseByteSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  string
	}{
		{in: "268435456", want: 268435456},
		{in: "256MiB", want: 256 << 20},
		{in: "256mib", want: 256 << 20},
		{in: " 1.5GiB ", want: 3 << 29},
		{in: "512KiB", want: 512 << 10},
		{in: "300MB", want: 300e6},
		{in: "2GB", want: 2e9},
		{in: "100B", want: 100},
		{in: "0", want: 0},
		{in: "off", want: 0},
		{in: "OFF", want: 0},
		{in: "", err: "want bytes"},
		{in: "MiB", err: "want bytes"},
		{in: "-5MiB", err: "want bytes"},
		{in: "12 parsecs", err: `unknown unit "parsecs"`},
		{in: "99999999TiB", err: "too large"},
	} {
		got, err := parseByteSize(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parseByteSize(%q) = %d, %v; want error containing %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("parseByteSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

func TestFormatByteSize(t *testing.T) {
	for n, want := range map[int64]string{256 << 20: "256MiB", 2 << 30: "2GiB", 3 << 10: "3KiB", 1536: "1536", 1000: "1000", 0: "0"} {
		if got := formatByteSize(n); got != want {
			t.Errorf("formatByteSize(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestGCDefaults(t *testing.T) {
	for _, tc := range []struct {
		name                       string
		env                        map[string]string
		percent                    int
		limit                      int64
		headroom                   float64 // 0: server.DefaultGCHeadroom
		growth                     int64   // 0: server.DefaultGCGrowth; -1: none
		percentFromEnv, limFromEnv bool
		err                        string
	}{
		{name: "defaults", percent: defaultGCPercent, limit: defaultMemoryLimit},
		{name: "GOGC and GOMEMLIMIT stand", env: map[string]string{"GOGC": "150", "GOMEMLIMIT": "1GiB"},
			percent: defaultGCPercent, limit: defaultMemoryLimit, percentFromEnv: true, limFromEnv: true},
		{name: "FOLIO_ variables win", env: map[string]string{"GOGC": "150", "FOLIO_GC_PERCENT": "300", "FOLIO_MEMORY_LIMIT": "1GiB"},
			percent: 300, limit: 1 << 30},
		{name: "memory limit off", env: map[string]string{"FOLIO_MEMORY_LIMIT": "off"}, percent: defaultGCPercent, limit: 0},
		{name: "headroom", env: map[string]string{"FOLIO_GC_HEADROOM": "0.25"}, percent: defaultGCPercent, limit: defaultMemoryLimit, headroom: 0.25},
		{name: "headroom off", env: map[string]string{"FOLIO_GC_HEADROOM": "0"}, percent: defaultGCPercent, limit: defaultMemoryLimit, headroom: -1},
		{name: "negative headroom", env: map[string]string{"FOLIO_GC_HEADROOM": "-1"}, err: "FOLIO_GC_HEADROOM"},
		{name: "NaN headroom", env: map[string]string{"FOLIO_GC_HEADROOM": "NaN"}, err: "FOLIO_GC_HEADROOM"},
		{name: "bad percent", env: map[string]string{"FOLIO_GC_PERCENT": "lots"}, err: "FOLIO_GC_PERCENT"},
		{name: "bad limit", env: map[string]string{"FOLIO_MEMORY_LIMIT": "12 parsecs"}, err: "FOLIO_MEMORY_LIMIT"},
		{name: "growth", env: map[string]string{"FOLIO_GC_GROWTH": "32MiB"}, percent: defaultGCPercent, limit: defaultMemoryLimit, growth: 32 << 20},
		{name: "growth off", env: map[string]string{"FOLIO_GC_GROWTH": "off"}, percent: defaultGCPercent, limit: defaultMemoryLimit, growth: -1},
		{name: "bad growth", env: map[string]string{"FOLIO_GC_GROWTH": "-5MB"}, err: "FOLIO_GC_GROWTH"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &env{getenv: func(k string) string { return tc.env[k] }}
			g, err := e.gcDefaults()
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one naming %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			headroom := tc.headroom
			switch headroom {
			case 0:
				headroom = server.DefaultGCHeadroom
			case -1:
				headroom = 0
			}
			growth := tc.growth
			switch growth {
			case 0:
				growth = server.DefaultGCGrowth
			case -1:
				growth = 0
			}
			want := gcSettings{percent: tc.percent, limit: tc.limit, headroom: headroom, growth: growth, percentFromEnv: tc.percentFromEnv, limitFromEnv: tc.limFromEnv}
			if g != want {
				t.Errorf("gcDefaults = %+v, want %+v", g, want)
			}
		})
	}
}

// TestGCSettingsApply checks that serve's settings reach the runtime and
// are restored afterwards, and that settings taken from GOGC/GOMEMLIMIT
// are left alone.
func TestGCSettingsApply(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	beforeLimit := debug.SetMemoryLimit(math.MaxInt64)
	defer debug.SetMemoryLimit(beforeLimit)

	restore := gcSettings{percent: 321, limit: 123 << 20}.apply()
	if got := debug.SetGCPercent(321); got != 321 {
		t.Errorf("GOGC while serving = %d, want 321", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 123<<20 {
		t.Errorf("memory limit while serving = %d, want %d", got, 123<<20)
	}
	if rate := runtime.MemProfileRate; rate != 0 {
		t.Errorf("heap profiling while serving samples every %d bytes, want off", rate)
	}
	restore()
	if runtime.MemProfileRate == 0 {
		t.Errorf("heap profiling still off after serving")
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC after serving = %d, want 100 restored", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("memory limit after serving = %d, want none restored", got)
	}

	restore = gcSettings{percent: 321, limit: 0, percentFromEnv: true}.apply()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC from the environment was overridden: %d", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("memory limit off = %d, want none", got)
	}
	restore()
}

// TestDescribeGrowth: the start-up log names the cap only when serve
// applies it.
func TestDescribeGrowth(t *testing.T) {
	for _, tc := range []struct {
		g    gcSettings
		want string
	}{
		{gcSettings{percent: 400, growth: 64 << 20}, "64MiB"},
		{gcSettings{percent: 400, growth: 0}, "off"},
		{gcSettings{percent: -1, growth: 64 << 20}, "off"},
		{gcSettings{percent: 400, growth: 64 << 20, percentFromEnv: true}, "off"},
	} {
		if got := tc.g.describeGrowth(); got != tc.want {
			t.Errorf("%+v: describeGrowth() = %q, want %q", tc.g, got, tc.want)
		}
	}
}
