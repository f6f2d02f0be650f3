package audit

import (
	"fmt"
	"math"
	"sort"
)

// DocumentInfo describes an audited PDF.
type DocumentInfo struct {
	Pages      int    `json:"pages"`
	Tagged     bool   `json:"tagged"`
	Lang       string `json:"lang,omitempty"`
	Title      string `json:"title,omitempty"`
	PDFUAPart  int    `json:"pdfua_part,omitempty"`
	PDFVersion string `json:"pdf_version,omitempty"`
}

// Report is the outcome of an audit.
type Report struct {
	// Score is 0–100; 100 only when there are no errors. See Score.
	Score  int  `json:"score"`
	Passed bool `json:"passed"`
	// Errors, Warnings and Notices hold the findings by severity, each in
	// document order.
	Errors   []Finding `json:"errors"`
	Warnings []Finding `json:"warnings"`
	Notices  []Finding `json:"notices,omitempty"`
	// NeedsReview holds the findings a person has to decide (severity
	// NeedsReview), in document order; they do not affect Score or Passed.
	NeedsReview []Finding `json:"needs_review,omitempty"`
	// RepairHints has one hint per failing rule, deduplicated, errors first.
	RepairHints []string `json:"repair_hints"`
	// CheckedRules lists every rule that ran with its counts.
	CheckedRules []RuleResult `json:"checked_rules"`
	Summary      string       `json:"summary"`
	// Document is set for PDF audits.
	Document *DocumentInfo `json:"document,omitempty"`
	// Fixes lists automatic repairs applied before the audit (Fix option).
	Fixes []string `json:"fixes,omitempty"`
}

// severityWeight is the share of the score (in percent) a rule takes away
// when it fails everywhere it applies.
func severityWeight(s Severity) float64 {
	switch s {
	case Error:
		return 10
	case Warning:
		return 2
	}
	return 0
}

// Score computes the audit score from rule results; see the package
// documentation for the formula. Each failing rule keeps a factor
//
//	1 − w/100 × (0.5 + 0.5 × failed/checked)
//
// of the score, with w = 10 for errors, 2 for warnings and 0 for notices:
// half of the weight for failing at all, half scaled by how much of what
// the rule checked failed. The score is 100 × the product of the factors,
// rounded down, and at most 99 while any error rule fails. Rules that
// checked nothing or failed nothing cost nothing. The result is always in
// 0–100 and depends only on the results, not on their order.
func Score(results []RuleResult) int {
	keep := 1.0
	hasError := false
	for _, r := range results {
		if r.Failed <= 0 {
			continue
		}
		checked := r.Checked
		if checked < r.Failed {
			checked = r.Failed
		}
		ratio := float64(r.Failed) / float64(checked)
		keep *= 1 - severityWeight(r.Severity)/100*(0.5+0.5*ratio)
		if r.Severity == Error {
			hasError = true
		}
	}
	// The epsilon keeps products such as 0.9 × 0.9 × 100 = 80.999… at 81.
	score := int(math.Floor(100*keep + 1e-9))
	score = max(0, min(100, score))
	if hasError && score > 99 {
		score = 99
	}
	return score
}

