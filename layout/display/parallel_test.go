package display

import (
	"reflect"
	"testing"
)

// TestBuildParallelSame: Build cuts a long document's pages among
// goroutines; every list must equal the one BuildPage makes alone.
func TestBuildParallelSame(t *testing.T) {
	d := collapsedTable(t, 1500, 4, "1px solid #333")
	if len(d.Pages) < 2*parallelPages {
		t.Fatalf("%d pages, want at least %d to build in parallel", len(d.Pages), 2*parallelPages)
	}
	lists := Build(d)
	if len(lists) != len(d.Pages) {
		t.Fatalf("%d lists for %d pages", len(lists), len(d.Pages))
	}
	for i, p := range d.Pages {
		want := BuildPage(p)
		if !reflect.DeepEqual(lists[i].Items, want.Items) || !reflect.DeepEqual(lists[i].Links, want.Links) || lists[i].Page != p {
			t.Fatalf("page %d: parallel list differs from BuildPage's", i+1)
		}
	}
}
