package style

import (
	"fmt"
	"strings"
	"testing"
)

// fmtAxis formats a position axis as "<offset>" or "end-<offset>".
func fmtAxis(p PositionAxis) string {
	if p.FromEnd {
		return "end-" + fmtLength(p.Offset)
	}
	return fmtLength(p.Offset)
}

// fmtBackground formats the background longhands of s, one layer a
// line, as the tests expect them.
func fmtBackground(s *Style) string {
	n := max(len(s.BackgroundImages), 1)
	var b strings.Builder
	for i := 0; i < n; i++ {
		im := Layer(s.BackgroundImages, i, BackgroundImage{})
		img := "none"
		switch {
		case im.URL != "":
			img = "url(" + im.URL + ")"
		case im.Gradient != nil:
			img = fmtGradient(im.Gradient)
		}
		p := Layer(s.BackgroundPosition, i, InitialPosition())
		sz := Layer(s.BackgroundSize, i, InitialSize())
		size := fmtLength(sz.W) + " " + fmtLength(sz.H)
		switch sz.Mode {
		case SizeCover:
			size = "cover"
		case SizeContain:
			size = "contain"
		}
		r := Layer(s.BackgroundRepeat, i, BackgroundRepeat{})
		fmt.Fprintf(&b, "%s pos(%s %s) size(%s) rep(%d %d) origin %d clip %d\n", img, fmtAxis(p.X), fmtAxis(p.Y), size,
			r.X, r.Y, Layer(s.BackgroundOrigin, i, PaddingBoxArea), Layer(s.BackgroundClip, i, BorderBoxArea))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func fmtGradient(g *Gradient) string {
	var b strings.Builder
	if g.Repeating {
		b.WriteString("repeating-")
	}
	if g.Kind == LinearGradient {
		if g.Corner {
			fmt.Fprintf(&b, "linear(corner %d %d", g.CornerX, g.CornerY)
		} else {
			fmt.Fprintf(&b, "linear(%gdeg", g.Angle)
		}
	} else {
		fmt.Fprintf(&b, "radial(circle=%v extent=%d r=%s/%s at %s %s", g.Circle, g.Extent, fmtLength(g.Radius[0]),
			fmtLength(g.Radius[1]), fmtAxis(g.Center.X), fmtAxis(g.Center.Y))
	}
	for _, s := range g.Stops {
		fmt.Fprintf(&b, ", %s %s", fmtColor(s.Color), fmtLength(s.Pos))
	}
	b.WriteString(")")
	return b.String()
}

// TestBackgroundLonghands checks the computed values of the background
// longhands and the expansion of the background shorthand.
func TestBackgroundLonghands(t *testing.T) {
	for _, tc := range []struct{ decl, want string }{
		{"", "none pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-image: url(a.png)", "url(a.png) pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-position: center", "none pos(50% 50%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-position: top", "none pos(50% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-position: 10px bottom", "none pos(7.5pt 100%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-position: top right", "none pos(100% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-position: right 8px bottom 20%", "none pos(end-6pt end-20%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-position: bottom 4px left", "none pos(0% end-3pt) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-position: min(0%, 100%) max(0%, 100%)", "none pos(0% 100%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-position: 25% 75%", "none pos(25% 75%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-size: contain", "none pos(0% 0%) size(contain) rep(0 0) origin 1 clip 0"},
		{"background-size: cover", "none pos(0% 0%) size(cover) rep(0 0) origin 1 clip 0"},
		{"background-size: 50%", "none pos(0% 0%) size(50% auto) rep(0 0) origin 1 clip 0"},
		{"background-size: auto 20px", "none pos(0% 0%) size(auto 15pt) rep(0 0) origin 1 clip 0"},
		{"background-repeat: repeat-x", "none pos(0% 0%) size(auto auto) rep(0 1) origin 1 clip 0"},
		{"background-repeat: space round", "none pos(0% 0%) size(auto auto) rep(2 3) origin 1 clip 0"},
		{"background-repeat: no-repeat", "none pos(0% 0%) size(auto auto) rep(1 1) origin 1 clip 0"},
		{"background-origin: content-box; background-clip: padding-box", "none pos(0% 0%) size(auto auto) rep(0 0) origin 2 clip 1"},
		{"background: url(a.png) no-repeat center / contain content-box",
			"url(a.png) pos(50% 50%) size(contain) rep(1 1) origin 2 clip 2"},
		{"background: url(a.png) right 5px top repeat-y border-box padding-box, red",
			"url(a.png) pos(end-3.75pt 0%) size(auto auto) rep(1 0) origin 0 clip 1\nnone pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-image: url(a.png), url(b.png); background-repeat: no-repeat",
			"url(a.png) pos(0% 0%) size(auto auto) rep(1 1) origin 1 clip 0\nurl(b.png) pos(0% 0%) size(auto auto) rep(1 1) origin 1 clip 0"},
		{"background-image: linear-gradient(red, blue)",
			"linear(180deg, #ff0000 auto, #0000ff auto) pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-image: linear-gradient(to top right, red 10%, 30%, blue 20px 40px)",
			"linear(corner 1 -1, #ff0000 10%, #800080 30%, #0000ff 15pt, #0000ff 30pt) pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-image: repeating-linear-gradient(0.25turn, red, blue 10px)",
			"repeating-linear(90deg, #ff0000 auto, #0000ff 7.5pt) pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-image: radial-gradient(circle closest-side at left 10px top, red, blue)",
			"radial(circle=true extent=1 r=0pt/0pt at 7.5pt 0%, #ff0000 auto, #0000ff auto) pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background-image: radial-gradient(20px 30%, red, blue)",
			"radial(circle=false extent=4 r=15pt/30% at 50% 50%, #ff0000 auto, #0000ff auto) pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"color: lime; background-image: linear-gradient(currentcolor, blue)",
			"linear(180deg, #00ff00 auto, #0000ff auto) pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 0"},
		{"background: linear-gradient(to left, red, blue) 0 0 / 10px 10px no-repeat",
			"linear(270deg, #ff0000 auto, #0000ff auto) pos(0pt 0pt) size(7.5pt 7.5pt) rep(1 1) origin 1 clip 0"},
	} {
		st, doc := compute(t, `<style>div{`+tc.decl+`}</style><div></div>`, Options{})
		if d := st.Diagnostics(); len(d) > 0 {
			t.Errorf("%s: diagnostics %v", tc.decl, d)
		}
		if got := fmtBackground(st.Of(find(doc, "div"), PseudoNone)); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.decl, got, tc.want)
		}
	}
}

