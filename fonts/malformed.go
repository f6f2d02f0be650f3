package fonts

import (
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"unicode"
)

// recoverMalformed, deferred by a font parser, turns a panic while reading
// an untrusted font program into a clean error for the user, naming the
// table that could not be read: the table of the outermost go-text
// table parser on the panicking stack, else *table (what the parser was
// reading). The panic text itself, which would mean nothing to a user, goes
// only to the debug log.
func recoverMalformed(family string, table *string, err *error) {
	r := recover()
	if r == nil {
		return
	}
	name := *table
	if t := panickingTable(); t != "" {
		name = t
	}
	slog.Debug("fonts: recovered panic reading a font", "family", family, "table", name, "panic", fmt.Sprint(r))
	*err = fmt.Errorf("malformed font: its %s table cannot be read", name)
}

// panickingTable returns the OpenType tag of the table whose go-text
// parser is on the stack of the current panic (its outermost
// tables.ParseXxx or cff.Parse frame), or "".
func panickingTable() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	tag := ""
	for {
		fr, more := frames.Next()
		fn := fr.Function
		if i := strings.LastIndex(fn, "/"); i >= 0 {
			fn = fn[i+1:]
		}
		switch {
		case fn == "cff.Parse":
			tag = "CFF"
		case fn == "cff.ParseCFF2":
			tag = "CFF2"
		case strings.HasPrefix(fn, "tables.Parse"):
			tag = tableTag(strings.TrimPrefix(fn, "tables.Parse"))
		}
		if !more {
			return tag
		}
	}
}

// tableTag maps the suffix of a go-text parser name (Glyf, GPOS, Os2,
// Layout) to the table tag a font author knows.
func tableTag(s string) string {
	switch s {
	case "":
		return ""
	case "Os2":
		return "OS/2"
	case "Layout":
		return "GSUB/GPOS"
	}
	if strings.IndexFunc(s, unicode.IsLower) < 0 {
		return s // GDEF, HVAR, COLR…
	}
	return strings.ToLower(s)
}
