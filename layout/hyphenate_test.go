package layout

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestAutoHyphens breaks lines at the hyphenation points of hyphens: auto
// text: 36 characters a line, 29 taken before the word, so "hyphen" and
// its hyphen fit, "hyphena" and a hyphen would not.
func TestAutoHyphens(t *testing.T) {
	page := pageOf{w: 200, h: 1000, margin: 10}
	const pre = "aaaa bbbb cccc dddd eeee fff "
	auto := func(lang string, more func(*style.Style)) cssish {
		return cssish{"h": func(s *style.Style) {
			s.MutText().Hyphens = style.HyphensAuto
			s.MutText().Lang = lang
			if more != nil {
				more(s)
			}
		}}
	}
	tests := []struct {
		name, word string
		mods       cssish
		want       []string
	}{
		{"auto", "hyphenation", auto("en-US", nil), []string{pre + "hyphen\u00AD", "ation"}},
		{"manual", "hyphenation", nil, []string{pre, "hyphenation"}},
		{"no patterns", "hyphenation", auto("cs", nil), []string{pre, "hyphenation"}},
		{"no language", "hyphenation", auto("", nil), []string{pre, "hyphenation"}},
		{"limit word", "hyphenation", auto("en", func(s *style.Style) { s.MutText().HyphenateLimitChars = [3]uint8{12, 0, 0} }),
			[]string{pre, "hyphenation"}},
		{"limit after", "hyphenation", auto("en", func(s *style.Style) { s.MutText().HyphenateLimitChars = [3]uint8{5, 2, 6} }),
			[]string{pre + "hy\u00AD", "phenation"}},
		{"soft hyphen wins", "hyphena\u00ADtion", auto("en", nil), []string{pre, "hyphena\u00ADtion"}},
		{"nowrap", "hyphenation", auto("en", func(s *style.Style) { s.MutText().WhiteSpace = style.WhiteSpaceNowrap }),
			[]string{pre + "hyphenation"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lineTexts(layoutHTML(t, "<!doctype html><body><p id=h>"+pre+tt.word+"</p>", page, tt.mods))
			if strings.Join(got, "/") != strings.Join(tt.want, "/") {
				t.Errorf("lines = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestHyphenateCharacter draws hyphenate-character at an automatic
// hyphenation break, as glyphs of a cluster of their own whose text is a
// soft hyphen (what the PDF's text extraction reads).
func TestHyphenateCharacter(t *testing.T) {
	page := pageOf{w: 200, h: 1000, margin: 10}
	for _, c := range []struct{ char, want string }{{"", "-"}, {"=", "="}, {"<>", "<>"}} {
		mods := cssish{"h": func(s *style.Style) {
			s.MutText().Hyphens = style.HyphensAuto
			s.MutText().Lang = "en"
			s.MutText().HyphenateCharacter = c.char
		}}
		d := layoutHTML(t, "<!doctype html><body><p id=h>aaaa bbbb cccc dddd eeee ff hyphenation</p>", page, mods)
		var first *Line
		var walk func(f *Fragment)
		walk = func(f *Fragment) {
			if first == nil && len(f.Lines) > 0 {
				first = f.Lines[0]
			}
			for _, ch := range f.Children {
				walk(ch)
			}
		}
		walk(d.Pages[0].Root)
		if first == nil || len(first.Texts) != 1 {
			t.Fatalf("%q: no first line of one text", c.char)
		}
		txt := first.Texts[0]
		n := len([]rune(c.want))
		gl := txt.Glyphs[len(txt.Glyphs)-n:]
		var drawn strings.Builder
		for _, g := range gl {
			drawn.WriteRune(rune(g.ID)) // fixedShaper: the glyph ID is the character
			if int(g.Cluster) != len(txt.Text)-len("\u00AD") {
				t.Errorf("%q: hyphen glyph cluster %d, want %d", c.char, g.Cluster, len(txt.Text)-2)
			}
		}
		if drawn.String() != c.want || !strings.HasSuffix(txt.Text, "hyphen\u00AD") {
			t.Errorf("%q: line %q ends in glyphs %q, want text ending hyphen+U+00AD and glyphs %q", c.char, txt.Text, drawn.String(), c.want)
		}
		w := 0.0
		for _, g := range txt.Glyphs {
			w += g.XAdvance
		}
		if w != txt.Width {
			t.Errorf("%q: width %g, glyphs add up to %g", c.char, txt.Width, w)
		}
	}
}

// TestSoftHyphenAcrossElements breaks at a soft hyphen wherever the
// inline elements around it start and end, drawing the hyphen after the
// glyphs before it (WPT css-text hyphens-span-001).
func TestSoftHyphenAcrossElements(t *testing.T) {
	page := pageOf{w: 200, h: 1000, margin: 10}
	const pre = "aaaa bbbb cccc dddd eeee fff g " // 31 characters: "high-" fits, "highway" not
	for _, word := range []string{
		"high&shy;way",
		"<span>high</span>&shy;way",
		"<span>high&shy;</span>way",
		"high<span>&shy;</span>way",
		"high<span>&shy;way</span>",
		"high&shy;<span>way</span>",
		"<span>high</span>&shy;<span>way</span>",
		"<span>high&shy;wa</span>y",
	} {
		d := layoutHTML(t, "<!doctype html><body><p>"+pre+word+"</p>", page, nil)
		var lines []*Line
		var walk func(f *Fragment)
		walk = func(f *Fragment) {
			lines = append(lines, f.Lines...)
			for _, c := range f.Children {
				walk(c)
			}
		}
		walk(d.Pages[0].Root)
		texts := lineTexts(d)
		if len(lines) != 2 || strings.ReplaceAll(texts[1], "\u00AD", "") != "way" {
			t.Errorf("%s: lines %q, want the break after high", word, texts)
			continue
		}
		last := lines[0].Texts[len(lines[0].Texts)-1]
		if g := last.Glyphs[len(last.Glyphs)-1]; rune(g.ID) != '-' {
			t.Errorf("%s: first line ends in %q, want a hyphen", word, rune(g.ID))
		}
	}
}

// TestAutoHyphensAcrossElements hyphenates a word running through inline
// elements as one word.
func TestAutoHyphensAcrossElements(t *testing.T) {
	page := pageOf{w: 200, h: 1000, margin: 10}
	const pre = "aaaa bbbb cccc dddd eeee fff " // 29 characters: "hyphen-" fits
	auto := func(s *style.Style) {
		s.MutText().Hyphens = style.HyphensAuto
		s.MutText().Lang = "en"
	}
	for _, c := range []struct{ word, want string }{
		{"hyphen<b id=b>ation</b>", "ation"},
		{"hy<b id=b>phen</b>ation", "ation"},
		{"<b id=b>hyphen</b>ation", "ation"},
		{"hyphen<b>ation</b>", "phenation"}, // hyphens: manual in b: "hyphen" alone
		{"hyphen<img>ation", ""},            // an atomic inline ends the word
	} {
		d := layoutHTML(t, "<!doctype html><body><p id=p>"+pre+c.word+"</p>", page, cssish{"p": auto, "b": auto})
		texts := lineTexts(d)
		if c.want == "" {
			if len(texts) == 2 && strings.HasSuffix(texts[0], "\u00AD") {
				t.Errorf("%s: hyphenated across an image: %q", c.word, texts)
			}
			continue
		}
		if len(texts) != 2 || !strings.HasSuffix(texts[0], "\u00AD") || texts[1] != c.want {
			t.Errorf("%s: lines %q, want the word hyphenated before %q", c.word, texts, c.want)
		}
	}
}
