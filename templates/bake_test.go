package templates

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"text/template/parse"
)

// TestBakedLabelsSameHTML renders every sample in several languages (own
// labels, regional variants and the English fallback) through the
// template with baked labels, as Render does, and through the template
// as parsed, and requires the same bytes.
func TestBakedLabelsSameHTML(t *testing.T) {
	for _, id := range allIDs {
		e, err := lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"en", "en-US", "en-GB", "de", "de-AT", "fr", "fr-CA", "es", "ja"} {
			var sample map[string]any
			if err := json.Unmarshal(e.sample, &sample); err != nil {
				t.Fatal(err)
			}
			sample["lang"] = lang
			data, _ := json.Marshal(sample)
			got, err := Render(context.Background(), id, data)
			if err != nil {
				t.Fatalf("%s %s: %v", id, lang, err)
			}
			p, err := prepare(id, data)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := e.tmpl.Clone()
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := plain.ExecuteTemplate(&want, id+".html.tmpl", p); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%s lang %s: baked output differs from the plain template's at byte %d", id, lang, firstDiff(got, want.Bytes()))
			}
		}
	}
}

// TestBakeLabelsReplacesActions checks that the baked invoice template no
// longer evaluates its element-content labels but keeps the other
// actions, and that attribute labels stay actions.
func TestBakeLabelsReplacesActions(t *testing.T) {
	count := func(id string, baked bool) (labels, attrs, others int) {
		e, err := lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		tmpl := e.baked[labelerFor("de")]
		if !baked {
			tmpl, _ = e.tmpl.Clone()
		}
		var walk func(l *parse.ListNode)
		walk = func(l *parse.ListNode) {
			if l == nil {
				return
			}
			for _, n := range l.Nodes {
				switch n := n.(type) {
				case *parse.ActionNode:
					s := n.String()
					switch {
					case strings.Contains(s, "$.T."):
						labels++
					case strings.Contains(s, "$.A."):
						attrs++
					default:
						others++
					}
				case *parse.IfNode:
					walk(n.List)
					walk(n.ElseList)
				case *parse.RangeNode:
					walk(n.List)
					walk(n.ElseList)
				case *parse.WithNode:
					walk(n.List)
					walk(n.ElseList)
				}
			}
		}
		walk(tmpl.Lookup(id + ".html.tmpl").Tree.Root)
		return labels, attrs, others
	}
	for _, id := range allIDs {
		l0, a0, o0 := count(id, false)
		l1, a1, o1 := count(id, true)
		if l1 != 0 || a1 != a0 || o1 != o0 {
			t.Errorf("%s: baked template has %d label, %d attribute-label and %d other actions; want 0, %d, %d", id, l1, a1, o1, a0, o0)
		}
		if id == "invoice" && l0 < 20 {
			t.Errorf("invoice: only %d label actions before baking", l0)
		}
	}
}
