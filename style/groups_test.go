package style

import (
	"context"
	"testing"
)

// TestGroupsShared checks the sharing the groups promise: siblings whose
// inherited properties are equal share their inherited groups (with each
// other and with the parent) even when their styles differ, a child that
// sets one inherited property copies that group only, groups nobody sets
// are the initial style's, and the groups of a derived style are its own.
func TestGroupsShared(t *testing.T) {
	doc := parseHTML(t, `<!doctype html><html><body><div id=parent>`+
		`<p id=a>a</p><p id=b style="margin-left: 3pt">b</p><p id=c style="color: red">c</p><span id=d>d</span>`+
		`</div></body></html>`)
	st, err := Compute(context.Background(), doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*Style{}
	for n := range elementNodes(doc) {
		for _, a := range n.Attr {
			if a.Key == "id" {
				byID[a.Val] = st.Of(n, PseudoNone)
			}
		}
	}
	parent, a, b, c, d := byID["parent"], byID["a"], byID["b"], byID["c"], byID["d"]
	if a == b || a.Margin == b.Margin {
		t.Fatal("a and b have equal styles: the test needs them to differ")
	}
	init := initialOnce()
	for g := range numGroups {
		name := groups[g].name
		if groups[g].inherited {
			if !groups[g].same(a, b) || !groups[g].same(a, parent) || !groups[g].same(a, d) {
				t.Errorf("inherited group %s: siblings with equal inherited properties do not share it with each other and the parent", name)
			}
			if g == gFont {
				if groups[g].same(a, c) || c.Color != (Color{255, 0, 0, 255}) || c.FontSize != a.FontSize {
					t.Errorf("font group: c sets color red, got %v, shared with a: %v", c.Color, groups[g].same(a, c))
				}
			} else if !groups[g].same(a, c) {
				t.Errorf("inherited group %s: c, which sets color only, does not share it", name)
			}
			continue
		}
		switch g {
		case gBox, gMargin: // display: block and the margins of p
		case gBorder: // borders take currentColor: shared per color
			if !groups[g].same(a, b) || groups[g].same(a, c) {
				t.Errorf("border group: shared by a and b: %v (want true), by a and c (another color): %v (want false)",
					groups[g].same(a, b), groups[g].same(a, c))
			}
		default:
			if !groups[g].same(a, d) || !groups[g].same(a, b) {
				t.Errorf("non-inherited group %s nobody sets: not shared", name)
			}
			// (the multi-column group's rule has no width without a
			// style: the initial one with that computed, shared)
			if g != gColumn && !groups[g].same(a, init) {
				t.Errorf("non-inherited group %s nobody sets: not the initial style's", name)
			}
		}
	}
	if groups[gMargin].same(a, b) {
		t.Error("b sets margin-left: its margin group is a's")
	}
	derived := *a
	derived.MutBox().Display = DisplayInline
	if a.Display != DisplayBlock || groups[gBox].same(&derived, a) || !groups[gFont].same(&derived, a) {
		t.Errorf("a derived style wrote through a shared group, or copied more than the box group")
	}
}
