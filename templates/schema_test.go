package templates

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCompileSchemaRejectsUnsupported(t *testing.T) {
	tests := []struct{ doc, want string }{
		{`{"type": "object", "patternProperties": {}}`, "schema #/patternProperties: unsupported keyword"},
		{`{"properties": {"a": {"format": "ipv4"}}}`, `schema #/properties/a/format: unsupported format "ipv4"`},
		{`{"$ref": "other.json#/x"}`, "only local references"},
		{`{"$ref": "#/$defs/missing"}`, `unresolved reference "#/$defs/missing"`},
		{`{"type": "text"}`, `unknown type "text"`},
		{`{"pattern": "("}`, "schema #/pattern: error parsing regexp"},
		{`{"minimum": "x"}`, "schema #/minimum: not a number"},
		{`[]`, "schema #: json: cannot unmarshal array"},
	}
	for _, tt := range tests {
		_, err := compileSchema([]byte(tt.doc))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("compile %s: err = %v, want %q", tt.doc, err, tt.want)
		}
	}
}

func TestSchemaKeywords(t *testing.T) {
	const doc = `{
		"type": "object",
		"required": ["n"],
		"additionalProperties": {"type": "integer"},
		"properties": {
			"n": {"type": ["integer", "null"], "exclusiveMinimum": 0, "exclusiveMaximum": 10},
			"s": {"type": "string", "minLength": 2, "maxLength": 3, "enum": ["ab", "abc", "éé"]},
			"c": {"const": 1.0},
			"a": {"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "boolean"}},
			"u": {"type": "string", "format": "uri"},
			"m": {"oneOf": [{"type": "string"}, {"type": "number"}, {"type": "integer"}]}
		}
	}`
	s, err := compileSchema([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		data string
		want []string // problems as "path: message"; nil = valid
	}{
		{`{"n": 5}`, nil},
		{`{"n": null}`, nil},
		{`{"n": 5.0, "s": "éé", "c": 1, "a": [true], "u": "https://x.example/", "m": "x", "extra": 3}`, nil},
		{`{}`, []string{"data.n: required"}},
		{`{"n": 5.5}`, []string{"data.n: expected integer or null, got number"}},
		{`{"n": 0}`, []string{"data.n: expected a number > 0, got 0"}},
		{`{"n": 10}`, []string{"data.n: expected a number < 10, got 10"}},
		{`{"n": 1, "s": "a"}`, []string{`data.s: expected one of "ab", "abc", "éé", got "a"`}},
		{`{"n": 1, "c": 2}`, []string{"data.c: expected 1.0, got 2"}},
		{`{"n": 1, "a": []}`, []string{"data.a: expected at least 1 item, got 0"}},
		{`{"n": 1, "a": [true, false, true]}`, []string{"data.a: expected at most 2 items, got 3"}},
		{`{"n": 1, "a": [true, "no"]}`, []string{"data.a[1]: expected boolean, got string"}},
		{`{"n": 1, "u": "relative/path"}`, []string{`data.u: expected an absolute URI, got "relative/path"`}},
		{`{"n": 1, "m": 3}`, []string{"data.m: expected exactly one of 3 alternatives to match, 2 did"}},
		{`{"n": 1, "m": true}`, []string{"data.m: expected exactly one of 3 alternatives to match, 0 did"}},
		{`{"n": 1, "extra": "x"}`, []string{"data.extra: expected integer, got string"}},
	}
	for _, tt := range tests {
		v, err := parseJSON([]byte(tt.data))
		if err != nil {
			t.Fatal(err)
		}
		ps := &problems{}
		(&validator{root: s, ps: ps}).validate(s, v, rootPath())
		var got []string
		for _, p := range ps.list {
			got = append(got, p.String())
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tt.data, got, tt.want)
		}
	}
}

func TestFormatHelpers(t *testing.T) {
	money := []struct {
		amount, currency, want string
	}{
		{"1234.5", "EUR", "EUR 1,234.50"},
		{"0", "USD", "USD 0.00"},
		{"-0.004", "EUR", "EUR 0.00"},
		{"-1234567.891", "GBP", "GBP -1,234,567.89"},
		{"12000", "JPY", "JPY 12,000"},
		{"1.2345", "BHD", "BHD 1.235"},
		{"999.995", "EUR", "EUR 1,000.00"},
	}
	for _, m := range money {
		if got := formatMoney(decimal(jsonNumber(m.amount)), m.currency); got != m.want {
			t.Errorf("formatMoney(%s, %s) = %q, want %q", m.amount, m.currency, got, m.want)
		}
	}
	dates := []struct{ lang, iso, want string }{
		{"en", "2026-03-09", "9 March 2026"},
		{"en-GB", "2026-03-09", "9 March 2026"},
		{"en-US", "2026-03-09", "March 9, 2026"},
		{"de", "2026-03-09", "9. März 2026"},
		{"fr-CA", "2026-08-01", "1 août 2026"},
		{"ja", "2026-03-09", "2026-03-09"},
		{"", "2026-03-09", "9 March 2026"},
	}
	for _, d := range dates {
		if got := formatDate(d.lang, d.iso); got != d.want {
			t.Errorf("formatDate(%q, %q) = %q, want %q", d.lang, d.iso, got, d.want)
		}
	}
	if got := groupIBAN("DE89 3704004405320130 00"); got != "DE89 3704 0044 0532 0130 00" {
		t.Errorf("groupIBAN = %q", got)
	}
}

func jsonNumber(s string) json.Number { return json.Number(s) }

func TestSelfReferenceIsBounded(t *testing.T) {
	s, err := compileSchema([]byte(`{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/a"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	ps := &problems{}
	(&validator{root: s, ps: ps}).validate(s, map[string]any{}, rootPath())
	if len(ps.list) != 1 || !strings.Contains(ps.list[0].Message, "nested too deeply") {
		t.Errorf("problems %v", ps.list)
	}
}
