package svg

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
	"github.com/seed28491532/folio/style"
)

// isProperty reports whether key is an SVG property folio reads. They
// may be set as presentation attributes, in style attributes and in
// <style> sheets; which inherit, cascade says. (A switch: it is asked
// for every attribute of every element drawn, faster than a map.)
func isProperty(key string) bool {
	switch key {
	case "fill", "fill-opacity", "fill-rule",
		"stroke", "stroke-width", "stroke-opacity",
		"stroke-dasharray", "stroke-dashoffset", "stroke-linecap",
		"stroke-linejoin", "stroke-miterlimit",
		"color", "visibility", "clip-rule",
		"font-family", "font-size", "font-weight", "font-style",
		"text-anchor", "letter-spacing",
		"opacity", "display", "clip-path", "mask",
		"transform", "transform-origin", "transform-box",
		"stop-color", "stop-opacity",
		"dominant-baseline",
		"marker-start", "marker-mid", "marker-end", "marker",
		"font":
		return true
	}
	return false
}

// sheetRule is one style rule of a <style> element, with its order.
type sheetRule struct {
	sel   *css.Selector
	decls []css.Declaration
	order int
}

// svgOnly lists the properties only SVG content uses: a page style
// rule is kept for an inline svg only when it sets one of them (HTML
// rules setting color or fonts never need matching against SVG).
var svgOnly = map[string]bool{
	"fill": true, "fill-opacity": true, "fill-rule": true, "stroke": true, "stroke-width": true,
	"stroke-opacity": true, "stroke-dasharray": true, "stroke-dashoffset": true, "stroke-linecap": true,
	"stroke-linejoin": true, "stroke-miterlimit": true, "clip-rule": true, "clip-path": true,
	"stop-color": true, "stop-opacity": true, "text-anchor": true, "dominant-baseline": true, "mask": true,
	"transform-box": true, "transform": true, "transform-origin": true,
}

// addSheet appends the style rules of sheet to rules (with svgOnly, only
// those setting an SVG property).
func addSheet(rules []sheetRule, sheet *css.Stylesheet, svgOnlyRules bool) []sheetRule {
	for _, r := range sheet.Rules {
		sr, ok := r.(*css.StyleRule)
		if !ok {
			continue
		}
		if svgOnlyRules && !slices.ContainsFunc(sr.Decls, func(d css.Declaration) bool { return svgOnly[d.Name] }) {
			continue
		}
		for _, s := range sr.Selectors {
			if s.Pseudo != "" {
				continue
			}
			rules = append(rules, sheetRule{sel: s, decls: sr.Decls, order: len(rules)})
		}
	}
	return rules
}

// collectSheets appends the rules of the <style> elements under root.
func collectSheets(rules []sheetRule, root *html.Node) []sheetRule {
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		if depth > 1024 {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.Data == "style" {
				var sb strings.Builder
				for t := c.FirstChild; t != nil; t = t.NextSibling {
					if t.Type == html.TextNode {
						sb.WriteString(t.Data)
					}
				}
				sheet, _ := css.Parse(sb.String(), css.ParseOptions{})
				rules = addSheet(rules, sheet, false)
				continue
			}
			walk(c, depth+1)
		}
	}
	walk(root, 0)
	return rules
}

// sortRules orders rules by specificity, then source order.
func sortRules(rules []sheetRule) {
	sort.SliceStable(rules, func(i, j int) bool {
		a, b := rules[i].sel.Spec, rules[j].sel.Spec
		if a != b {
			return a[0] < b[0] || a[0] == b[0] && (a[1] < b[1] || a[1] == b[1] && a[2] < b[2])
		}
		return rules[i].order < rules[j].order
	})
}

// decl is one declared property value.
type decl struct{ name, value string }

