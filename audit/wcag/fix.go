package wcag

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FixOptions carries what the request knows about the document; Fix never
// guesses these.
type FixOptions struct {
	// Lang is the request's language (a BCP 47 tag); "" leaves a missing
	// or invalid html lang alone.
	Lang string
	// Title is the request's title; "" falls back to the first h1.
	Title string
}

// Fix applies the repairs that are safe without a human and returns a
// description of each one applied, in document order:
//
//   - lang on the html element from opts.Lang when it is missing, empty or
//     invalid (never guessed from the content);
//   - a <title> from opts.Title, else from the first h1, when the title is
//     missing or empty;
//   - scope on th cells whose role is unambiguous: scope="col" in thead or
//     in a first row made only of th, scope="row" for a th that starts a
//     body row of td cells;
//   - a <caption> for a table without one, from its aria-label or from a
//     heading right before the table;
//   - alt on images inside links that lack it: the link's aria-label or
//     title when the image is the link's only content, alt="" when the
//     link has text of its own that names it.
//
// Everything else is left to a person. Fix changes doc in place.
func Fix(doc *html.Node, opts FixOptions) []string {
	if doc == nil {
		return nil
	}
	var fixes []string
	root := (&checker{doc: doc}).htmlElement()
	if root == nil {
		return nil
	}
	if lang := strings.TrimSpace(opts.Lang); lang != "" && ValidLang(lang) {
		cur := strings.TrimSpace(attrVal(root, "lang"))
		if cur == "" || !ValidLang(cur) {
			setAttr(root, "lang", lang)
			if cur == "" {
				fixes = append(fixes, fmt.Sprintf("html-has-lang: set lang=%q on <html> from the request", lang))
			} else {
				fixes = append(fixes, fmt.Sprintf("html-lang-valid: replaced lang=%q on <html> by %q from the request", cur, lang))
			}
		}
	}
	if f := fixTitle(doc, root, opts.Title); f != "" {
		fixes = append(fixes, f)
	}
	var tables, imgs []*html.Node
	for n := range elements(doc) {
		switch {
		case isHTML(n, atom.Table) && !isPresentational(n):
			tables = append(tables, n)
		case isHTML(n, atom.Img) && !hasAttr(n, "alt"):
			imgs = append(imgs, n)
		}
	}
	for _, t := range tables {
		fixes = append(fixes, fixTable(t)...)
	}
	for _, img := range imgs {
		if f := fixLinkImage(img); f != "" {
			fixes = append(fixes, f)
		}
	}
	return fixes
}

// fixTitle adds or fills the title element.
func fixTitle(doc, root *html.Node, requested string) string {
	t := firstElement(doc, atom.Title)
	c := &checker{doc: doc}
	if t != nil && c.textPrefix(t, 8) != "" {
		return ""
	}
	text, from := collapse(requested), "the request"
	if text == "" {
		if h1 := firstElement(doc, atom.H1); h1 != nil {
			text, from = c.textName(h1), "the first <h1>"
		}
	}
	if text == "" {
		return ""
	}
	if t == nil {
		head := firstElement(root, atom.Head)
		if head == nil {
			head = &html.Node{Type: html.ElementNode, Data: "head", DataAtom: atom.Head}
			root.InsertBefore(head, root.FirstChild)
		}
		t = &html.Node{Type: html.ElementNode, Data: "title", DataAtom: atom.Title}
		head.AppendChild(t)
	}
	for ch := t.FirstChild; ch != nil; {
		next := ch.NextSibling
		t.RemoveChild(ch)
		ch = next
	}
	t.AppendChild(&html.Node{Type: html.TextNode, Data: text})
	return fmt.Sprintf("document-title: set <title> to %q from %s", text, from)
}

// fixTable adds unambiguous scopes and a caption to table t.
func fixTable(t *html.Node) []string {
	var fixes []string
	m := buildTable(t)
	cols, rows := 0, 0
	for _, ce := range m.cells {
		if !ce.header || hasAttr(ce.n, "scope") {
			continue
		}
		switch {
		case ce.inHead || (ce.row == 0 && rowAllHeaders(m, 0) && m.rows > 1):
			setAttr(ce.n, "scope", "col")
			cols++
		case ce.col == 0 && !ce.inHead && rowDataAfterFirst(m, ce):
			setAttr(ce.n, "scope", "row")
			rows++
		}
	}
	c := &checker{}
	label := collapse(attrVal(t, "aria-label"))
	if label == "" {
		label = truncate(c.textName(t), 30)
	}
	if cols > 0 {
		fixes = append(fixes, fmt.Sprintf("th-has-scope: added scope=\"col\" to %d column header cell(s) of the table %q", cols, label))
	}
	if rows > 0 {
		fixes = append(fixes, fmt.Sprintf("th-has-scope: added scope=\"row\" to %d row header cell(s) of the table %q", rows, label))
	}
	for _, ch := range childElements(t) {
		if isHTML(ch, atom.Caption) {
			return fixes
		}
	}
	text, from := collapse(attrVal(t, "aria-label")), "its aria-label"
	if text == "" {
		if h := previousElement(t); h != nil && headingLevel(h) > 0 {
			text, from = c.textName(h), "the heading before it"
		}
	}
	if text == "" {
		return fixes
	}
	capt := &html.Node{Type: html.ElementNode, Data: "caption", DataAtom: atom.Caption}
	capt.AppendChild(&html.Node{Type: html.TextNode, Data: text})
	t.InsertBefore(capt, t.FirstChild)
	return append(fixes, fmt.Sprintf("table-caption: added <caption>%s</caption> from %s", text, from))
}

// rowDataAfterFirst reports whether th cell ce starts a row whose other
// cells are all td (so it heads that row).
func rowDataAfterFirst(m *tableModel, ce cell) bool {
	others := 0
	for _, o := range m.cells {
		if o.row != ce.row || o.n == ce.n {
			continue
		}
		if o.header {
			return false
		}
		others++
	}
	return others > 0
}

// previousElement returns the element sibling before n, skipping white
// space and comments; nil when text or nothing comes first.
func previousElement(n *html.Node) *html.Node {
	for p := n.PrevSibling; p != nil; p = p.PrevSibling {
		switch p.Type {
		case html.ElementNode:
			return p
		case html.TextNode:
			if strings.TrimSpace(p.Data) != "" {
				return nil
			}
		}
	}
	return nil
}

// fixLinkImage gives an alt-less image inside a link an alt text from the
// link.
func fixLinkImage(img *html.Node) string {
	a := closest(img.Parent, atom.A)
	if a == nil || !hasAttr(a, "href") {
		return ""
	}
	c := &checker{}
	if text := c.textNameExcept(a, img); text != "" {
		setAttr(img, "alt", "")
		return fmt.Sprintf("image-alt: set alt=\"\" on the image in the link %q (the link text names it)", truncate(text, 40))
	}
	name := collapse(attrVal(a, "aria-label"))
	if name == "" {
		name = collapse(attrVal(a, "title"))
	}
	if name == "" {
		return ""
	}
	setAttr(img, "alt", name)
	return fmt.Sprintf("image-alt: set alt=%q on the image-only link from the link's label", name)
}
