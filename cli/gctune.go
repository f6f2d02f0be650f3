package cli

import (
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/server"
)

// Garbage-collector defaults of `folio serve` (see server.DefaultGCPercent).
const (
	defaultGCPercent   = server.DefaultGCPercent
	defaultMemoryLimit = server.DefaultMemoryLimit
)

// gcSettings are the collector settings serve applies to the process.
type gcSettings struct {
	percent int   // GOGC; negative turns the collector off
	limit   int64 // soft memory limit in bytes; 0: none
	// headroom is the fraction of the live heap the soft limit stays
	// above (server.KeepGCHeadroom); 0: the limit stays where it is set.
	headroom float64
	// growth caps the heap's growth between collections that percent
	// allows (server.CapGCGrowth); 0: no cap.
	growth int64
	// fromEnv records that GOGC / GOMEMLIMIT were set in the environment
	// and no flag overrides them: the runtime already applied them.
	percentFromEnv, limitFromEnv bool
}

// gcDefaults reads FOLIO_GC_PERCENT, FOLIO_MEMORY_LIMIT, FOLIO_GC_HEADROOM
// and FOLIO_GC_GROWTH (a byte size; "off": no cap); without the first
// two a GOGC or GOMEMLIMIT in the environment stands, and otherwise
// serve's defaults apply.
func (e *env) gcDefaults() (gcSettings, error) {
	g := gcSettings{percent: defaultGCPercent, limit: defaultMemoryLimit, headroom: server.DefaultGCHeadroom, growth: server.DefaultGCGrowth}
	if v := e.getenv("FOLIO_GC_GROWTH"); v != "" {
		n, err := parseByteSize(v)
		if err != nil {
			return g, inputErr("FOLIO_GC_GROWTH=%q: %v", v, err)
		}
		g.growth = n
	}
	if v := e.getenv("FOLIO_GC_HEADROOM"); v != "" {
		h, err := strconv.ParseFloat(v, 64)
		if err != nil || !(h >= 0) || math.IsInf(h, 0) {
			return g, inputErr("FOLIO_GC_HEADROOM=%q is not a non-negative number such as 0.5", v)
		}
		g.headroom = h
	}
	if v := e.getenv("FOLIO_GC_PERCENT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return g, inputErr("FOLIO_GC_PERCENT=%q is not an integer", v)
		}
		g.percent = n
	} else if e.getenv("GOGC") != "" {
		g.percentFromEnv = true
	}
	if v := e.getenv("FOLIO_MEMORY_LIMIT"); v != "" {
		n, err := parseByteSize(v)
		if err != nil {
			return g, inputErr("FOLIO_MEMORY_LIMIT=%q: %v", v, err)
		}
		g.limit = n
	} else if e.getenv("GOMEMLIMIT") != "" {
		g.limitFromEnv = true
	}
	return g, nil
}

// apply sets the process's collector settings and returns a function that
// restores the previous ones (serve runs inside tests too).
func (g gcSettings) apply() (restore func()) {
	oldPercent, oldLimit := 0, int64(0)
	setPercent, setLimit := !g.percentFromEnv, !g.limitFromEnv
	if setPercent {
		oldPercent = debug.SetGCPercent(g.percent)
	}
	if setLimit {
		limit := g.limit
		if limit <= 0 {
			limit = math.MaxInt64 // no limit
		}
		oldLimit = debug.SetMemoryLimit(limit)
	}
	stopTuner := server.KeepGCHeadroom(debug.SetMemoryLimit(-1), g.headroom)
	stopCap := func() {}
	if setPercent {
		stopCap = server.CapGCGrowth(g.percent, g.growth)
	}
	startProfiling := server.StopHeapProfiling()
	return func() {
		startProfiling()
		stopCap()
		stopTuner()
		if setPercent {
			debug.SetGCPercent(oldPercent)
		}
		if setLimit {
			debug.SetMemoryLimit(oldLimit)
		}
	}
}

// describePercent is the GOGC in effect, for the start-up log line.
func (g gcSettings) describePercent(e *env) string {
	if g.percentFromEnv {
		return e.getenv("GOGC")
	}
	if g.percent < 0 {
		return "off"
	}
	return strconv.Itoa(g.percent)
}

// describeGrowth is the cap on the heap's growth in effect, for the
// start-up log line: "off" when GOGC comes from the environment or the
// cap or the collector is off.
func (g gcSettings) describeGrowth() string {
	if g.percentFromEnv || g.percent <= 0 || g.growth <= 0 {
		return "off"
	}
	return formatByteSize(g.growth)
}

// byteSizeFlag is a flag.Value for a byte size such as 256MiB.
type byteSizeFlag struct{ n *int64 }

func (f byteSizeFlag) String() string {
	if f.n == nil {
		return ""
	}
	return formatByteSize(*f.n)
}

func (f byteSizeFlag) Set(s string) error {
	n, err := parseByteSize(s)
	if err != nil {
		return err
	}
	*f.n = n
	return nil
}

// parseByteSize parses a size: a number of bytes, optionally followed by
// B, KiB, MiB, GiB, TiB (powers of 1024) or KB, MB, GB, TB (powers of
// 1000), case-insensitively; "0" and "off" mean no limit.
func parseByteSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "off") {
		return 0, nil
	}
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	v, err := strconv.ParseFloat(num, 64)
	if num == "" || err != nil || v < 0 {
		return 0, fmt.Errorf("size %q: want bytes such as 268435456, 256MiB or 1GB", s)
	}
	mult := map[string]float64{
		"": 1, "b": 1,
		"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
		"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("size %q: unknown unit %q (use B, KiB, MiB, GiB, KB, MB or GB)", s, strings.TrimSpace(t[i:]))
	}
	if v*mult >= math.MaxInt64 {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	return int64(v * mult), nil
}

// formatByteSize prints n in the largest binary unit that divides it.
func formatByteSize(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n != 0 && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10)
}
