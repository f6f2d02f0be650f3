package server

import (
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"testing"
)

// TestGrowthPercent: GOGC is percent while the growth it allows is within
// the cap, the percentage that allows the cap above that, and never below
// 200 (or percent when lower).
func TestGrowthPercent(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		live, growth int64
		percent      int
		want         int
	}{
		{10 * mb, 64 * mb, 400, 400},         // growth 40 MB: uncapped
		{16 * mb, 64 * mb, 400, 400},         // exactly the cap
		{20 * mb, 64 * mb, 400, 320},         // 64 MB is 320 % of 20 MB
		{31 * mb, 64 * mb, 400, 206},         // the soak's live heap with the shaping cache full
		{40 * mb, 64 * mb, 400, 200},         // 160 % is below the floor
		{500 * mb, 64 * mb, 400, 200},        // a large document
		{500 * mb, 64 * mb, 150, 150},        // percent below the floor stays
		{0, 64 * mb, 400, 400},               // no reading
		{1 << 40, 1, 1 << 30, 200},           // no overflow
		{1 << 40, 1 << 62, 1 << 20, 1 << 20}, // a huge cap: uncapped
	} {
		if got := growthPercent(tc.live, tc.growth, tc.percent); got != tc.want {
			t.Errorf("growthPercent(%d, %d, %d) = %d, want %d", tc.live, tc.growth, tc.percent, got, tc.want)
		}
	}
}

// gogc is the GOGC in effect.
func gogc() int {
	s := []rtmetrics.Sample{{Name: "/gc/gogc:percent"}}
	rtmetrics.Read(s)
	return int(s[0].Value.Uint64())
}

// TestCapGCGrowth: with a live heap as large as the cap, GOGC falls to
// the floor after a collection; once the heap is freed it is back to percent;
// stopping puts percent back and a cap of zero does nothing.
func TestCapGCGrowth(t *testing.T) {
	old := debug.SetGCPercent(400)
	defer debug.SetGCPercent(old)
	// a cap four times what the test binary holds: GOGC 400 once the
	// block below is freed
	runtime.GC()
	sample := []rtmetrics.Sample{{Name: "/gc/heap/live:bytes"}}
	rtmetrics.Read(sample)
	growth := 4*int64(sample[0].Value.Uint64()) + 1<<20
	stop := CapGCGrowth(400, growth)
	defer stop()
	live := make([]byte, growth) // GOGC 400 would let the heap grow by 4×growth
	waitFor(t, func() bool {
		runtime.GC()
		return gogc() == minCappedGCPercent
	})
	runtime.KeepAlive(live)
	live = nil
	waitFor(t, func() bool {
		runtime.GC()
		return gogc() > minCappedGCPercent
	})
	stop()
	stop() // a second call does nothing
	if got := gogc(); got != 400 {
		t.Errorf("GOGC %d after stop, want 400", got)
	}
	debug.SetGCPercent(400)
	stop = CapGCGrowth(400, 0)
	big := make([]byte, 16<<20)
	runtime.GC()
	runtime.GC()
	if got := gogc(); got != 400 {
		t.Errorf("CapGCGrowth(400, 0) set GOGC %d", got)
	}
	runtime.KeepAlive(big)
	stop()
}
