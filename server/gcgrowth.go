package server

import (
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"sync"
)

// DefaultGCGrowth is the growth of the heap between collections that
// `folio serve` lets GOGC allow at most (see CapGCGrowth).
const DefaultGCGrowth = 64 << 20

// minCappedGCPercent is the lowest GOGC CapGCGrowth sets.
const minCappedGCPercent = 200

// CapGCGrowth sets, after each collection, the process's GOGC to percent
// or, when the live heap is so large that percent would let the heap grow
// by more than growth bytes before the next collection, to the percentage
// that allows growth bytes, but never below 200 (nor below percent when
// percent is lower). It returns a function that stops and puts GOGC back
// to percent. It changes a process-wide setting, so the handler never
// calls it: `folio serve` does. A percent or growth of zero or less does
// nothing.
//
// Why: the runtime keeps for good what it needs at the peak number of
// heap spans (their mspan structures and mark and allocation bitmaps are
// reused, never returned to the OS), so a higher peak heap leaves a
// higher idle resident memory after the load. A server's live heap is
// mostly small (a few renders in flight) and sometimes larger (the
// shaping cache full, large documents); a fixed GOGC of 400 lets the heap
// reach five times the larger one, a fixed GOGC of 200 collects twice as
// often while the live heap is small. With percent 400 and growth 64 MiB
// the collector runs as at GOGC 400 while the live heap is below 16 MiB,
// and the heap stays below the live heap plus 64 MiB up to a live heap of
// 32 MiB, then three times the live heap (GOGC 200), where the soft
// memory limit does not bound it first.
func CapGCGrowth(percent int, growth int64) (stop func()) {
	if percent <= 0 || growth <= 0 {
		return func() {}
	}
	c := &gcGrowthCap{percent: percent, growth: growth, current: percent}
	c.arm()
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if !c.stopped {
			c.stopped = true
			debug.SetGCPercent(percent)
		}
	}
}

// growthPercent is the GOGC that lets a heap of live bytes grow by at most
// growth bytes, between min(minCappedGCPercent, percent) and percent.
func growthPercent(live, growth int64, percent int) int {
	floor := min(minCappedGCPercent, percent)
	if live <= 0 {
		return percent
	}
	p := float64(percent)
	if float64(live)*p/100 > float64(growth) {
		p = float64(growth) * 100 / float64(live)
	}
	return max(int(p), floor)
}

// gcGrowthCap is the state of CapGCGrowth.
type gcGrowthCap struct {
	percent int
	growth  int64
	mu      sync.Mutex
	current int // the GOGC set last
	stopped bool
}

// arm allocates a sentinel whose finalizer calls afterGC.
func (c *gcGrowthCap) arm() {
	s := new(gcSentinel)
	runtime.SetFinalizer(s, func(*gcSentinel) { c.afterGC() })
}

// afterGC sets GOGC from the live heap the collection found.
func (c *gcGrowthCap) afterGC() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return
	}
	sample := []rtmetrics.Sample{{Name: "/gc/heap/live:bytes"}}
	rtmetrics.Read(sample)
	if sample[0].Value.Kind() == rtmetrics.KindUint64 {
		want := growthPercent(int64(sample[0].Value.Uint64()), c.growth, c.percent)
		// Move GOGC only for a change of more than a sixteenth, or back
		// to percent.
		if d := want - c.current; d > c.current/16 || -d > c.current/16 || (want == c.percent && c.current != c.percent) {
			debug.SetGCPercent(want)
			c.current = want
		}
	}
	c.arm()
}
