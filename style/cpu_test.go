//go:build unix

package style

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock measures the process's user+system CPU time, so benchmarks can
// report CPU ns/op that a loaded machine does not inflate the way it
// inflates wall time.
type cpuClock struct{ start time.Duration }

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU() cpuClock { return cpuClock{start: cpuNow()} }

// report adds the "cpu-ns/op" metric (CPU time includes the garbage
// collector's background work).
func (c cpuClock) report(b *testing.B) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuNow()-c.start)/float64(b.N), "cpu-ns/op")
	}
}
