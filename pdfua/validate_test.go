package pdfua

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"
)

func TestWriteValidation(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	// content gives elem one MCID with text on page p.
	content := func(p *Page, elem *StructElem) {
		p.BeginTagged(elem)
		p.ShowText(TextRun{Font: font, Size: 10, Text: "ab", Glyphs: glyphs(10, 11)})
		p.End()
	}
	tests := []struct {
		name string
		info Info
		do   func(d *Document, p *Page)
		want string // "" means success
	}{
		{"valid", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { content(p, d.Root().Add("P")) }, ""},
		{"missing title", Info{Lang: "en"}, nil, "title is empty"},
		{"missing lang", Info{Title: "T"}, nil, "language is empty"},
		{"underscore lang", Info{Title: "T", Lang: "en_US"}, nil, `"en_US" is not a valid language tag`},
		{"element lang", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			e := d.Root().Add("P")
			e.Attrs().Lang = "x y"
			content(p, e)
		}, `/Lang "x y"`},
		{"figure without alt", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { content(p, d.Root().Add("Figure")) }, "Figure needs Alt"},
		{"formula with actual text", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			f := d.Root().Add("Formula")
			f.Attrs().ActualText = "E = mc²"
			content(p, f)
		}, ""},
		{"unmapped custom type", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { content(p, d.Root().Add("Aside")) }, "Aside is not standard and has no RoleMap entry"},
		{"type with a space", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { content(p, d.Root().Add("My Type")) }, `structure type "My Type" contains characters`},
		{"type with a delimiter", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { content(p, d.Root().Add("a%b")) }, `structure type "a%b" contains characters`},
		{"mapped type with a hyphen", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			d.RoleMap("Side-note_2", "Note")
			n := d.Root().Add("Side-note_2")
			n.Attrs().ID = "n1"
			content(p, n)
		}, ""},
		{"mapped custom type", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			d.RoleMap("Aside", "Sect")
			content(p, d.Root().Add("Aside").Add("P"))
		}, ""},
		{"remapped standard type", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { d.RoleMap("P", "Span") }, "standard type and cannot be remapped"},
		{"map to custom type", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { d.RoleMap("Aside", "Box") }, "not a standard type"},
		{"skipped heading level", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			content(p, d.Root().Add("H1"))
			content(p, d.Root().Add("H3"))
		}, "heading level 3 follows level 1"},
		{"first heading H2", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { content(p, d.Root().Add("H2")) }, "level 2 follows level 0"},
		{"H mixed with Hn", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			content(p, d.Root().Add("H1"))
			content(p, d.Root().Add("H"))
		}, "H mixed with H1–H6"},
		{"note without id", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { content(p, d.Root().Add("Note")) }, "Note needs a non-empty ID"},
		{"duplicate id", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			a, b := d.Root().Add("P"), d.Root().Add("P")
			a.Attrs().ID, b.Attrs().ID = "x", "x"
		}, `ID "x" is used twice`},
		{"unknown header id", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			td := d.Root().Add("Table").Add("TR").Add("TD")
			td.Table = &TableAttrs{Headers: []string{"h9"}}
		}, `unknown ID "h9"`},
		{"bad scope", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			th := d.Root().Add("Table").Add("TR").Add("TH")
			th.Table = &TableAttrs{Scope: "Col"}
		}, `scope "Col"`},
		{"unknown destination", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			l := d.Root().Add("P").Add("Link")
			content(p, l)
			p.AddLink(Link{Elem: l, Rects: []Rect{{0, 0, 10, 10}}, Dest: "nowhere", Contents: "x"})
		}, `unknown destination "nowhere"`},
		{"link on a P", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			e := d.Root().Add("P")
			p.AddLink(Link{Elem: e, Rects: []Rect{{0, 0, 10, 10}}, URI: "https://example.org"})
		}, "must be a Link element"},
		{"link with both targets", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			l := d.Root().Add("Link")
			p.AddLink(Link{Elem: l, Rects: []Rect{{0, 0, 10, 10}}, URI: "https://example.org", Dest: "x"})
		}, "exactly one of URI and Dest"},
		{"custom link type mapped later", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			l := d.Root().Add("P").Add("MyLink")
			content(p, l)
			p.AddLink(Link{Elem: l, Rects: []Rect{{0, 0, 10, 10}}, URI: "https://example.org"})
			d.RoleMap("MyLink", "Link")
		}, ""},
		{"duplicate destination", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			d.AddDestination("a", p, 0, 0)
			d.AddDestination("a", p, 0, 0)
		}, `destination "a" defined twice`},
		{"outline level 0", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { d.AddOutline("x", 0, p, 0) }, "levels start at 1"},
		{"outline level past 32 bits", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) {
			lv := int64(math.MaxInt32) + 1
			if int64(int(lv)) != lv { // a 32-bit int cannot say it
				d.failf("levels end at 2147483647")
				return
			}
			d.AddOutline("x", int(lv), p, 0)
		}, "levels end at 2147483647"},
		{"bad list numbering", Info{Title: "T", Lang: "en"}, func(d *Document, p *Page) { d.Root().Add("L").Attrs().ListNumbering = "Bullets" }, `list numbering "Bullets"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := New(tc.info)
			p := d.AddPage(100, 100)
			if tc.do != nil {
				tc.do(d, p)
			}
			_, err := d.Bytes()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestNoPages(t *testing.T) {
	if _, err := newTestDoc().Bytes(); err == nil || !strings.Contains(err.Error(), "no pages") {
		t.Fatalf("error = %v", err)
	}
}

func TestWriteContextCanceled(t *testing.T) {
	d := newTestDoc()
	d.AddPage(100, 100)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	if err := d.WriteContext(ctx, &buf); !errors.Is(err, context.Canceled) || buf.Len() != 0 {
		t.Errorf("error = %v, %d bytes written", err, buf.Len())
	}
}
