package folio

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// now returns the document's creation date: Options.Now, else the time
// SOURCE_DATE_EPOCH names (seconds since 1970, the reproducible-builds
// convention) as read through getenv, else the current time. A malformed
// SOURCE_DATE_EPOCH is reported as a diagnostic and ignored.
func (c *conversion) now(getenv func(string) string) time.Time {
	if !c.opts.Now.IsZero() {
		return c.opts.Now
	}
	if v := strings.TrimSpace(getenv("SOURCE_DATE_EPOCH")); v != "" {
		secs, err := strconv.ParseInt(v, 10, 64)
		if err == nil && secs >= 0 && secs < 253402300800 { // before year 10000
			return time.Unix(secs, 0).UTC()
		}
		c.diag(Diagnostic{Stage: "html", Message: fmt.Sprintf("SOURCE_DATE_EPOCH=%q is not a number of seconds since 1970; the current time is used", v)})
	}
	return time.Now().UTC().Truncate(time.Second)
}

// ParseDate reads a creation date for Options.Now: an RFC 3339 time or
// a YYYY-MM-DD date (midnight UTC).
func ParseDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("date %q: want RFC 3339 (2026-11-26T10:00:00Z) or YYYY-MM-DD", s)
}
