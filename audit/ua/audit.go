package ua

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Options configures an audit. The zero value is ready to use.
type Options struct {
	// MaxDecodedSize caps each decoded stream (pdfobj's default if 0).
	MaxDecodedSize int64
	// MaxFindingsPerRule caps the findings reported for one rule
	// (counts in CheckedRules stay exact); 50 if 0.
	MaxFindingsPerRule int
	// MaxFormDepth bounds nested form XObjects; 12 if 0.
	MaxFormDepth int
	// MaxTotalDecoded caps the bytes decoded from all streams of one
	// audit (1 GiB if 0); MaxOperations caps the content-stream operations
	// interpreted, form XObjects included (50 million if 0). Past either
	// budget the audit stops reading content and reports it.
	MaxTotalDecoded int64
	MaxOperations   int
	// SpecRules also checks the service's conformance rules 3–5 on the
	// tag tree (one H1, real alternative texts, table captions and
	// header scopes: spec_rules.go) and the visibility of real text
	// (visibility.go: invisible render mode, outside the crop box,
	// covered by later painting, no contrast with its background), as a
	// validator of finished PDFs should. Off, the audit is PDF/UA-1
	// alone.
	SpecRules bool
	// Logger receives debug messages about reader repairs; none if nil.
	Logger *slog.Logger
}

// withDefaults fills the zero fields of o.
func (o Options) withDefaults() Options {
	if o.MaxFindingsPerRule <= 0 {
		o.MaxFindingsPerRule = 50
	}
	if o.MaxFormDepth <= 0 {
		o.MaxFormDepth = 12
	}
	if o.MaxTotalDecoded <= 0 {
		o.MaxTotalDecoded = 1 << 30
	}
	if o.MaxOperations <= 0 {
		o.MaxOperations = 50_000_000
	}
	return o
}

// ErrNotPDF is returned (wrapped) for input that is not a PDF at all.
var ErrNotPDF = pdfobj.ErrNotPDF

// Audit checks data against PDF/UA-1 and returns the report. Input that
// is not a PDF gives an error wrapping ErrNotPDF; a PDF that is damaged,
// encrypted or untagged gives a report with the corresponding findings.
// The context is checked throughout (per page, font, structure element,
// annotation and batch of content operations); once it is done the audit
// ends promptly with an error wrapping the context's error.
func Audit(ctx context.Context, data []byte, opts Options) (audit.Report, error) {
	opts = opts.withDefaults()
	if err := ctx.Err(); err != nil {
		return audit.Report{}, fmt.Errorf("ua: audit not started: %w", err)
	}
	f, err := pdfobj.OpenWith(data, pdfobj.ReadOptions{MaxDecodedSize: opts.MaxDecodedSize})
	if err != nil {
		if errors.Is(err, pdfobj.ErrNotPDF) {
			return audit.Report{}, fmt.Errorf("ua: %w", err)
		}
		c := newChecker(ctx, nil, opts)
		c.fail(ruleDamaged, loc{}, "the file cannot be read: %v", err)
		c.info = &audit.DocumentInfo{}
		return c.report(), nil
	}
	c := newChecker(ctx, f, opts)
	c.run()
	if c.ctxErr != nil {
		return audit.Report{}, fmt.Errorf("ua: audit stopped: %w", c.ctxErr)
	}
	return c.report(), nil
}

// pollEvery is how many steps of an inner loop (content operations,
// structure nodes, glyph checks) pass between two context checks.
const pollEvery = 256

// stopped reports whether the audit must end because its context is
// done, checking the context now. Loops return as soon as it is true; Audit
// then returns the context's error instead of a report.
func (c *checker) stopped() bool {
	if c.ctxErr == nil {
		c.ctxErr = c.ctx.Err()
	}
	return c.ctxErr != nil
}

// tick is stopped for inner loops: it checks the context once every
// pollEvery calls.
func (c *checker) tick() bool {
	if c.ctxErr != nil {
		return true
	}
	c.steps++
	return c.steps%pollEvery == 0 && c.stopped()
}

// loc is where a finding is.
type loc struct {
	page int
	obj  int
	path string
}

type ruleCount struct{ checked, failed, reported int }

// checker holds the state of one audit.
type checker struct {
	ctx      context.Context
	ctxErr   error // the context's error, once it is done
	steps    int   // inner-loop steps, for tick
	f        *pdfobj.File
	opts     Options
	counts   map[string]*ruleCount
	findings []audit.Finding
	info     *audit.DocumentInfo

	// vis is the visibility check's state of the page being checked
	// (nil when SpecRules is off); visWork counts its comparisons, and
	// visStopped records that maxVisWork ended it.
	vis        *visPage
	visWork    int
	visStopped bool

	catalog     pdfobj.Dict
	catalogLang bool // catalog /Lang is a string
	pages       []pdfobj.Page
	pageIndex   map[int]int // page object number → 1-based page
	st          *structTree
	fonts       map[fontKey]*fontInfo
	formPaints  map[int]int // form XObject with /StructParents → paints
	formReport  map[int]bool
	forms       map[int]*formCache
	tallies     map[string]*pageTally
	decoded     int64 // bytes decoded so far
	ops         int   // content operations interpreted so far
	overBudget  bool
}

// errBudget reports that the audit's work budget is spent.
var errBudget = errors.New("the audit's budget for decoded data or content operations is spent")

// decode decodes a stream within the audit's budget.
func (c *checker) decode(s *pdfobj.Stream) ([]byte, error) { return c.decodeMax(s, 0) }

