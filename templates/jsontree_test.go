package templates

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// stdTree decodes data the way parseJSON's fallback does.
func stdTree(data []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil, false
	}
	if len(bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n")) > 0 {
		return nil, false
	}
	return v, true
}

// checkTree fails unless parseTree either refuses data or agrees with
// encoding/json, and accepts everything encoding/json accepts (apart from
// nesting past the limit).
func checkTree(t *testing.T, data []byte) {
	t.Helper()
	if !utf8.Valid(data) {
		return // parseJSON rejects invalid UTF-8 before either parser runs
	}
	got, ok := parseTree(data)
	want, wantOK := stdTree(data)
	switch {
	case ok && !wantOK:
		t.Errorf("parseTree accepts %q, which encoding/json rejects", data)
	case !ok && wantOK:
		t.Errorf("parseTree refuses %q, which encoding/json accepts", data)
	case ok && !reflect.DeepEqual(got, want):
		t.Errorf("parseTree(%q) = %#v, encoding/json gives %#v", data, got, want)
	}
}

var treeCases = []string{
	`{}`, `[]`, ` {"a" : [1, -2.5e+3, 0, 0.25, 1E9, true, false, null, "x"]} `,
	`{"a":1,"a":2}`, `"plain"`, `"esc\"aped\\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00 \ud800 x"`,
	`{"nested":{"deeper":[[[]],{}]}}`, `"Grüße, 東京"`, `-0`, `0.5`, `1e-7`,
	// malformed: parseTree must refuse every one
	``, ` `, `{`, `[1,]`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `[1 2]`, `01`, `-`, `1.`, `.5`, `1e`, `1e+`,
	`+1`, `tru`, `nul`, `truex`, `"unterminated`, "\"tab\tinside\"", `"bad \x escape"`, `"\u12"`,
	`{"a":1}x`, `[1]]`, `{"a":[1}`, `NaN`, `'single'`, `"trailing backslash\`,
}

func TestParseTreeMatchesEncodingJSON(t *testing.T) {
	for _, c := range treeCases {
		checkTree(t, []byte(c))
	}
	for _, id := range allIDs {
		sample, err := Sample(id)
		if err != nil {
			t.Fatal(err)
		}
		checkTree(t, sample)
	}
}

func TestParseTreeDepth(t *testing.T) {
	deep := strings.Repeat("[", maxTreeDepth+1) + strings.Repeat("]", maxTreeDepth+1)
	if _, ok := parseTree([]byte(deep)); ok {
		t.Errorf("parseTree accepted %d nested arrays; encoding/json refuses them", maxTreeDepth+1)
	}
	ok := strings.Repeat("[", 100) + strings.Repeat("]", 100)
	checkTree(t, []byte(ok))
}

func FuzzParseTree(f *testing.F) {
	for _, c := range treeCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkTree(t, data) })
}

// TestAssignMatchesEncodingJSON decodes every sample (and variants that
// exercise nulls and unknown members) into its model both from the tree
// and with encoding/json and compares the results.
func TestAssignMatchesEncodingJSON(t *testing.T) {
	models := map[string]func() any{
		"accessible_report":    func() any { return new(reportData) },
		"invoice":              func() any { return new(invoiceData) },
		"scientific_paper":     func() any { return new(paperData) },
		"official_certificate": func() any { return new(certificateData) },
		"product_catalog":      func() any { return new(catalogData) },
	}
	for _, id := range allIDs {
		newModel, ok := models[id]
		if !ok {
			t.Fatalf("no model listed for %s", id)
		}
		sample, _ := Sample(id)
		var m map[string]any
		if err := json.Unmarshal(sample, &m); err != nil {
			t.Fatal(err)
		}
		m["unknown_member"] = []any{1, "x"}
		m["lang"] = nil
		variant, _ := json.Marshal(m)
		for _, data := range [][]byte{sample, variant} {
			tree, err := parseJSON(data)
			if err != nil {
				t.Fatal(err)
			}
			got, want := newModel(), newModel()
			if err := (&assigner{}).assign(tree, reflect.ValueOf(got).Elem()); err != nil {
				t.Errorf("%s: assign: %v (the model needs encoding/json; is that intended?)", id, err)
				continue
			}
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			if err := dec.Decode(want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: assign gives\n%+v\nencoding/json gives\n%+v", id, got, want)
			}
		}
	}
}

// TestAssignLeavesCaseFoldingToEncodingJSON: a member that matches a field
// only ignoring case is decoded by encoding/json (which matches it).
func TestAssignLeavesCaseFoldingToEncodingJSON(t *testing.T) {
	var d party
	tree, _ := parseTree([]byte(`{"NAME":"Acme"}`))
	if err := (&assigner{}).assign(tree, reflect.ValueOf(&d).Elem()); err != errNoAssign {
		t.Fatalf("assign = %v, want errNoAssign", err)
	}
	ps := &problems{}
	if !decodeInto(input{raw: []byte(`{"NAME":"Acme"}`), tree: tree}, &d, ps) || d.Name != "Acme" {
		t.Errorf("decodeInto = %+v, problems %v; want Name Acme as encoding/json decodes it", d, ps)
	}
}
