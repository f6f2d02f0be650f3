package style

import "testing"

// TestOverflowAxes checks overflow-x and overflow-y are longhands of their
// own (the overflow shorthand sets both, one value or two), combined
// into Overflow, and which axes clip.
func TestOverflowAxes(t *testing.T) {
	const div = `<div id=p><div id=t>x</div></div>`
	for _, tt := range []struct {
		name, css      string
		x, y, both     Overflow
		clipsX, clipsY bool
	}{
		{"initial", ``, OverflowVisible, OverflowVisible, OverflowVisible, false, false},
		{"one value", `#t{overflow:hidden}`, OverflowHidden, OverflowHidden, OverflowHidden, true, true},
		{"two values", `#t{overflow:clip visible}`, OverflowClip, OverflowVisible, OverflowClip, true, false},
		{"overflow-x clip", `#t{overflow-x:clip}`, OverflowClip, OverflowVisible, OverflowClip, true, false},
		{"overflow-y clip", `#t{overflow-y:clip}`, OverflowVisible, OverflowClip, OverflowClip, false, true},
		{"a scroll container clips both axes", `#t{overflow-y:auto}`, OverflowVisible, OverflowAuto, OverflowAuto, true, true},
		{"longhand after shorthand", `#t{overflow:hidden;overflow-y:scroll}`, OverflowHidden, OverflowScroll, OverflowHidden, true, true},
		{"shorthand after longhand", `#t{overflow-x:clip;overflow:visible}`, OverflowVisible, OverflowVisible, OverflowVisible, false, false},
		{"inherit one axis", `#p{overflow:clip hidden} #t{overflow-y:inherit}`, OverflowVisible, OverflowHidden, OverflowHidden, true, true},
		{"invalid", `#t{overflow:clip bogus}`, OverflowVisible, OverflowVisible, OverflowVisible, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := styleOf(t, tt.css, div)
			if s.OverflowX != tt.x || s.OverflowY != tt.y || s.Overflow != tt.both {
				t.Errorf("overflow x %d y %d both %d, want %d %d %d", s.OverflowX, s.OverflowY, s.Overflow, tt.x, tt.y, tt.both)
			}
			if s.ClipsX() != tt.clipsX || s.ClipsY() != tt.clipsY {
				t.Errorf("clips x %v y %v, want %v %v", s.ClipsX(), s.ClipsY(), tt.clipsX, tt.clipsY)
			}
		})
	}
}
