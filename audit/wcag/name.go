package wcag

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxNameLen bounds how much text a computed name collects; names only
// need to be compared against empty, vague or alt text, so a prefix does.
const maxNameLen = 512

// maxNameDepth bounds how deep one name computation recurses into the
// names of embedded elements (images, controls, owned options).
const maxNameDepth = 32

// nameCtx is the state of one accessible-name computation: nested is set
// inside the text of an aria-labelledby target or a label, where accname
// follows neither again (so references cannot loop), depth counts the
// recursion into embedded elements, and seen holds the options already
// named through a listbox's value (made when first needed).
type nameCtx struct {
	nested bool
	depth  int
	seen   map[*html.Node]bool
}

// deeper is ctx one level of recursion down.
func (ctx nameCtx) deeper() nameCtx {
	ctx.depth++
	return ctx
}

// nestedIn is ctx one level down, inside a label or labelledby text.
func (ctx nameCtx) nestedIn() nameCtx {
	ctx.depth++
	ctx.nested = true
	return ctx
}

// accessibleName computes a simplified accessible name (after W3C accname):
// aria-labelledby, then aria-label, then the element's native text
// alternative (alt for images, a label for form controls, caption for
// tables), then its content for roles named from content, then title.
func (c *checker) accessibleName(n *html.Node, fromContent bool) string {
	return c.nameOf(n, fromContent, nameCtx{})
}

// nameOf is accessibleName within the computation ctx.
func (c *checker) nameOf(n *html.Node, fromContent bool, ctx nameCtx) string {
	if ctx.depth > maxNameDepth {
		return ""
	}
	if ids := strings.Fields(attrVal(n, "aria-labelledby")); len(ids) > 0 && !ctx.nested {
		var parts []string
		in := ctx.nestedIn()
		for _, id := range ids {
			ref := c.byID(id)
			if ref == nil {
				continue
			}
			// a control named directly gives its value (accname 1.2,
			// embedded control)
			t, isControl := "", false
			if ref != n {
				t, isControl = c.controlValue(ref, in)
			}
			if !isControl {
				t = c.textIn(ref, nil, in)
			}
			if t != "" {
				parts = append(parts, t)
			}
		}
		if s := collapse(strings.Join(parts, " ")); s != "" {
			return s
		}
	}
	if s := collapse(attrVal(n, "aria-label")); s != "" {
		return s
	}
	if n.Namespace == "" {
		switch n.DataAtom {
		case atom.Img, atom.Area:
			if s := collapse(attrVal(n, "alt")); s != "" {
				return s
			}
		case atom.Input:
			t := strings.ToLower(strings.TrimSpace(attrVal(n, "type")))
			switch t {
			case "image":
				if s := collapse(attrVal(n, "alt")); s != "" {
					return s
				}
				if s := c.labelTextIn(n, ctx); s != "" {
					return s
				}
			case "submit", "reset", "button":
				if s := c.labelTextIn(n, ctx); s != "" {
					return s
				}
				if v, ok := attr(n, "value"); ok && collapse(v) != "" {
					return collapse(v)
				}
				if t == "submit" {
					return "Submit"
				}
				if t == "reset" {
					return "Reset"
				}
			default:
				if s := c.labelTextIn(n, ctx); s != "" {
					return s
				}
			}
		case atom.Select, atom.Textarea, atom.Button, atom.Meter, atom.Progress, atom.Output:
			if s := c.labelTextIn(n, ctx); s != "" {
				return s
			}
		}
	}
	if n.Namespace == "svg" && n.Data == "svg" {
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.Type == html.ElementNode && ch.Data == "title" {
				if s := c.textIn(ch, nil, ctx.deeper()); s != "" {
					return s
				}
			}
		}
	}
	if fromContent {
		if s := c.textIn(n, nil, ctx); s != "" {
			return s
		}
	}
	return collapse(attrVal(n, "title"))
}

// labelText returns the text of the label elements of form control n:
// label[for=id] and an enclosing label. The label's text includes the
// values of other controls inside it (accname 1.2, embedded controls).
func (c *checker) labelText(n *html.Node) string {
	return c.labelTextIn(n, nameCtx{})
}

