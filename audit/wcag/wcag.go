package wcag

import (
	"bytes"
	"context"
	"fmt"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/style"
)

// Options configure an audit.
type Options struct {
	// Fix applies the safe automatic repairs (see Fix) before the rules
	// run; the repairs are listed in Report.Fixes. Without it the document
	// is not changed.
	Fix bool
	// FixOptions carries the request's language and title for Fix.
	FixOptions FixOptions
	// Style configures the cascade AuditHTML runs (loader, base URL, user
	// CSS). Audit uses the styles it is given instead.
	Style style.Options
	// MaxFindingsPerRule caps how many findings each rule lists, so that
	// reports of huge documents stay readable; the counts and the score
	// still include every failure, and a notice says how many were left
	// out. 0 means DefaultMaxFindingsPerRule; negative means no cap.
	MaxFindingsPerRule int
}

// DefaultMaxFindingsPerRule is the cap used when
// Options.MaxFindingsPerRule is 0.
const DefaultMaxFindingsPerRule = 500

// AuditHTML parses src, applies the fixes when opts.Fix is set, computes
// the styles and audits the document (see Audit). It fails only when the
// context is cancelled or the styles cannot be computed.
func AuditHTML(ctx context.Context, src []byte, opts Options) (audit.Report, error) {
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		return audit.Report{}, fmt.Errorf("wcag: parse HTML: %w", err)
	}
	pos := locate(doc, src)
	var fixes []string
	if opts.Fix {
		pos.index()
		fixes = Fix(doc, opts.FixOptions)
	}
	styles, err := style.Compute(ctx, doc, opts.Style)
	if err != nil {
		return audit.Report{}, fmt.Errorf("wcag: compute styles: %w", err)
	}
	rep, err := audit1(ctx, doc, pos, styles, opts)
	if err != nil {
		return audit.Report{}, err
	}
	rep.Fixes = fixes
	return rep, nil
}

// Audit checks the parsed document doc against the HTML rules (see
// RULES.md). src is the source doc was parsed from: it gives findings
// their line:column and snippet (nil leaves positions out). styles are the
// computed styles of doc; without them (nil) the rules that need styles
// (color-contrast, hidden content) do not run or assume defaults. When
// opts.Fix is set, Fix repairs doc first and the report lists the fixes.
//
// The walk is iterative and every rule is linear or near-linear in the
// number of elements, so large and deeply nested documents stay bounded;
// the context is checked between rules and during long walks.
func Audit(ctx context.Context, doc *html.Node, src []byte, styles *style.Styles, opts Options) (audit.Report, error) {
	if doc == nil {
		return audit.Report{}, fmt.Errorf("wcag: audit: nil document")
	}
	pos := locate(doc, src)
	var fixes []string
	if opts.Fix {
		pos.index()
		fixes = Fix(doc, opts.FixOptions)
	}
	rep, err := audit1(ctx, doc, pos, styles, opts)
	if err != nil {
		return audit.Report{}, err
	}
	rep.Fixes = fixes
	return rep, nil
}

// audit1 runs every rule over doc.
func audit1(ctx context.Context, doc *html.Node, pos *positions, styles *style.Styles, opts Options) (audit.Report, error) {
	c, err := newChecker(ctx, doc, pos, styles)
	if err != nil {
		return audit.Report{}, err
	}
	switch {
	case opts.MaxFindingsPerRule == 0:
		c.maxListed = DefaultMaxFindingsPerRule
	case opts.MaxFindingsPerRule > 0:
		c.maxListed = opts.MaxFindingsPerRule
	}
	if err := c.run(allRules()); err != nil {
		return audit.Report{}, err
	}
	return c.report(), nil
}

// RuleInfo describes one rule for documentation and tooling.
type RuleInfo struct {
	ID        string
	Severity  audit.Severity
	Standards []string
	Hint      string
}

// Rules lists the rules Audit runs, in the order it runs them.
func Rules() []RuleInfo {
	rs := allRules()
	out := make([]RuleInfo, len(rs))
	for i, r := range rs {
		out[i] = RuleInfo{ID: r.id, Severity: r.severity, Standards: r.standards, Hint: r.hint}
	}
	return out
}
