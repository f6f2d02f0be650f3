package style

import "testing"

// TestPageFootnoteRule checks @footnote inside @page styles the footnote
// area through the page cascade (css-gcpm-3 §2.3) and brings no
// diagnostic (it was dropped as an unknown at-rule before).
func TestPageFootnoteRule(t *testing.T) {
	st, _ := compute(t, `<style>
@page { @footnote { border-top: 1pt solid red; padding-top: 4pt; max-height: 50% } }
@page :first { @footnote { padding-top: 8pt } }
.fn { float: footnote }
</style><p>x<span class=fn>n</span>`, Options{})
	tests := []struct {
		name string
		pc   PageContext
		get  func(*Style) Length
		want Length
	}{
		{"border", PageContext{}, func(s *Style) Length { return Length{Value: s.Border[Top].Width, Unit: Pt} }, Length{Value: 1, Unit: Pt}},
		{"padding", PageContext{}, func(s *Style) Length { return s.Padding[Top] }, Length{Value: 4, Unit: Pt}},
		{"first page padding", PageContext{First: true}, func(s *Style) Length { return s.Padding[Top] }, Length{Value: 8, Unit: Pt}},
		{"max-height", PageContext{}, func(s *Style) Length { return s.MaxHeight }, Length{Value: 50, Unit: Percent}},
	}
	for _, tt := range tests {
		fs := st.Page(tt.pc).Footnote
		if fs == nil {
			t.Fatalf("%s: no footnote style", tt.name)
		}
		if got := tt.get(fs); got != tt.want {
			t.Errorf("%s = %+v, want %+v", tt.name, got, tt.want)
		}
	}
	if len(st.Diagnostics()) != 0 {
		t.Errorf("diagnostics: %v", st.Diagnostics())
	}
	if st.Page(PageContext{Left: true}).Footnote == nil {
		t.Error("a page without @footnote rules has no footnote style")
	}
}
