package fonts_test

import (
	"fmt"

	"github.com/seed28491532/folio/fonts"
)

// Shape splits text into runs by face: ✓ is missing from Liberation Serif
// and falls back to DejaVu Sans.
func ExampleRegistry_Shape() {
	r := fonts.NewRegistry(fonts.Options{})
	q := fonts.Query{Families: []string{"Times New Roman", "serif"}, Weight: 400}
	runs, diags := r.Shape("Done ✓", q, 12, fonts.ShapeOptions{Lang: "en"})
	for _, run := range runs {
		fmt.Printf("%q %s: %d glyphs, %.2fpt\n", run.Text, run.Face.Family(), len(run.Glyphs), run.Advance)
	}
	fmt.Println(len(diags), "diagnostics")
	// Output:
	// "Done " Liberation Serif: 5 glyphs, 28.99pt
	// "✓" DejaVu Sans: 1 glyphs, 10.05pt
	// 0 diagnostics
}

func ExampleRegistry_Match() {
	r := fonts.NewRegistry(fonts.Options{})
	f := r.Match(fonts.Query{Families: []string{`"Helvetica Neue"`, "sans-serif"}, Weight: 600, Style: fonts.StyleOblique})
	fmt.Println(f.Family(), f.Weight(), f.Style() == fonts.StyleItalic, f.PostScriptName())
	// Output: Liberation Sans 700 true LiberationSans-BoldItalic
}

func ExampleLineBreaks() {
	for _, b := range fonts.LineBreaks("one two\nthree") {
		fmt.Println(b.Offset, b.Mandatory)
	}
	// Output:
	// 4 false
	// 8 true
}
