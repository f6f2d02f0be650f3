package fonts

import "testing"

func TestSystemFonts(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	fps, err := systemIndex()
	if err != nil || len(fps) == 0 {
		t.Skipf("no system fonts: %v", err)
	}
	family := ""
	for _, fp := range fps {
		if fp.Family == "dejavumathtexgyre" {
			family = "DejaVu Math TeX Gyre"
		}
	}
	if family == "" {
		t.Skip("DejaVu Math TeX Gyre not installed")
	}
	if f := NewRegistry(Options{}).Match(Query{Families: []string{family}}); f.Family() != FamilySans {
		t.Errorf("without SystemFonts, %q matched %s", family, f)
	}
	r := NewRegistry(Options{SystemFonts: true})
	f := r.Match(Query{Families: []string{family}})
	if normalizeFamily(f.Family()) != normalizeFamily(family) || f.Err() != nil {
		t.Fatalf("with SystemFonts, %q matched %s (%v)", family, f, f.Err())
	}
	runs, _ := r.Shape("x", Query{Families: []string{family}}, 10, ShapeOptions{})
	if len(runs) != 1 || runs[0].Face != f {
		t.Errorf("shaping did not use the system face: %+v", runs)
	}
	// Generic names never go to system fonts.
	if f := r.Match(Query{Families: []string{"serif"}}); f.Family() != FamilySerif {
		t.Errorf("serif matched %s", f)
	}
}