// labelTextIn is labelText within the computation ctx: "" when nested in
// another label or aria-labelledby text.
func (c *checker) labelTextIn(n *html.Node, ctx nameCtx) string {
	if ctx.nested {
		return ""
	}
	in := ctx.nestedIn()
	var parts []string
	if id := attrVal(n, "id"); id != "" {
		for _, l := range c.labels[id] {
			parts = append(parts, c.textIn(l, n, in))
		}
	}
	if l := closest(n.Parent, atom.Label); l != nil {
		parts = append(parts, c.textIn(l, n, in))
	}
	return collapse(strings.Join(parts, " "))
}

// textName returns the name n gets from its content: its text and the text
// alternatives of the images and named elements inside it, skipping hidden
// content.
func (c *checker) textName(n *html.Node) string {
	return c.textNameExcept(n, nil)
}

// textNameExcept is textName leaving out the subtree of skip.
func (c *checker) textNameExcept(n, skip *html.Node) string {
	return c.textIn(n, skip, nameCtx{})
}

// textIn is textNameExcept within the computation ctx.
func (c *checker) textIn(n, skip *html.Node, ctx nameCtx) string {
	if ctx.depth > maxNameDepth {
		return ""
	}
	if ch := n.FirstChild; ch != nil && ch == n.LastChild && ch != skip && ch.Type == html.TextNode {
		return collapse(ch.Data) // one text: the walk below would give the same
	}
	var b strings.Builder
	var buf [16]*html.Node
	stack := buf[:0]
	for ch := n.LastChild; ch != nil; ch = ch.PrevSibling {
		stack = append(stack, ch)
	}
	for len(stack) > 0 && b.Len() < maxNameLen {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cur == nil {
			b.WriteString(" ")
			continue
		}
		if cur == skip {
			continue
		}
		switch cur.Type {
		case html.TextNode:
			b.WriteString(cur.Data)
			continue
		case html.ElementNode:
		default:
			continue
		}
		if c.isHidden(cur) || ariaHiddenTrue(cur) {
			continue
		}
		if v, ok := c.controlValue(cur, ctx.deeper()); ok {
			b.WriteString(" " + v + " ")
			continue
		}
		if cur.Namespace == "" {
			switch cur.DataAtom {
			case atom.Script, atom.Style, atom.Template, atom.Noscript:
				continue
			case atom.Img, atom.Area, atom.Input, atom.Select, atom.Textarea:
				b.WriteString(" ")
				if cur.DataAtom == atom.Img || isImageInput(cur) {
					b.WriteString(c.nameOf(cur, false, ctx.deeper()))
				} else if embeddedLabelled(cur) {
					b.WriteString(collapse(attrVal(cur, "aria-label")))
				}
				b.WriteString(" ")
				continue
			}
		}
		if s := collapse(attrVal(cur, "aria-label")); s != "" {
			b.WriteString(" " + s + " ")
			continue
		}
		if cur.Namespace == "svg" && cur.Data == "svg" {
			b.WriteString(" " + c.nameOf(cur, false, ctx.deeper()) + " ")
			continue
		}
		b.WriteString(" ")
		stack = append(stack, nil) // separator after the element's content
		for ch := cur.LastChild; ch != nil; ch = ch.PrevSibling {
			stack = append(stack, ch)
		}
	}
	return collapse(b.String())
}

// embeddedLabelled reports whether form control n, met inside content
// that names another element, gives its aria-label to that name: accname
// uses the aria-label of an embedded control unless the control is one
// whose value it takes instead (text fields, selects, ranges: see
// controlValue).
func embeddedLabelled(n *html.Node) bool {
	if !isHTML(n, atom.Input) || strings.TrimSpace(attrVal(n, "aria-label")) == "" {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(attrVal(n, "type"))) {
	case "checkbox", "radio", "button", "submit", "reset", "file", "color":
		return true
	}
	return false
}

// isImageInput reports whether n is <input type=image>.
func isImageInput(n *html.Node) bool {
	return isHTML(n, atom.Input) && strings.EqualFold(strings.TrimSpace(attrVal(n, "type")), "image")
}
