package folio_test

import (
	"context"
	"image"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// redRows returns the first and last rows holding red pixels and how many
// red pixels there are.
func redRows(img image.Image) (first, last, n int) {
	first = -1
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r > 0xC000 && g < 0x6000 && bl < 0x6000 {
				if first < 0 {
					first = y
				}
				last = y
				n++
			}
		}
	}
	return first, last, n
}

// Text decorations as drawn: text-decoration-thickness widens the line,
// text-underline-offset moves it down from the baseline, wavy waves it
// over more rows than a straight line of its thickness (transparent text,
// red decoration, at one pixel per CSS px).
func TestConvertDecorationPixels(t *testing.T) {
	draw := func(css string) (first, last, n int) {
		t.Helper()
		doc := `<!DOCTYPE html><html lang="en"><head><title>Decorations</title><style>@page{size:400px 100px;margin:0}
p{margin:20px;font-size:40px;line-height:1;color:transparent;text-decoration:underline red;` + css + `}</style></head>
<body><p>Mmmmm</p></body></html>`
		res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		return redRows(rasterPageN(t, res.PDF, 1))
	}
	f0, l0, n0 := draw("text-decoration-thickness:2px")
	if n0 == 0 || l0-f0 > 3 {
		t.Fatalf("a 2px underline: rows %d-%d, %d red pixels", f0, l0, n0)
	}
	if f, l, n := draw("text-decoration-thickness:8px"); l-f < 6 || n < 3*n0 {
		t.Errorf("an 8px underline: rows %d-%d, %d red pixels; 2px: %d-%d, %d", f, l, n, f0, l0, n0)
	}
	fa, _, _ := draw("text-decoration-thickness:2px;text-underline-offset:0")
	if fb, _, _ := draw("text-decoration-thickness:2px;text-underline-offset:12px"); fb-fa < 11 || fb-fa > 13 {
		t.Errorf("offset 12px moved the underline from row %d to %d, want 12 rows down", fa, fb)
	}
	if f, l, n := draw("text-decoration-thickness:2px;text-decoration-style:wavy"); l-f < 4 || n < n0 {
		t.Errorf("a 2px wavy underline: rows %d-%d, %d red pixels; straight: %d-%d, %d", f, l, n, f0, l0, n0)
	}
	if _, _, n := draw("text-decoration-thickness:4px;text-decoration-style:dotted"); n == 0 || n >= 2*n0*3/2 {
		t.Errorf("a dotted 4px underline: %d red pixels, want fewer than a solid one's (%d at 2px, so ~%d at 4px)", n, n0, 2*n0)
	}
}

// text-overflow: ellipsis draws "…" at the end of a clipped nowrap line,
// and the text cut off still extracts (it is the ellipsis's text).
func TestConvertTextOverflowEllipsis(t *testing.T) {
	const text = "This is a long line that will be cut with an ellipsis"
	doc := `<!DOCTYPE html><html lang="en"><head><title>Ellipsis</title></head><body>
<p style="width:150pt;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">` + text + `</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	if got := strings.TrimSpace(pdftotext(t, res.PDF)); got != text {
		t.Errorf("extracted %q, want %q", got, text)
	}
	// the words cut off read at the ellipsis, inside the box (which
	// ends 150pt from the 62.7pt margin), not drawn clipped beyond it
	for _, w := range pdfWords(t, res.PDF) {
		if w.x+w.w > 62.7+150+1 {
			t.Errorf("word %q drawn at x %.1f-%.1f, past the box", w.text, w.x, w.x+w.w)
		}
	}
	uaClean(t, res.PDF)
}

// ::first-letter styles the first letter (a floated drop cap too); the
// PDF stays PDF/UA clean and the paragraph's text extracts.
func TestConvertFirstLetter(t *testing.T) {
	doc := `<!DOCTYPE html><html lang="en"><head><title>Drop cap</title><style>
p::first-letter { font-size: 300%; float: left; color: red }
p { width: 200pt }</style></head><body>
<p>Once upon a time a drop cap spanned three lines of a paragraph as magazines print them.</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	uaClean(t, res.PDF)
	text := pdftotext(t, res.PDF)
	if !strings.Contains(text, "O") || !strings.Contains(text, "nce upon a time") {
		t.Errorf("extracted %q", text)
	}
	if content := contentStreams(t, res.PDF); !strings.Contains(content, " 36 Tf") {
		t.Errorf("no 36pt first letter (300%% of 12pt):\n%s", textOps(content))
	}
}

// The ch unit is the width of the font's "0": 10ch of a monospace font
// holds ten of its characters (Liberation Mono: 0.6 em), where it was half
// an em for every font.
func TestConvertChUnit(t *testing.T) {
	for _, c := range []struct {
		family string
		want   int // red columns at one pixel per CSS px
	}{{"monospace", 120}, {"serif", 100}} {
		doc := `<!DOCTYPE html><html lang="en"><head><title>ch</title><style>@page{size:400px 100px;margin:0}
div{margin:10px;font:20px ` + c.family + `;width:10ch;height:20px;background:red}</style></head><body><div></div></body></html>`
		res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		img := rasterPageN(t, res.PDF, 1)
		b := img.Bounds()
		cols := 0
		y := b.Min.Y + 20
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r > 0xC000 && g < 0x6000 && bl < 0x6000 {
				cols++
			}
		}
		if cols < c.want-1 || cols > c.want+1 {
			t.Errorf("%s: a 10ch box is %d px wide, want %d", c.family, cols, c.want)
		}
	}
}

// A control character is drawn visibly (CSS Text 3 §4.1.3): the page
// has more ink than without it, and stays PDF/UA clean.
func TestConvertVisibleControl(t *testing.T) {
	ink := func(text string) int {
		t.Helper()
		doc := "<!DOCTYPE html><html lang=\"en\"><head><title>Controls</title><style>@page{size:200px 100px;margin:0}p{font-size:40px}</style></head><body><p>" + text + "</p></body></html>"
		res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		uaClean(t, res.PDF)
		return darkPixels(rasterPageN(t, res.PDF, 1))
	}
	plain := ink("ab")
	for _, c := range []string{"a\u0001b", "a\u007fb", "a\u0085b"} {
		if n := ink(c); n <= plain+20 {
			t.Errorf("%q: %d dark pixels, %d without the control: not drawn", c, n, plain)
		}
	}
	if n := ink("a\u00adb"); n != plain {
		t.Errorf("a soft hyphen inside a line drew something: %d dark pixels, want %d", n, plain)
	}
}
