package server

import (
	"math"
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"sync"
)

// DefaultGCHeadroom is the headroom `folio serve` keeps above the live
// heap (see KeepGCHeadroom).
const DefaultGCHeadroom = 0.5

// KeepGCHeadroom keeps the process's soft memory limit at least headroom
// (a fraction) above the live heap measured after each collection, and
// never below limit, the configured soft limit; it returns a function
// that stops and puts limit back. It changes process-wide settings, so
// the handler never calls it: `folio serve` does.
//
// A soft limit cannot hold a heap whose live data exceed it: the
// collector then runs back to back, up to the runtime's cap of half the
// CPU, and frees little. Measured on one 1,500-page render (350 MB live)
// under a 256 MiB limit, that took 3.6 times the CPU of the same render
// without a limit while resident memory passed the limit anyway. With
// the memory budget bounding how many renders are admitted, the live
// heap passes the limit only while one request larger than the budget
// runs alone; for that time the limit follows the live heap, with room
// for the collector to work at a GOGC of 100×headroom, and it returns to
// limit at the first collection after the live heap falls. A limit of
// zero or less, or a headroom of zero or less, does nothing.
func KeepGCHeadroom(limit int64, headroom float64) (stop func()) {
	if limit <= 0 || limit == math.MaxInt64 || headroom <= 0 {
		return func() {}
	}
	t := &gcTuner{limit: limit, headroom: headroom, current: limit}
	t.arm()
	return func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		if !t.stopped {
			t.stopped = true
			debug.SetMemoryLimit(limit)
		}
	}
}

// gcTuner is the state of KeepGCHeadroom.
type gcTuner struct {
	limit    int64
	headroom float64
	mu       sync.Mutex
	current  int64 // the limit set last
	stopped  bool
}

// gcSentinel is garbage whose finalizer runs once per collection. It has
// a size: finalizers of zero-size objects may never run.
type gcSentinel struct{ _ [16]byte }

// arm allocates a sentinel whose finalizer calls afterGC.
func (t *gcTuner) arm() {
	s := new(gcSentinel)
	runtime.SetFinalizer(s, func(*gcSentinel) { t.afterGC() })
}

// afterGC sets the limit from the live heap the collection found.
func (t *gcTuner) afterGC() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return
	}
	sample := []rtmetrics.Sample{{Name: "/gc/heap/live:bytes"}}
	rtmetrics.Read(sample)
	if sample[0].Value.Kind() == rtmetrics.KindUint64 {
		live := int64(sample[0].Value.Uint64())
		want := max(t.limit, live+int64(float64(live)*t.headroom))
		// Move the limit only for a change of more than a sixteenth.
		if d := want - t.current; d > t.current/16 || -d > t.current/16 || (want == t.limit && t.current != t.limit) {
			debug.SetMemoryLimit(want)
			t.current = want
		}
	}
	t.arm()
}

// emptyPools runs a collection so that the next one, that of OnIdle
// (debug.FreeOSMemory in `folio serve`), frees what sync.Pools hold. A
// collection moves each pool's contents to a victim cache and frees only
// the victims of the collection before, so one collection alone leaves
// the last renders' pooled objects resident: the deflate compressors of
// the PDF writer (about 0.5 MB), the HTTP server's bufio buffers, copy
// buffers. It runs only once the server is idle.
func emptyPools() {
	runtime.GC()
}

// StopHeapProfiling turns the runtime's heap-profile sampling off
// (runtime.MemProfileRate 0) and returns a function that puts the rate
// back. Sampling records the call stack of one allocation per 512 KiB in
// a bucket the runtime never frees: a server that exposes no profiler
// keeps them for nothing, and they grow under load with the variety of
// stacks a render's recursion makes (1.4 MB after the first render, 0.3
// MB more per minute of load at 16 clients, none of it given back when
// idle). It changes a process-wide setting: `folio serve` calls it at
// start-up, the handler never does.
func StopHeapProfiling() (restore func()) {
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 0
	return func() { runtime.MemProfileRate = old }
}
