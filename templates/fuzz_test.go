package templates

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"golang.org/x/net/html"
)

// FuzzRender feeds arbitrary data to every template: no panic, every error
// is one of the documented kinds, and whatever validates renders to HTML
// with exactly one h1.
func FuzzRender(f *testing.F) {
	for i, id := range allIDs {
		sample, _ := Sample(id)
		f.Add(uint8(i), sample)
	}
	f.Add(uint8(1), []byte(`{"invoice_number": 1}`))
	f.Add(uint8(1), []byte(`{"items": [{"quantity": 1e400}]}`))
	f.Add(uint8(4), []byte(`{"sections": [{"heading": "x", "content": [{"type": "paragraph", "text": "[@a; @b]"}]}]}`))
	f.Add(uint8(0), []byte("{\"title\": \"\xff\"}"))
	f.Add(uint8(2), []byte(`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		id := allIDs[int(which)%len(allIDs)]
		out, err := Render(context.Background(), id, data)
		if err != nil {
			var se *SyntaxError
			var ve *ValidationError
			if !errors.As(err, &se) && !errors.As(err, &ve) && !errors.Is(err, ErrDataTooLarge) {
				t.Fatalf("undocumented error kind: %v", err)
			}
			if se != nil && (se.Line < 1 || se.Column < 1) {
				t.Fatalf("bad position: %v", se)
			}
			return
		}
		doc, err := html.Parse(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		h1 := 0
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode && n.Data == "h1" {
				h1++
			}
		}
		if h1 != 1 {
			t.Fatalf("%d h1 elements", h1)
		}
	})
}

// FuzzSchemaValidate checks that the validator never panics on arbitrary
// JSON, whatever the schema.
func FuzzSchemaValidate(f *testing.F) {
	f.Add([]byte(`{"type": "object", "required": ["a"]}`), []byte(`{"a": [1, "x", null]}`))
	f.Add([]byte(`{"oneOf": [{"type": "string"}, {"properties": {"type": {"const": "x"}}}]}`), []byte(`{"type": "x"}`))
	f.Add([]byte(`{"items": {"$ref": "#/$defs/a"}, "$defs": {"a": {"minimum": 1.5}}}`), []byte(`[1, 2, 1e999]`))
	f.Fuzz(func(t *testing.T, schemaDoc, data []byte) {
		s, err := compileSchema(schemaDoc)
		if err != nil {
			return
		}
		v, err := parseJSON(data)
		if err != nil {
			return
		}
		ps := &problems{}
		(&validator{root: s, ps: ps}).validate(s, v, rootPath())
		if len(ps.list) > maxProblems {
			t.Fatalf("%d problems", len(ps.list))
		}
	})
}
