package layout

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
)

// marginTextCases are page rules whose margin boxes take the template
// path (simple texts), leave it (spacing, bidi, wrapping, fallback fonts,
// soft hyphens, running elements…) or mix both on one side.
var marginTextCases = map[string]string{
	"bench": `@page { @top-left { content: string(chapter) } @top-right { content: "Bench report" }
		@bottom-center { content: "Page " counter(page) " of " counter(pages) } @bottom-right { content: counter(page, lower-roman) } }
		@page :first { @top-left { content: none } }`,
	"sixteen boxes": `@page {
		@top-left-corner { content: "TLC" } @top-left { content: "Left " counter(page); text-align: right }
		@top-center { content: string(chapter); text-align: justify } @top-right { content: "R"; text-align: center }
		@top-right-corner { content: counter(page) } @right-top { content: "rt " counter(page) }
		@right-middle { content: "rm"; vertical-align: top } @right-bottom { content: "rb office"; text-align: right }
		@bottom-right-corner { content: "BRC" } @bottom-right { content: counter(page, upper-roman); vertical-align: top }
		@bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 14pt; font-family: sans-serif;
			padding: 2pt 5pt; border: 1pt solid black; background: #eee }
		@bottom-left { content: "indented " counter(page); text-indent: 10pt; vertical-align: bottom }
		@bottom-left-corner { content: "ﬁ" } @left-bottom { content: "lb" } @left-middle { content: counter(pages) }
		@left-top { content: "lt " counter(page); font-weight: bold } }`,
	"overflowing": `@page { @top-left { content: "A long running title that cannot fit the box beside the others at all " counter(page) }
		@top-center { content: "Page " counter(page) } @top-right { content: string(chapter) " and more words to break" }
		@bottom-left { content: "Averyveryverylongwordwithnobreaksatallinsideitwhatsoever" counter(page) }
		@bottom-right { content: "short" } }`,
	"general path": `@page { @top-left { content: "soft\00ADhyphen " counter(page); letter-spacing: 1pt }
		@top-center { content: "שלום " counter(page) } @top-right { content: "  spaced   out  " counter(page); white-space: pre }
		@bottom-left { content: "words " counter(page); word-spacing: 4pt; text-decoration: underline }
		@bottom-center { content: "漢字 " counter(page) } @bottom-right { content: "rel " counter(page); position: relative; left: 3pt; top: 2pt }
		@left-middle { content: "rtl " counter(page); direction: rtl } @right-middle { content: "" } }`,
	// OpenType features, caps and position (issue #21): the fast path
	// shapes with the general path's options
	"features": `@page { @top-left { content: "office fine " counter(page); font-family: "DejaVu Sans"; font-variant-ligatures: none }
		@top-center { content: "ﬁne office " counter(page); font-family: "DejaVu Sans"; font-feature-settings: "liga" 0, "kern" 0 }
		@top-right { content: "Caps " counter(page); font-variant-caps: unicase }
		@bottom-left { content: "x2 " counter(page); font-variant-position: super }
		@bottom-right { content: "Wide " counter(page); font-stretch: condensed; font-variation-settings: "wght" 700 } }`,
	"sizes and alignment": `@page { @top-left { content: "W " counter(page); width: 30%; margin-left: 5pt }
		@top-center { content: "centre " counter(page); width: 100pt; text-align: justify; text-align-last: right }
		@top-right { content: "end " counter(page); text-align: end; font-style: italic }
		@bottom-left { content: "start " counter(page); text-align: start; max-width: 40pt }
		@bottom-center { content: "x"; min-width: 200pt } @bottom-right { content: "Chapter " string(chapter); text-align: left } }
		@page :left { @top-left { content: "left page " counter(page); text-align: right } }`,
	"running element": `.hdr { position: running(hdr) }
		@page { @top-center { content: element(hdr) } @top-left { content: "Page " counter(page) } @top-right { content: string(chapter) } }`,
}

