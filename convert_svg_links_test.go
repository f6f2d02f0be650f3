package folio_test

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestConvertSVGLinks checks that the <a> elements of an inline SVG
// become link annotations over their shapes, tagged as Link elements
// inside the drawing's Figure like HTML links, with the title, else the
// href, as their description; links of a decorative SVG are not made.
func TestConvertSVGLinks(t *testing.T) {
	const style = `<style>@page{size:400pt 400pt;margin:0} body{margin:0} svg{display:block}</style>`
	drawing := func(attrs string) string {
		return `<svg ` + attrs + ` width="200" height="100" viewBox="0 0 200 100">` +
			`<a href="https://example.com/a"><title>Example A</title><rect x="10" y="10" width="50" height="40" fill="#e63946"/></a>` +
			`<a xlink:href="#sec"><circle cx="150" cy="50" r="20" fill="#1d3557"/></a>` +
			`<text x="10" y="90" font-size="12"><a href="https://example.com/t">linked text</a></text></svg>`
	}
	page := func(svg string) string {
		return `<!doctype html><html lang="en"><head><title>SVG links</title>` + style + `</head><body>` + svg + `<h2 id="sec">Section</h2></body></html>`
	}
	pdf := convertAudited(t, page(drawing(`role="img" aria-label="Linked chart"`)))
	raw := uncompressed(t, pdf)
	// the rect 10,10 50×40 CSS px: 7.5, 7.5 to 45, 37.5 pt, y up on a
	// 400pt page
	rectRE := regexp.MustCompile(`/Rect \[\s*7\.5\s+362\.5\s+45\s+392\.5\s*\]`)
	if !rectRE.MatchString(raw) {
		t.Errorf("no link annotation over the rect (/Rect [7.5 362.5 45 392.5])")
	}
	for _, want := range []string{"/URI (https://example.com/a)", "/Contents (Example A)", "/URI (https://example.com/t)", "/Contents (https://example.com/t)", "/Dest"} {
		if !strings.Contains(raw, want) {
			t.Errorf("PDF lacks %s", want)
		}
	}
	st := structText(t, pdf)
	if n := strings.Count(st, "Link"); n != 3 {
		t.Errorf("%d Link elements, want 3 inside the Figure:\n%s", n, st)
	}
	if i, j := strings.Index(st, "Figure"), strings.Index(st, "Link"); i < 0 || j < i {
		t.Errorf("Links not after the Figure they belong to:\n%s", st)
	}

	raw = uncompressed(t, convertAudited(t, page(drawing(`aria-hidden="true"`))))
	if strings.Contains(raw, "/Subtype /Link") {
		t.Errorf("a decorative SVG's links were made")
	}
}

// TestConvertSVGLinkTransformed checks that the link of an SVG drawing
// in a transformed box follows the transform, as an HTML link does:
// moved with the box, and traced by QuadPoints when the box is turned.
func TestConvertSVGLinkTransformed(t *testing.T) {
	page := func(transform string) string {
		return `<!doctype html><html lang="en"><head><title>SVG links</title><style>@page{size:400pt 400pt;margin:0} body{margin:0}
			svg{display:block} div{transform-origin:0 0;transform:` + transform + `}</style></head><body><h1>T</h1><div>` +
			`<svg role="img" aria-label="Linked" width="200" height="100" viewBox="0 0 200 100">` +
			`<a href="https://example.com/a"><rect x="10" y="10" width="50" height="40" fill="#e63946"/></a></svg></div></body></html>`
	}
	// the translation moves the link 100pt right and 50pt down
	raw := uncompressed(t, convertAudited(t, page("translate(100pt, 50pt)")))
	untransformed := uncompressed(t, convertAudited(t, page("none")))
	re := regexp.MustCompile(`/Rect \[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]`)
	moved, still := re.FindStringSubmatch(raw), re.FindStringSubmatch(untransformed)
	if moved == nil || still == nil {
		t.Fatalf("no link annotations: moved %v, untransformed %v", moved, still)
	}
	num := func(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }
	if dx, dy := num(moved[1])-num(still[1]), num(moved[2])-num(still[2]); math.Abs(dx-100) > 0.01 || math.Abs(dy+50) > 0.01 {
		t.Errorf("link moved by %g, %g pt (PDF space), want 100, -50: %s vs %s", dx, dy, moved[0], still[0])
	}
	if strings.Contains(raw, "/QuadPoints") {
		t.Error("a moved link has QuadPoints")
	}
	if turned := uncompressed(t, convertAudited(t, page("rotate(30deg)"))); !strings.Contains(turned, "/QuadPoints") {
		t.Error("the link of a turned drawing has no QuadPoints")
	}
}