// NewReport builds a report from findings and the results of the rules that
// ran. Findings are grouped by severity (order within a group kept), hints
// are collected once per rule, and the score is computed by Score.
func NewReport(findings []Finding, results []RuleResult) Report {
	r := Report{Errors: []Finding{}, Warnings: []Finding{}, RepairHints: []string{}}
	seenHint := map[string]bool{}
	var warnHints []string
	for _, f := range findings {
		switch f.Severity {
		case Error:
			r.Errors = append(r.Errors, f)
		case Warning:
			r.Warnings = append(r.Warnings, f)
		case NeedsReview:
			r.NeedsReview = append(r.NeedsReview, f)
		default:
			r.Notices = append(r.Notices, f)
		}
		if f.Hint == "" || seenHint[f.Rule] || (f.Severity != Error && f.Severity != Warning) {
			continue
		}
		seenHint[f.Rule] = true
		if f.Severity == Error {
			r.RepairHints = append(r.RepairHints, f.Rule+": "+f.Hint)
		} else {
			warnHints = append(warnHints, f.Rule+": "+f.Hint)
		}
	}
	r.RepairHints = append(r.RepairHints, warnHints...)
	r.CheckedRules = withFindingResults(results, findings)
	sort.SliceStable(r.CheckedRules, func(i, j int) bool { return r.CheckedRules[i].Rule < r.CheckedRules[j].Rule })
	r.Score = Score(r.CheckedRules)
	r.Passed = len(r.Errors) == 0
	r.Summary = fmt.Sprintf("score %d/100: %d %s, %d %s, %d %s checked",
		r.Score, len(r.Errors), plural(len(r.Errors), "error", "errors"),
		len(r.Warnings), plural(len(r.Warnings), "warning", "warnings"),
		len(r.CheckedRules), plural(len(r.CheckedRules), "rule", "rules"))
	if n := len(r.NeedsReview); n > 0 {
		r.Summary += fmt.Sprintf("; %d %s to review", n, plural(n, "finding", "findings"))
	}
	return r
}

// Merge combines two reports (e.g. the HTML audit and the PDF audit of the
// same render) into one, recomputing score, hints and summary. Document
// info and fixes are kept from whichever report has them.
func Merge(a, b Report) Report {
	var findings []Finding
	for _, rep := range []Report{a, b} {
		findings = append(findings, rep.Errors...)
		findings = append(findings, rep.Warnings...)
		findings = append(findings, rep.Notices...)
		findings = append(findings, rep.NeedsReview...)
	}
	m := NewReport(findings, mergeResults(a.CheckedRules, b.CheckedRules))
	m.Document = a.Document
	if m.Document == nil {
		m.Document = b.Document
	}
	m.Fixes = append(append([]string{}, a.Fixes...), b.Fixes...)
	return m
}

// mergeResults joins two reports' rule results; a rule both ran (the HTML
// rules over several merged documents) gets one result with the counts
// added.
func mergeResults(a, b []RuleResult) []RuleResult {
	out := append(make([]RuleResult, 0, len(a)+len(b)), a...)
	at := make(map[string]int, len(a))
	for i, r := range a {
		at[r.Rule] = i
	}
	for _, r := range b {
		if i, ok := at[r.Rule]; ok && out[i].Severity == r.Severity {
			out[i].Checked += r.Checked
			out[i].Failed += r.Failed
			continue
		}
		out = append(out, r)
	}
	return out
}

// ForDocument marks every finding of r as about the merged document
// number n (from 1).
func (r *Report) ForDocument(n int) {
	for _, list := range [][]Finding{r.Errors, r.Warnings, r.Notices, r.NeedsReview} {
		for i := range list {
			list[i].Location.Document = n
		}
	}
}

// withFindingResults copies results and adds a result for every rule that
// has error or warning findings but no result of its own (Checked and
// Failed both the number of its findings), so that a report can never
// score 100 while it lists errors.
func withFindingResults(results []RuleResult, findings []Finding) []RuleResult {
	out := append([]RuleResult{}, results...)
	known := make(map[string]bool, len(results))
	for _, r := range results {
		known[r.Rule] = true
	}
	index := map[string]int{}
	for _, f := range findings {
		if known[f.Rule] || (f.Severity != Error && f.Severity != Warning) {
			continue
		}
		i, ok := index[f.Rule]
		if !ok {
			i = len(out)
			index[f.Rule] = i
			out = append(out, RuleResult{Rule: f.Rule, Severity: f.Severity})
		}
		if f.Severity == Error {
			out[i].Severity = Error
		}
		out[i].Checked++
		out[i].Failed++
	}
	return out
}
