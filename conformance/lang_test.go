package conformance

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	folio "github.com/seed28491532/folio"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// structLangs returns the catalog /Lang and the /Lang values set on
// structure elements, in tree order, read with the pdfobj reader.
func structLangs(t *testing.T, pdf []byte) (string, []string) {
	t.Helper()
	f, err := pdfobj.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	root := f.Root()
	var langs []string
	seen := map[pdfobj.Ref]bool{}
	var walk func(o pdfobj.Object, depth int)
	walk = func(o pdfobj.Object, depth int) {
		if r, ok := o.(pdfobj.Ref); ok {
			if seen[r] {
				return
			}
			seen[r] = true
		}
		if depth > 200 {
			t.Fatalf("structure tree deeper than 200")
		}
		switch v := f.Resolve(o).(type) {
		case pdfobj.Array:
			for _, k := range v {
				walk(k, depth+1)
			}
		case pdfobj.Dict:
			if l, ok := v["Lang"]; ok {
				langs = append(langs, pdfobj.Text(f.Resolve(l)))
			}
			if k, ok := v["K"]; ok {
				walk(k, depth+1)
			}
		}
	}
	sr, ok := f.Resolve(root["StructTreeRoot"]).(pdfobj.Dict)
	if !ok {
		t.Fatal("no /StructTreeRoot")
	}
	walk(sr["K"], 0)
	return pdfobj.Text(f.Resolve(root["Lang"])), langs
}

// TestLanguageChanges checks that every change of language in the HTML
// (lang on an element) becomes /Lang on a structure element, and the
// document language the catalog /Lang.
func TestLanguageChanges(t *testing.T) {
	for _, tc := range []struct {
		file    string
		catalog string
		langs   []string
	}{
		{"multilang.html", "en", []string{"de", "es", "fr", "el", "ru", "pl", "cs"}},
		{"multilingual.html", "en", []string{"de", "fr", "el", "ru"}},
		{"rtl.html", "en", []string{"he"}},
		{"field-survey.html", "en-US", nil},
	} {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", "corpus", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			res := convert(t, src, folio.Options{})
			catalog, langs := structLangs(t, res.PDF)
			if catalog != tc.catalog {
				t.Errorf("catalog /Lang = %q, want %q", catalog, tc.catalog)
			}
			var distinct []string
			for _, l := range langs {
				if l != catalog && !slices.Contains(distinct, l) {
					distinct = append(distinct, l)
				}
			}
			if !slices.Equal(distinct, tc.langs) {
				t.Errorf("structure element /Lang values = %q, want %q (in document order)", distinct, tc.langs)
			}
		})
	}
}
