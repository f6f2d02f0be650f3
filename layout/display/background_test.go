package display

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// pngURI returns a data: URI of a w×h px PNG.
func pngURI(t *testing.T, w, h int) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	img.Set(0, 0, color.Black)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// styledList lays out src with its stylesheets and returns page 1's list.
func styledList(t *testing.T, src string) *List {
	t.Helper()
	d := paginate(t, src)
	return buildLists(t, d)[0]
}

// backgroundTiles describes the image and gradient items of l relative
// to the border box of the div (its background fill), one a line:
// "op x,y wxh clip x,y wxh".
func backgroundTiles(t *testing.T, l *List) string {
	t.Helper()
	var box *layout.Rect
	var b strings.Builder
	for _, it := range l.Items {
		if it.Op == OpFill && it.Color == (style.Color{R: 1, G: 2, B: 3, A: 255}) {
			r := it.Rect
			box = &r
		}
		if it.Op != OpImage && it.Op != OpGradient {
			continue
		}
		if box == nil {
			t.Fatal("background tile before the box's background colour")
		}
		if it.Origin.Artifact != Background {
			t.Errorf("background tile %+v is not a background artifact", it)
		}
		f := func(v float64) string { return fmt.Sprintf("%g", float64(int64(v*100+0.5*sign(v)))/100) }
		c := it.Clip
		fmt.Fprintf(&b, "%s %s,%s %sx%s clip %s,%s %sx%s", describe(it)[:5], f(it.Rect.X-box.X), f(it.Rect.Y-box.Y), f(it.Rect.W), f(it.Rect.H),
			f(c.X-box.X), f(c.Y-box.Y), f(c.W), f(c.H))
		if it.Tiled != nil {
			fmt.Fprintf(&b, " step %s,%s", f(it.Tiled.StepX), f(it.Tiled.StepY))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// TestBackgroundGeometry checks the tiles of background layers: their
// size (background-size), position, repetition, positioning area
// (background-origin) and clip (background-clip), for a 75×45 pt div with
// a 3 pt border and 6 pt padding (border box 93×63 pt, padding box 87×57
// at 3,3) and a 16×8 px (12×6 pt) image. The tiles are the ones that meet
// the painting area, nothing more.
func TestBackgroundGeometry(t *testing.T) {
	img := pngURI(t, 16, 8)
	tests := []struct {
		name, css, want string
	}{
		{"no-repeat center", "background-repeat: no-repeat; background-position: center",
			"image 40.5,28.5 12x6 clip 0,0 93x63\n"},
		{"position right bottom offsets", "background-repeat: no-repeat; background-position: right 3pt bottom 6pt",
			"image 75,48 12x6 clip 0,0 93x63\n"},
		{"repeat-x along the bottom", "background-repeat: repeat-x; background-position: 0 100%",
			"image -9,54 12x6 clip 0,0 93x63\n" +
				"image 3,54 12x6 clip 0,0 93x63\n" +
				"image 15,54 12x6 clip 0,0 93x63\n" +
				"image 27,54 12x6 clip 0,0 93x63\n" +
				"image 39,54 12x6 clip 0,0 93x63\n" +
				"image 51,54 12x6 clip 0,0 93x63\n" +
				"image 63,54 12x6 clip 0,0 93x63\n" +
				"image 75,54 12x6 clip 0,0 93x63\n" +
				"image 87,54 12x6 clip 0,0 93x63\n"},
		{"contain", "background-repeat: no-repeat; background-size: contain; background-position: center",
			"image 3,9.75 87x43.5 clip 0,0 93x63\n"},
		{"cover", "background-repeat: no-repeat; background-size: cover; background-position: center",
			"image -10.5,3 114x57 clip 0,0 93x63\n"},
		{"explicit size, one auto", "background-repeat: no-repeat; background-size: 24pt",
			"image 3,3 24x12 clip 0,0 93x63\n"},
		{"space: whole tiles touching the area's edges, spacing continued over the border", "background-repeat: space no-repeat",
			"image -9.5,3 12x6 clip 0,0 93x63\n" +
				"image 3,3 12x6 clip 0,0 93x63\n" +
				"image 15.5,3 12x6 clip 0,0 93x63\n" +
				"image 28,3 12x6 clip 0,0 93x63\n" +
				"image 40.5,3 12x6 clip 0,0 93x63\n" +
				"image 53,3 12x6 clip 0,0 93x63\n" +
				"image 65.5,3 12x6 clip 0,0 93x63\n" +
				"image 78,3 12x6 clip 0,0 93x63\n" +
				"image 90.5,3 12x6 clip 0,0 93x63\n"},
		{"round keeps the ratio", "background-repeat: round no-repeat; background-size: 16pt auto",
			"image -14.4,3 17.4x8.7 clip 0,0 93x63\n" +
				"image 3,3 17.4x8.7 clip 0,0 93x63\n" +
				"image 20.4,3 17.4x8.7 clip 0,0 93x63\n" +
				"image 37.8,3 17.4x8.7 clip 0,0 93x63\n" +
				"image 55.2,3 17.4x8.7 clip 0,0 93x63\n" +
				"image 72.6,3 17.4x8.7 clip 0,0 93x63\n" +
				"image 90,3 17.4x8.7 clip 0,0 93x63\n"},
		{"content-box origin, padding-box clip", "background-repeat: no-repeat; background-origin: content-box; background-clip: padding-box",
			"image 9,9 12x6 clip 3,3 87x57\n"},
		{"content-box clip hides the tile outside", "background-repeat: no-repeat; background-position: 0 0; background-origin: border-box; background-clip: content-box",
			""},
		{"gradient tiles share one gradient", "background-image: linear-gradient(red, blue); background-size: 50% 100%",
			"gradi -40.5,-54 43.5x57 clip 0,0 93x63\n" +
				"gradi 3,-54 43.5x57 clip 0,0 93x63\n" +
				"gradi 46.5,-54 43.5x57 clip 0,0 93x63\n" +
				"gradi 90,-54 43.5x57 clip 0,0 93x63\n" +
				"gradi -40.5,3 43.5x57 clip 0,0 93x63\n" +
				"gradi 3,3 43.5x57 clip 0,0 93x63\n" +
				"gradi 46.5,3 43.5x57 clip 0,0 93x63\n" +
				"gradi 90,3 43.5x57 clip 0,0 93x63\n" +
				"gradi -40.5,60 43.5x57 clip 0,0 93x63\n" +
				"gradi 3,60 43.5x57 clip 0,0 93x63\n" +
				"gradi 46.5,60 43.5x57 clip 0,0 93x63\n" +
				"gradi 90,60 43.5x57 clip 0,0 93x63\n"},
		{"layers: the first on top", "background-image: url(" + img + "), linear-gradient(red, blue); background-repeat: no-repeat",
			"gradi 3,3 87x57 clip 0,0 93x63\n" +
				"image 3,3 12x6 clip 0,0 93x63\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<html><style>body{margin:0} div{width:75pt;height:45pt;border:3pt solid black;padding:6pt;
				background-color:#010203;background-image:url(` + img + `);` + tt.css + `}</style><body><div></div>`
			if got := backgroundTiles(t, styledList(t, src)); got != tt.want {
				t.Errorf("got\n%swant\n%s", got, tt.want)
			}
		})
	}
}

// TestBackgroundTileBound checks that a layer of more than maxTiles tiles
// is one item, a tiling pattern, cut to the band of an axis that does not
// repeat.
func TestBackgroundTileBound(t *testing.T) {
	tests := []struct {
		name, css string
		want      Item
	}{
		{"repeat", "", Item{Rect: layout.Rect{W: 0.75, H: 0.75}, Tiled: &Tiled{StepX: 0.75, StepY: 0.75}, Clip: &layout.Rect{W: 300, H: 400}}},
		{"repeat-x band", "background-repeat: repeat-x; background-position: 0 10pt",
			Item{Rect: layout.Rect{W: 0.75, Y: 10, H: 0.75}, Tiled: &Tiled{StepX: 0.75, StepY: 0.75}, Clip: &layout.Rect{Y: 10, W: 300, H: 0.75}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<html><style>@page{size:300pt 400pt;margin:0} body{margin:0} div{height:400pt;background-color:#010203;background-image:url(` +
				pngURI(t, 1, 1) + `);` + tt.css + `}</style><body><div></div>`
			var got []Item
			for _, it := range styledList(t, src).Items {
				if it.Op == OpImage {
					got = append(got, it)
				}
			}
			if len(got) != 1 {
				t.Fatalf("%d items for a 1 px tile over the page, want 1 (a pattern beyond %d)", len(got), maxTiles)
			}
			it := got[0]
			if it.Rect != tt.want.Rect || it.Tiled == nil || *it.Tiled != *tt.want.Tiled || it.Clip == nil || *it.Clip != *tt.want.Clip {
				t.Errorf("item rect %+v tiled %+v clip %+v, want %+v %+v %+v", it.Rect, it.Tiled, it.Clip, tt.want.Rect, tt.want.Tiled, tt.want.Clip)
			}
		})
	}
}

// TestBackgroundRoundedClip checks that background layers are clipped to
// the rounded painting area: the border radii less the widths inside.
func TestBackgroundRoundedClip(t *testing.T) {
	tests := []struct {
		clip string
		want *[4][2]float64
	}{
		{"border-box", &[4][2]float64{{20, 20}, {0, 0}, {0, 0}, {0, 0}}},
		{"padding-box", &[4][2]float64{{17, 17}, {0, 0}, {0, 0}, {0, 0}}},
		{"content-box", &[4][2]float64{{11, 11}, {0, 0}, {0, 0}, {0, 0}}},
	}
	for _, tt := range tests {
		src := `<html><style>body{margin:0} div{width:75pt;height:45pt;border:3pt solid black;padding:6pt;border-top-left-radius:20pt;
			background-color:#010203;background-image:linear-gradient(red, blue);background-clip:` + tt.clip + `}</style><body><div></div>`
		var got *[4][2]float64
		for _, it := range styledList(t, src).Items {
			if it.Op == OpGradient {
				got = it.Radii
			}
		}
		if got == nil || *got != *tt.want {
			t.Errorf("%s: radii %v, want %v", tt.clip, got, tt.want)
		}
	}
}
