package templates

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time (user and system, all threads, so the garbage
// collector's too) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ReportCPU reports the CPU time per iteration since start as cpu-ms/op:
// unlike ns/op it does not count time the benchmark waited for a CPU on a
// busy machine. Exported for the package's external tests.
func ReportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// CPUTime is cpuTime for the external tests.
var CPUTime = cpuTime
