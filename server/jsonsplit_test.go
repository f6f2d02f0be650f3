package server

import (
	"bytes"
	"encoding/json"
	"maps"
	"strings"
	"testing"
)

// splitCases are bodies for splitObject: accepted ones must give what
// encoding/json gives, the others must be left to encoding/json.
var splitCases = []struct {
	body string
	fast bool // splitObject handles it
}{
	{`{}`, true},
	{" \t\r\n{ } \n", true},
	{`{"template_id":"invoice","data":{"a":[1,-2.5e+3,0,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9"],"b":{}}}`, true},
	{`{"a":1,"a":2}`, true},
	{`{"html":"<p>h\u00e9llo</p>","title":"Rechnung für Kunden","audit":true}`, true},
	{"{\"a\":\"\xff\"}", true}, // encoding/json accepts invalid UTF-8 in a raw value
	{`{"a":[[[[[]]]]]}`, true},
	{`{"a": 0.5 , "b" : -0 }`, true},
	{`{"a":01}`, false},
	{`{"a":1.}`, false},
	{`{"a":.5}`, false},
	{`{"a":1e}`, false},
	{`{"a":-}`, false},
	{`{"a":tru}`, false},
	{`{"a":"x}`, false},
	{"{\"a\":\"x\ty\"}", false},
	{`{"a":"\x"}`, false},
	{`{"a":"\u12g4"}`, false},
	{`{"a":1,}`, false},
	{`{"a" 1}`, false},
	{`{"a":1}x`, false},
	{`{"a":1}{}`, false},
	{`{"a":[1,]}`, false},
	{`{"a":{"b":1,}}`, false},
	{`{"a":{1:2}}`, false},
	{`[1,2]`, false},
	{`null`, false},
	{`"x"`, false},
	{``, false},
	{`{"a\u0062":1}`, true}, // escaped names are unescaped as encoding/json does
	{`{"é":1}`, true},
	{"{\"\xff\":1,\"\\ud800\":2}", true}, // names that are not UTF-8 are repaired as encoding/json does
	{`{"a":` + strings.Repeat("[", maxSplitDepth+1) + strings.Repeat("]", maxSplitDepth+1) + `}`, false},
}

func TestSplitObjectMatchesEncodingJSON(t *testing.T) {
	for _, tc := range splitCases {
		got, ok := splitAll([]byte(tc.body))
		if ok != tc.fast {
			t.Errorf("splitObject(%.60q) ok = %v, want %v", tc.body, ok, tc.fast)
		}
		checkSplit(t, []byte(tc.body), got, ok)
	}
}

// splitAll is splitObject keeping every member.
func splitAll(body []byte) (map[string]json.RawMessage, bool) {
	f := newJSONFields(nil)
	ok := splitObject(body, f)
	return f.raw, ok
}

// checkSplit requires an accepted body to decode with encoding/json to the
// same members and values.
func checkSplit(t *testing.T, body []byte, got map[string]json.RawMessage, ok bool) {
	t.Helper()
	if !ok {
		return
	}
	var want map[string]json.RawMessage
	if err := json.Unmarshal(body, &want); err != nil {
		t.Fatalf("splitObject accepted %q, encoding/json: %v", body, err)
	}
	if want == nil || !maps.EqualFunc(got, want, func(a, b json.RawMessage) bool { return bytes.Equal(a, b) }) {
		t.Fatalf("splitObject(%q) = %q, encoding/json %q", body, got, want)
	}
}

func TestPlainString(t *testing.T) {
	for _, v := range []string{`"abc"`, `""`, `"Rechnung für"`, `"a\"b"`, `"\u00e9"`, `"a\\b"`, "\"\xff\"", `"x`, `5`, `null`} {
		got, ok := plainString([]byte(v))
		if !ok {
			continue
		}
		var want string
		if err := json.Unmarshal([]byte(v), &want); err != nil || got != want {
			t.Errorf("plainString(%q) = %q; encoding/json %q, %v", v, got, want, err)
		}
	}
	if _, ok := plainString([]byte(`"invoice"`)); !ok {
		t.Error(`plainString("invoice") not taken`)
	}
}

// FuzzSplitObject: whatever splitObject accepts, encoding/json decodes to
// the same members; whatever encoding/json rejects, splitObject rejects.
func FuzzSplitObject(f *testing.F) {
	for _, tc := range splitCases {
		f.Add([]byte(tc.body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, ok := splitAll(body)
		checkSplit(t, body, got, ok)
		if v, ok := plainString(body); ok {
			var want string
			if err := json.Unmarshal(body, &want); err != nil || v != want {
				t.Fatalf("plainString(%q) = %q; encoding/json %q, %v", body, v, want, err)
			}
		}
	})
}

// BenchmarkDecodeJSONObject decodes the invoice render-template body.
func BenchmarkDecodeJSONObject(b *testing.B) {
	body := []byte(`{"template_id":"invoice","data":` + string(sample(b, "invoice")) + `}`)
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		f, err := decodeJSONObject(body, templateJSONFields)
		if err != nil {
			b.Fatal(err)
		}
		_ = f.str("template_id")
	}
}
