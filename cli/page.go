package cli

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/seed28491532/folio"
)

// cssLength matches one CSS length of the units page rules take (a bare 0
// included); nothing else reaches the generated style sheet.
var cssLength = regexp.MustCompile(`^(0|(\d+(\.\d*)?|\.\d+)(mm|cm|q|in|pt|pc|px))$`)

// pageOptions turns --margin, --page-width, --page-height and --date into
// o.UserCSS and o.Now.
func (d *docFlags) pageOptions(o *folio.Options) error {
	var rule []string
	if d.margin != "" {
		parts := strings.Fields(strings.ToLower(d.margin))
		if len(parts) == 0 || len(parts) > 4 {
			return usageErr("--margin %q: give 1 to 4 lengths, e.g. \"2cm\" or \"1in 2cm\"", d.margin)
		}
		for _, p := range parts {
			if !cssLength.MatchString(p) {
				return usageErr("--margin %q: %q is not a length (units mm, cm, q, in, pt, pc, px)", d.margin, p)
			}
		}
		rule = append(rule, "margin: "+strings.Join(parts, " "))
	}
	if (d.pageWidth == "") != (d.pageHeight == "") {
		return usageErr("--page-width and --page-height go together")
	}
	if d.pageWidth != "" {
		w, h := strings.ToLower(strings.TrimSpace(d.pageWidth)), strings.ToLower(strings.TrimSpace(d.pageHeight))
		for _, v := range []string{w, h} {
			if !cssLength.MatchString(v) || v == "0" || strings.Trim(v, "0.abcdefghijklmnopqrstuvwxyz") == "" {
				return usageErr("page size %q × %q: give two positive lengths (units mm, cm, q, in, pt, pc, px)", d.pageWidth, d.pageHeight)
			}
		}
		if d.size != "" {
			return usageErr("--size and --page-width/--page-height both set the page size: give one")
		}
		rule = append(rule, "size: "+w+" "+h)
	}
	if len(rule) > 0 {
		o.UserCSS += "@page { " + strings.Join(rule, "; ") + " }\n"
	}
	if d.date != "" {
		t, err := parseDate(d.date)
		if err != nil {
			return usageErr("--date %q: %v", d.date, err)
		}
		o.Now = t
	}
	return nil
}

// parseDate reads an RFC 3339 time or a YYYY-MM-DD date (midnight UTC).
func parseDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("want RFC 3339 (2026-11-26T10:00:00Z) or YYYY-MM-DD")
}
