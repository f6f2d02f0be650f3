//go:build !unix

package fonts

import "time"

// cpuTime is unavailable on this platform.
func cpuTime() time.Duration { return 0 }
