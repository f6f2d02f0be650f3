package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/audit/wcag"
)

func main() {
	axePath := flag.String("axe", "../../.cache/npm/node_modules/axe-core/axe.min.js", "axe-core's axe.min.js")
	chromium := flag.String("chromium", "", "the Chromium executable (default: chromium on PATH or in /usr/bin)")
	verbose := flag.Bool("v", false, "list every disagreement")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: auditdiff [-axe axe.min.js] [-v] file.html|dir ...")
		os.Exit(2)
	}
	if err := run(*axePath, *chromium, *verbose, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "auditdiff:", err)
		os.Exit(1)
	}
}

func run(axePath, chromium string, verbose bool, args []string) error {
	axeSrc, err := os.ReadFile(axePath)
	if err != nil {
		return fmt.Errorf("reading axe-core (npm install axe-core): %w", err)
	}
	files, err := htmlFiles(args)
	if err != nil {
		return err
	}
	b, err := newBrowser(context.Background(), chromium)
	if err != nil {
		return err
	}
	defer b.close()
	tally := newTally()
	skipped := 0
	for _, f := range files {
		if err := compareFile(b, string(axeSrc), f, tally); err != nil {
			fmt.Fprintf(os.Stderr, "auditdiff: %s skipped: %v\n", f, err)
			skipped++
		}
	}
	fmt.Printf("axe-core %s in %s; folio audit/wcag; %d files (%d skipped)\n\n", tally.axeVersion, b.version, len(files)-skipped, skipped)
	tally.print(os.Stdout, verbose)
	return nil
}

// htmlFiles expands directories to the .html files under them, sorted.
func htmlFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
				out = append(out, p)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(out)
	return out, nil
}

// folioItem is one finding of folio's audit: its rule, outcome and the
// selector of its element.
type folioItem struct {
	Rule     string `json:"rule"`
	Outcome  string `json:"outcome"` // "fail" or "review"
	Selector string `json:"selector"`
}

// folioAudit runs folio's HTML audit on src and lists its findings and
// the rules that ran.
func folioAudit(ctx context.Context, src []byte) ([]folioItem, map[string]bool, error) {
	rep, err := wcag.AuditHTML(ctx, src, wcag.Options{MaxFindingsPerRule: -1})
	if err != nil {
		return nil, nil, err
	}
	var items []folioItem
	add := func(fs []audit.Finding, outcome string) {
		for _, f := range fs {
			items = append(items, folioItem{Rule: f.Rule, Outcome: outcome, Selector: f.Location.Selector})
		}
	}
	add(rep.Errors, "fail")
	add(rep.Warnings, "fail")
	add(rep.NeedsReview, "review")
	ran := map[string]bool{}
	for _, r := range rep.CheckedRules {
		ran[r.Rule] = true
	}
	for _, r := range wcag.Rules() {
		ran[r.ID] = true
	}
	return items, ran, nil
}

// pageResult is what the page script returns: axe's outcome per element
// and the elements folio's selectors name.
type pageResult struct {
	Version string `json:"version"`
	URL     string `json:"url"`
	Axe     []struct {
		Rule, Kind, Key, Target string
	} `json:"axe"`
	Ran   []string `json:"ran"`
	Folio []string `json:"folio"` // keys of the folio items, in order
}

// compareFile audits one file with both tools and adds the outcomes to t.
func compareFile(b *browser, axeSrc, file string, t *tally) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	items, folioRan, err := folioAudit(ctx, src)
	if err != nil {
		return fmt.Errorf("folio: %w", err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	res, err := b.axe(ctx, "file://"+abs, axeSrc, items)
	if err != nil {
		return fmt.Errorf("axe: %w", err)
	}
	if res.URL != "file://"+abs {
		return errors.New("the page navigated away (meta refresh)")
	}
	t.axeVersion = res.Version
	t.add(filepath.Base(file), items, res, folioRan)
	return nil
}
