package layout

import (
	"fmt"
	"strings"

	"github.com/seed28491532/folio/layout/box"
)

// Dump writes the fragments of a document as indented text, one fragment
// or line a line, for golden tests and debugging.
func Dump(d *Document) string {
	var sb strings.Builder
	for _, p := range d.Pages {
		fmt.Fprintf(&sb, "page %d %.0fx%.0f\n", p.Index+1, p.Width, p.Height)
		if p.Root != nil {
			dumpFrag(&sb, p.Root, 1)
		}
	}
	return sb.String()
}

func dumpFrag(sb *strings.Builder, f *Fragment, depth int) {
	ind := strings.Repeat("  ", depth)
	name := f.Box.Kind.String()
	if t := f.Box.Tag(); t != "" {
		name += " <" + t + ">"
	}
	if f.Box.Anonymous {
		name += " anon"
	}
	flags := ""
	if !f.First {
		flags += " cont"
	}
	if !f.Last {
		flags += " split"
	}
	fmt.Fprintf(sb, "%s%s %.1f,%.1f %.1fx%.1f%s\n", ind, name, f.X, f.Y, f.W, f.H, flags)
	for _, ln := range f.Lines {
		var txt strings.Builder
		if ln.Marker != nil {
			if ln.Marker.Shape != box.ShapeNone {
				txt.WriteString("[•]")
			}
			for _, t := range ln.Marker.Texts {
				txt.WriteString("[" + runText(t) + "]")
			}
		}
		for _, t := range ln.Texts {
			txt.WriteString(runText(t))
		}
		for range ln.Atomics {
			txt.WriteString("[atomic]")
		}
		fmt.Fprintf(sb, "%s  line y=%.1f h=%.1f x=%.1f %q\n", ind, ln.Y, ln.H, firstX(ln), txt.String())
	}
	for _, r := range f.ColumnRules {
		fmt.Fprintf(sb, "%s  column-rule %.1f,%.1f %.1fx%.1f\n", ind, r.X, r.Y, r.W, r.H)
	}
	for _, c := range f.Children {
		dumpFrag(sb, c, depth+1)
	}
}

func firstX(ln *Line) float64 {
	if len(ln.Texts) > 0 {
		return ln.Texts[0].X
	}
	return ln.X
}

// runText returns the text of a run.
func runText(t *Text) string { return t.Text }
