package hyphen

import (
	"strings"
	"testing"
)

// hyphenated returns word with '-' at each of its hyphenation points.
func hyphenated(p *Patterns, word string, left, right int) string {
	var b strings.Builder
	last := 0
	for _, o := range p.Points(nil, word, left, right) {
		b.WriteString(word[last:o])
		b.WriteByte('-')
		last = o
	}
	b.WriteString(word[last:])
	return b.String()
}

func TestPoints(t *testing.T) {
	for _, c := range []struct{ lang, word, want string }{
		{"en-US", "hyphenation", "hy-phen-ation"},
		{"en", "extraordinary", "ex-tra-or-di-nary"},
		{"en-GB", "Computer", "Com-puter"},
		{"en", "table", "ta-ble"},    // exception list
		{"en", "project", "project"}, // exception without a break
		{"en", "cat", "cat"},         // too short
		{"de-DE", "Silbentrennung", "Sil-ben-tren-nung"},
		{"de", "Schifffahrt", "Schiff-fahrt"},
		{"fr", "hyphénation", "hy-phé-na-tion"},
		{"es", "biblioteca", "bi-blio-te-ca"},
		{"it", "biblioteca", "bi-blio-te-ca"},
		{"pt", "software", "soft-ware"}, // exception list
		{"pl", "nigdy", "ni-gdy"},
		{"da", "bibliotek", "bi-bli-o-tek"},
		{"nb", "bibliotek", "bi-blio-tek"},
		{"fi", "kirjasto", "kir-jas-to"},
		// hyph-utf8 sources shipped unchanged (LPPL)
		{"nl", "bibliotheek", "bi-bli-o-theek"},
		{"nl-BE", "woordenboek", "woor-den-boek"},
		{"nl", "aandachtstrekker", "aan-dachts-trek-ker"}, // exception list
		{"sv", "avstavning", "av-stav-ning"},
		{"sv-FI", "bibliotek", "bib-li-o-tek"},
		{"ru", "университет", "уни-вер-си-тет"},
		{"ru", "бизнесмен", "биз-нес-мен"}, // exception list
		{"ru", "бездн", "бездн"},           // exception without a break
	} {
		p := For(c.lang)
		if p == nil {
			t.Fatalf("For(%q) = nil", c.lang)
		}
		if got := hyphenated(p, c.word, 0, 0); got != c.want {
			t.Errorf("%s %q: got %q, want %q", c.lang, c.word, got, c.want)
		}
	}
}

func TestPointsLimits(t *testing.T) {
	p := For("en")
	for _, c := range []struct {
		left, right int
		want        string
	}{
		{0, 0, "hy-phen-ation"},
		{3, 3, "hyphen-ation"},
		{2, 6, "hy-phenation"},
		{6, 6, "hyphenation"},
	} {
		if got := hyphenated(p, "hyphenation", c.left, c.right); got != c.want {
			t.Errorf("limits %d %d: got %q, want %q", c.left, c.right, got, c.want)
		}
	}
	long := strings.Repeat("hyphenation", maxWordRunes/11+1)
	if got := p.Points(nil, long, 0, 0); len(got) != 0 {
		t.Errorf("a %d-letter word got %d points, want none (longer than maxWordRunes)", len(long), len(got))
	}
}

func TestFor(t *testing.T) {
	for _, tag := range []string{"", "cs", "x-klingon", "english", "EN-us-x-verylongsubtag"} {
		if got := For(tag); got != nil && !strings.HasPrefix(strings.ToLower(tag), "en-") {
			t.Errorf("For(%q) gave patterns", tag)
		}
	}
	for _, l := range Languages() {
		if For(l) == nil {
			t.Errorf("For(%q) = nil for a listed language", l)
		}
	}
}

func TestParse(t *testing.T) {
	p, err := Parse("% comment\n.ab1c 2d\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := hyphenated(p, "abcabc", 1, 1); got != "ab-cabc" {
		t.Errorf("got %q", got)
	}
	for _, bad := range []string{"12", strings.Repeat("a", maxPatternRunes+1)} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) gave no error", bad)
		}
	}
}

// TestParseTeX reads the \patterns and \hyphenation blocks of a TeX
// source, comments dropped, and refuses one without patterns or with a
// block left open.
func TestParseTeX(t *testing.T) {
	pats, exc, err := ParseTeX("% header } {\n\\patterns{ % the patterns\n.ab1c\n2d % two\n}\n\\hyphenation{\nab-c\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(strings.Fields(pats), " "); got != ".ab1c 2d" {
		t.Errorf("patterns %q", got)
	}
	if got := strings.TrimSpace(exc); got != "ab-c" {
		t.Errorf("exceptions %q", got)
	}
	for _, bad := range []string{"", "% \\patterns{a1b}", "\\patterns{a1b", "\\patterns{a1b}\\hyphenation{a-b"} {
		if _, _, err := ParseTeX(bad); err == nil {
			t.Errorf("ParseTeX(%q) gave no error", bad)
		}
	}
}

func BenchmarkPoints(b *testing.B) {
	p := For("en")
	words := strings.Fields("the extraordinary typesetting of hyphenation patterns shows how international documentation benefits considerably")
	var dst []int
	for b.Loop() {
		for _, w := range words {
			dst = p.Points(dst[:0], w, 0, 0)
		}
	}
}
