package audit

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteJSON writes the report as indented JSON (the field names are the
// struct tags of Report, Finding, Location and RuleResult). HTML in
// snippets and messages is written as is, not \u003c-escaped.
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // snippets are HTML; keep them readable
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("audit: write JSON report: %w", err)
	}
	return nil
}

// WriteText writes the report for people: a summary line, then the
// findings grouped by severity and, inside each severity, by rule (rules in
// order of first appearance, findings in document order). Each finding
// shows its location (line:column or page/object), selector or structure
// path, snippet and message; each rule group ends with its repair hint
// (or each finding has its own when they differ).
// Applied fixes, the failing rules with their counts and a count of
// passed and not-applicable rules follow.
func (r Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	verdict := "PASSED"
	if !r.Passed {
		verdict = "FAILED"
	}
	review := ""
	if n := len(r.NeedsReview); n > 0 {
		review = fmt.Sprintf(", %d to review", n)
	}
	fmt.Fprintf(bw, "Accessibility audit: %s, score %d/100 (%d %s, %d %s, %d %s%s; %d %s checked)\n",
		verdict, r.Score,
		len(r.Errors), plural(len(r.Errors), "error", "errors"),
		len(r.Warnings), plural(len(r.Warnings), "warning", "warnings"),
		len(r.Notices), plural(len(r.Notices), "notice", "notices"), review,
		len(r.CheckedRules), plural(len(r.CheckedRules), "rule", "rules"))
	if d := r.Document; d != nil {
		fmt.Fprintf(bw, "Document: %d %s, tagged %t", d.Pages, plural(d.Pages, "page", "pages"), d.Tagged)
		if d.PDFVersion != "" {
			fmt.Fprintf(bw, ", PDF %s", d.PDFVersion)
		}
		if d.PDFUAPart != 0 {
			fmt.Fprintf(bw, ", PDF/UA-%d", d.PDFUAPart)
		}
		if d.Lang != "" {
			fmt.Fprintf(bw, ", lang %s", d.Lang)
		}
		if d.Title != "" {
			fmt.Fprintf(bw, ", title %q", d.Title)
		}
		bw.WriteString("\n")
	}
	writeGroup(bw, "Errors", r.Errors)
	writeGroup(bw, "Warnings", r.Warnings)
	writeGroup(bw, "Needs review", r.NeedsReview)
	writeGroup(bw, "Notices", r.Notices)
	if len(r.Fixes) > 0 {
		bw.WriteString("\nFixes applied:\n")
		for _, f := range r.Fixes {
			fmt.Fprintf(bw, "  - %s\n", f)
		}
	}
	// Only failing rules are listed one by one; a report of a hundred
	// passing rules would bury the few that matter.
	passed, notApplicable := 0, 0
	var failing []RuleResult
	for _, rr := range r.CheckedRules {
		switch {
		case rr.Failed > 0:
			failing = append(failing, rr)
		case rr.Checked == 0:
			notApplicable++
		default:
			passed++
		}
	}
	if len(failing) > 0 {
		bw.WriteString("\nFailing rules (failed/checked):\n")
		for _, rr := range failing {
			fmt.Fprintf(bw, "  %-24s %-7s %d/%d\n", rr.Rule, rr.Severity, rr.Failed, rr.Checked)
		}
	}
	if len(r.CheckedRules) > 0 {
		fmt.Fprintf(bw, "\nRules: %d failed, %d passed, %d not applicable\n", len(failing), passed, notApplicable)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("audit: write text report: %w", err)
	}
	return nil
}

// writeGroup writes the findings of one severity grouped by rule.
func writeGroup(w *bufio.Writer, title string, findings []Finding) {
	if len(findings) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s (%d):\n", title, len(findings))
	var order []string
	byRule := map[string][]Finding{}
	for _, f := range findings {
		if _, ok := byRule[f.Rule]; !ok {
			order = append(order, f.Rule)
		}
		byRule[f.Rule] = append(byRule[f.Rule], f)
	}
	for _, rule := range order {
		group := byRule[rule]
		fmt.Fprintf(w, "  %s", rule)
		if refs := group[0].Standards; len(refs) > 0 {
			fmt.Fprintf(w, " [%s]", strings.Join(refs, "; "))
		}
		w.WriteString("\n")
		same := true
		for _, f := range group {
			same = same && f.Hint == group[0].Hint
		}
		for _, f := range group {
			fmt.Fprintf(w, "    %s  %s\n", locationText(f.Location), f.Message)
			if f.Reason != "" {
				fmt.Fprintf(w, "      Review: %s\n", f.Reason)
			}
			if f.Location.Snippet != "" {
				fmt.Fprintf(w, "      %s\n", f.Location.Snippet)
			}
			if !same && f.Hint != "" {
				fmt.Fprintf(w, "      Hint: %s\n", f.Hint)
			}
		}
		if hint := group[0].Hint; same && hint != "" {
			fmt.Fprintf(w, "    Hint: %s\n", hint)
		}
	}
}

// locationText renders a location as "line:col selector" for HTML or
// "page N, obj M, path" for PDF; "-" when nothing is known.
func locationText(l Location) string {
	var parts []string
	if l.Line > 0 {
		parts = append(parts, fmt.Sprintf("%d:%d", l.Line, l.Column))
	}
	if l.Selector != "" {
		parts = append(parts, l.Selector)
	}
	if l.Page > 0 {
		parts = append(parts, fmt.Sprintf("page %d", l.Page))
	}
	if l.Object > 0 {
		parts = append(parts, fmt.Sprintf("obj %d", l.Object))
	}
	if l.StructPath != "" {
		parts = append(parts, l.StructPath)
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
