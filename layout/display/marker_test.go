package display

import "testing"

// TestMarkerClip checks that an outside list marker is clipped by the
// clipping boxes around its list item, not by those inside it (an
// overflow: hidden first child holding the first line).
func TestMarkerClip(t *testing.T) {
	tests := []struct {
		name, src string
		clipped   bool
	}{
		{"clipping child", `<ul><li><div style="overflow:hidden">text</div></li></ul>`, false},
		{"clipping item", `<ul><li style="overflow:hidden">text</li></ul>`, true},
		{"clipping list", `<ul style="overflow:hidden"><li><div style="overflow:hidden">text</div></li></ul>`, true},
		{"no clip", `<ul><li><div>text</div></li></ul>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := styledList(t, tt.src)
			shapes := 0
			for _, it := range l.Items {
				if it.Op != OpShape {
					continue
				}
				shapes++
				if got := it.Clip != nil; got != tt.clipped {
					t.Errorf("marker clipped = %v, want %v", got, tt.clipped)
				}
			}
			if shapes != 1 {
				t.Fatalf("%d marker shapes, want 1", shapes)
			}
		})
	}
}
