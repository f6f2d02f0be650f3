package wcag

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxNameLen bounds how much text a computed name collects; names only
// need to be compared against empty, vague or alt text, so a prefix does.
const maxNameLen = 512

// accessibleName computes a simplified accessible name (after W3C accname):
// aria-labelledby, then aria-label, then the element's native text
// alternative (alt for images, a label for form controls, caption for
// tables), then its content for roles named from content, then title.
func (c *checker) accessibleName(n *html.Node, fromContent bool) string {
	if ids := strings.Fields(attrVal(n, "aria-labelledby")); len(ids) > 0 {
		var parts []string
		for _, id := range ids {
			if ref := c.byID(id); ref != nil {
				if t := c.textName(ref); t != "" {
					parts = append(parts, t)
				}
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
				if s := c.labelText(n); s != "" {
					return s
				}
			case "submit", "reset", "button":
				if s := c.labelText(n); s != "" {
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
				if s := c.labelText(n); s != "" {
					return s
				}
			}
		case atom.Select, atom.Textarea, atom.Button, atom.Meter, atom.Progress, atom.Output:
			if s := c.labelText(n); s != "" {
				return s
			}
		}
	}
	if n.Namespace == "svg" && n.Data == "svg" {
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.Type == html.ElementNode && ch.Data == "title" {
				if s := c.textName(ch); s != "" {
					return s
				}
			}
		}
	}
	if fromContent {
		if s := c.textName(n); s != "" {
			return s
		}
	}
	return collapse(attrVal(n, "title"))
}

// labelText returns the text of the label elements of form control n:
// label[for=id] and an enclosing label.
func (c *checker) labelText(n *html.Node) string {
	var parts []string
	if id := attrVal(n, "id"); id != "" {
		for _, l := range c.labels[id] {
			parts = append(parts, c.textNameExcept(l, n))
		}
	}
	if l := closest(n.Parent, atom.Label); l != nil {
		parts = append(parts, c.textNameExcept(l, n))
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
		if cur.Namespace == "" {
			switch cur.DataAtom {
			case atom.Script, atom.Style, atom.Template, atom.Noscript:
				continue
			case atom.Img, atom.Area, atom.Input, atom.Select, atom.Textarea:
				b.WriteString(" ")
				if cur.DataAtom == atom.Img || isImageInput(cur) {
					b.WriteString(c.accessibleName(cur, false))
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
			b.WriteString(" " + c.accessibleName(cur, false) + " ")
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
// whose value it takes instead (text fields, selects, ranges), which
// this simplified computation leaves out.
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
