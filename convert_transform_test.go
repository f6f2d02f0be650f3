package folio_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	folio "github.com/seed28491532/folio"
)

// effectPage is a 300×300 pt page holding a heading (for the audit) and
// one red div at 60, 60 pt, 120 pt wide, with the given declarations and
// inner HTML.
func effectPage(decls, inner string) string {
	return `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		h1{font-size:1pt;margin:0;height:60pt} div{margin-left:60pt;width:120pt;height:48pt;background:red;` + decls + `}
		p{margin:0;height:60pt;background:green}</style>
		<body><h1>T</h1><div>` + inner + `</div>`
}

// TestConvertTransformPixels rasterises transformed, clipped and
// translucent boxes and checks where their colour lands: the transform
// moves the painting about its origin, the layout does not move.
func TestConvertTransformPixels(t *testing.T) {
	green50 := [3]int{128, 192, 128} // green over blue in a group, at 50 %
	blue50 := [3]int{128, 128, 255}
	tests := []struct {
		name, css, inner string
		at               [][2]float64 // points (x, y) on the page
		want             [][3]int
	}{
		{"untransformed", "", "", [][2]float64{{70, 84}, {120, 40}}, [][3]int{red, white}},
		{"rotate about the centre", "transform:rotate(90deg)", "",
			[][2]float64{{120, 30}, {120, 140}, {70, 84}, {170, 84}}, [][3]int{red, red, white, white}},
		{"rotate property", "rotate:90deg", "", [][2]float64{{120, 30}, {70, 84}}, [][3]int{red, white}},
		{"rotate about the top left", "transform-origin:0 0;transform:rotate(90deg)", "",
			[][2]float64{{40, 100}, {40, 170}, {120, 84}}, [][3]int{red, red, white}},
		{"translate", "transform:translate(60pt, 96pt)", "",
			[][2]float64{{200, 180}, {80, 84}}, [][3]int{red, white}},
		{"translate percent", "transform:translate(50%, 200%)", "",
			[][2]float64{{200, 180}, {80, 84}}, [][3]int{red, white}},
		{"scale", "transform:scale(.5)", "", [][2]float64{{120, 84}, {70, 65}}, [][3]int{red, white}},
		{"skewX", "transform:skewX(45deg)", "", [][2]float64{{170, 62}, {190, 106}}, [][3]int{white, red}},
		{"matrix", "transform:matrix(1, 0, 0, 1, 80, 128)", "", [][2]float64{{200, 180}, {80, 84}}, [][3]int{red, white}},
		{"3D flattened", "transform:translate3d(60pt, 96pt, 50pt) perspective(100pt)", "",
			[][2]float64{{200, 180}, {80, 84}}, [][3]int{red, white}},
		{"clip-path circle", "height:120pt;clip-path:circle(50%)", "",
			[][2]float64{{64, 64}, {120, 120}, {176, 176}}, [][3]int{white, red, white}},
		{"clip-path polygon", "height:120pt;clip-path:polygon(50% 0, 100% 100%, 0 100%)", "",
			[][2]float64{{70, 70}, {120, 170}}, [][3]int{white, red}},
		{"clip-path inset", "height:120pt;clip-path:inset(30pt)", "",
			[][2]float64{{70, 70}, {120, 120}}, [][3]int{white, red}},
		{"clip on an absolute box", "height:120pt;position:absolute;left:0;top:60pt;clip:rect(0, 60pt, 60pt, 0)", "",
			[][2]float64{{80, 80}, {160, 160}}, [][3]int{red, white}},
		{"opacity group", "height:120pt;background:blue;opacity:.5", "<p></p>",
			[][2]float64{{120, 90}, {120, 160}}, [][3]int{green50, blue50}},
		{"zero scale paints nothing", "transform:scale(0)", "", [][2]float64{{120, 84}}, [][3]int{white}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := rasterPage(t, convertAudited(t, effectPage(tt.css, tt.inner)))
			for i, p := range tt.at {
				if got := rgbAt(img, px(p[0]), px(p[1])); !near(got, tt.want[i], 24) {
					t.Errorf("at %gpt,%gpt: colour %v, want %v", p[0], p[1], got, tt.want[i])
				}
			}
		})
	}
}

