package audit

// Severity ranks a finding.
type Severity string

// Severities, from most to least serious.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Notice  Severity = "notice"
	// NeedsReview marks what the audit could not decide without a person
	// (axe-core's "incomplete"): the finding's Reason says why. It never
	// fails the audit and never lowers the score.
	NeedsReview Severity = "needs-review"
)

// Location says where a finding is. HTML findings use Line/Column (1-based)
// with Selector and Snippet; PDF findings use Page (1-based), Object (the
// object number) and StructPath (e.g. "Document/Table[1]/TR[3]/TH[1]").
// Zero values mean unknown.
type Location struct {
	Line       int    `json:"line,omitempty"`
	Column     int    `json:"column,omitempty"`
	Selector   string `json:"selector,omitempty"`
	Snippet    string `json:"snippet,omitempty"`
	Page       int    `json:"page,omitempty"`
	Object     int    `json:"object,omitempty"`
	StructPath string `json:"struct_path,omitempty"`
	// Document is the number (from 1) of the HTML document the finding is
	// about when several were merged into one PDF; 0 otherwise.
	Document int `json:"document,omitempty"`
}

// Finding is one problem the audit found.
type Finding struct {
	// Rule is a stable id: axe-core's id where axe has the rule
	// ("image-alt"), otherwise a folio id ("table-caption") or a PDF/UA
	// rule id ("pdfua-7.1-3").
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	// Standards references the requirement, e.g. "WCAG 2.1 1.1.1",
	// "PDF/UA-1 7.3", "Matterhorn 13-004".
	Standards []string `json:"standards,omitempty"`
	Message   string   `json:"message"`
	Location  Location `json:"location"`
	Hint      string   `json:"hint,omitempty"`
	// Reason says why a needs-review finding could not be decided, e.g.
	// "the text has a text-shadow". Empty for other severities.
	Reason string `json:"reason,omitempty"`
}

// RuleResult records how one rule went: how many elements (or objects) it
// applied to and how many failed. Rules that applied to nothing have
// Checked 0 and do not affect the score.
type RuleResult struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Checked  int      `json:"checked"`
	Failed   int      `json:"failed"`
}
