package wcag

import (
	"path"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// elementsOf returns the visible elements with tag a exposed to assistive
// technology.
func (c *checker) elementsOf(a atom.Atom) []*html.Node { return c.visibleTagged(a) }

// fileName returns the last path segment of an image URL ("" for data:
// URLs).
func fileName(src string) string {
	src = strings.TrimSpace(src)
	if src == "" || strings.HasPrefix(strings.ToLower(src), "data:") {
		return ""
	}
	if i := strings.IndexAny(src, "?#"); i >= 0 {
		src = src[:i]
	}
	return path.Base(src)
}

func checkImageAlt(c *checker, r *ruleRun) {
	for _, n := range c.elementsOf(atom.Img) {
		if alt, ok := attr(n, "alt"); ok && alt != "" && strings.TrimSpace(alt) == "" && c.accessibleName(n, false) == "" {
			r.failHint(n, `use alt="" for a decorative image, or alt="…" describing it; a space is neither`,
				"The image's alt text is only white space, which is neither empty (decorative) nor a description.")
			continue
		}
		if hasAttr(n, "alt") || isPresentational(n) || c.accessibleName(n, false) != "" {
			r.pass()
			continue
		}
		hint := r.rule.hint
		if f := fileName(attrVal(n, "src")); f != "" && f != "." && f != "/" {
			hint = `add alt="…" describing what ` + f + ` shows, or alt="" if it is decorative`
		}
		if a := closest(n, atom.A); a != nil && hasAttr(a, "href") {
			r.failHint(n, `add alt="…" naming where the link goes (the image is the link's content), or alt="" if the link has text of its own`,
				"The image inside a link has no alt attribute.")
			continue
		}
		r.failHint(n, hint, "The image has no alt attribute and no role=\"presentation\".")
	}
}

// isPlaceholderAlt reports whether a (lower-cased) alt text is a word that
// says nothing about the image.
func isPlaceholderAlt(a string) bool {
	switch a {
	case "image", "img", "picture", "pic", "photo", "photograph", "graphic", "icon", "figure",
		"chart", "diagram", "spacer", "blank", "untitled", "placeholder", "alt", "alt text",
		"image description", "an image", "a picture", "a photo", "*", "-", "_":
		return true
	}
	return false
}

// imageExtensions are file-name endings that mark an alt text as a file
// name.
const imageExtensions = ".png .jpg .jpeg .gif .svg .webp .bmp .tif .tiff .avif .ico .heic .pdf .eps"

// altProblem explains why a non-empty alt text says nothing about the
// image, or returns "".
func altProblem(alt, src string) string {
	a := strings.ToLower(collapse(alt))
	if isPlaceholderAlt(strings.Trim(a, ".:!")) {
		return "a placeholder word"
	}
	if f := strings.ToLower(fileName(src)); f != "" && a == f {
		return "the image's file name"
	}
	if !strings.Contains(a, " ") {
		for _, ext := range strings.Fields(imageExtensions) {
			if strings.HasSuffix(a, ext) && len(a) > len(ext) {
				return "a file name"
			}
		}
	}
	return ""
}

func checkImageAltMeaningful(c *checker, r *ruleRun) {
	check := func(n *html.Node) {
		alt := collapse(attrVal(n, "alt"))
		if alt == "" {
			return
		}
		if p := altProblem(alt, attrVal(n, "src")); p != "" {
			r.fail(n, "The alt text %q is %s, not a description of the image.", alt, p)
			return
		}
		r.pass()
	}
	for _, n := range c.visibleTagged(atom.Img, atom.Input) {
		if isHTML(n, atom.Img) || isImageInput(n) {
			check(n)
		}
	}
}

func checkImageRedundantAlt(c *checker, r *ruleRun) {
	for _, n := range c.elementsOf(atom.Img) {
		alt := strings.ToLower(collapse(attrVal(n, "alt")))
		if alt == "" {
			continue
		}
		var context *html.Node
		var what string
		if p := closest(n.Parent, atom.A, atom.Button, atom.Label, atom.P, atom.Li, atom.Td, atom.Th); p != nil {
			context, what = p, "the text of the enclosing <"+p.Data+">"
		} else if p := c.closestRole(n.Parent, "button link"); p != nil {
			context, what = p, "the text of the enclosing <"+p.Data+" role=\""+role(p)+"\">"
		} else if fig := closest(n.Parent, atom.Figure); fig != nil {
			for ch := range elementChildren(fig) {
				if isHTML(ch, atom.Figcaption) {
					context, what = ch, "the figure caption"
				}
			}
		}
		if context == nil {
			continue
		}
		text := strings.ToLower(c.textNameExcept(context, n))
		if text != "" && strings.TrimRight(text, ".:!?") == strings.TrimRight(alt, ".:!?") {
			r.fail(n, "The alt text %q repeats %s, so it is read twice.", collapse(attrVal(n, "alt")), what)
			continue
		}
		r.pass()
	}
}

func checkInputImageAlt(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Input) {
		if !isImageInput(n) {
			continue
		}
		if c.accessibleName(n, false) == "" {
			r.fail(n, "The image button has no alt text, so its action is unknown.")
			continue
		}
		r.pass()
	}
}

func checkSVGImgAlt(c *checker, r *ruleRun) {
	for _, n := range c.svgs {
		if !c.inA11yTree(n) {
			continue
		}
		switch role(n) {
		case "img", "graphics-document", "graphics-symbol":
		default:
			continue
		}
		if c.accessibleName(n, false) == "" {
			r.fail(n, "The svg with role=%q has no text alternative.", role(n))
			continue
		}
		r.pass()
	}
}

func checkRoleImgAlt(c *checker, r *ruleRun) {
	for _, n := range c.withRole {
		if role(n) != "img" || !c.inA11yTree(n) || isHTML(n, atom.Img) || n.Namespace == "svg" {
			continue
		}
		if c.accessibleName(n, false) == "" {
			r.fail(n, "The <%s role=\"img\"> has no text alternative.", n.Data)
			continue
		}
		r.pass()
	}
}

func checkAreaAlt(c *checker, r *ruleRun) {
	for _, n := range c.all {
		if !isHTML(n, atom.Area) || !hasAttr(n, "href") || !c.inA11yTree(n) {
			continue
		}
		if c.accessibleName(n, false) == "" {
			r.fail(n, "The image-map area has no alt text.")
			continue
		}
		r.pass()
	}
}
