package layout

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
)

// plainShaper hides FontShaper's ShapeAppend: every text is shaped into a
// new array, the path layouts took before AppendShaper.
type plainShaper struct{ s FontShaper }

func (p plainShaper) Shape(text string, q fonts.Query, size float64, opts fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic) {
	return p.s.Shape(text, q, size, opts)
}

func (p plainShaper) Metrics(face *fonts.Face, q fonts.Query, size float64) LineMetrics {
	return p.s.Metrics(face, q, size)
}

// TestShapeAppendLayout lays out a document mixing repeated short texts
// (kept by the layout), long paragraphs with inline markup (shaped
// piece by piece into recycled buffers),
// letter- and word-spacing (adjusted in place), right-to-left text,
// list markers and a table across pages, once through ShapeAppend and
// once through Shape, and wants the same pages.
func TestShapeAppendLayout(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<style>p.s { letter-spacing: 1pt; word-spacing: 3pt } td { border: 1px solid }</style>`)
	for i := range 60 {
		fmt.Fprintf(&sb, "<h2>Section %d</h2>\n<p>Repeated</p><p class=s>Paragraph %d: %s</p>\n", i%7, i, strings.Repeat("the quick <b>brown</b> fox <em>jumps over</em> the lazy dog, ", 3+i%11))
		fmt.Fprintf(&sb, "<ul><li>item %d<li>Repeated</ul><p dir=rtl>שלום עולם %d مرحبا بالعالم</p>\n", i%3, i)
	}
	sb.WriteString("<table>")
	for i := range 300 {
		fmt.Fprintf(&sb, "<tr><td>Site %d<td>%d.%d<td>rising<td>%s</tr>\n", i, i%40, i%10, strings.Repeat("note ", i%20))
	}
	sb.WriteString("</table>")
	reg := fonts.NewRegistry(fonts.Options{})
	ctx := context.Background()
	lay := func(sh TextShaper) string {
		tree, st := boxTree(t, sb.String())
		d, err := Paginate(ctx, tree, Options{Shaper: sh, Pages: st})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Pages) < 5 {
			t.Fatalf("%d pages, want a document over several pages", len(d.Pages))
		}
		var sb strings.Builder
		sb.WriteString(Dump(d))
		for _, p := range d.Pages {
			dumpGlyphs(&sb, p.Root)
		}
		return sb.String()
	}
	var _ AppendShaper = FontShaper{}
	got := lay(FontShaper{Registry: reg})
	want := lay(plainShaper{FontShaper{Registry: reg}})
	sameDumps(t, got, want, "ShapeAppend", "Shape      ")
}

// dumpGlyphs writes the glyphs of every text run under f, one run a line.
func dumpGlyphs(sb *strings.Builder, f *Fragment) {
	if f == nil {
		return
	}
	run := func(t *Text) {
		fmt.Fprintf(sb, "%q %.2f %.2f:", t.Text, t.X, t.Width)
		for _, g := range t.Glyphs {
			fmt.Fprintf(sb, " %d/%.3f/%d", g.ID, g.XAdvance, g.Cluster)
		}
		sb.WriteByte('\n')
	}
	for _, ln := range f.Lines {
		if ln.Marker != nil {
			for _, t := range ln.Marker.Texts {
				run(t)
			}
		}
		for _, t := range ln.Texts {
			run(t)
		}
	}
	for _, c := range f.Children {
		dumpGlyphs(sb, c)
	}
}

// TestSharedGlyphsUnchanged lays out the same short text (which the
// layout shapes once and keeps) several times, justified over two lines,
// hyphenated at a soft hyphen and unwrapped: lines that share the kept
// glyphs must not change them, so every occurrence gets the same glyphs
// and each text's advances add up to its width.
func TestSharedGlyphsUnchanged(t *testing.T) {
	const text = "aa bbb cc dd\u00ADdd eee"
	var sb strings.Builder
	for range 3 {
		sb.WriteString(`<div style="width: 40pt; text-align: justify; hyphens: manual">` + text + `</div>`)
		sb.WriteString(`<div>` + text + `</div>`)
	}
	d := mustPaged(t, sb.String())
	var runs []string
	var walk func(f *Fragment)
	walk = func(f *Fragment) {
		if len(f.Lines) > 0 {
			var sb strings.Builder
			for _, ln := range f.Lines {
				for _, tx := range ln.Texts {
					fmt.Fprintf(&sb, "%q:", tx.Text)
					w := 0.0
					for _, g := range tx.Glyphs {
						fmt.Fprintf(&sb, " %d/%.2f/%d", g.ID, g.XAdvance, g.Cluster)
						w += g.XAdvance
					}
					// a later line changing shared glyphs shows here
					if math.Abs(w-tx.Width) > 1e-9 {
						t.Errorf("%q: glyph advances sum to %g, text width %g", tx.Text, w, tx.Width)
					}
					sb.WriteString("\n")
				}
			}
			runs = append(runs, sb.String())
		}
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(d.Pages[0].Root)
	if len(runs) != 6 {
		t.Fatalf("%d blocks with lines, want 6", len(runs))
	}
	if strings.Count(runs[0], "\n") < 3 || !strings.Contains(runs[0], " 45/") {
		t.Fatalf("narrow block not broken over lines with a hyphen:\n%s", runs[0])
	}
	for i := 2; i < 6; i++ {
		if runs[i] != runs[i%2] {
			t.Errorf("occurrence %d differs from the first:\n%s\nfirst:\n%s", i/2+1, runs[i], runs[i%2])
		}
	}
}
