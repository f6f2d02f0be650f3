package main

import "testing"

// TestTally checks how outcomes are matched and counted: per element for
// element rules, per document for page rules, through rule aliases, and
// only on rules both tools ran.
func TestTally(t *testing.T) {
	res := &pageResult{
		Ran: []string{"image-alt", "document-title", "input-button-name", "region"},
	}
	add := func(rule, kind, key string) {
		res.Axe = append(res.Axe, struct{ Rule, Kind, Key, Target string }{rule, kind, key, key})
	}
	add("image-alt", axeViolation, "html/1/0") // both fail
	add("image-alt", axeViolation, "html/1/1") // folio misses
	add("image-alt", axePass, "html/1/2")      // folio fails: false alarm
	add("image-alt", axePass, "html/1/3")      // both pass
	add("document-title", axeViolation, "html")
	add("input-button-name", axeIncomplete, "html/1/4")
	add("region", axeViolation, "html/1/5") // folio does not have the rule
	items := []folioItem{
		{Rule: "image-alt", Outcome: folioFail, Selector: "a"},
		{Rule: "image-alt", Outcome: folioFail, Selector: "b"},
		{Rule: "document-title", Outcome: folioFail, Selector: "head"},
		{Rule: "button-name", Outcome: folioReview, Selector: "c"},
		{Rule: "heading-one-unique", Outcome: folioFail, Selector: "d"}, // axe does not have it
	}
	res.Folio = []string{"html/1/0", "html/1/2", "html/0", "html/1/4", "html/1/6"}
	ran := map[string]bool{"image-alt": true, "document-title": true, "button-name": true, "heading-one-unique": true}
	tl := newTally()
	tl.add("f.html", items, res, ran)
	tests := []struct {
		rule string
		want stats
	}{
		{"image-alt", stats{viol: 2, fail: 2, hit: 1, pass: 2, falseAlarm: 1}},
		{"document-title", stats{viol: 1, fail: 1, hit: 1}},
		{"button-name", stats{incomplete: 1, reviewHit: 1}},
	}
	for _, tt := range tests {
		if got := statsOf(tl.counts[tt.rule]); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.rule, got, tt.want)
		}
	}
	for _, r := range []string{"region", "heading-one-unique"} {
		if _, ok := tl.counts[r]; ok {
			t.Errorf("%s counted although only one tool ran it", r)
		}
	}
	if len(tl.diffs) != 2 {
		t.Errorf("disagreements %v, want the missed and the falsely failed image", tl.diffs)
	}
}
