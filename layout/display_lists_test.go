package layout_test

import (
	"context"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/display"
)

// displayLists builds the display lists of d, failing tb on an error.
func displayLists(tb testing.TB, d *layout.Document) []*display.List {
	tb.Helper()
	lists, err := display.Build(context.Background(), d)
	if err != nil {
		tb.Fatalf("display.Build: %v", err)
	}
	return lists
}
