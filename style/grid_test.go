package style

import (
	"fmt"
	"strings"
	"testing"
)

// gridStyle computes the style of a div with declarations decl.
func gridStyle(t *testing.T, decl string) *Style {
	t.Helper()
	st, doc := compute(t, `<div id=g style='`+decl+`'></div>`, Options{})
	return st.Of(find(doc, "g"), PseudoNone)
}

// fmtTemplate writes a track list as "[names] size …" with sizes in
// short form.
func fmtTemplate(g *GridTemplate) string {
	if g == nil {
		return "none"
	}
	if g.Subgrid {
		out := "subgrid"
		for i, n := range append(g.Names, nil) {
			if i == g.RepeatAt {
				out += " auto-fill("
				for _, r := range g.RepeatNames {
					out += "[" + strings.Join(r, " ") + "]"
				}
				out += ")"
			}
			if i < len(g.Names) {
				out += " [" + strings.Join(n, " ") + "]"
			}
		}
		return out
	}
	var parts []string
	names := func(n []string) {
		if len(n) > 0 {
			parts = append(parts, "["+strings.Join(n, " ")+"]")
		}
	}
	for i, s := range g.Sizes {
		names(g.Names[i])
		if i == g.RepeatAt {
			parts = append(parts, fmt.Sprintf("auto-repeat(fit=%v", g.AutoFit))
			for j, r := range g.RepeatSizes {
				names(g.RepeatNames[j])
				parts = append(parts, fmtTrack(r))
			}
			names(g.RepeatNames[len(g.RepeatSizes)])
			parts = append(parts, ")")
			names(g.RepeatAfter)
		}
		parts = append(parts, fmtTrack(s))
	}
	names(g.Names[len(g.Sizes)])
	if g.RepeatAt == len(g.Sizes) {
		parts = append(parts, "auto-repeat(…)")
		names(g.RepeatAfter)
	}
	return strings.Join(parts, " ")
}

func fmtBreadth(b GridBreadth) string {
	switch b.Kind {
	case GridFixed:
		return fmtLength(b.L)
	case GridFr:
		return num(b.Fr) + "fr"
	case GridMinContent:
		return "min-content"
	case GridMaxContent:
		return "max-content"
	}
	return "auto"
}

func fmtTrack(s GridTrackSize) string {
	if s.FitContent {
		return "fit-content(" + fmtLength(s.Limit) + ")"
	}
	if s.Min == s.Max {
		return fmtBreadth(s.Min)
	}
	return "minmax(" + fmtBreadth(s.Min) + "," + fmtBreadth(s.Max) + ")"
}

func TestGridTemplateValues(t *testing.T) {
	tests := []struct{ decl, cols string }{
		{"grid-template-columns: 100pt 1fr 20%", "100pt minmax(auto,1fr) 20%"},
		{"grid-template-columns: repeat(3, 2fr)", "minmax(auto,2fr) minmax(auto,2fr) minmax(auto,2fr)"},
		{"grid-template-columns: [a] 10pt [b c] minmax(10pt, max-content) [d]", "[a] 10pt [b c] minmax(10pt,max-content) [d]"},
		{"grid-template-columns: repeat(2, [x] 5pt) [y]", "[x] 5pt [x] 5pt [y]"},
		{"grid-template-columns: 10pt repeat(auto-fill, minmax(100pt, 1fr))", "10pt auto-repeat(…)"},
		{"grid-template-columns: repeat(auto-fit, 50pt) 1em", "auto-repeat(fit=true 50pt ) 12pt"},
		{"grid-template-columns: [a] repeat(auto-fill, [b] 5pt [c]) [d] 1pt [e]", "[a] auto-repeat(fit=false [b] 5pt [c] ) [d] 1pt [e]"},
		{"grid-template-columns: fit-content(40pt) auto min-content", "fit-content(40pt) auto min-content"},
		{"font-size: 10pt; grid-template-columns: 2em", "20pt"},
		// invalid values leave the initial none
		{"grid-template-columns: repeat(auto-fill, 1fr)", "none"},
		{"grid-template-columns: repeat(auto-fill, 10pt) auto", "none"},
		{"grid-template-columns: repeat(auto-fill, 10pt) repeat(auto-fit, 10pt)", "none"},
		{"grid-template-columns: minmax(1fr, 10pt)", "none"},
		{"grid-template-columns: -10pt", "none"},
		{"grid-template-columns: repeat(0, 10pt)", "none"},
		{"grid-template-columns: [span] 10pt", "none"},
		{"grid-template-columns: subgrid [a] [] [b c]", "subgrid [a] [] [b c]"},
		{"grid-template-columns: subgrid 10pt", "none"},
		{"grid-template-columns: subgrid [a] repeat(2, [b] [c])", "subgrid [a] [b] [c] [b] [c]"},
		{"grid-template-columns: subgrid repeat(auto-fill, [x y]) [z]", "subgrid auto-fill([x y]) [z]"},
		{"grid-template-columns: subgrid [a] repeat(auto-fill, [b] []) [c]", "subgrid [a] auto-fill([b][]) [c]"},
		{"grid-template-columns: subgrid repeat(auto-fill, [a]) repeat(auto-fill, [b])", "none"},
		{"grid-template-columns: subgrid repeat(auto-fit, [a])", "none"},
		{"grid-template-columns: subgrid repeat(0, [a])", "none"},
		{"grid-template-columns: subgrid repeat(2, 10pt)", "none"},
		{"grid-template-columns: subgrid repeat(2)", "none"},
	}
	for _, tt := range tests {
		t.Run(tt.decl, func(t *testing.T) {
			if got := fmtTemplate(gridStyle(t, tt.decl).GridTemplateColumns); got != tt.cols {
				t.Errorf("columns %s, want %s", got, tt.cols)
			}
		})
	}
}

