package box

import (
	"fmt"
	"strings"

	"github.com/seed28491532/folio/style"
)

var pseudoNames = map[style.Pseudo]string{style.PseudoBefore: "::before", style.PseudoAfter: "::after",
	style.PseudoMarker: "::marker", style.PseudoFirstLine: "::first-line", style.PseudoFirstLetter: "::first-letter"}

// Dump writes the tree under b as indented text, one box a line, for
// golden tests and debugging.
func Dump(b *Box) string {
	var sb strings.Builder
	dump(&sb, b, 0)
	return sb.String()
}

func dump(sb *strings.Builder, b *Box, depth int) {
	sb.WriteString(strings.Repeat("  ", depth))
	sb.WriteString(b.Kind.String())
	if t := b.Tag(); t != "" {
		fmt.Fprintf(sb, " <%s>", t)
	}
	if p, ok := pseudoNames[b.Pseudo]; ok {
		sb.WriteString(" " + p)
	}
	if b.Anonymous {
		sb.WriteString(" anon")
	}
	if b.Continuation {
		sb.WriteString(" cont")
	}
	if b.ListItem {
		sb.WriteString(" list-item")
	}
	switch b.MarkerShape {
	case ShapeDisc:
		sb.WriteString(" disc")
	case ShapeCircle:
		sb.WriteString(" circle")
	case ShapeSquare:
		sb.WriteString(" square")
	}
	if b.Pseudo == style.PseudoMarker && b.Kind == KindInline {
		if b.Outside {
			sb.WriteString(" outside")
		} else {
			sb.WriteString(" inside")
		}
	}
	if b.Kind == KindText {
		fmt.Fprintf(sb, " %q", b.Text)
	}
	if b.Image != nil {
		fmt.Fprintf(sb, " %dx%d", b.Image.PixelWidth, b.Image.PixelHeight)
		if b.Image.Err != nil {
			sb.WriteString(" failed")
		}
		if b.Image.Decorative {
			sb.WriteString(" decorative")
		}
	}
	for _, s := range b.Strings() {
		fmt.Fprintf(sb, " string(%s=%q)", s.Name, s.Value)
	}
	sb.WriteByte('\n')
	for _, c := range b.Children {
		dump(sb, c, depth+1)
	}
}
