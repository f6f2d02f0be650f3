package folio

import (
	"errors"
	"fmt"

	"github.com/seed28491532/folio/render"
)

// rewind readies the output for the file to be written again with flat
// tags after *err, an ErrWrite, and reports whether it can be: at once
// when none of the file went out; when part of a long document's did,
// only if the output takes it again from its start (Rewinder). When it
// cannot, *err becomes the error that ends the conversion, saying why.
func (c *conversion) rewind(err *error) bool {
	if !errors.Is(*err, render.ErrPartial) {
		return true
	}
	rw, ok := c.opts.Output.(Rewinder)
	if !ok {
		*err = fmt.Errorf("%v; the output cannot start again to write the file with flat tags (write to a file, or use Convert)", *err)
		return false
	}
	if rerr := rw.Rewind(); rerr != nil {
		*err = fmt.Errorf("%v; starting the output again to write flat tags: %w", *err, rerr)
		return false
	}
	return true
}
