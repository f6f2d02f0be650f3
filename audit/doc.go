// Package audit holds the accessibility audit model shared by the HTML
// checks (audit/wcag) and the PDF checks (audit/ua): findings with their
// rule, severity, standard references, location and repair hint; reports
// with a score from 0 to 100; and JSON (WriteJSON) and text (WriteText)
// output.
//
// # Severities
//
// An error is a failure of a WCAG 2.1 AA success criterion, a PDF/UA-1
// requirement or one of the service's conformance rules; any error fails
// the audit (Report.Passed is false). A warning is a likely problem a
// person should look at (vague link text, alt text repeating nearby text).
// A needs-review finding (Report.NeedsReview, with a Reason) is something
// the audit could not decide without a person, such as text over a
// background image or with a text-shadow (axe-core's "incomplete"). A
// notice is information about the audit itself (findings left unlisted).
// Neither changes the score or the verdict.
//
// # Score
//
// The score is computed from the per-rule counts (RuleResult: how many
// elements or objects a rule checked and how many failed), never from the
// number of findings alone, so one broken table cell in a thousand costs
// less than a document whose every image lacks alt text. Each rule that
// failed at least once multiplies the score by
//
//	1 − w/100 × (0.5 + 0.5 × failed/checked)
//
// where w is 10 for an error rule, 2 for a warning rule and 0 for notices
// and needs-review findings.
// The score is 100 × the product, rounded down, and capped at 99 while any
// error rule fails:
//
//   - it is 100 only when no rule failed (in particular, with zero errors);
//   - every error rule costs between 5 and 10 points of what is left, every
//     warning rule between 1 and 2;
//   - it is deterministic (independent of the order of results) and always
//     within 0–100.
//
// For example, one error rule failing 1 of 4 checked elements gives
// 100 × (1 − 0.1 × 0.625) = 93; adding a warning rule failing everywhere
// gives 93.75 × 0.98 → 91.
//
// Findings whose rule has no RuleResult (a checker that only reports
// findings) count as a result with checked = failed = their number, so a
// report that lists errors can never score 100.
package audit
