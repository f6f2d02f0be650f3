package fonts

import (
	"strings"
	"testing"

	"github.com/go-fonts/liberation/liberationsansregular"
)

// testFontData returns a TrueType font program for tests.
func testFontData() []byte { return liberationsansregular.TTF }

func TestAddFaceErrors(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "truncated"},
		{"garbage", []byte("this is not a font at all, just text"), "not a TrueType/OpenType font"},
		{"woff", append([]byte("wOFF"), make([]byte, 40)...), "WOFF"},
		{"truncated", testFontData()[:2000], "outside the file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRegistry(Options{})
			err := r.AddFace("My Font", 700, StyleNormal, tc.data)
			if err == nil {
				t.Fatal("AddFace accepted bad bytes")
			}
			if !strings.Contains(err.Error(), `"My Font"`) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q should name the family and contain %q", err, tc.want)
			}
			if f := r.Match(Query{Families: []string{"My Font"}}); f.Family() == "My Font" {
				t.Error("a face that failed to load was registered")
			}
		})
	}
	if err := NewRegistry(Options{}).AddFace("  ", 400, StyleNormal, testFontData()); err == nil {
		t.Error("empty family accepted")
	}
}

func TestFaceMetrics(t *testing.T) {
	r := NewRegistry(Options{})
	tests := []struct {
		families []string
		weight   int
		style    Style
		ps       string
		upem     int
		italic   bool
	}{
		{[]string{"serif"}, 400, StyleNormal, "LiberationSerif", 2048, false},
		{[]string{"sans-serif"}, 700, StyleNormal, "LiberationSans-Bold", 2048, false},
		{[]string{"monospace"}, 400, StyleItalic, "LiberationMono-Italic", 2048, true},
		{[]string{"DejaVu Sans"}, 400, StyleNormal, "DejaVuSans", 2048, false},
	}
	for _, tc := range tests {
		f := r.Match(Query{Families: tc.families, Weight: tc.weight, Style: tc.style})
		m := f.Metrics()
		if got := f.PostScriptName(); got != tc.ps {
			t.Errorf("%s: PostScriptName = %q, want %q", f, got, tc.ps)
		}
		if m.UnitsPerEm != tc.upem {
			t.Errorf("%s: UnitsPerEm = %d", f, m.UnitsPerEm)
		}
		if m.Ascent <= 0 || m.Descent >= 0 || m.Ascent > 2*m.UnitsPerEm {
			t.Errorf("%s: implausible ascent/descent %d/%d", f, m.Ascent, m.Descent)
		}
		if m.CapHeight <= m.XHeight || m.XHeight <= 0 || m.CapHeight >= m.Ascent {
			t.Errorf("%s: implausible cap/x height %d/%d", f, m.CapHeight, m.XHeight)
		}
		if (m.ItalicAngle != 0) != tc.italic {
			t.Errorf("%s: ItalicAngle = %v", f, m.ItalicAngle)
		}
		if m.BBox[0] >= m.BBox[2] || m.BBox[1] >= m.BBox[3] {
			t.Errorf("%s: bad bbox %v", f, m.BBox)
		}
		if m.UnderlineThickness <= 0 || m.UnderlinePosition >= 0 {
			t.Errorf("%s: underline %d/%d", f, m.UnderlinePosition, m.UnderlineThickness)
		}
		wantStem := 87
		if tc.weight == 700 {
			wantStem = 165
		}
		if m.StemV != wantStem {
			t.Errorf("%s: StemV = %d, want %d", f, m.StemV, wantStem)
		}
		if f.IsCFF() {
			t.Errorf("%s: IsCFF", f)
		}
		if !f.HasRune('A') || f.HasRune(0x4E2D) {
			t.Errorf("%s: HasRune wrong", f)
		}
		g, _ := f.GlyphFor('M')
		if adv := f.Advance(g); adv <= 0 || adv > 2*m.UnitsPerEm {
			t.Errorf("%s: Advance('M') = %d", f, adv)
		}
	}
	// Liberation Sans metrics are those of Arial: ascent 1854, descent -434.
	m := r.Match(Query{Families: []string{"Arial"}}).Metrics()
	if m.Ascent != 1854 || m.Descent != -434 || m.CapHeight != 1409 {
		t.Errorf("Liberation Sans metrics %+v", m)
	}
}

func TestSanitizePS(t *testing.T) {
	tests := map[string]string{
		"Foo Bar (Bold)/x": "FooBarBoldx",
		"Ünï":              "n",
		"":                 "",
	}
	for in, want := range tests {
		if got := sanitizePS(in); got != want {
			t.Errorf("sanitizePS(%q) = %q, want %q", in, got, want)
		}
	}
	if got := psName(nil, "My Font", 700, StyleItalic); got != "MyFont-BoldItalic" {
		t.Errorf("derived name %q", got)
	}
	if got := psName(nil, "¿¿", 400, StyleNormal); got != "Font" {
		t.Errorf("derived name %q", got)
	}
}
