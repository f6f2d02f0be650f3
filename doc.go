// Package folio converts HTML and CSS into tagged PDF that conforms to
// PDF/UA-1 (ISO 14289-1) and WCAG 2.1 AA, and audits HTML and PDF for
// accessibility.
//
// The pipeline is HTML → DOM → computed styles → box tree → pages of
// fragments → display lists → PDF; docs/ARCHITECTURE.md in the repository
// describes the stages and packages. Convert is the entry point; AuditHTML
// and AuditPDF run the audits on their own.
package folio
