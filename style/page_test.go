package style

import (
	"math"
	"strings"
	"testing"
)

func TestPageSize(t *testing.T) {
	tests := []struct {
		css   string
		opts  Options
		w, h  float64
		diags int
	}{
		{"", Options{}, 595.28, 841.89, 0},
		{"@page{size:A5}", Options{}, 419.53, 595.28, 0},
		{"@page{size:a3}", Options{}, 841.89, 1190.55, 0},
		{"@page{size:A6}", Options{}, 297.64, 419.53, 0},
		{"@page{size:B5}", Options{}, 498.9, 708.66, 0},
		{"@page{size:B4}", Options{}, 708.66, 1000.63, 0},
		{"@page{size:letter}", Options{}, 612, 792, 0},
		{"@page{size:legal}", Options{}, 612, 1008, 0},
		{"@page{size:ledger}", Options{}, 792, 1224, 0},
		{"@page{size:tabloid}", Options{}, 792, 1224, 0},
		{"@page{size:executive}", Options{}, 522, 756, 0},
		{"@page{size:A4 landscape}", Options{}, 841.89, 595.28, 0},
		{"@page{size:landscape letter}", Options{}, 792, 612, 0},
		{"@page{size:landscape}", Options{}, 841.89, 595.28, 0},
		{"@page{size:portrait}", Options{}, 595.28, 841.89, 0},
		{"@page{size:100mm 150mm}", Options{}, 283.46, 425.2, 0},
		{"@page{size:6in}", Options{}, 432, 432, 0},
		{"@page{size:auto}", Options{}, 595.28, 841.89, 0},
		{"@page{size:A9}", Options{}, 595.28, 841.89, 1},
		{"@page{size:10cm 10cm landscape}", Options{}, 595.28, 841.89, 1},
		{"@page{size:letter}", Options{PageSize: [2]float64{300, 400}}, 300, 400, 0},
	}
	for _, tt := range tests {
		t.Run(tt.css, func(t *testing.T) {
			st, _ := compute(t, "<style>"+tt.css+"</style><p>x", tt.opts)
			ps := st.Page(PageContext{})
			if math.Abs(ps.Size[0]-tt.w) > 0.01 || math.Abs(ps.Size[1]-tt.h) > 0.01 {
				t.Errorf("size = %v, want %v×%v", ps.Size, tt.w, tt.h)
			}
			if got := len(st.Diagnostics()); got != tt.diags {
				t.Errorf("diagnostics = %v, want %d", st.Diagnostics(), tt.diags)
			}
		})
	}
}

func TestPageCascade(t *testing.T) {
	st, _ := compute(t, `<style>
@page { margin: 10pt; @top-center { content: "all" } @bottom-center { content: "Page " counter(page) " of " counter(pages) } }
@page :right { margin-right: 30pt; }
@page :left { margin-left: 30pt; @top-center { content: "left" } }
@page :first { margin-top: 50pt; @top-center { content: normal } }
@page :first:left { margin-top: 60pt; }
@page chapter { margin-bottom: 70pt; }
@page chapter:first { @bottom-center { content: none } }
@page :blank { @top-center { content: "blank"; color: red !important } }
@page :blank { @top-center { color: blue } }
</style><p>x`, Options{})
	box := func(pc PageContext, mb MarginBox) string {
		m := st.Page(pc).Margins[mb]
		if m == nil {
			return "<none>"
		}
		return prop(m, "content") + " " + prop(m, "color")
	}
	margins := func(pc PageContext) string { return prop(st.Page(pc).Box, "margin") }
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"right page margins", margins(PageContext{}), "10pt 30pt 10pt 10pt"},
		{"left page margins", margins(PageContext{Left: true}), "10pt 10pt 10pt 30pt"},
		{"first right", margins(PageContext{First: true}), "50pt 30pt 10pt 10pt"},
		{"first left beats first by specificity", margins(PageContext{First: true, Left: true}), "60pt 10pt 10pt 30pt"},
		{"named page", margins(PageContext{Name: "chapter"}), "10pt 30pt 70pt 10pt"},
		{"other name", margins(PageContext{Name: "other"}), "10pt 30pt 10pt 10pt"},
		{"top-center", box(PageContext{}, TopCenter), `"all" #000000`},
		{"top-center left", box(PageContext{Left: true}, TopCenter), `"left" #000000`},
		{"content normal removes the box", box(PageContext{First: true}, TopCenter), "<none>"},
		{"page N of M", box(PageContext{First: true}, BottomCenter), `"Page " counter(page,decimal) " of " counter(pages,decimal) #000000`},
		{"content none removes the box", box(PageContext{Name: "chapter", First: true}, BottomCenter), "<none>"},
		{"important in margin box", box(PageContext{Blank: true}, TopCenter), `"blank" #ff0000`},
		{"no rule", box(PageContext{}, LeftMiddle), "<none>"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	if len(st.Diagnostics()) != 0 {
		t.Errorf("diagnostics: %v", st.Diagnostics())
	}
}

func TestFontFaces(t *testing.T) {
	st, _ := compute(t, `<style>
@font-face { font-family: "Brand Sans"; src: local("Brand Sans"), url(fonts/brand.woff2) format("woff2"), url("data:font/ttf;base64,AAAA") format(truetype);
  font-weight: 300 700; font-style: italic; unicode-range: U+0000-00FF, U+4??; font-stretch: expanded 75%; }
@font-face { font-family: Plain; src: url(p.ttf); }
@font-face { font-family: NoSrc; }
</style>`, Options{BaseURL: "file:///doc/index.html"})
	ff := st.FontFaces()
	if len(ff) != 2 {
		t.Fatalf("font faces = %+v, want 2", ff)
	}
	f := ff[0]
	if f.Family != "Brand Sans" || f.Weight != [2]int{300, 700} || f.Stretch != [2]float64{75, 125} || f.Style != 1 || f.Base != "file:///doc/index.html" {
		t.Errorf("face = %+v", f)
	}
	if len(f.Sources) != 3 || f.Sources[0].Local != "Brand Sans" || f.Sources[1].URL != "fonts/brand.woff2" || f.Sources[1].Format != "woff2" ||
		!strings.HasPrefix(f.Sources[2].URL, "data:") || f.Sources[2].Format != "truetype" {
		t.Errorf("sources = %+v", f.Sources)
	}
	if len(f.UnicodeRange) != 2 || f.UnicodeRange[0] != [2]rune{0, 0xff} || f.UnicodeRange[1] != [2]rune{0x400, 0x4ff} {
		t.Errorf("unicode-range = %v", f.UnicodeRange)
	}
	if ff[1].Weight != [2]int{} || ff[1].Stretch != [2]float64{} || !ff[1].AutoStyle || f.AutoStyle {
		t.Errorf("default descriptors = %+v, want auto", ff[1])
	}
	if len(st.Diagnostics()) != 1 {
		t.Errorf("diagnostics = %v, want one for the rule without src", st.Diagnostics())
	}
}