// declared appends to out the declared property values of n in
// cascade order, later ones overriding earlier ones: presentation
// attributes, then matching sheet rules by specificity, then its style
// attribute (SVG 2 §6.4).
func (d *Document) declared(out []decl, n *html.Node) []decl {
	for _, a := range n.Attr {
		if isProperty(a.Key) {
			out = append(out, decl{a.Key, strings.TrimSpace(a.Val)})
		}
	}
	set := func(decls []css.Declaration) {
		for _, dc := range decls {
			if isProperty(dc.Name) {
				out = append(out, decl{dc.Name, strings.TrimSpace(css.Serialize(dc.Value))})
			}
		}
	}
	for _, r := range d.rules {
		if r.sel.Match(n) {
			set(r.decls)
		}
	}
	if s, ok := attr(n, "style"); ok {
		decls, _ := css.ParseDeclarations(s)
		set(decls)
	}
	return out
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// paint is a fill or stroke: none, a colour, or a gradient by id.
type paint struct {
	none    bool
	color   style.Color
	current bool // currentColor
	ref     string
	// fallback is the colour after a url() reference that does not
	// resolve (none when fallbackNone)
	fallback style.Color
	hasFB    bool
}

// computed is the computed style of an element.
type computed struct {
	fill, stroke               paint
	fillOpacity, strokeOpacity float64
	evenOdd, clipEvenOdd       bool
	strokeWidth                float64
	dash                       []float64
	dashOffset                 float64
	lineCap, lineJoin          uint8
	miterLimit                 float64
	color                      style.Color
	hidden                     bool
	families                   []string
	fontSize                   float64
	fontWeight                 int
	italic                     bool
	anchor                     uint8
	letterSpacing              float64
	opacity                    float64
	displayNone                bool
	clipPath                   string
	mask                       string // the id of its mask
	// transform is the transform property (the attribute's value unless
	// CSS sets it), origin its transform-origin, refBox its
	// transform-box
	transform, origin string
	refBox            refBox
	stopColor         paint
	stopOpacity       float64
	baseline          string
	// markers are the ids of marker-start, marker-mid and marker-end
	markers [3]string
}

// initialStyle returns the initial values (black fill, no stroke).
func initialStyle(color style.Color) computed {
	return computed{
		fill: paint{color: style.Color{A: 255}}, stroke: paint{none: true},
		fillOpacity: 1, strokeOpacity: 1, strokeWidth: 1, miterLimit: 4,
		color: color, families: []string{"serif"}, fontSize: 16, fontWeight: 400,
		opacity: 1, stopOpacity: 1, stopColor: paint{color: style.Color{A: 255}},
	}
}

// cascade computes n's style from its parent's.
func (d *Document) cascade(n *html.Node, parent *computed) computed {
	c := *parent
	// properties that do not inherit
	c.opacity, c.displayNone, c.clipPath, c.mask = 1, false, "", ""
	c.transform, c.origin, c.refBox = "", "", boxView
	c.stopColor, c.stopOpacity = paint{color: style.Color{A: 255}}, 1
	var buf [16]decl
	decls := d.declared(buf[:0], n)
	// what other values depend on first: currentColor, em lengths, and
	// the marker shorthand its longhands override
	for _, dc := range decls {
		switch v := dc.value; {
		case v == "inherit":
		case dc.name == "color":
			if col, ok := parseColor(v, parent.color); ok {
				c.color = col
			}
		case dc.name == "font":
			c.fontShorthand(v, parent)
		case dc.name == "font-size":
			if f, ok := parseLength(v, parent.fontSize, parent.fontSize); ok && f > 0 {
				c.fontSize = f
			}
		case dc.name == "marker":
			id := urlRef(v)
			c.markers = [3]string{id, id, id}
		}
	}
	for _, dc := range decls {
		k, v := dc.name, dc.value
		if v == "inherit" {
			continue
		}
		switch k {
		case "fill":
			c.fill = parsePaint(v, parent.fill)
		case "stroke":
			c.stroke = parsePaint(v, parent.stroke)
		case "stop-color":
			c.stopColor = parsePaint(v, c.stopColor)
		case "fill-opacity":
			c.fillOpacity = parseOpacity(v, c.fillOpacity)
		case "stroke-opacity":
			c.strokeOpacity = parseOpacity(v, c.strokeOpacity)
		case "stop-opacity":
			c.stopOpacity = parseOpacity(v, 1)
		case "opacity":
			c.opacity = parseOpacity(v, 1)
		case "fill-rule":
			c.evenOdd = v == "evenodd"
		case "clip-rule":
			c.clipEvenOdd = v == "evenodd"
		case "stroke-width":
			if w, ok := parseLength(v, c.fontSize, 100); ok && w >= 0 {
				c.strokeWidth = w
			}
		case "stroke-dasharray":
			c.dash = parseDash(v, c.fontSize)
		case "stroke-dashoffset":
			if w, ok := parseLength(v, c.fontSize, 100); ok {
				c.dashOffset = w
			}
		case "stroke-linecap":
			c.lineCap = keyword(v, "butt", "round", "square")
		case "stroke-linejoin":
			c.lineJoin = keyword(v, "miter", "round", "bevel") // miter-clip and arcs: miter
		case "stroke-miterlimit":
			if f, ok := parseFloat(v); ok && f >= 1 {
				c.miterLimit = f
			}
		case "visibility":
			c.hidden = v == "hidden" || v == "collapse"
		case "display":
			c.displayNone = v == "none"
		case "clip-path":
			c.clipPath = urlRef(v)
		case "mask":
			c.mask = urlRef(v)
		case "transform":
			c.transform = v
		case "transform-origin":
			c.origin = v
		case "transform-box":
			c.refBox = parseRefBox(v)
		case "font-family":
			c.families = parseFamilies(v)
		case "font-weight":
			c.fontWeight = parseWeight(v, parent.fontWeight)
		case "font-style":
			c.italic = v == "italic" || v == "oblique"
		case "text-anchor":
			c.anchor = keyword(v, "start", "middle", "end")
		case "letter-spacing":
			if f, ok := parseLength(v, c.fontSize, 0); ok {
				c.letterSpacing = f
			}
		case "dominant-baseline":
			c.baseline = v
		case "marker-start":
			c.markers[0] = urlRef(v)
		case "marker-mid":
			c.markers[1] = urlRef(v)
		case "marker-end":
			c.markers[2] = urlRef(v)
		}
	}
	return c
}

// keyword returns the index of v among names, 0 when it is none of
// them (the first name is the initial value).
func keyword(v string, names ...string) uint8 {
	for i, n := range names {
		if v == n {
			return uint8(i)
		}
	}
	return 0
}

func parseColor(v string, current style.Color) (style.Color, bool) {
	if c, ok := hexColor(v); ok {
		return c, true // the common cases, without tokenizing
	}
	if isIdent(v) {
		return style.ParseColor(css.Token{Kind: css.Ident, Text: v}, current)
	}
	toks := css.TrimSpace(css.Tokenize(v, nil))
	if len(toks) != 1 {
		return style.Color{}, false
	}
	return style.ParseColor(toks[0], current)
}

// parsePaint parses a fill or stroke value; an invalid one keeps old.
func parsePaint(v string, old paint) paint {
	switch strings.ToLower(v) {
	case "none":
		return paint{none: true}
	case "currentcolor":
		return paint{current: true}
	}
	if strings.HasPrefix(v, "url(") {
		i := strings.IndexByte(v, ')')
		if i < 0 {
			return old
		}
		p := paint{ref: urlRef(v[:i+1])}
		rest := strings.TrimSpace(v[i+1:])
		switch {
		case rest == "none":
			p.hasFB, p.fallback = true, style.Color{}
		case rest != "":
			if col, ok := parseColor(rest, style.Color{A: 255}); ok {
				p.hasFB, p.fallback = true, col
			}
		}
		return p
	}
	if col, ok := parseColor(v, style.Color{A: 255}); ok {
		return paint{color: col}
	}
	return old
}

// urlRef returns the id of a url(#id) reference, or "".
func urlRef(v string) string {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "url(") || !strings.HasSuffix(v, ")") {
		return ""
	}
	v = strings.Trim(strings.TrimSpace(v[4:len(v)-1]), `"'`)
	if !strings.HasPrefix(v, "#") {
		return "" // external references are never fetched
	}
	return v[1:]
}

