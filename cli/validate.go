package cli

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/audit/pdfa"
	"github.com/seed28491532/folio/server"
)

func validateCommand() *command {
	return &command{
		name:    "validate",
		summary: "audit an HTML or PDF file for accessibility (WCAG 2.1 AA, PDF/UA-1)",
		usage:   "file.html|file.pdf [--json] [--min-score N] [--profile pdfa-2|pdfa-3]",
		help: `The kind of file is recognised by its content (a %PDF- header), not its name;
- reads standard input. Prints the report (score 0-100, errors with rule,
standard, location and hint, warnings, repair hints, checked rules).

--profile pdfa-2 or pdfa-3 (PDF only) also checks the machine-checkable
PDF/A-2 or PDF/A-3 rules (audit/pdfa) and reports them together with the
PDF/UA-1 audit, in one report.

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
	profile := fs.String("profile", "", "also check PDF/A: `pdfa-2` or pdfa-3 (PDF files only)")
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
	part, err := profilePart(*profile)
	if err != nil {
		return err
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
		if err == nil && part != 0 {
			arep, aerr := pdfa.Audit(e.ctx, data, pdfa.Options{Part: part})
			if aerr != nil && e.ctx.Err() == nil {
				return inputErr("%s: cannot check PDF/A: %v", displayName(pos[0]), aerr)
			}
			if aerr != nil {
				err = aerr
			} else {
				merged := audit.Merge(*rep, arep)
				rep = &merged
			}
		}
	} else {
		if part != 0 {
			return usageErr("--profile %s checks PDF files; %s is HTML", *profile, displayName(pos[0]))
		}
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

// profilePart returns the PDF/A part --profile names, 0 for none.
func profilePart(profile string) (int, error) {
	switch strings.ToLower(strings.TrimSpace(profile)) {
	case "":
		return 0, nil
	case "pdfa-2":
		return 2, nil
	case "pdfa-3":
		return 3, nil
	}
	return 0, usageErr("unknown --profile %q; allowed: pdfa-2, pdfa-3", profile)
}

// isPDF reports whether data starts (within 1024 bytes) with %PDF-.
func isPDF(data []byte) bool {
	if len(data) > 1024 {
		data = data[:1024]
	}
	return bytes.Contains(data, []byte("%PDF-"))
}
