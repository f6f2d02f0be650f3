package style

import "testing"

// TestPageNth checks @page :nth(An+B [of name]): it selects pages by
// their index in the document or in the page group of a named page, has
// the specificity of :first, and pages that pass the same :nth() tests
// share one cached style.
func TestPageNth(t *testing.T) {
	st, _ := compute(t, `<style>
@page { margin: 10pt }
@page :nth(2n+1) { margin-top: 20pt }
@page :nth(3) { margin-top: 30pt }
@page :first { margin-top: 40pt }
@page :nth(1 of chap) { margin-bottom: 50pt }
@page chap:nth(-n+2 of chap) { margin-left: 60pt }
</style><p>x`, Options{})
	margins := func(pc PageContext) string { return prop(st.Page(pc).Box, "margin") }
	tests := []struct {
		name string
		pc   PageContext
		want string
	}{
		{"page 1: :first wins over :nth by order", PageContext{Index: 1, Group: 1, First: true}, "40pt 10pt 10pt 10pt"},
		{"page 2: even", PageContext{Index: 2, Group: 2, Left: true}, "10pt 10pt 10pt 10pt"},
		{"page 3: :nth(3) after :nth(2n+1)", PageContext{Index: 3, Group: 3}, "30pt 10pt 10pt 10pt"},
		{"page 5: odd", PageContext{Index: 5, Group: 5}, "20pt 10pt 10pt 10pt"},
		{"unknown index matches no :nth", PageContext{}, "10pt 10pt 10pt 10pt"},
		{"first page of the chap group", PageContext{Index: 4, Group: 1, Name: "chap"}, "10pt 10pt 50pt 60pt"},
		{"second page of the chap group", PageContext{Index: 5, Group: 2, Name: "chap"}, "20pt 10pt 10pt 60pt"},
		{"third page of the chap group", PageContext{Index: 6, Group: 3, Name: "chap"}, "10pt 10pt 10pt 10pt"},
		{"group of another name", PageContext{Index: 6, Group: 1, Name: "other"}, "10pt 10pt 10pt 10pt"},
	}
	for _, tt := range tests {
		if got := margins(tt.pc); got != tt.want {
			t.Errorf("%s: margin %q, want %q", tt.name, got, tt.want)
		}
	}
	if st.Page(PageContext{Index: 7, Group: 7}) != st.Page(PageContext{Index: 9, Group: 9}) {
		t.Errorf("pages 7 and 9 pass the same :nth() tests but do not share their style")
	}
	if st.Page(PageContext{Index: 7}) == st.Page(PageContext{Index: 8}) {
		t.Errorf("pages 7 and 8 share a style")
	}
	if len(st.Diagnostics()) != 0 {
		t.Errorf("diagnostics: %v", st.Diagnostics())
	}
}
