package style

import (
	"context"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
	"github.com/seed28491532/folio/internal/slab"
)

//go:embed ua.css
var uaCSS string

// maxImportDepth bounds chains of @import.
const maxImportDepth = 16

// uaSheet is the parsed user-agent stylesheet (immutable once built).
var uaSheet = sync.OnceValue(func() *css.Stylesheet {
	sheet, _ := css.Parse(uaCSS, css.ParseOptions{})
	return sheet
})

// uaRules holds the user-agent stylesheet converted to cascade entries;
// built once and shared read-only by every Compute.
type uaRules struct {
	entries []*entry
	pseudo  map[string][]*entry
	pages   []*pageEntry
	order   int32
	// plainPage holds the declarations of the sheet's plain @page rules
	// (no selector), which set the default page box (see defaultPage)
	plainPage []cdecl
}

var uaCascade = sync.OnceValue(func() *uaRules {
	col := &collector{pseudo: map[string][]*entry{}}
	col.v = newValidator(col.report)
	col.env = css.MediaEnv{Width: 595.28, Height: 841.89}
	col.addSheet(sheetSource{name: "user-agent stylesheet", sheet: uaSheet(), origin: originUA}, nil)
	ua := &uaRules{entries: col.entries, pseudo: col.pseudo, pages: col.pages, order: col.order}
	for _, r := range uaSheet().Rules {
		if pr, ok := r.(*css.PageRule); ok && len(pr.Selectors) == 0 {
			ua.plainPage = append(ua.plainPage, col.v.convert(pr.Decls, true)...)
		}
	}
	return ua
})

// sheetSource is one stylesheet of the document in cascade order.
type sheetSource struct {
	name   string
	sheet  *css.Stylesheet
	origin origin
	base   string
	media  css.MediaList
	// owned is true for sheets this Compute parsed: their rules are
	// dropped as they are converted, which keeps the peak memory of a
	// large stylesheet down (the UA sheet is shared and kept).
	owned bool
	// id is the sheet's id in Options.Sheets (0: not held there);
	// mediaText the media attribute it came with.
	id        uint64
	mediaText string
}

// collector gathers stylesheets and converts their rules to entries.
type collector struct {
	ctx    context.Context
	opts   Options
	diags  []Diagnostic
	order  int32
	env    css.MediaEnv
	v      *validator
	source string // current stylesheet name for diagnostics

	entries []*entry
	// layer is the cascade layer rules are being added to (nil: none);
	// layers is the root of the layer tree.
	layer  *layerNode
	layers layerNode
	pseudo map[string][]*entry
	pages  []*pageEntry
	faces  []FontFace
	// counterStyles are the @counter-style rules by name (the last wins)
	counterStyles map[string]*CounterStyle
	// imported is set when a sheet has @import rules: what they load may
	// change from one document to the next
	imported bool
	// workers bounds the goroutines that parse a large stylesheet and
	// convert its rules
	workers int
	// pre holds style rules converted ahead of addRules (see preconvert)
	pre map[*css.StyleRule]*preconverted
	// elements counts the document's elements; sizes holds the elements
	// under the elements near the root (see documentSheets)
	elements int
	sizes    map[*html.Node]int
	// entrySlab hands out rule index entries (newEntry).
	entrySlab slab.Slab[entry]
}

func (c *collector) report(pos css.Pos, msg string) {
	c.diags = append(c.diags, Diagnostic{Source: c.source, Line: pos.Line, Column: pos.Col, Message: msg})
}

// parse parses the stylesheet src (through Options.Sheets when set),
// reporting its problems under name. owned is false when the sheet is
// shared with other Computes and must not be modified.
func (c *collector) parse(name, src string) (sheet *css.Stylesheet, owned bool, id uint64) {
	sheet, diags, shared, id := c.opts.Sheets.parse(src, func(src string) (*css.Stylesheet, []css.Diagnostic) {
		return css.Parse(src, css.ParseOptions{Supports: supportsDecl, ShareValues: true, Workers: c.workers})
	})
	for _, d := range diags {
		c.diags = append(c.diags, Diagnostic{Source: name, Line: d.Line, Column: d.Col, Message: d.Message})
	}
	return sheet, !shared, id
}

// parsedSheet returns the source of a stylesheet parsed from src.
func (c *collector) parsedSheet(name, src string, s sheetSource) sheetSource {
	s.name = name
	s.sheet, s.owned, s.id = c.parse(name, src)
	return s
}

// sizeDepth is the depth (the root element's is 1) down to which
// documentSheets records the element counts of subtrees, for planSplit.
const sizeDepth = 3

