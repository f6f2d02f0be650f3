package style

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

// hints returns the presentational hints of n's HTML attributes (HTML
// §15.3: align, valign, bgcolor, nowrap, width/height of tables and
// cells, table border/cellspacing/cellpadding, font color/size/face, body
// text/bgcolor, hr size/color/noshade) as author-level declarations that
// every author rule overrides. Image width/height and list start/value
// are read by layout from the attributes directly.
func (w *walker) hints(n *html.Node) []cdecl {
	if n.Namespace != "" {
		return nil
	}
	var b strings.Builder
	add := func(prop, val string) {
		b.WriteString(prop)
		b.WriteByte(':')
		b.WriteString(val)
		b.WriteByte(';')
	}
	tag := n.Data
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		v := strings.TrimSpace(a.Val)
		switch a.Key {
		case "align":
			switch tag {
			case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "tbody", "thead", "tfoot", "caption", "legend":
				switch strings.ToLower(v) {
				case "left", "right", "center", "justify":
					add("text-align", strings.ToLower(v))
				case "middle":
					add("text-align", "center")
				}
			case "table":
				switch strings.ToLower(v) {
				case "center":
					add("margin-left", "auto")
					add("margin-right", "auto")
				case "left", "right":
					add("float", strings.ToLower(v))
				}
			}
		case "clear":
			// HTML §15.3.2: br[clear] clears floats after the break
			if tag == "br" {
				switch strings.ToLower(v) {
				case "left", "right":
					add("clear", strings.ToLower(v))
				case "all", "both":
					add("clear", "both")
				}
			}
		case "valign":
			switch tag {
			case "td", "th", "tr", "tbody", "thead", "tfoot", "col", "colgroup":
				switch strings.ToLower(v) {
				case "top", "middle", "bottom", "baseline":
					add("vertical-align", strings.ToLower(v))
				}
			}
		case "bgcolor":
			switch tag {
			case "body", "table", "tr", "td", "th", "tbody", "thead", "tfoot":
				if c, ok := legacyColor(v); ok {
					add("background-color", c)
				}
			}
		case "text":
			if tag == "body" {
				if c, ok := legacyColor(v); ok {
					add("color", c)
				}
			}
		case "color":
			switch tag {
			case "font", "hr":
				if c, ok := legacyColor(v); ok {
					if tag == "hr" {
						add("border-color", c)
						add("background-color", c)
					} else {
						add("color", c)
					}
				}
			}
		case "face":
			if tag == "font" && v != "" {
				var fams []string
				for _, f := range strings.Split(v, ",") {
					if f = strings.TrimSpace(f); f != "" {
						fams = append(fams, strconv.Quote(f))
					}
				}
				add("font-family", strings.Join(fams, ","))
			}
		case "size":
			switch tag {
			case "font":
				if sz, ok := legacyFontSize(v); ok {
					add("font-size", sz)
				}
			case "hr":
				if px, ok := dimension(v, false); ok {
					add("height", px)
				}
			}
		case "noshade":
			if tag == "hr" {
				add("border-style", "solid")
			}
		case "nowrap":
			if tag == "td" || tag == "th" {
				add("white-space", "nowrap")
			}
		case "width":
			switch tag {
			case "table", "td", "th", "col", "colgroup", "hr":
				if d, ok := dimension(v, true); ok {
					add("width", d)
				}
			}
		case "height":
			switch tag {
			case "table", "td", "th", "tr":
				if d, ok := dimension(v, true); ok {
					add("height", d)
				}
			}
		case "border":
			if tag == "table" {
				px := "1px"
				if d, ok := dimension(v, false); ok {
					px = d
				}
				add("border", px+" outset gray")
			}
		case "cellspacing":
			if tag == "table" {
				if d, ok := dimension(v, false); ok {
					add("border-spacing", d)
				}
			}
		}
	}
	if tag == "td" || tag == "th" {
		if t := enclosingTable(n); t != nil {
			if v, ok := attrOK(t, "cellpadding"); ok {
				if d, ok := dimension(v, false); ok {
					add("padding", d)
				}
			}
			if v, ok := attrOK(t, "border"); ok {
				if d, ok := dimension(v, false); !ok || d != "0px" {
					add("border", "1px inset gray")
				}
			}
		}
	}
	if b.Len() == 0 {
		return nil
	}
	text := b.String()
	if out, ok := w.hintMemoGet(text); ok {
		return out
	}
	decls, _ := css.ParseDeclarations(text)
	saved := w.col.v.report
	w.col.v.report = func(css.Pos, string) {} // hints are best effort, never diagnostics
	out := w.col.v.convert(decls, false)
	w.col.v.report = saved
	return w.hintMemoPut(text, out)
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// enclosingTable returns the table element of a cell.
func enclosingTable(n *html.Node) *html.Node {
	for p, i := n.Parent, 0; p != nil && i < 4; p, i = p.Parent, i+1 {
		if p.Type == html.ElementNode && p.Data == "table" {
			return p
		}
	}
	return nil
}

// dimension parses an HTML length attribute: digits (pixels) or, when pct,
// a percentage.
func dimension(v string, pct bool) (string, bool) {
	v = strings.TrimSpace(v)
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.') {
		i++
	}
	if i == 0 {
		return "", false
	}
	num := v[:i]
	if _, err := strconv.ParseFloat(num, 64); err != nil {
		return "", false
	}
	if i < len(v) && v[i] == '%' {
		if !pct {
			return "", false
		}
		return num + "%", true
	}
	return num + "px", true
}

// legacyColor accepts a color attribute: a CSS color name or #hex, or hex
// digits without the #.
func legacyColor(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if v == "" || strings.ContainsAny(v, ";{}()") {
		return "", false
	}
	if _, ok := namedColors[strings.ToLower(v)]; ok {
		return v, true
	}
	h := strings.TrimPrefix(v, "#")
	if len(h) == 3 || len(h) == 6 {
		if _, ok := parseHex(h); ok {
			return "#" + h, true
		}
	}
	return "", false
}

// legacyFontSize maps <font size> 1–7 (or ±n relative to 3).
func legacyFontSize(v string) (string, bool) {
	v = strings.TrimSpace(v)
	rel := 0
	if strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") {
		rel = 1
		if v[0] == '-' {
			rel = -1
		}
		v = v[1:]
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return "", false
	}
	if rel != 0 {
		n = 3 + rel*n
	}
	n = max(1, min(7, n))
	return [...]string{"", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large"}[n], true
}
