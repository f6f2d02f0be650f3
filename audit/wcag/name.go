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

// nameCtx is the state of one accessible-name computation: byRoot is
// the aria-labelledby target whose text is being computed (accname does
// not follow aria-labelledby again inside it), labelRoot the label whose
// text is being computed (labels are not followed again inside it
// either), so references cannot loop: each kind is taken once, and never
// back to the element already being read. depth counts the recursion
// into embedded elements, and seen holds the options already named
// through a listbox's value (made when first needed).
type nameCtx struct {
	byRoot, labelRoot *html.Node
	depth             int
	seen              map[*html.Node]bool
}

// deeper is ctx one level of recursion down.
func (ctx nameCtx) deeper() nameCtx {
	ctx.depth++
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
	if ids := strings.Fields(attrVal(n, "aria-labelledby")); len(ids) > 0 && ctx.byRoot == nil {
		var parts []string
		for _, id := range ids {
			ref := c.byID(id)
			if ref == nil || ref == ctx.labelRoot {
				continue
			}
			in := ctx.deeper()
			in.byRoot = ref
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

// labelTextIn is labelText within the computation ctx: "" inside the
// text of another label.
func (c *checker) labelTextIn(n *html.Node, ctx nameCtx) string {
	if ctx.labelRoot != nil {
		return ""
	}
	var parts []string
	add := func(l *html.Node) {
		if l == ctx.byRoot {
			return // its text is being read already
		}
		in := ctx.deeper()
		in.labelRoot = l
		parts = append(parts, c.textIn(l, n, in))
	}
	if id := attrVal(n, "id"); id != "" {
		for _, l := range c.labels[id] {
			add(l)
		}
	}
	if l := closest(n.Parent, atom.Label); l != nil {
		add(l)
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
