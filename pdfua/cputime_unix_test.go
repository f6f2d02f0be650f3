//go:build unix

package pdfua

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) the process has used. The
// benchmark reports it per operation because wall time is unreliable on a
// shared, loaded machine.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
