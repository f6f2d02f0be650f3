package server

import (
	"math"
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"testing"
)

// TestKeepGCHeadroom sets a limit below the live heap: after a
// collection the limit follows the live heap with the headroom, and
// stopping puts the configured limit back. Limits that cannot be tuned
// do nothing.
func TestKeepGCHeadroom(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	const base = 256 << 10 // below any test binary's live heap
	debug.SetMemoryLimit(base)
	stop := KeepGCHeadroom(base, 1)
	waitFor(t, func() bool {
		runtime.GC()
		return debug.SetMemoryLimit(-1) > base
	})
	sample := []rtmetrics.Sample{{Name: "/gc/heap/live:bytes"}}
	rtmetrics.Read(sample)
	live := int64(sample[0].Value.Uint64())
	if got := debug.SetMemoryLimit(-1); got < live*3/2 || got > live*5/2 {
		t.Errorf("limit %d with %d bytes of live heap: want about twice the live heap", got, live)
	}
	stop()
	stop() // a second call does nothing
	if got := debug.SetMemoryLimit(-1); got != base {
		t.Errorf("limit %d after stop, want %d", got, base)
	}
	runtime.GC()
	runtime.GC()
	if got := debug.SetMemoryLimit(-1); got != base {
		t.Errorf("limit %d after stop and collections, want %d", got, base)
	}
	for _, tc := range []struct {
		limit    int64
		headroom float64
	}{{math.MaxInt64, 0.5}, {0, 0.5}, {base, 0}} {
		debug.SetMemoryLimit(base)
		stop := KeepGCHeadroom(tc.limit, tc.headroom)
		runtime.GC()
		runtime.GC()
		if got := debug.SetMemoryLimit(-1); got != base {
			t.Errorf("KeepGCHeadroom(%d, %v) moved the limit to %d", tc.limit, tc.headroom, got)
		}
		stop()
	}
}
