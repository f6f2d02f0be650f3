package wcag

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/seed28491532/folio/style"
)

// Contrast thresholds of WCAG 2.1 1.4.3 (AA).
const (
	minContrast      = 4.5
	minContrastLarge = 3.0
	// Large text is at least 18pt, or at least 14pt and bold.
	largeText     = 18.0
	largeBoldText = 14.0
	boldWeight    = 700
)

// rgb is a colour with float components 0–1 (no alpha).
type rgb struct{ r, g, b float64 }

func toRGB(c style.Color) rgb {
	return rgb{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
}

// over composites colour c with opacity a over the opaque colour below.
func over(c rgb, a float64, below rgb) rgb {
	return rgb{c.r*a + below.r*(1-a), c.g*a + below.g*(1-a), c.b*a + below.b*(1-a)}
}

// linear converts an sRGB component (0–1) to linear light, per WCAG 2.1.
func linear(v float64) float64 {
	if v <= 0.03928 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// linearTable holds linear() of the 256 exact 8-bit component values, which
// opaque colours (the common case) hit without calling math.Pow.
var linearTable = sync.OnceValue(func() *[256]float64 {
	var t [256]float64
	for i := range t {
		t[i] = linear(float64(i) / 255)
	}
	return &t
})

// linearFast is linear() through the table when v is an exact 8-bit value.
func linearFast(v float64) float64 {
	i := v * 255
	if k := int(i); float64(k) == i && k >= 0 && k < 256 {
		return linearTable()[k]
	}
	return linear(v)
}

// luminance is the WCAG 2.1 relative luminance.
func luminance(c rgb) float64 {
	return 0.2126*linearFast(c.r) + 0.7152*linearFast(c.g) + 0.0722*linearFast(c.b)
}

// ContrastRatio returns the WCAG 2.1 contrast ratio (1–21) of two opaque
// colours.
func ContrastRatio(a, b style.Color) float64 {
	return contrast(toRGB(a), toRGB(b))
}

func contrast(a, b rgb) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// paper is the canvas colour behind the root element: white.
func paper() rgb { return rgb{1, 1, 1} }

// background finds the colour behind element n's text: n's and its
// ancestors' background colours composited from the canvas up, each layer
// with its alpha and the element's opacity. It reports the element that
// makes the result undecidable (a background image) or nil.
func (c *checker) background(n *html.Node) (rgb, *html.Node) {
	type layer struct {
		col   rgb
		alpha float64
	}
	var layers []layer
	for e := n; e != nil && e.Type == html.ElementNode; e = e.Parent {
		st := c.style(e)
		if st == nil {
			continue
		}
		if st.BackgroundImage != "" {
			return rgb{}, e
		}
		if a := float64(st.BackgroundColor.A) / 255; a > 0 {
			layers = append(layers, layer{toRGB(st.BackgroundColor), a})
			if a >= 1 {
				break
			}
		}
	}
	bg := paper()
	for i := len(layers) - 1; i >= 0; i-- {
		bg = over(layers[i].col, layers[i].alpha, bg)
	}
	return bg, nil
}

// opacity multiplies the opacity of n and its ancestors.
func (c *checker) opacity(n *html.Node) float64 {
	o := 1.0
	for e := n; e != nil && e.Type == html.ElementNode; e = e.Parent {
		if st := c.style(e); st != nil {
			o *= clamp01(st.Opacity)
		}
	}
	return o
}

func clamp01(v float64) float64 {
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

// textOwner reports whether visible element n has text of its own, the
// unit the contrast rule checks.
func textOwner(n *html.Node) bool {
	if n.Namespace != "" || !hasOwnText(n) {
		return false
	}
	switch n.DataAtom {
	case atom.Option, atom.Textarea:
		return false
	}
	return true
}

// disabledControl reports whether n is inside a disabled form control or
// fieldset (WCAG 1.4.3 exempts inactive user-interface components).
func disabledControl(n *html.Node) bool {
	for e := n; e != nil; e = e.Parent {
		if e.Type == html.ElementNode && e.Namespace == "" && hasAttr(e, "disabled") {
			switch e.DataAtom {
			case atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Fieldset, atom.Optgroup, atom.Option:
				return true
			}
		}
		if e.Type == html.ElementNode && attrVal(e, "aria-disabled") == "true" {
			return true
		}
	}
	return false
}

// maxLabelScan bounds the search of a label's content for its control.
const maxLabelScan = 256

// labelsDisabled reports whether label element l labels a disabled
// control (its for= target, else the first form control inside it):
// the label's text is then part of an inactive component, which WCAG
// 1.4.3 exempts, as axe-core does.
func (c *checker) labelsDisabled(l *html.Node) bool {
	var ctl *html.Node
	if id := attrVal(l, "for"); id != "" {
		ctl = c.byID(id)
	} else {
		seen := 0
		walk(l, func(*html.Node) bool { return true }, func(e *html.Node) bool {
			switch e.DataAtom {
			case atom.Input, atom.Select, atom.Textarea, atom.Button:
				if e.Namespace == "" {
					ctl = e
				}
			}
			seen++
			return ctl == nil && seen < maxLabelScan
		})
	}
	return ctl != nil && disabledControl(ctl)
}

// paint is what the contrast rule knows of an element from its ancestors:
// the colour behind its text, the element with a background image that
// makes that undecidable (or nil), whether every opacity on the way is 1,
// and whether it lies in a disabled control.
type paint struct {
	bg       rgb
	blocker  *html.Node
	opaque   bool
	disabled bool
	// floating is the nearest absolutely or fixed positioned element with
	// no opaque background of its own or below it: what shows behind its
	// text depends on where layout puts it.
	floating *html.Node
}

// paintOf derives element e's paint (style st, nil when unknown) from its
// parent's, with the same arithmetic as background, opacity and
// disabledControl, which walk up from an element instead.
func paintOf(parent paint, e *html.Node, st *style.Style) paint {
	p := parent
	if st != nil {
		if st.Position == style.PositionAbsolute || st.Position == style.PositionFixed {
			p.floating = e
		}
		if st.BackgroundImage != "" || inlineGradient(e) {
			p.blocker = e
		} else if a := float64(st.BackgroundColor.A) / 255; a > 0 {
			if a >= 1 {
				p.bg, p.blocker, p.floating = over(toRGB(st.BackgroundColor), a, paper()), nil, nil
			} else if p.blocker == nil {
				p.bg = over(toRGB(st.BackgroundColor), a, p.bg)
			}
		}
		if clamp01(st.Opacity) != 1 {
			p.opaque = false
		}
	}
	if !p.disabled && e.Namespace == "" && hasAttr(e, "disabled") {
		switch e.DataAtom {
		case atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Fieldset, atom.Optgroup, atom.Option:
			p.disabled = true
		}
	}
	if !p.disabled && (attrVal(e, "aria-disabled") == "true" || (e.Namespace == "" && hasAttr(e, "inert"))) {
		p.disabled = true // inactive: disabled or inert
	}
	return p
}

// checkColorContrast walks the document once, carrying each element's
// paint down to its children, so that a text owner costs one style lookup
// rather than walks up its ancestors.
func checkColorContrast(c *checker, r *ruleRun) {
	if c.styles == nil {
		r.notice(nil, "audit with computed styles (AuditHTML computes them) to check contrast",
			"Colour contrast was not checked: no computed styles were given.")
		return
	}
	// stack holds the paint of the open elements, the document's first;
	// c.visible lists the visible elements in the order of the walk, and
	// next is the next one to meet
	stack := []paint{{bg: paper(), opaque: true}}
	// (c.all and c.allStyles list every element in that order too)
	next, owners, i := 0, 0, 0
	n := c.doc
	for n != nil && next < len(c.visible) {
		if n.Type == html.ElementNode {
			var st *style.Style
			if i < len(c.all) && c.all[i] == n {
				st = c.allStyles[i]
			} else {
				st = c.style(n) // not indexed (the walks agree, but be safe)
			}
			i++
			p := paintOf(stack[len(stack)-1], n, st)
			if !p.disabled && isHTML(n, atom.Label) {
				p.disabled = c.labelsDisabled(n)
			}
			if n == c.visible[next] {
				next++
				if textOwner(n) {
					if owners%1024 == 1023 && c.ctx.Err() != nil {
						return
					}
					owners++
					checkContrastOf(c, r, n, st, p)
				}
			}
			if n.FirstChild != nil {
				stack = append(stack, p)
				n = n.FirstChild
				continue
			}
		} else if n.Type == html.DocumentNode && n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		for n != c.doc && n.NextSibling == nil {
			n = n.Parent
			if n.Type == html.ElementNode {
				stack = stack[:len(stack)-1]
			}
		}
		if n == c.doc {
			return
		}
		n = n.NextSibling
	}
}

// checkContrastOf checks the text of element n (style st, paint p).
func checkContrastOf(c *checker, r *ruleRun, n *html.Node, st *style.Style, p paint) {
	if st == nil || p.disabled {
		return
	}
	op := 1.0
	if !p.opaque {
		op = c.opacity(n)
	}
	if op == 0 {
		return
	}
	outline, measurable := textShadowColors(st, shadowBand{min: shadowThinEm, max: shadowOutlineEm})
	if !measurable {
		r.review(n, "the text-shadow outlines the glyphs on two or three sides only, which folio (like axe-core) cannot measure",
			"check the contrast by eye in the rendered page, or outline the text on all four sides or none",
			"Contrast cannot be decided: the text-shadow is too complex to measure.")
		return
	}
	bg, blocker := p.bg, p.blocker
	if blocker != nil {
		where := "its own background image"
		if blocker != n {
			where = fmt.Sprintf("the background image of the enclosing <%s>", blocker.Data)
		}
		r.review(n, "the text lies over "+where+", whose colours folio does not sample",
			"check the text against the image by eye, or give the text a solid background colour",
			"Contrast cannot be decided: the text lies over %s.", where)
		return
	}
	fga := float64(st.Color.A) / 255 * op
	if fga == 0 {
		return // transparent text shows nothing to read
	}
	bg = shadowBackground(st, bg)
	fg := over(toRGB(st.Color), fga, bg)
	ratio := contrast(fg, bg)
	shadowNote := ""
	if len(outline) > 0 {
		// the shadow outlines the glyphs: the text is readable when the
		// text stands out from the outline or the outline from the
		// background
		sh := flattenLayers(outline, rgba{bg, 1}).c
		ratio = max(ratio, contrast(bg, sh), contrast(sh, fg))
		shadowNote = fmt.Sprintf(", outlined by a text-shadow of %s", hexColor(sh))
	}
	large := st.FontSize >= largeText || (st.FontSize >= largeBoldText && st.FontWeight >= boldWeight)
	need := minContrast
	if large {
		need = minContrastLarge
	}
	if ratio+1e-9 < need {
		size := "normal"
		if large {
			size = "large"
		}
		msg := fmt.Sprintf("Text contrast is %.2f:1 (%s on %s%s, %s text at %gpt); WCAG AA needs %.1f:1.",
			math.Floor(ratio*100)/100, hexColor(fg), hexColor(bg), shadowNote, size, math.Round(st.FontSize*10)/10, need)
		if reason := c.contrastUndecided(p); reason != "" {
			r.review(n, reason, "check the contrast by eye in the rendered page; "+r.rule.hint, "%s", msg)
			return
		}
		r.fail(n, "%s", msg)
		return
	}
	r.pass()
}

// hexColor formats an opaque colour as #rrggbb.
func hexColor(c rgb) string {
	b := func(v float64) int { return int(math.Round(clamp01(v) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", b(c.r), b(c.g), b(c.b))
}

// contrastUndecided returns why a low contrast measured for text with
// paint p may not be what a reader sees, or "": a style sheet paints a
// gradient the computed style does not keep, or the text of an absolutely
// or fixed positioned element without a background of its own lies over
// whatever layout puts under it. (A text-shadow is measured: see
// textShadowColors.)
func (c *checker) contrastUndecided(p paint) string {
	if c.sheetGradient() {
		return "a style sheet paints a gradient background, which folio does not resolve per element, so the background behind the text is not known"
	}
	if p.floating != nil {
		return fmt.Sprintf("the <%s> is positioned (absolute or fixed) without a background of its own, so what lies behind the text depends on layout", p.floating.Data)
	}
	return ""
}

// sheetGradient reports whether a <style> element paints a gradient
// background (the computed style keeps gradients as no image).
func (c *checker) sheetGradient() bool { return c.sheetFacts().gradient }

// sheetInfo is what the contrast rule learns from the text of the
// document's style sheets.
type sheetInfo struct{ gradient bool }

// sheetFacts scans the <style> elements once.
func (c *checker) sheetFacts() sheetInfo {
	if c.sheets != nil {
		return *c.sheets
	}
	var info sheetInfo
	for _, st := range c.all {
		if !isHTML(st, atom.Style) {
			continue
		}
		css := strings.ToLower(c.textPrefix(st, 1<<20))
		if strings.Contains(css, "gradient(") {
			info.gradient = true
			break
		}
	}
	c.sheets = &info
	return info
}

// inlineGradient reports whether e's style attribute paints a gradient
// background, which the computed style does not keep.
func inlineGradient(e *html.Node) bool {
	css := attrVal(e, "style")
	if css == "" || !strings.Contains(strings.ToLower(css), "gradient(") {
		return false
	}
	for _, prop := range []string{"background", "background-image"} {
		if v, ok := declaration(css, prop); ok && strings.Contains(v, "gradient(") {
			return true
		}
	}
	return false
}

// declaration returns the lower-cased, trimmed value of the last
// declaration of property prop in a style attribute's text.
func declaration(css, prop string) (string, bool) {
	val, found := "", false
	for _, d := range strings.Split(css, ";") {
		name, v, ok := strings.Cut(d, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), prop) {
			v = strings.TrimSpace(strings.ToLower(v))
			v = strings.TrimSpace(strings.TrimSuffix(v, "!important"))
			val, found = v, true
		}
	}
	return val, found
}