// documentSheets finds <style> and <link rel=stylesheet> in tree order.
// On the way it counts the document's elements (c.elements) and those
// under each element down to sizeDepth (c.sizes).
func (c *collector) documentSheets(doc *html.Node) []sheetSource {
	var out []sheetSource
	styleN := 0
	c.sizes = make(map[*html.Node]int)
	var walk func(n *html.Node, depth int, inert bool) int
	walk = func(n *html.Node, depth int, inert bool) int {
		if !inert && n.Type == html.ElementNode && n.Namespace == "" {
			switch n.Data {
			case "style":
				styleN++
				typ := strings.ToLower(strings.TrimSpace(attr(n, "type")))
				if typ == "" || typ == "text/css" {
					name := fmt.Sprintf("<style> #%d", styleN)
					out = append(out, c.parsedSheet(name, styleText(n), sheetSource{origin: originAuthor, base: c.opts.BaseURL, media: mediaAttr(n), mediaText: attr(n, "media")}))
				}
			case "link":
				if hasToken(attr(n, "rel"), "stylesheet") && !hasToken(attr(n, "rel"), "alternate") {
					href := strings.TrimSpace(attr(n, "href"))
					if href == "" {
						break
					}
					if c.opts.Loader == nil {
						c.diags = append(c.diags, Diagnostic{Source: href, Message: "linked stylesheet not loaded: no resource loader"})
						break
					}
					data, resolved, err := c.opts.Loader.Load(c.ctx, href, c.opts.BaseURL)
					if err != nil {
						c.diags = append(c.diags, Diagnostic{Source: href, Message: fmt.Sprintf("linked stylesheet not loaded: %v", err)})
						break
					}
					out = append(out, c.parsedSheet(resolved, string(data), sheetSource{origin: originAuthor, base: resolved, media: mediaAttr(n), mediaText: attr(n, "media")}))
				}
			}
		}
		if n.Type == html.ElementNode && n.Data == "template" {
			inert = true // no stylesheets in its contents, but elements
		}
		count := 0
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.Type == html.ElementNode {
				count += 1 + walk(ch, depth+1, inert)
			}
		}
		if depth > 0 && depth <= sizeDepth {
			c.sizes[n] = count
		}
		return count
	}
	c.elements = walk(doc, 0, false)
	if c.opts.UserCSS != "" {
		out = append(out, c.parsedSheet("user CSS", c.opts.UserCSS, sheetSource{origin: originAuthor, base: c.opts.BaseURL}))
	}
	return out
}

// childText returns the text of n's text children (without copying it
// when there is one, the usual case for a large <style>).
// styleText is the style sheet of a <style> element. XHTML documents
// (EPUB chapters, .xht files) wrap it in a CDATA section, which an XML
// parser removes; the HTML parser keeps "<![CDATA[" and "]]>" as text,
// where they would spoil the first and last rules, so they are removed
// here.
func styleText(n *html.Node) string {
	s := childText(n)
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "<![CDATA[") && strings.HasSuffix(t, "]]>") {
		return t[len("<![CDATA[") : len(t)-len("]]>")]
	}
	return s
}

func childText(n *html.Node) string {
	if c := n.FirstChild; c != nil && c.NextSibling == nil && c.Type == html.TextNode {
		return c.Data
	}
	var b strings.Builder
	for t := n.FirstChild; t != nil; t = t.NextSibling {
		if t.Type == html.TextNode {
			b.WriteString(t.Data)
		}
	}
	return b.String()
}

func mediaAttr(n *html.Node) css.MediaList {
	m := attr(n, "media")
	if strings.TrimSpace(m) == "" {
		return css.MediaList{}
	}
	return css.ParseMediaList(css.Tokenize(m, nil))
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name && a.Namespace == "" {
			return a.Val
		}
	}
	return ""
}

func hasToken(list, tok string) bool {
	for _, f := range strings.Fields(list) {
		if strings.EqualFold(f, tok) {
			return true
		}
	}
	return false
}

// addSheet converts the rules of a sheet (recursing into @media and
// @import) into entries.
func (c *collector) addSheet(src sheetSource, chain []string) {
	if !src.media.Matches(c.env) {
		return
	}
	c.source = src.name
	c.addRules(src, src.sheet.Rules, chain)
}

