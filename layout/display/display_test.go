package display

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

type fixed struct{}

func (fixed) Shape(text string, q fonts.Query, size float64, o fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic) {
	r := fonts.Run{Size: size, Text: text}
	for i, c := range text {
		r.Glyphs = append(r.Glyphs, fonts.Glyph{ID: fonts.GID(c), XAdvance: size / 2, Cluster: int32(i)})
	}
	return []fonts.Run{r}, nil
}

func (fixed) Metrics(*fonts.Face, fonts.Query, float64) layout.LineMetrics {
	return layout.LineMetrics{Ascent: 8, Descent: 2, XHeight: 5, UnderlinePos: 1, UnderlineThickness: 1}
}

func items(t *testing.T, src string, edit func(b *box.Box)) []Item {
	t.Helper()
	return list(t, src, edit).Items
}

func list(t *testing.T, src string, edit func(b *box.Box)) *List {
	t.Helper()
	doc, _ := html.Parse(strings.NewReader(src))
	tree, err := box.Build(context.Background(), doc, nil, box.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tree.Root.Walk(func(b *box.Box) bool { edit(b); return true })
	d, err := layout.Paginate(context.Background(), tree, layout.Options{Shaper: fixed{}})
	if err != nil {
		t.Fatal(err)
	}
	return buildLists(t, d)[0]
}

func describe(it Item) string {
	kind := [...]string{"fill", "border", "rule", "text", "image", "shape", "gradient"}[it.Op]
	switch it.Origin.Artifact {
	case Layout:
		kind += "/layout"
	case Background:
		kind += "/background"
	case Pagination:
		kind += "/pagination"
	}
	if it.Text != nil {
		kind += fmt.Sprintf("(%s)", it.Text.Text)
	}
	if it.Origin.Box != nil && it.Origin.Box.Pseudo == style.PseudoMarker {
		kind += " marker"
	}
	return kind
}

func TestPaintOrderAndArtifacts(t *testing.T) {
	dot := "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	src := `<body><div id=bg><p>a <u>b</u></p></div><ul><li>x</li></ul><ol><li>y</li></ol><hr>` +
		`<p><img alt="" src="` + dot + `"><img alt="dot" src="` + dot + `"></p></body>`
	got := items(t, src, func(b *box.Box) {
		if v, _ := b.Attr("id"); v == "bg" && b.IsElement() {
			s := *b.Style.Clone()
			s.BackgroundColor = style.Color{R: 200, A: 255}
			b.Style = &s
		}
	})
	var desc []string
	for _, it := range got {
		desc = append(desc, describe(it))
	}
	want := []string{
		// backgrounds and borders of blocks first (tree order)…
		"fill/background", "border/layout", "border/layout", "border/layout", "border/layout",
		// …then inline content: text, underline before its text, bullet shape, marker text
		"text(a )", "rule/layout", "text(b)", "shape/layout", "text(x)", "text(1. ) marker", "text(y)",
		// decorative image is an artifact, the other is content
		"image/layout", "image",
	}
	if strings.Join(desc, " ") != strings.Join(want, " ") {
		t.Errorf("items:\n got  %v\n want %v", desc, want)
	}
}

// buildLists builds the display lists of d, failing tb on an error.
func buildLists(tb testing.TB, d *layout.Document) []*List {
	tb.Helper()
	lists, err := Build(context.Background(), d)
	if err != nil {
		tb.Fatalf("Build: %v", err)
	}
	return lists
}

// paginate lays src out with its style sheets on pages, failing tb on
// an error.
func paginate(tb testing.TB, src string) *layout.Document {
	tb.Helper()
	ctx := context.Background()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		tb.Fatal(err)
	}
	st, err := style.Compute(ctx, doc, style.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tree, err := box.Build(ctx, doc, st, box.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	d, err := layout.Paginate(ctx, tree, layout.Options{Shaper: fixed{}, Pages: st})
	if err != nil {
		tb.Fatal(err)
	}
	return d
}
