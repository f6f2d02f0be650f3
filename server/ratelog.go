package server

import (
	"sync"
	"time"
)

// refusalLog thins the log lines of refused requests (503): a burst of
// them is one WARN line a second, which says how many it stands for; the
// others go out at DEBUG. The metrics count every one.
type refusalLog struct {
	mu         sync.Mutex
	last       time.Time
	suppressed int
}

// admit reports whether a refusal at now gets a WARN line, and how many
// refusals since the previous WARN line it stands for.
func (l *refusalLog) admit(now time.Time) (warn bool, count int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.last) < time.Second {
		l.suppressed++
		return false, 0
	}
	count = l.suppressed + 1
	l.last, l.suppressed = now, 0
	return true, count
}