// TestBackgroundInvalid checks that invalid background values are
// dropped with a diagnostic and leave the earlier declaration in force.
func TestBackgroundInvalid(t *testing.T) {
	for _, decl := range []string{
		"background-position: top 10px",
		"background-position: left right",
		"background-position: center 5px top",
		"background-position: 1px 2px 3px 4px 5px",
		"background-size: -5px",
		"background-size: cover cover",
		"background-repeat: repeat-x repeat",
		"background-repeat: repeat space round",
		"background-origin: margin-box",
		"background-clip: padding-box border",
		"background-image: url(a.png),",
		"background-image: linear-gradient(red)",
		"background-image: linear-gradient(to middle, red, blue)",
		"background-image: radial-gradient(circle 10% , red, blue)",
		"background-image: conic-thing(red, blue)",
		"background: red, url(a.png)",
		"background: url(a.png) url(b.png)",
		"background: center / ",
		"background: no-repeat repeat-x",
	} {
		st, doc := compute(t, `<style>div{background-clip: content-box; `+decl+`}</style><div></div>`, Options{})
		d := st.Diagnostics()
		name := strings.TrimSpace(decl[:strings.Index(decl, ":")])
		if len(d) != 1 || !strings.Contains(d[0].Message, "invalid value for "+name) {
			t.Errorf("%s: diagnostics %v, want one invalid value for %s", decl, d, name)
		}
		if got := fmtBackground(st.Of(find(doc, "div"), PseudoNone)); got != "none pos(0% 0%) size(auto auto) rep(0 0) origin 1 clip 2" {
			t.Errorf("%s: the invalid value changed the style: %s", decl, got)
		}
	}
}

// TestStyleCDATA checks that a style element wholly wrapped in a CDATA
// section, as XHTML tests write it, applies.
func TestStyleCDATA(t *testing.T) {
	for _, tc := range []struct{ css, want string }{
		{"<![CDATA[\n div { background-color: red }\n ]]>", "#ff0000"},
		{"  <![CDATA[div{background-color:red}]]>  ", "#ff0000"},
		{"div { background-color: red } /* <![CDATA[ */", "#ff0000"},
	} {
		st, doc := compute(t, `<style>`+tc.css+`</style><div></div>`, Options{})
		if got := fmtColor(st.Of(find(doc, "div"), PseudoNone).BackgroundColor); got != tc.want {
			t.Errorf("%q: background %s, want %s (diagnostics %v)", tc.css, got, tc.want, st.Diagnostics())
		}
	}
}
