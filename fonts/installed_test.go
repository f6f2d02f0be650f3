package fonts

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/go-text/typesetting/fontscan"
	"github.com/go-text/typesetting/language"
)

// With a font directory, characters the bundled faces lack are drawn from
// the directory's font that has them, and its family can be named; without
// it they are replacement boxes with a diagnostic.
func TestFontDirFallback(t *testing.T) {
	const text = "Text 日本語"
	q := Query{Families: []string{"sans-serif"}, Weight: 400}

	bundledOnly := NewRegistry(Options{})
	_, diags := bundledOnly.Shape(text, q, 12, ShapeOptions{})
	if len(diags) != 3 || !strings.Contains(diags[0].Message, "no font covers U+65E5") {
		t.Fatalf("bundled only: diagnostics %+v, want 3 missing characters", diags)
	}

	r := NewRegistry(Options{FontDirs: []string{"testdata/fontdir"}})
	for round := 0; round < 2; round++ { // the second round uses the stored chain
		runs, diags := r.Shape(text, q, 12, ShapeOptions{})
		if len(diags) != 0 {
			t.Fatalf("round %d: diagnostics %+v", round, diags)
		}
		if len(runs) != 2 || runs[0].Face.Family() != FamilySans || runs[1].Face.Family() != "Folio CJK Test" || runs[1].Text != "日本語" {
			for _, run := range runs {
				t.Logf("run %q: %s", run.Text, run.Face)
			}
			t.Fatalf("round %d: runs not split between Liberation Sans and the directory's font", round)
		}
	}
	if f := r.Match(Query{Families: []string{`"Folio CJK Test"`, "serif"}, Weight: 700}); f.Family() != "Folio CJK Test" || f.Synthesis() != SynthBold {
		t.Fatalf("Match by family = %s", f)
	}
}

// A character no installed font has is searched for once, then
// remembered; it stays a diagnostic.
func TestFontDirUncovered(t *testing.T) {
	r := NewRegistry(Options{FontDirs: []string{"testdata/fontdir"}})
	const hieroglyph = '\U00013000'
	for i := 0; i < 2; i++ {
		_, diags := r.Shape("a\U00013000", Query{Weight: 400}, 12, ShapeOptions{})
		if len(diags) != 1 || diags[0].Rune != hieroglyph {
			t.Fatalf("diagnostics %+v", diags)
		}
	}
	r.mu.RLock()
	_, remembered := r.uncovered[hieroglyph]
	fams := len(r.fallbackFams)
	r.mu.RUnlock()
	if !remembered || fams != 0 {
		t.Fatalf("uncovered remembered %v, fallback families %d", remembered, fams)
	}
}

// The directory is read within its limits: the broken file is skipped and
// the font in the subdirectory found, with its name, weight and style from
// its tables.
func TestFontDirScan(t *testing.T) {
	r := NewRegistry(Options{FontDirs: []string{"testdata/fontdir", "testdata/no-such-dir"}})
	set := r.installed()
	if len(set.dirOrder) != 1 || set.dirOrder[0] != "folio cjk test" {
		t.Fatalf("families %v", set.dirOrder)
	}
	f := set.dirFaces["folio cjk test"][0]
	if f.Weight() != 400 || f.Style() != StyleNormal || f.PostScriptName() != "FolioCJKTest" {
		t.Fatalf("face %s %q", f, f.PostScriptName())
	}
	if NewRegistry(Options{}).installed() != nil {
		t.Fatal("a registry without font directories or system fonts reads installed fonts")
	}
}

// With SystemFonts, a character the bundled faces lack comes from an
// installed font that has it (skipped when none does: CI installs
// fonts-droid-fallback for this test).
func TestSystemFontFallback(t *testing.T) {
	fps, err := systemIndex()
	if err != nil {
		t.Skipf("no system fonts: %v", err)
	}
	covered := false
	for _, fp := range fps {
		covered = covered || fp.Runes.Contains('日')
	}
	if !covered {
		t.Skip("no installed font covers U+65E5 (apt-get install fonts-droid-fallback)")
	}
	r := NewRegistry(Options{SystemFonts: true})
	runs, diags := r.Shape("a日", Query{Weight: 400}, 12, ShapeOptions{})
	if len(diags) != 0 || len(runs) != 2 || !runs[1].Face.HasRune('日') {
		t.Fatalf("runs %d, diagnostics %+v", len(runs), diags)
	}
	again, _ := NewRegistry(Options{SystemFonts: true}).Shape("a日", Query{Weight: 400}, 12, ShapeOptions{})
	if again[1].Face.PostScriptName() != runs[1].Face.PostScriptName() {
		t.Fatalf("fallback differs between registries: %s, %s", again[1].Face, runs[1].Face)
	}
}

// Among installed fonts covering a character, one made for the text's
// language comes first; without a language (or a font for it) the first
// in family order.
func TestFamilyCoveringPrefersLanguage(t *testing.T) {
	fp := func(family string, lang language.Language) fontscan.Footprint {
		f := fontscan.Footprint{Family: family}
		f.Runes.Add('漢')
		if id, ok := language.NewLangID(lang); ok {
			f.Langs.Add(id)
		}
		return f
	}
	set := &installedSet{system: []fontscan.Footprint{fp("a chinese", "zh-cn"), fp("b japanese", "ja"), fp("c korean", "ko")}}
	for _, tc := range []struct{ lang, want string }{
		{"ja", "b japanese"}, {"ja-JP", "b japanese"}, {"ko", "c korean"}, {"zh-CN", "a chinese"},
		{"", "a chinese"}, {"fr", "a chinese"},
	} {
		if got := set.familyCovering('漢', tc.lang); got != tc.want {
			t.Errorf("lang %q: %q, want %q", tc.lang, got, tc.want)
		}
	}
	if got := set.familyCovering('x', "ja"); got != "" {
		t.Errorf("uncovered character: %q", got)
	}
}

// Shaping on one registry from many goroutines while the first of them
// add the fallback family gives every caller the same result (run with
// -race).
func TestFontDirFallbackConcurrent(t *testing.T) {
	r := NewRegistry(Options{FontDirs: []string{"testdata/fontdir"}})
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				runs, diags := r.Shape("本 text 語", Query{Weight: 400 + 100*(i%3)}, 12, ShapeOptions{})
				if len(diags) != 0 || runs[0].Face.Family() != "Folio CJK Test" {
					errs <- fmt.Sprintf("runs %d, diagnostics %+v", len(runs), diags)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