// marginDump lays out the margin boxes of the document with page rules
// css, fast path on or off, and prints every margin fragment in full.
func marginDump(t *testing.T, css string, fast bool) (string, int) {
	t.Helper()
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang=en><title>T</title><style>@page { size: A6; margin: 2cm 1.5cm }
		h1 { break-before: page; string-set: chapter content() } ` + css + `</style>
		<div class=hdr>Running <b>header</b> element</div>`)
	for i := 1; i <= 7; i++ {
		fmt.Fprintf(&sb, "<h1>Chapter %d</h1><p>Some text on the page.</p>", i)
	}
	ctx := context.Background()
	tree, st := boxTree(t, sb.String())
	opts := Options{Shaper: FontShaper{Registry: fonts.NewRegistry(fonts.Options{})}, Pages: st}
	l := newLayouter(ctx, opts)
	l.margins.noFastText = !fast
	l.running = extractRunning(tree)
	d, err := l.paginate(tree, opts)
	if err != nil {
		t.Fatal(err)
	}
	l.marginBoxes(d)
	var out strings.Builder
	for i, p := range d.Pages {
		fmt.Fprintf(&out, "page %d\n", i+1)
		for _, f := range p.Margins {
			dumpFragment(&out, f, "  ")
		}
	}
	for _, dg := range l.diags {
		fmt.Fprintf(&out, "diagnostic %s\n", dg.Message)
	}
	return out.String(), l.margins.fastLines
}

// dumpFragment prints f with every number in full precision.
func dumpFragment(w *strings.Builder, f *Fragment, in string) {
	// (boxes laid out from a template share one tree whose text box holds
	// no text: the lines carry it)
	fmt.Fprintf(w, "%sfrag kind=%d children=%d xywh=%v %v %v %v border=%v padding=%v first=%v last=%v seq=%d\n",
		in, f.Box.Kind, len(f.Box.Children), f.X, f.Y, f.W, f.H, f.Border, f.Padding, f.First, f.Last, f.Seq)
	for _, ln := range f.Lines {
		fmt.Fprintf(w, "%s line xywh=%v %v %v %v baseline=%v inlines=%d atomics=%d\n", in, ln.X, ln.Y, ln.W, ln.H, ln.Baseline, len(ln.Inlines), len(ln.Atomics))
		for _, t := range ln.Texts {
			fmt.Fprintf(w, "%s  text %q box=%d face=%s size=%v rtl=%v x=%v baseline=%v width=%v color=%v asc=%v desc=%v seq=%d deco=%v glyphs=%v\n",
				in, t.Text, t.Box.Kind, t.Face.PostScriptName(), t.Size, t.RTL, t.X, t.Baseline, t.Width, t.Color, t.Ascent, t.Descent, t.Seq, t.Decorations, t.Glyphs)
		}
		for _, inl := range ln.Inlines {
			fmt.Fprintf(w, "%s  inline %v %v %v\n", in, inl.Rect, inl.Border, inl.Padding)
		}
		for _, a := range ln.Atomics {
			dumpFragment(w, a, in+"   ")
		}
	}
	for _, c := range f.Children {
		dumpFragment(w, c, in+" ")
	}
}

// TestMarginTemplateLinesMatchGeneralPath lays out the margin boxes of
// each case with lines made from templates and with the general path
// only: every fragment, line, text and glyph must come out the same.
func TestMarginTemplateLinesMatchGeneralPath(t *testing.T) {
	for name, css := range marginTextCases {
		t.Run(name, func(t *testing.T) {
			slow, none := marginDump(t, css, false)
			fast, n := marginDump(t, css, true)
			if none != 0 {
				t.Fatalf("%d template lines with the fast path off", none)
			}
			sameDumps(t, fast, slow, "template", "general ")
			t.Logf("%d of the lines made from templates", n)
			if name == "bench" || name == "sixteen boxes" {
				// every page but the one learning a style's template
				if n < 15 {
					t.Errorf("only %d lines made from templates", n)
				}
			}
		})
	}
}

// FuzzMarginTemplateLines lays out margin boxes showing arbitrary text
// (combining marks, ligatures, bidi, fallback fonts, spaces and control
// characters) with lines made from templates and with the general path
// only, and requires the same fragments.
func FuzzMarginTemplateLines(f *testing.F) {
	for _, s := range []string{"Page 5 of 100", "e\u0301 \uFB01 office", "שלום abc", "  a  b  ", "soft\u00ADhyphen",
		"漢字 x", "a\tb\nc", "", "Ünïcödé Æsir", "x\u200Dy\u0308"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(5))
	}
	aligns := []string{"left", "right", "center", "justify", "start", "end"}
	f.Fuzz(func(t *testing.T, text string, opt uint8) {
		if len(text) > 200 {
			return
		}
		var q strings.Builder
		q.WriteByte('"')
		for _, r := range text {
			fmt.Fprintf(&q, "\\%06x ", r) // every character escaped: any text is a valid string
		}
		q.WriteByte('"')
		css := fmt.Sprintf(`@page { @top-left { content: %[1]s " " counter(page); text-align: %[2]s }
			@top-center { content: %[1]s; font-family: %[3]s } @bottom-right { content: %[1]s " " counter(page, upper-roman) }
			@left-middle { content: %[1]s } }`, q.String(), aligns[int(opt)%len(aligns)], []string{"serif", "sans-serif", "monospace"}[int(opt/8)%3])
		slow, _ := marginDump(t, css, false)
		fast, _ := marginDump(t, css, true)
		sameDumps(t, fast, slow, "template", "general ")
	})
}