// TestGridRepeatClamped checks a huge repeat() count is clamped to
// MaxGridTracks tracks instead of allocating them all.
func TestGridRepeatClamped(t *testing.T) {
	for _, decl := range []string{"repeat(100000000, 10pt)", "repeat(600, 1pt 2pt 3pt)", "repeat(999, 1pt) repeat(999, 1pt)"} {
		g := gridStyle(t, "grid-template-rows: "+decl).GridTemplateRows
		if g == nil || len(g.Sizes) > MaxGridTracks || len(g.Names) != len(g.Sizes)+1 {
			t.Errorf("%s: %v tracks, want at most %d", decl, g, MaxGridTracks)
		}
	}
}

func TestGridAreasAndLines(t *testing.T) {
	areas := func(g *GridAreas) string {
		if g == nil {
			return "none"
		}
		var out []string
		for _, a := range g.Areas {
			out = append(out, fmt.Sprintf("%s:%d-%d/%d-%d", a.Name, a.RowStart, a.RowEnd, a.ColStart, a.ColEnd))
		}
		return fmt.Sprintf("%dx%d %s", g.Rows, g.Cols, strings.Join(out, " "))
	}
	line := func(g GridLine) string {
		if g.IsAuto() {
			return "auto"
		}
		s := fmt.Sprint(g.N)
		if g.Name != "" {
			s += " " + g.Name
		}
		if g.Span {
			s = "span " + s
		}
		return s
	}
	tests := []struct{ decl, want string }{
		{`grid-template-areas: "head head" "nav main" ". main"`, "3x2 head:0-1/0-2 nav:1-2/0-1 main:1-3/1-2 | auto auto auto auto"},
		{`grid-template-areas: "a...b" "a ... b"`, "2x3 a:0-2/0-1 b:0-2/2-3 | auto auto auto auto"},
		{`grid-template-areas: "a b" "b a"`, "none | auto auto auto auto"},
		{`grid-template-areas: "a" "a b"`, "none | auto auto auto auto"},
		{`grid-template-areas: "a b a"`, "none | auto auto auto auto"},
		{`grid-area: x`, "none | 0 x 0 x 0 x 0 x"},
		{`grid-area: 2 / 1 / span 2 / -1`, "none | 2 span 2 1 -1"},
		{`grid-row: 1 / 3; grid-column: span 2`, "none | 1 3 span 2 auto"},
		{`grid-column: x 2 / span y`, "none | auto auto 2 x span 1 y"},
		{`grid-row: 0`, "none | auto auto auto auto"},
		{`grid-row: span -1`, "none | auto auto auto auto"},
		{`grid-row: 2 span`, "none | span 2 auto auto auto"},
		{`grid-row: 1 span 2`, "none | auto auto auto auto"},
		{`grid-template: "a b" 10pt [x] "c d" / 1fr 2fr`, "2x2 a:0-1/0-1 b:0-1/1-2 c:1-2/0-1 d:1-2/1-2 | auto auto auto auto"},
	}
	for _, tt := range tests {
		t.Run(tt.decl, func(t *testing.T) {
			s := gridStyle(t, tt.decl)
			got := areas(s.GridTemplateAreas) + " | " + line(s.GridRowStart) + " " + line(s.GridRowEnd) + " " +
				line(s.GridColumnStart) + " " + line(s.GridColumnEnd)
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestGridShorthands(t *testing.T) {
	tests := []struct{ decl, want string }{
		{`grid-template: 10pt 1fr / 20pt auto`, "10pt minmax(auto,1fr) | 20pt auto | flow 0 auto | auto"},
		{`grid-template: "a b" 10pt [x] "c d" / 1fr 2fr`, "10pt [x] auto | minmax(auto,1fr) minmax(auto,2fr) | flow 0 auto | auto"},
		{`grid: auto-flow dense 10pt / 1fr 1fr`, "none | minmax(auto,1fr) minmax(auto,1fr) | flow 2 10pt | auto"},
		{`grid: 20pt / auto-flow 5pt`, "20pt | none | flow 1 auto | 5pt"},
		{`grid: 10pt / 20pt`, "10pt | 20pt | flow 0 auto | auto"},
		{`grid-auto-flow: column dense`, "none | none | flow 3 auto | auto"},
		{`grid-auto-flow: dense dense`, "none | none | flow 0 auto | auto"},
		{`grid: 10pt auto-flow / 20pt`, "none | none | flow 0 auto | auto"},
	}
	for _, tt := range tests {
		t.Run(tt.decl, func(t *testing.T) {
			s := gridStyle(t, tt.decl)
			tracks := func(ts []GridTrackSize) string {
				if ts == nil {
					return "auto"
				}
				var out []string
				for _, x := range ts {
					out = append(out, fmtTrack(x))
				}
				return strings.Join(out, " ")
			}
			got := fmt.Sprintf("%s | %s | flow %d %s | %s", fmtTemplate(s.GridTemplateRows), fmtTemplate(s.GridTemplateColumns),
				s.GridAutoFlow, tracks(s.GridAutoRows), tracks(s.GridAutoColumns))
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestPlaceShorthands(t *testing.T) {
	s := gridStyle(t, "place-items: center end; place-self: start; place-content: space-between stretch")
	got := strings.Join([]string{s.AlignItems, s.JustifyItems, s.AlignSelf, s.JustifySelf, s.AlignContent, s.JustifyContent}, ",")
	if want := "center,end,start,start,space-between,stretch"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestSizeKeywords(t *testing.T) {
	tests := []struct {
		decl string
		w, h SizeKeyword
	}{
		{"width: max-content; height: min-content", SizeMaxContent, SizeMinContent},
		{"width: fit-content", SizeFitContent, 0},
		{"width: fit-content; width: 10pt", 0, 0},
	}
	for _, tt := range tests {
		s := gridStyle(t, tt.decl)
		if s.WidthKeyword != tt.w || s.HeightKeyword != tt.h {
			t.Errorf("%s: keywords %d %d, want %d %d", tt.decl, s.WidthKeyword, s.HeightKeyword, tt.w, tt.h)
		}
		if tt.w != 0 && !s.Width.IsAuto() {
			t.Errorf("%s: width %v, want auto", tt.decl, s.Width)
		}
	}
}

// TestSubgridNames checks the line-name list of a subgrid fitted to its
// span: an auto-fill repetition repeats as often as fits, and a huge
// repeat() count stays bounded.
func TestSubgridNames(t *testing.T) {
	tests := []struct {
		decl  string
		lines int
		want  string
	}{
		{"subgrid [a] repeat(auto-fill, [b] [c]) [d]", 6, "[a] [b] [c] [b] [c] [d]"},
		{"subgrid [a] repeat(auto-fill, [b] [c]) [d]", 5, "[a] [b] [c] [d]"},
		{"subgrid [a] repeat(auto-fill, [b] [c]) [d]", 2, "[a] [d]"},
		{"subgrid [a] repeat(auto-fill, [b] [c]) [d]", 1, "[a] [d]"},
		{"subgrid repeat(auto-fill, [x])", 3, "[x] [x] [x]"},
		{"subgrid [a] repeat(2, [b])", 9, "[a] [b] [b]"},
	}
	for _, tt := range tests {
		g := gridStyle(t, "grid-template-columns: "+tt.decl).GridTemplateColumns
		var parts []string
		for _, n := range g.SubgridNames(tt.lines) {
			parts = append(parts, "["+strings.Join(n, " ")+"]")
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("%s over %d lines: %s, want %s", tt.decl, tt.lines, got, tt.want)
		}
	}
	g := gridStyle(t, "grid-template-columns: subgrid repeat(100000000, [a] [b])").GridTemplateColumns
	if g == nil {
		t.Fatal("huge repeat: value rejected, want it clamped")
	}
	if len(g.Names) > MaxGridTracks+1 {
		t.Errorf("huge repeat: %d names, want at most %d", len(g.Names), MaxGridTracks+1)
	}
}
