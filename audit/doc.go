// Package audit holds the accessibility audit model shared by the HTML
// checks (audit/wcag) and the PDF checks (audit/ua): findings with their
// rule, severity, standard references, location and repair hint; reports
// with a score from 0 to 100; and JSON and text output.
package audit
