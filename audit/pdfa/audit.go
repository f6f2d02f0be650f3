// Package pdfa checks a PDF against the machine-checkable rules of PDF/A-2
// and PDF/A-3 (ISO 19005-2 and -3) that folio's writer is subject to, as
// package audit/ua does for PDF/UA-1: file structure (header, trailer
// identifier, no encryption, no external streams, implementation limits),
// the output intent and its ICC profile, device colour against it, fonts
// embedded (and mapped to Unicode at levels A and U), no .notdef glyph
// shown through an Identity-H font, device colour in content, images,
// transparency and graphics states, annotations (types, flags,
// appearances), actions and JavaScript, the XMP metadata (pdfaid, the
// extension schemas for the other schemas it uses, agreement with the
// Info dictionary), embedded files (PDF/A-3: MIME type, dates, /UF,
// /AFRelationship and /AF; PDF/A-2: PDF only) and, at level A, the
// logical structure.
//
// It is not a complete validator: what it does not check (the
// embedded font programs against their widths and encodings, .notdef
// through simple fonts, every ICC profile detail, optional content,
// forms) a full validator such as veraPDF must. Findings use the audit package's
// types, with rule ids such as "pdfa-6.2.2-1" naming the clause.
package pdfa

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Options configures an audit. The zero value is ready to use.
type Options struct {
	// Part is the PDF/A part to check against, 2 or 3; 0 takes the part
	// the file claims (pdfaid:part), and 2 if it claims none.
	Part int
	// MaxDecodedSize caps each decoded stream (pdfobj's default if 0).
	MaxDecodedSize int64
	// MaxFindingsPerRule caps the findings reported for one rule (50 if 0).
	MaxFindingsPerRule int
	// MaxObjects bounds the objects examined (1,000,000 if 0); past it
	// the audit reports that it stopped.
	MaxObjects int
}

// ErrNotPDF is returned (wrapped) for input that is not a PDF.
var ErrNotPDF = pdfobj.ErrNotPDF

// Audit checks data against PDF/A-2 or -3 (see Options.Part) and returns
// the report. Input that is not a PDF gives an error wrapping ErrNotPDF;
// once ctx is done the audit ends with an error wrapping its error.
func Audit(ctx context.Context, data []byte, opts Options) (audit.Report, error) {
	if opts.Part != 0 && opts.Part != 2 && opts.Part != 3 {
		return audit.Report{}, fmt.Errorf("pdfa: part %d is not checked (2 or 3)", opts.Part)
	}
	if opts.MaxFindingsPerRule <= 0 {
		opts.MaxFindingsPerRule = 50
	}
	if opts.MaxObjects <= 0 {
		opts.MaxObjects = 1_000_000
	}
	if err := ctx.Err(); err != nil {
		return audit.Report{}, fmt.Errorf("pdfa: audit not started: %w", err)
	}
	c := &checker{ctx: ctx, data: data, opts: opts, counts: map[string]*ruleCount{}}
	f, err := pdfobj.OpenWith(data, pdfobj.ReadOptions{MaxDecodedSize: opts.MaxDecodedSize})
	if err != nil {
		if errors.Is(err, pdfobj.ErrNotPDF) {
			return audit.Report{}, fmt.Errorf("pdfa: %w", err)
		}
		c.part = max(opts.Part, 2)
		c.fail("pdfa-6.1-1", 0, "the file cannot be read: %v", err)
		return c.report(), nil
	}
	c.f = f
	c.run()
	if c.ctxErr != nil {
		return audit.Report{}, fmt.Errorf("pdfa: audit stopped: %w", c.ctxErr)
	}
	return c.report(), nil
}

type ruleCount struct{ checked, failed, reported int }

// checker holds the state of one audit.
type checker struct {
	ctx    context.Context
	ctxErr error
	data   []byte
	f      *pdfobj.File
	opts   Options
	part   int    // 2 or 3
	level  string // claimed conformance level: A, B, U or ""
	// outputSpace is the colour space of the PDF/A output intent's
	// profile ("RGB", "CMYK", "GRAY"), empty without one.
	outputSpace string
	counts      map[string]*ruleCount
	findings    []audit.Finding
}

// stopped reports whether ctx is done, remembering its error.
func (c *checker) stopped() bool {
	if c.ctxErr == nil {
		c.ctxErr = c.ctx.Err()
	}
	return c.ctxErr != nil
}

func (c *checker) count(id string) *ruleCount {
	rc := c.counts[id]
	if rc == nil {
		rc = &ruleCount{}
		c.counts[id] = rc
	}
	return rc
}

// pass records a passing evaluation of rule id.
func (c *checker) pass(id string) { c.count(id).checked++ }

// check records one evaluation of id: a pass when ok, else a failure.
func (c *checker) check(id string, ok bool, obj int, format string, args ...any) {
	if ok {
		c.pass(id)
		return
	}
	c.fail(id, obj, format, args...)
}

// fail records a failing evaluation of rule id at object obj (0: none).
func (c *checker) fail(id string, obj int, format string, args ...any) {
	rc := c.count(id)
	rc.checked++
	rc.failed++
	if rc.reported >= c.opts.MaxFindingsPerRule {
		return
	}
	rc.reported++
	ru := ruleFor(id)
	c.findings = append(c.findings, audit.Finding{
		Rule:      id,
		Severity:  audit.Error,
		Standards: []string{fmt.Sprintf("PDF/A-%d %s", c.part, ru.clause)},
		Message:   fmt.Sprintf(format, args...),
		Location:  audit.Location{Object: obj},
		Hint:      ru.hint,
	})
}

func (c *checker) report() audit.Report {
	ids := make([]string, 0, len(c.counts))
	for id := range c.counts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	results := make([]audit.RuleResult, 0, len(ids))
	for _, id := range ids {
		rc := c.counts[id]
		results = append(results, audit.RuleResult{Rule: id, Severity: audit.Error, Checked: rc.checked, Failed: rc.failed})
	}
	return audit.NewReport(c.findings, results)
}

// run applies the rules: the file structure, the metadata (which tells
// the part and level), the catalog, then every object.
func (c *checker) run() {
	claimed := c.metadata()
	c.part = c.opts.Part
	if c.part == 0 {
		c.part = claimed
		if c.part != 2 && c.part != 3 {
			c.part = 2
		}
	}
	c.identification(claimed)
	c.fileStructure()
	if c.stopped() {
		return
	}
	c.catalog()
	if c.stopped() {
		return
	}
	c.objects()
	if c.stopped() {
		return
	}
	c.content()
}