// decodeMax is decode for a stream that must not decode to more than max
// bytes (pdfobj.File.DecodeStreamMax).
func (c *checker) decodeMax(s *pdfobj.Stream, max int64) ([]byte, error) {
	if c.overBudget {
		return nil, errBudget
	}
	data, err := c.f.DecodeStreamMax(s, max)
	c.decoded += int64(len(data))
	if c.decoded > c.opts.MaxTotalDecoded {
		c.spend()
		return nil, errBudget
	}
	return data, err
}

// spend marks the budget as exhausted, reporting it once.
func (c *checker) spend() {
	if c.overBudget {
		return
	}
	c.overBudget = true
	c.fail(ruleContent, loc{}, "the audit stopped reading content: more than %d bytes decoded or %d operations interpreted; later pages were not checked", c.opts.MaxTotalDecoded, c.opts.MaxOperations)
}

func newChecker(ctx context.Context, f *pdfobj.File, opts Options) *checker {
	return &checker{
		ctx: ctx, f: f, opts: opts,
		counts:     map[string]*ruleCount{},
		pageIndex:  map[int]int{},
		fonts:      map[fontKey]*fontInfo{},
		formPaints: map[int]int{},
		formReport: map[int]bool{},
		forms:      map[int]*formCache{},
	}
}

// check records that rule id was evaluated once, failing when !ok.
func (c *checker) check(id string, ok bool, l loc, format string, args ...any) bool {
	rc := c.count(id)
	rc.checked++
	if !ok {
		c.failCounted(id, rc, l, format, args...)
	}
	return ok
}

// fail records one failing evaluation of rule id.
func (c *checker) fail(id string, l loc, format string, args ...any) {
	rc := c.count(id)
	rc.checked++
	c.failCounted(id, rc, l, format, args...)
}

// pass records one passing evaluation.
func (c *checker) pass(id string) { c.count(id).checked++ }

func (c *checker) count(id string) *ruleCount {
	rc := c.counts[id]
	if rc == nil {
		rc = &ruleCount{}
		c.counts[id] = rc
	}
	return rc
}

func (c *checker) failCounted(id string, rc *ruleCount, l loc, format string, args ...any) {
	rc.failed++
	if rc.reported >= c.opts.MaxFindingsPerRule {
		return
	}
	rc.reported++
	ru, ok := ruleFor(id)
	if !ok {
		ru = rule{id: id, severity: audit.Error}
	}
	c.findings = append(c.findings, audit.Finding{
		Rule:      id,
		Severity:  ru.severity,
		Standards: ru.standards(),
		Message:   fmt.Sprintf(format, args...),
		Location:  audit.Location{Page: l.page, Object: l.obj, StructPath: l.path},
		Hint:      ru.hint,
		Reason:    ru.reason,
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
		sev := audit.Error
		if ru, ok := ruleFor(id); ok {
			sev = ru.severity
		}
		results = append(results, audit.RuleResult{Rule: id, Severity: sev, Checked: rc.checked, Failed: rc.failed})
	}
	// Document order: by page, then as found.
	sort.SliceStable(c.findings, func(i, j int) bool { return c.findings[i].Location.Page < c.findings[j].Location.Page })
	rep := audit.NewReport(c.findings, results)
	rep.Document = c.info
	return rep
}

// run applies the rules, phase by phase; each phase returns early once
// the context is done.
func (c *checker) run() {
	f := c.f
	c.info = &audit.DocumentInfo{PDFVersion: f.Version()}
	if f.Repaired() {
		c.fail(ruleDamaged, loc{}, "the cross-reference data is broken; the file was read by scanning for objects")
		if c.opts.Logger != nil {
			c.opts.Logger.Debug("pdf repaired", "warnings", f.Warnings())
		}
	} else {
		c.pass(ruleDamaged)
	}
	c.catalog = f.Root()
	if c.catalog == nil {
		c.fail(ruleDamaged, loc{}, "the document catalog is missing")
		return
	}
	// An encrypted file the reader decrypts (standard security handler,
	// empty user password) is audited like any other; one it cannot
	// decrypt gets only the document-level findings, not the damage its
	// unreadable streams seem to show.
	opaque := f.Encrypted() && !f.Decrypted()
	pages, err := f.Pages()
	if err != nil && !opaque {
		c.fail(ruleDamaged, loc{}, "the page tree is damaged: %v", err)
	}
	c.pages = pages
	c.info.Pages = len(pages)
	for i, p := range pages {
		if p.Ref.Num != 0 {
			c.pageIndex[p.Ref.Num] = i + 1
		}
	}
	if c.stopped() {
		return
	}
	if opaque {
		// its strings and streams read as noise: only the encryption
		// dictionary itself can be checked
		c.checkEncryption()
		c.fail(ruleEncrypted, loc{}, "the file is encrypted with a user password or a security handler folio cannot open; its content, structure and fonts cannot be checked")
		return
	}
	c.checkDocument()
	for _, phase := range []func(){c.checkMetadata, c.buildStructTree, c.checkStructure, c.checkSpecRules} {
		if c.stopped() {
			return
		}
		phase()
	}
	for i := range pages {
		if c.stopped() {
			return
		}
		c.checkPage(i)
	}
	if c.stopped() {
		return
	}
	c.checkFontsUsed()
	c.info.Tagged = c.st != nil && isMarked(f, c.catalog)
}

func isMarked(f *pdfobj.File, cat pdfobj.Dict) bool {
	mi, _ := f.Resolve(cat["MarkInfo"]).(pdfobj.Dict)
	b, _ := f.Resolve(mi["Marked"]).(pdfobj.Bool)
	return bool(b)
}

func sortStrings(s []string) { sort.Strings(s) }

func objNum(o pdfobj.Object) int {
	if r, ok := o.(pdfobj.Ref); ok {
		return r.Num
	}
	return 0
}
