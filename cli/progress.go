package cli

import (
	"fmt"
	"io"
	"strings"
)

// progress reports batch progress: a redrawn bar on a terminal, one line
// per document otherwise.
type progress struct {
	w        io.Writer
	tty      bool
	total    int
	finished int
	failed   int
}

func newProgress(w io.Writer, tty bool, total int) *progress {
	return &progress{w: w, tty: tty, total: total}
}

const barWidth = 30

func (p *progress) update(r batchResult) {
	p.finished++
	if r.Status == "failed" || r.Status == "audit_failed" {
		p.failed++
	}
	if !p.tty {
		switch r.Status {
		case "converted":
			note := ""
			if r.AuditPassed != nil && !*r.AuditPassed {
				note = "; " + r.Error
			}
			fmt.Fprintf(p.w, "ok      %s -> %s (%d %s, %.2fs%s)\n", r.Input, r.Output, r.Pages, plural(r.Pages, "page", "pages"), r.Duration, note)
		case "skipped":
			fmt.Fprintf(p.w, "skip    %s (%s is up to date)\n", r.Input, r.Output)
		case "audit_failed":
			fmt.Fprintf(p.w, "strict  %s: %s\n", r.Input, r.Error)
		default:
			fmt.Fprintf(p.w, "FAIL    %s: %s\n", r.Input, r.Error)
		}
		return
	}
	if r.Status == "failed" || r.Status == "audit_failed" {
		// Failures stay visible above the bar.
		fmt.Fprintf(p.w, "\r\033[K%s %s: %s\n", map[bool]string{true: "FAIL  ", false: "strict"}[r.Status == "failed"], r.Input, r.Error)
	}
	filled := 0
	if p.total > 0 {
		filled = p.finished * barWidth / p.total
	}
	fmt.Fprintf(p.w, "\r\033[K[%s%s] %d/%d", strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled), p.finished, p.total)
	if p.failed > 0 {
		fmt.Fprintf(p.w, " (%d failed)", p.failed)
	}
}

func (p *progress) done() {
	if p.tty && p.total > 0 {
		fmt.Fprintln(p.w)
	}
}