func (c *collector) addRules(src sheetSource, rules []css.Rule, chain []string) {
	for i, r := range rules {
		if src.owned {
			rules[i] = nil
		}
		c.source = src.name
		switch r := r.(type) {
		case *css.StyleRule:
			var decls []cdecl
			if p := c.pre[r]; p != nil {
				for _, d := range p.diags {
					c.report(d.pos, d.msg)
				}
				decls = p.decls
			} else {
				decls = c.v.convert(r.Decls, false)
			}
			if len(decls) == 0 {
				continue
			}
			c.order++
			for _, sel := range r.Selectors {
				e := c.newEntry()
				*e = entry{sel: sel, decls: decls, origin: src.origin, order: c.order, layer: c.layer}
				switch sel.Pseudo {
				case "":
					c.entries = append(c.entries, e)
				case "before", "after", "marker", "first-letter", "first-line", "footnote-call", "footnote-marker":
					c.pseudo[sel.Pseudo] = append(c.pseudo[sel.Pseudo], e)
				default:
					// UI pseudo-elements are parsed but not applied.
				}
			}
		case *css.MediaRule:
			if r.Media.Matches(c.env) {
				c.addRules(src, r.Rules, chain)
			}
		case *css.LayerRule:
			if !r.Block {
				for _, n := range r.Names {
					c.layerNamed(n)
				}
				continue
			}
			saved := c.layer
			c.layer = c.layerNamed(r.Name)
			c.addRules(src, r.Rules, chain)
			c.layer = saved
		case *css.PageRule:
			c.order++
			pe := &pageEntry{sels: r.Selectors, decls: c.v.convert(r.Decls, true), origin: src.origin, order: c.order}
			for _, m := range r.Margins {
				i := css.MarginBoxIndex(m.Name)
				if i < 0 { // @footnote (css-gcpm-3 §2.3)
					pe.footnote = append(pe.footnote, c.v.convert(m.Decls, false)...)
					continue
				}
				pe.margins[i] = append(pe.margins[i], c.v.convert(m.Decls, false)...)
			}
			c.pages = append(c.pages, pe)
		case *css.FontFaceRule:
			if ff, ok := c.fontFace(r, src.base); ok {
				c.faces = append(c.faces, ff)
			}
		case *css.CounterStyleRule:
			if cs, ok := c.counterStyle(r); ok {
				if c.counterStyles == nil {
					c.counterStyles = map[string]*CounterStyle{}
				}
				c.counterStyles[strings.ToLower(cs.Name)] = cs
			}
		case *css.ImportRule:
			c.importSheet(src, r, chain)
		}
	}
}

// newEntry returns storage for a rule index entry, cut from blocks that
// grow from 8 to 128 entries (entries live as long as their rule set).
func (c *collector) newEntry() *entry { return c.entrySlab.One(8, 128) }

func (c *collector) importSheet(src sheetSource, r *css.ImportRule, chain []string) {
	c.imported = true
	if !r.Media.Matches(c.env) {
		return
	}
	fail := func(msg string) {
		c.diags = append(c.diags, Diagnostic{Source: src.name, Line: r.Pos.Line, Column: r.Pos.Col, Message: msg})
	}
	if c.opts.Loader == nil {
		fail(fmt.Sprintf("@import %q not loaded: no resource loader", r.URL))
		return
	}
	if len(chain) >= maxImportDepth {
		fail(fmt.Sprintf("@import %q not loaded: imports nested deeper than %d", r.URL, maxImportDepth))
		return
	}
	data, resolved, err := c.opts.Loader.Load(c.ctx, r.URL, src.base)
	if err != nil {
		fail(fmt.Sprintf("@import %q not loaded: %v", r.URL, err))
		return
	}
	for _, u := range chain {
		if u == resolved {
			fail(fmt.Sprintf("@import %q not loaded: import loop", r.URL))
			return
		}
	}
	sub := c.parsedSheet(resolved, string(data), sheetSource{origin: src.origin, base: resolved})
	saved := c.layer
	if r.HasLayer {
		c.layer = c.layerNamed(r.Layer)
	}
	c.addSheet(sub, append(chain[:len(chain):len(chain)], resolved))
	c.layer = saved
	c.source = src.name
}

// layerNode is one cascade layer; its children are its sublayers in order
// of first appearance.
type layerNode struct {
	kids   []*layerNode
	byName map[string]*layerNode
	rank   uint8
}

// layerNamed returns the layer name (dotted path; "" anonymous) relative to
// the current layer, creating it in order of first appearance.
func (c *collector) layerNamed(name string) *layerNode {
	parent := c.layer
	if parent == nil {
		parent = &c.layers
	}
	if name == "" {
		n := &layerNode{}
		parent.kids = append(parent.kids, n)
		return n
	}
	cur := parent
	for _, part := range strings.Split(name, ".") {
		if cur.byName == nil {
			cur.byName = map[string]*layerNode{}
		}
		n := cur.byName[part]
		if n == nil {
			n = &layerNode{}
			cur.byName[part] = n
			cur.kids = append(cur.kids, n)
		}
		cur = n
	}
	return cur
}

// rankLayers numbers the layers for the cascade: sublayers before their
// parent's own rules (post-order), unlayered rules last (255).
func (c *collector) rankLayers() {
	next := 0
	var walk func(n *layerNode)
	walk = func(n *layerNode) {
		for _, k := range n.kids {
			walk(k)
		}
		n.rank = uint8(min(next, 254))
		next++
	}
	for _, k := range c.layers.kids {
		walk(k)
	}
	for _, e := range c.entries {
		if e.origin == originUA {
			continue // shared between documents; UA rules are unlayered
		}
		if e.layer == nil {
			e.layerRank = 255
		} else {
			e.layerRank = e.layer.rank
		}
	}
	for _, es := range c.pseudo {
		for _, e := range es {
			if e.origin == originUA {
				continue
			}
			if e.layer == nil {
				e.layerRank = 255
			} else {
				e.layerRank = e.layer.rank
			}
		}
	}
}
