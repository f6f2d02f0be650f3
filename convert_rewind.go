package folio

import (
	"errors"
	"fmt"

	"github.com/seed28491532/folio/render"
)

// rewind readies the output for the file to be written again (to do:
// with flat tags, or the whole-document way) after *err, an ErrWrite or
// errWhole, and reports whether it can be: at once
// when none of the file went out; when part of a long document's did,
// only if the output takes it again from its start (Rewinder). When it
// cannot, *err becomes the error that ends the conversion, saying why.
func (c *conversion) rewind(err *error, to string) bool {
	if !errors.Is(*err, render.ErrPartial) {
		return true
	}
	rw, ok := c.opts.Output.(Rewinder)
	if !ok {
		*err = fmt.Errorf("%v; the output cannot start again %s (write to a file, or use Convert)", *err, to)
		return false
	}
	if rerr := rw.Rewind(); rerr != nil {
		*err = fmt.Errorf("%v; starting the output again %s: %w", *err, to, rerr)
		return false
	}
	return true
}
