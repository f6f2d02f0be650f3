package audit

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestScore(t *testing.T) {
	tests := []struct {
		name    string
		results []RuleResult
		want    int
	}{
		{"nothing checked", nil, 100},
		{"all passing", []RuleResult{{Rule: "a", Severity: Error, Checked: 5}}, 100},
		{"one error of four", []RuleResult{{Rule: "a", Severity: Error, Checked: 4, Failed: 1}}, 93},
		{"error everywhere", []RuleResult{{Rule: "a", Severity: Error, Checked: 3, Failed: 3}}, 90},
		{"error plus warning", []RuleResult{{Rule: "a", Severity: Error, Checked: 4, Failed: 1}, {Rule: "b", Severity: Warning, Checked: 1, Failed: 1}}, 91},
		{"warning only", []RuleResult{{Rule: "b", Severity: Warning, Checked: 10, Failed: 1}}, 98},
		{"notice costs nothing", []RuleResult{{Rule: "c", Severity: Notice, Checked: 1, Failed: 1}}, 100},
		{"tiny error ratio still below 100", []RuleResult{{Rule: "a", Severity: Error, Checked: 1 << 30, Failed: 1}}, 94},
		{"failed above checked treated as all", []RuleResult{{Rule: "a", Severity: Error, Checked: 1, Failed: 7}}, 90},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Score(tt.results); got != tt.want {
				t.Errorf("Score = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestScoreBounds checks the score stays in 0–100 and never reaches 100
// while an error rule fails, however many rules fail.
func TestScoreBounds(t *testing.T) {
	var rs []RuleResult
	for i := range 500 {
		rs = append(rs, RuleResult{Rule: string(rune('a' + i%26)), Severity: Error, Checked: 1, Failed: 1})
		s := Score(rs)
		if s < 0 || s > 99 {
			t.Fatalf("%d failing rules: score %d", i+1, s)
		}
	}
	// Order does not matter.
	a := []RuleResult{{Rule: "a", Severity: Error, Checked: 3, Failed: 1}, {Rule: "b", Severity: Warning, Checked: 2, Failed: 2}}
	b := []RuleResult{a[1], a[0]}
	if Score(a) != Score(b) {
		t.Errorf("score depends on order: %d vs %d", Score(a), Score(b))
	}
}

func sampleFindings() []Finding {
	return []Finding{
		{Rule: "image-alt", Severity: Error, Standards: []string{"WCAG 2.1 1.1.1"}, Message: "The image has no alt attribute.",
			Location: Location{Line: 10, Column: 1, Selector: "body > img", Snippet: `<img src="bars.png">`}, Hint: `add alt="…"`},
		{Rule: "link-text-vague", Severity: Warning, Standards: []string{"WCAG 2.1 2.4.4"}, Message: `The link text "more" is vague.`,
			Location: Location{Line: 12, Column: 3, Selector: "body > a"}, Hint: "say where the link goes"},
		{Rule: "image-alt", Severity: Error, Standards: []string{"WCAG 2.1 1.1.1"}, Message: "Second image.",
			Location: Location{Line: 11, Column: 1, Selector: "body > img:nth-of-type(2)"}, Hint: `add alt="…"`},
		{Rule: "color-contrast", Severity: Notice, Message: "Cannot decide.", Location: Location{Line: 14, Column: 1}},
	}
}

func TestNewReport(t *testing.T) {
	rep := NewReport(sampleFindings(), []RuleResult{
		{Rule: "link-text-vague", Severity: Warning, Checked: 2, Failed: 1},
		{Rule: "image-alt", Severity: Error, Checked: 2, Failed: 2},
	})
	if rep.Passed || len(rep.Errors) != 2 || len(rep.Warnings) != 1 || len(rep.Notices) != 1 {
		t.Fatalf("grouping: %+v", rep)
	}
	if rep.Errors[0].Location.Line != 10 || rep.Errors[1].Location.Line != 11 {
		t.Errorf("order within errors changed")
	}
	want := []string{`image-alt: add alt="…"`, "link-text-vague: say where the link goes"}
	if strings.Join(rep.RepairHints, "|") != strings.Join(want, "|") {
		t.Errorf("hints %q, want %q", rep.RepairHints, want)
	}
	if rep.CheckedRules[0].Rule != "image-alt" || rep.Score != 88 {
		t.Errorf("rules %v score %d", rep.CheckedRules, rep.Score)
	}
	if rep.Summary != "score 88/100: 2 errors, 1 warning, 2 rules checked" {
		t.Errorf("summary %q", rep.Summary)
	}
}

// TestNewReportWithoutResults checks that errors without rule counts still
// keep the score below 100.
func TestNewReportWithoutResults(t *testing.T) {
	rep := NewReport(sampleFindings()[:1], nil)
	if rep.Score == 100 || rep.Passed {
		t.Fatalf("score %d passed %t with an error finding", rep.Score, rep.Passed)
	}
	if len(rep.CheckedRules) != 1 || rep.CheckedRules[0] != (RuleResult{Rule: "image-alt", Severity: Error, Checked: 1, Failed: 1}) {
		t.Errorf("synthesised results %+v", rep.CheckedRules)
	}
}

func TestMerge(t *testing.T) {
	html := NewReport(sampleFindings()[:1], []RuleResult{{Rule: "image-alt", Severity: Error, Checked: 1, Failed: 1}})
	html.Fixes = []string{"html-has-lang: set lang"}
	pdf := NewReport([]Finding{{Rule: "pdfua-7.1-3", Severity: Error, Message: "Untagged content.", Location: Location{Page: 2, Object: 14}}},
		[]RuleResult{{Rule: "pdfua-7.1-3", Severity: Error, Checked: 3, Failed: 1}})
	pdf.Document = &DocumentInfo{Pages: 2, Tagged: true}
	m := Merge(html, pdf)
	if len(m.Errors) != 2 || len(m.CheckedRules) != 2 || m.Document == nil || len(m.Fixes) != 1 {
		t.Fatalf("merged %+v", m)
	}
	if m.Score >= html.Score || m.Score >= pdf.Score {
		t.Errorf("merged score %d not below parts %d, %d", m.Score, html.Score, pdf.Score)
	}
}

func TestWriteText(t *testing.T) {
	rep := NewReport(sampleFindings(), []RuleResult{
		{Rule: "image-alt", Severity: Error, Checked: 2, Failed: 2},
		{Rule: "link-text-vague", Severity: Warning, Checked: 2, Failed: 1},
		{Rule: "label", Severity: Error},
	})
	rep.Fixes = []string{`document-title: set <title> to "X"`}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"Accessibility audit: FAILED, score 88/100 (2 errors, 1 warning, 1 notice; 3 rules checked)",
		"Errors (2):\n  image-alt [WCAG 2.1 1.1.1]\n    10:1 body > img  The image has no alt attribute.\n      <img src=\"bars.png\">\n    11:1 body > img:nth-of-type(2)  Second image.\n    Hint: add alt=\"…\"\n",
		"Warnings (1):\n  link-text-vague [WCAG 2.1 2.4.4]\n    12:3 body > a",
		"Notices (1):",
		"Fixes applied:\n  - document-title",
		"Failing rules (failed/checked):\n  image-alt                error   2/2\n  link-text-vague          warning 1/2\n",
		"Rules: 2 failed, 0 passed, 1 not applicable",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	pdf := NewReport([]Finding{{Rule: "pdfua-7.1-3", Severity: Error, Message: "Untagged.", Location: Location{Page: 2, Object: 14, StructPath: "Document/P[3]"}}}, nil)
	b.Reset()
	pdf.WriteText(&b)
	if !strings.Contains(b.String(), "page 2 obj 14 Document/P[3]  Untagged.") {
		t.Errorf("PDF location missing:\n%s", b.String())
	}
}

func TestWriteJSON(t *testing.T) {
	rep := NewReport(sampleFindings(), nil)
	var b bytes.Buffer
	if err := rep.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Score != rep.Score || len(back.Errors) != 2 || back.Errors[0].Location.Selector != "body > img" {
		t.Errorf("round trip: %+v", back)
	}
	for _, key := range []string{`"score"`, `"passed"`, `"errors"`, `"repair_hints"`, `"checked_rules"`, `"line": 10`, `"standards"`} {
		if !strings.Contains(b.String(), key) {
			t.Errorf("JSON lacks %s", key)
		}
	}
}

// TestNeedsReview checks that needs-review findings are listed on their
// own, named in the summary and text output, and cost neither score nor
// verdict.
func TestNeedsReview(t *testing.T) {
	review := Finding{Rule: "color-contrast", Severity: NeedsReview, Message: "Contrast is 2.1:1.",
		Reason: "the text has a text-shadow", Hint: "check by eye", Location: Location{Line: 3, Column: 1}}
	results := []RuleResult{{Rule: "color-contrast", Severity: Error, Checked: 1}}
	rep := NewReport([]Finding{review}, results)
	if !rep.Passed || rep.Score != 100 || len(rep.NeedsReview) != 1 || len(rep.Errors)+len(rep.Notices) != 0 {
		t.Fatalf("passed %t score %d review %d: %+v", rep.Passed, rep.Score, len(rep.NeedsReview), rep)
	}
	if len(rep.RepairHints) != 0 {
		t.Errorf("needs-review finding added a repair hint: %q", rep.RepairHints)
	}
	if !strings.HasSuffix(rep.Summary, "; 1 finding to review") {
		t.Errorf("summary %q", rep.Summary)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"0 notices, 1 to review", "Needs review (1):", "Review: the text has a text-shadow"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text output lacks %q:\n%s", want, b.String())
		}
	}
	var js strings.Builder
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"needs_review": [`) || !strings.Contains(js.String(), `"severity": "needs-review"`) {
		t.Errorf("JSON lacks the needs_review list:\n%s", js.String())
	}
	if m := Merge(rep, NewReport(nil, nil)); len(m.NeedsReview) != 1 {
		t.Errorf("Merge dropped the needs-review finding")
	}
}
