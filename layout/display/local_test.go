package display

import (
	"fmt"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestBackgroundLocal checks background-attachment: local: on a box that
// clips its overflow, the layer is positioned in the scrollable overflow
// area (here 300pt of content and 6pt of end padding: the image sized
// 100% covers it), cut to the padding
// box; on a box that does not clip it is scroll. The background colour
// is painted over the last layer's background-clip (or under an opaque
// solid border all round, which shows the same without a seam).
func TestBackgroundLocal(t *testing.T) {
	img := pngURI(t, 16, 8) // 12×6pt
	tests := []struct {
		name, css string
		want      string // the image's rect and clip, the colour's rect
	}{
		// border 3, padding 6: padding box 3,3 87x57; content 9,9 75x45
		{"scroll", "overflow:hidden;background-attachment:scroll",
			"image 3,3 87x57 clip 0,0 93x63; colour 0,0 93x63"},
		{"local: over the scrollable overflow", "overflow:hidden;background-attachment:local",
			"image 3,3 87x312 clip 3,3 87x57; colour 3,3 87x57"},
		{"local without overflow clip is scroll", "background-attachment:local",
			"image 3,3 87x57 clip 0,0 93x63; colour 0,0 93x63"},
		{"local content-box clip", "overflow:hidden;background-attachment:local;background-clip:content-box",
			"image 3,3 87x312 clip 9,9 75x51; colour 9,9 75x51"},
		{"colour clipped to the padding box", "background-clip:padding-box;border-style:dashed",
			"image 3,3 87x57 clip 3,3 87x57; colour 3,3 87x57"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<html><style>@page{margin:0} body{margin:0} #d{width:75pt;height:45pt;border:3pt solid black;padding:6pt;
				background-color:#010203;background-image:url(` + img + `);background-repeat:no-repeat;background-size:100% 100%;` + tt.css + `}
				#c{height:300pt}</style><body><div id=d><div id=c></div></div>`
			l := styledList(t, src)
			var got, colour string
			f := func(v float64) string { return fmt.Sprintf("%g", float64(int64(v*100+0.5))/100) }
			for _, it := range l.Items {
				switch {
				case it.Op == OpFill && it.Color == (style.Color{R: 1, G: 2, B: 3, A: 255}):
					colour = fmt.Sprintf("colour %s,%s %sx%s", f(it.Rect.X), f(it.Rect.Y), f(it.Rect.W), f(it.Rect.H))
				case it.Op == OpImage:
					got = fmt.Sprintf("image %s,%s %sx%s clip %s,%s %sx%s", f(it.Rect.X), f(it.Rect.Y), f(it.Rect.W), f(it.Rect.H),
						f(it.Clip.X), f(it.Clip.Y), f(it.Clip.W), f(it.Clip.H))
				}
			}
			if got+"; "+colour != tt.want {
				t.Errorf("got  %s; %s\nwant %s", got, colour, tt.want)
			}
		})
	}
}