// TestConvertTransformKeepsText checks that the text of transformed
// elements stays real text in reading order: extracted whole from
// rotated elements (pdftotext -raw reads the content in its order; its
// layout mode splits text at an angle into pieces, Chromium's PDF
// alike), and tagged in document order around a moved one, though a
// transformed box paints after the in-flow content.
func TestConvertTransformKeepsText(t *testing.T) {
	src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:400pt 400pt;margin:20pt}
		.r{transform:rotate(30deg);width:200pt} .q{transform:rotate(90deg);width:200pt}
		.m{transform:translate(0, 200pt)}</style>
		<h1>Heading</h1><div class=r>Rotated words stay readable</div><div class=q>Quarter turn reads</div>
		<p>First</p><p class=m>Second</p><p>Third</p>`
	pdf := convertAudited(t, src)
	raw := strings.Join(strings.Fields(pdftotextRaw(t, pdf)), " ")
	for _, want := range []string{"Rotated words stay readable", "Quarter turn reads", "Second"} {
		if !strings.Contains(raw, want) {
			t.Errorf("pdftotext -raw: %q, want %q in it", raw, want)
		}
	}
	tags := strings.Join(strings.Fields(structText(t, pdf)), " ")
	if !strings.Contains(tags, `P (block) "First" P (block) "Second" P (block) "Third"`) {
		t.Errorf("structure tree not in document order:\n%s", tags)
	}
	if text := strings.Join(strings.Fields(pdftotext(t, pdf)), " "); !strings.Contains(text, "Quarter turn reads") {
		t.Errorf("pdftotext: %q, want the text turned a quarter whole", text)
	}
	if n := strings.Count(contentStreams(t, pdf), " cm\n"); n < 3 {
		t.Errorf("%d cm operators, want one for each transformed element", n)
	}
}

// pdftotextRaw returns the text of pdf in content stream order.
func pdftotextRaw(t *testing.T, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-raw", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -raw: %v", err)
	}
	return string(out)
}

// TestConvertOpacityGroupOnce checks that an element with opacity is
// composited once, as one transparency group drawn with the opacity,
// and that the items inside carry no opacity of their own.
func TestConvertOpacityGroupOnce(t *testing.T) {
	res, err := folio.Convert(context.Background(), strings.NewReader(effectPage("height:120pt;background:blue;opacity:.5", "<p>In the group</p>")), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pdf := string(res.PDF)
	if n := strings.Count(pdf, "/S /Transparency"); n != 1 {
		t.Errorf("%d transparency groups, want 1", n)
	}
	if n := strings.Count(pdf, "/ca 0.5"); n != 1 {
		t.Errorf("%d ExtGStates of opacity 0.5, want 1", n)
	}
	content := contentStreams(t, res.PDF)
	if n := strings.Count(content, " Do\nQ\n"); n != 1 {
		t.Errorf("the group is drawn %d times, want once:\n%s", n, content)
	}
	if !strings.Contains(pdftotext(t, res.PDF), "In the group") {
		t.Error("the text inside the group is not extracted")
	}
}

// TestConvertTransformContainingBlock checks that a transformed box is
// the containing block of its absolutely positioned and fixed
// descendants: they are placed in it, and a fixed one is not repeated
// on every page.
func TestConvertTransformContainingBlock(t *testing.T) {
	src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		h1{font-size:1pt;margin:0;height:60pt} .t{margin-left:120pt;width:120pt;height:120pt;transform:translate(0)}
		.a{position:absolute;left:0;top:0;width:30pt;height:30pt;background:red}
		.f{position:fixed;right:0;bottom:0;width:30pt;height:30pt;background:blue}
		.next{break-before:page}</style>
		<h1>T</h1><div class=t><div class=a></div><div class=f>Fixed</div></div><p class=next>Page two</p>`
	pdf := convertAudited(t, src)
	img := rasterPage(t, pdf)
	for _, c := range []struct {
		x, y float64
		want [3]int
	}{{135, 75, red}, {15, 15, white}, {225, 165, blue}, {285, 285, white}} {
		if got := rgbAt(img, px(c.x), px(c.y)); !near(got, c.want, 24) {
			t.Errorf("at %gpt,%gpt: colour %v, want %v", c.x, c.y, got, c.want)
		}
	}
	if n := strings.Count(pdftotext(t, pdf), "Fixed"); n != 1 {
		t.Errorf("the fixed box inside a transform shows %d times, want once", n)
	}
}

// TestConvertTransformedLink checks that a link in a rotated element
// clicks on the rotated area: its annotation's Rect bounds it and its
// QuadPoints trace it.
func TestConvertTransformedLink(t *testing.T) {
	src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		div{margin:100pt;width:100pt;transform:rotate(30deg)}</style>
		<h1>T</h1><div><a href="https://example.org/">a link turned</a></div>`
	pdf := uncompressed(t, convertAudited(t, src))
	if !strings.Contains(pdf, "/QuadPoints") {
		t.Error("the link annotation has no QuadPoints")
	}
	plain := uncompressed(t, convertAudited(t, strings.Replace(src, "transform:rotate(30deg)", "", 1)))
	if strings.Contains(plain, "/QuadPoints") {
		t.Error("an untransformed link has QuadPoints")
	}
}

// TestConvertSVGGroupInTransformedBox checks an SVG group opacity inside
// a translucent transformed box: both groups composite (the squares'
// overlap shows the top one only, at both opacities), and the drawing's
// Figure, in the box's form, is referred to by an MCR naming the form.
func TestConvertSVGGroupInTransformedBox(t *testing.T) {
	src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		h1{font-size:1pt;margin:0;height:60pt} div{transform:translate(0);opacity:.8} svg{display:block}</style>
		<h1>T</h1><div><svg width="200" height="120" viewBox="0 0 200 120" role="img" aria-label="Squares">
		<g opacity=".5"><rect x="20" y="20" width="80" height="80" fill="red"/><rect x="60" y="20" width="80" height="80" fill="blue"/></g>
		</svg></div>`
	pdf := convertAudited(t, src)
	img := rasterPage(t, pdf)
	for _, tt := range []struct {
		x, y float64
		want [3]int
	}{
		{25, 105, [3]int{255, 153, 153}}, // red at .5, then .8
		{60, 105, [3]int{153, 153, 255}}, // the overlap: blue only
		{100, 105, [3]int{153, 153, 255}},
		{200, 105, white},
	} {
		if got := rgbAt(img, px(tt.x), px(tt.y)); !near(got, tt.want, 24) {
			t.Errorf("at %gpt,%gpt: colour %v, want %v", tt.x, tt.y, got, tt.want)
		}
	}
	raw := uncompressed(t, pdf)
	if n := strings.Count(raw, "/S /Transparency"); n != 2 {
		t.Errorf("%d transparency groups, want the box's and the drawing's", n)
	}
	if !regexp.MustCompile(`/MCID 0\s*/Pg \d+ 0 R\s*/Stm \d+ 0 R`).MatchString(raw) {
		t.Error("no MCR naming the box's form for the Figure")
	}
}