func parseOpacity(v string, old float64) float64 {
	pct := strings.HasSuffix(v, "%")
	f, ok := parseFloat(strings.TrimSuffix(v, "%"))
	if !ok {
		return old
	}
	if pct {
		f /= 100
	}
	return min(max(f, 0), 1)
}

// parseLength parses a length in user units; percentages resolve
// against pct (a percentage of 100 gives pct), em against em.
func parseLength(v string, em, pct float64) (float64, bool) {
	v = strings.TrimSpace(v)
	if v != "" && (v[len(v)-1] >= '0' && v[len(v)-1] <= '9' || v[len(v)-1] == '.') {
		return parseFloat(v) // a plain number: user units
	}
	units := [...]struct {
		suffix string
		k      float64
	}{{"px", 1}, {"pt", 4.0 / 3}, {"pc", 16}, {"mm", 96 / 25.4}, {"cm", 96 / 2.54}, {"in", 96}, {"em", em}, {"ex", em / 2}, {"%", pct / 100}}
	k := 1.0
	for _, u := range units {
		if strings.HasSuffix(v, u.suffix) {
			v, k = strings.TrimSpace(strings.TrimSuffix(v, u.suffix)), u.k
			break
		}
	}
	f, ok := parseFloat(v)
	return f * k, ok
}

