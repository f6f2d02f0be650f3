package cli

import (
	"bytes"
	"encoding/json"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/server"
)

func validateCommand() *command {
	return &command{
		name:    "validate",
		summary: "audit an HTML or PDF file for accessibility (WCAG 2.1 AA, PDF/UA-1)",
		usage:   "file.html|file.pdf [--json] [--min-score N]",
		help: `The kind of file is recognised by its content (a %PDF- header), not its name;
- reads standard input. Prints the report (score 0-100, errors with rule,
standard, location and hint, warnings, repair hints, checked rules).

Exit code 0 when the audit passes (no errors and score >= --min-score),
1 when it does not, 2 when the file cannot be read.`,
		run: runValidate,
	}
}

func runValidate(e *env, args []string) error {
	c := validateCommand()
	fs := newFlags(c)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	minScore := fs.Int("min-score", 0, "fail when the score is below `N` (0-100)")
	lang := fs.String("lang", "", "document `language` assumed when the HTML has none")
	pos, err := e.parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErr("give exactly one file to validate")
	}
	if *minScore < 0 || *minScore > 100 {
		return usageErr("--min-score must be between 0 and 100")
	}
	data, dir, err := e.readInput(e.ctx, pos[0])
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return inputErr("%s is empty", displayName(pos[0]))
	}
	var rep *audit.Report
	if isPDF(data) {
		rep, err = e.engine.AuditPDF(e.ctx, data)
		if err != nil && e.ctx.Err() == nil {
			return inputErr("%s: cannot audit the PDF: %v", displayName(pos[0]), err)
		}
	} else {
		opts, _ := (&docFlags{lang: *lang}).options()
		opts.BaseDir = dir
		rep, err = e.engine.AuditHTML(e.ctx, bytes.NewReader(data), opts)
	}
	if err != nil {
		return convertErr("validate "+displayName(pos[0]), err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(server.ReportFrom(rep))
	} else {
		err = rep.WriteText(e.stdout)
	}
	if err != nil {
		return internalErr("%v", err)
	}
	switch {
	case !rep.Passed:
		return findingsErr("%s: audit failed: %s", displayName(pos[0]), rep.Summary)
	case rep.Score < *minScore:
		return findingsErr("%s: score %d is below --min-score %d", displayName(pos[0]), rep.Score, *minScore)
	}
	return nil
}

// isPDF reports whether data starts (within 1024 bytes) with %PDF-.
func isPDF(data []byte) bool {
	if len(data) > 1024 {
		data = data[:1024]
	}
	return bytes.Contains(data, []byte("%PDF-"))
}
