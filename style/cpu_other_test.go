//go:build !unix

package style

import (
	"testing"
	"time"
)

type cpuClock struct{}

func cpuNow() time.Duration { return 0 }

func startCPU() cpuClock { return cpuClock{} }

// report is a no-op where getrusage is unavailable.
func (cpuClock) report(*testing.B) {}