func parseDash(v string, em float64) []float64 {
	if v == "none" {
		return nil
	}
	var out []float64
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		l, ok := parseLength(f, em, 100)
		if !ok || l < 0 {
			return nil
		}
		out = append(out, l)
	}
	sum := 0.0
	for _, l := range out {
		sum += l
	}
	if sum == 0 || len(out) > 1000 {
		return nil
	}
	if len(out)%2 == 1 {
		out = append(out, out...)
	}
	return out
}

func parseFamilies(v string) []string {
	var out []string
	for _, f := range strings.Split(v, ",") {
		f = strings.Trim(strings.TrimSpace(f), `"'`)
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

func parseWeight(v string, parent int) int {
	switch v {
	case "normal":
		return 400
	case "bold":
		return 700
	case "bolder":
		return min(parent+300, 900)
	case "lighter":
		return max(parent-300, 100)
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 1 && n <= 1000 {
		return n
	}
	return parent
}

// hexColor parses #rgb and #rrggbb.
func hexColor(v string) (style.Color, bool) {
	if len(v) != 4 && len(v) != 7 || v[0] != '#' {
		return style.Color{}, false
	}
	var d [6]uint8
	n := 0
	for i := 1; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= '0' && c <= '9':
			d[n] = c - '0'
		case c >= 'a' && c <= 'f':
			d[n] = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d[n] = c - 'A' + 10
		default:
			return style.Color{}, false
		}
		n++
	}
	if n == 3 {
		return style.Color{R: d[0] * 17, G: d[1] * 17, B: d[2] * 17, A: 255}, true
	}
	return style.Color{R: d[0]<<4 | d[1], G: d[2]<<4 | d[3], B: d[4]<<4 | d[5], A: 255}, true
}

// isIdent reports whether v is a plain keyword (a colour name).
func isIdent(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return v != ""
}

// fontShorthand applies the font shorthand v: [style] [weight] size
// [/line-height] family (CSS Fonts 3 §3.7); an invalid value is ignored.
func (c *computed) fontShorthand(v string, parent *computed) {
	f := strings.Fields(v)
	italic, weight := false, 400
	for len(f) > 0 {
		switch w := f[0]; {
		case w == "italic" || w == "oblique":
			italic = true
		case w == "normal" || w == "small-caps":
		case parseWeight(w, -1) != -1:
			weight = parseWeight(w, 400)
		default:
			goto size
		}
		f = f[1:]
	}
size:
	if len(f) < 2 {
		return
	}
	sz, _, _ := strings.Cut(f[0], "/")
	px, ok := parseLength(sz, parent.fontSize, parent.fontSize)
	if !ok || px <= 0 {
		return
	}
	c.italic, c.fontWeight, c.fontSize = italic, weight, px
	c.families = parseFamilies(strings.Join(f[1:], " "))
}
