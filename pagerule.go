package folio

import (
	"fmt"
	"regexp"
	"strings"
)

// cssLength matches one CSS length of the units page rules take (a bare
// 0 included); nothing else reaches the style sheet PageRule makes.
var cssLength = regexp.MustCompile(`^(0|(\d+(\.\d*)?|\.\d+)(mm|cm|q|in|pt|pc|px))$`)

// PageRule returns an @page rule setting the page margins (1 to 4 CSS
// lengths, as for the margin property) and the page size (width and
// height, both or neither), for Options.UserCSS: it comes after the
// document's own rules and wins over them. Empty arguments set nothing;
// all empty gives "". A malformed value is an error naming it.
func PageRule(margin, width, height string) (string, error) {
	var decls []string
	if margin = strings.ToLower(strings.TrimSpace(margin)); margin != "" {
		parts := strings.Fields(margin)
		if len(parts) > 4 {
			return "", fmt.Errorf("margin %q: give 1 to 4 lengths, e.g. \"2cm\" or \"1in 2cm\"", margin)
		}
		for _, p := range parts {
			if !cssLength.MatchString(p) {
				return "", fmt.Errorf("margin %q: %q is not a length (units mm, cm, q, in, pt, pc, px)", margin, p)
			}
		}
		decls = append(decls, "margin: "+strings.Join(parts, " "))
	}
	width, height = strings.ToLower(strings.TrimSpace(width)), strings.ToLower(strings.TrimSpace(height))
	if (width == "") != (height == "") {
		return "", fmt.Errorf("page width and height go together: give both or neither")
	}
	if width != "" {
		for _, v := range []string{width, height} {
			if !cssLength.MatchString(v) || strings.Trim(v, "0.abcdefghijklmnopqrstuvwxyz") == "" {
				return "", fmt.Errorf("page size %q × %q: give two positive lengths (units mm, cm, q, in, pt, pc, px)", width, height)
			}
		}
		decls = append(decls, "size: "+width+" "+height)
	}
	if len(decls) == 0 {
		return "", nil
	}
	return "@page { " + strings.Join(decls, "; ") + " }\n", nil
}
