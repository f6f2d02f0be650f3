package server

import (
	"strings"

	"github.com/seed28491532/folio/audit"
)

// Report is an audit report as the API returns it: audit.Report with, on
// every finding, its WCAG success criterion and primary standard spelled
// out, and array fields that are never null.
type Report struct {
	Score    int       `json:"score"`
	Passed   bool      `json:"passed"`
	Errors   []Finding `json:"errors"`
	Warnings []Finding `json:"warnings"`
	Notices  []Finding `json:"notices,omitempty"`
	// NeedsReview are what the audit cannot decide without a person
	// (each with its reason); they do not count against the score.
	NeedsReview  []Finding           `json:"needs_review,omitempty"`
	RepairHints  []string            `json:"repair_hints"`
	CheckedRules []audit.RuleResult  `json:"checked_rules"`
	Summary      string              `json:"summary"`
	Document     *audit.DocumentInfo `json:"document,omitempty"`
	Fixes        []string            `json:"fixes,omitempty"`
}

// Finding is an audit finding with its references split out.
type Finding struct {
	audit.Finding
	// WCAG is the WCAG 2.1 success criterion, e.g. "1.1.1", when the
	// finding has one.
	WCAG string `json:"wcag,omitempty"`
	// Standard is the first reference, e.g. "WCAG 2.1 1.1.1" or
	// "PDF/UA-1 7.3".
	Standard string `json:"standard,omitempty"`
}

// ReportFrom converts an audit report to its API form (nil for nil).
func ReportFrom(r *audit.Report) *Report {
	if r == nil {
		return nil
	}
	out := &Report{
		Score: r.Score, Passed: r.Passed,
		Errors: findings(r.Errors), Warnings: findings(r.Warnings),
		RepairHints: r.RepairHints, CheckedRules: r.CheckedRules,
		Summary: r.Summary, Document: r.Document, Fixes: r.Fixes,
	}
	if len(r.Notices) > 0 {
		out.Notices = findings(r.Notices)
	}
	if len(r.NeedsReview) > 0 {
		out.NeedsReview = findings(r.NeedsReview)
	}
	if out.RepairHints == nil {
		out.RepairHints = []string{}
	}
	if out.CheckedRules == nil {
		out.CheckedRules = []audit.RuleResult{}
	}
	return out
}

func findings(in []audit.Finding) []Finding {
	out := make([]Finding, len(in))
	for i, f := range in {
		out[i] = Finding{Finding: f}
		if len(f.Standards) > 0 {
			out[i].Standard = f.Standards[0]
		}
		for _, s := range f.Standards {
			if c, ok := strings.CutPrefix(s, "WCAG 2.1 "); ok {
				out[i].WCAG = c
				break
			}
		}
	}
	return out
}
