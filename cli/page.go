package cli

import (
	"github.com/seed28491532/folio"
)

// pageOptions turns --margin, --page-width, --page-height and --date into
// o.UserCSS and o.Now.
func (d *docFlags) pageOptions(o *folio.Options) error {
	if d.pageWidth != "" && d.size != "" {
		return usageErr("--size and --page-width/--page-height both set the page size: give one")
	}
	rule, err := folio.PageRule(d.margin, d.pageWidth, d.pageHeight)
	if err != nil {
		return usageErr("--margin/--page-width/--page-height: %v", err)
	}
	o.UserCSS += rule
	if d.date != "" {
		t, err := folio.ParseDate(d.date)
		if err != nil {
			return usageErr("--date: %v", err)
		}
		o.Now = t
	}
	return nil
}
