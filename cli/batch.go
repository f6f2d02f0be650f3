package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/seed28491532/folio"
)

func batchCommand() *command {
	return &command{
		name:    "batch",
		summary: "convert a directory of HTML files or a JSONL manifest in parallel",
		usage:   "DIR|manifest.jsonl [-o OUTDIR] [-j N] [--shard i/n] [--force] [--audit] [--strict] [--json]",
		help: `A directory input converts every .html and .htm file below it (hidden
directories skipped) to OUTDIR with the same relative path and the
extension .pdf (without -o: next to each input).

A manifest has one JSON object per line (blank lines and # comments
skipped): {"input": "a.html", "output": "a.pdf", "title": "…", "author": "…",
"lang": "…", "size": "…", "orientation": "…", "audit": true, "strict": false,
"fix": false}. Only input is required; relative paths resolve in the
manifest's directory; a missing output goes to OUTDIR (or next to the input).
Fields given override the command-line flags for that document.

--shard i/n (0 <= i < n) converts only the documents whose position in the
list (sorted paths for a directory, line order for a manifest) is i modulo
n, so n machines — for example the pods of a Kubernetes Indexed Job with
--shard $(JOB_COMPLETION_INDEX)/n — split one input deterministically.

Every input must be a regular file; a symbolic link leading out of DIR (for
a manifest entry: out of the named file's directory) is refused. Outputs are
written through a temporary file renamed into place in OUTDIR, so a link at
an output is replaced, not followed, and one on the way out of OUTDIR is
refused. A refused document fails with the reason; the others go on.

An output newer than its input is skipped (resumable runs) unless --force.
Progress is a bar on a terminal and one line per document otherwise; a
summary ends the run, counting the documents whose audit found errors.
Exit code 3 when a document failed to convert, else 1 when a --strict
audit failed (that document is not written), else 0.`,
		run: runBatch,
	}
}

// batchJob is one document of a batch.
type batchJob struct {
	index       int
	input       string
	output      string
	overrides   manifestEntry
	hasOverride bool
	source      string // "manifest:line" for manifest entries
	// inTree and outTree are the directories the input and the output
	// must stay in, symbolic links resolved: the tree given for a
	// directory, the named file's directory for a manifest entry.
	inTree, outTree string
}

// manifestEntry is one line of a JSONL manifest.
type manifestEntry struct {
	Input       string `json:"input"`
	Output      string `json:"output"`
	Title       string `json:"title"`
	Author      string `json:"author"`
	Lang        string `json:"lang"`
	Size        string `json:"size"`
	Orientation string `json:"orientation"`
	Audit       *bool  `json:"audit"`
	Strict      *bool  `json:"strict"`
	Fix         *bool  `json:"fix"`
}

// batchResult is the outcome of one document.
type batchResult struct {
	Input  string `json:"input"`
	Output string `json:"output"`
	// Status is converted, skipped, failed, or audit_failed (strict audit
	// with errors: not written).
	Status string `json:"status"`
	// AuditPassed is set when the document was audited.
	AuditPassed *bool   `json:"audit_passed,omitempty"`
	Pages       int     `json:"pages,omitempty"`
	Score       *int    `json:"score,omitempty"`
	Error       string  `json:"error,omitempty"`
	Duration    float64 `json:"duration_seconds"`
}

// batchSummary is the --json output of batch.
type batchSummary struct {
	Total        int           `json:"total"`
	Converted    int           `json:"converted"`
	Skipped      int           `json:"skipped"`
	Failed       int           `json:"failed"`
	AuditFailed  int           `json:"audit_failures"`  // audited documents with errors
	StrictFailed int           `json:"strict_failures"` // of which not written (--strict)
	Seconds      float64       `json:"seconds"`
	Shard        string        `json:"shard,omitempty"`
	Documents    []batchResult `json:"documents"`
	Interrupted  bool          `json:"interrupted,omitempty"`
	NotAttempted int           `json:"not_attempted,omitempty"`
}

func runBatch(e *env, args []string) error {
	c := batchCommand()
	fl := newFlags(c)
	var (
		outDir, shard string
		jobs          int
		force, asJSON bool
		doc           docFlags
	)
	fl.StringVar(&outDir, "o", "", "output `directory` (default: next to each input)")
	fl.IntVar(&jobs, "j", runtime.GOMAXPROCS(0), "documents converted in `parallel`")
	fl.StringVar(&shard, "shard", "", "convert only shard `i/n` of the documents (0 <= i < n)")
	fl.BoolVar(&force, "force", false, "convert even when the output is newer than the input")
	fl.BoolVar(&asJSON, "json", false, "print the summary with every document's result as JSON")
	doc.register(fl)
	pos, err := e.parseFlags(c, fl, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErr("give one directory or manifest")
	}
	if jobs < 1 {
		return usageErr("-j must be at least 1")
	}
	shardI, shardN, err := parseShard(shard)
	if err != nil {
		return err
	}
	base, err := doc.options()
	if err != nil {
		return err
	}
	// the root and base URL flags apply to every document; without them
	// each document's own directory is both (convertOne)
	if err := doc.resources(&base, ""); err != nil {
		return err
	}
	// One font registry for the whole batch: words shaped for one
	// document are not shaped again for the next.
	base.Fonts = folio.NewFonts()
	list, err := collectJobs(pos[0], outDir)
	if err != nil {
		return err
	}
	var mine []batchJob
	for _, j := range list {
		if j.index%shardN == shardI {
			mine = append(mine, j)
		}
	}
	for _, j := range mine {
		if _, err := j.options(base); err != nil {
			where := j.source
			if where == "" {
				where = j.input
			}
			return inputErr("%s: %v", where, err)
		}
	}
	sum := e.runJobs(mine, base, jobs, force, asJSON)
	if shard != "" {
		sum.Shard = shard
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(sum)
	}
	fmt.Fprintf(e.stderr, "batch: %d %s: %d converted, %d skipped, %d failed, %d audit %s; %.1fs\n",
		sum.Total, plural(sum.Total, "document", "documents"), sum.Converted, sum.Skipped, sum.Failed,
		sum.AuditFailed, plural(sum.AuditFailed, "failure", "failures"), sum.Seconds)
	switch {
	case sum.Interrupted:
		return internalErr("interrupted; %d documents not attempted", sum.NotAttempted)
	case sum.Failed > 0:
		return &exitError{code: ExitInternal}
	case sum.StrictFailed > 0:
		return &exitError{code: ExitFindings}
	}
	return nil
}

// parseShard parses "i/n"; "" is shard 0 of 1.
func parseShard(s string) (int, int, error) {
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, usageErr("--shard %q: want i/n with 0 <= i < n, e.g. 0/4", s)
	}
	return i, n, nil
}

// collectJobs lists the documents of a directory or a manifest.
func collectJobs(input, outDir string) ([]batchJob, error) {
	fi, err := os.Stat(input)
	if err != nil {
		return nil, inputErr("%v", err)
	}
	if fi.IsDir() {
		return dirJobs(input, outDir)
	}
	return manifestJobs(input, outDir)
}

func dirJobs(root, outDir string) ([]batchJob, error) {
	var inputs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		ext := strings.ToLower(filepath.Ext(p))
		if !d.IsDir() && (ext == ".html" || ext == ".htm") {
			inputs = append(inputs, p)
		}
		return nil
	})
	if err != nil {
		return nil, inputErr("%v", err)
	}
	sort.Strings(inputs)
	jobs := make([]batchJob, len(inputs))
	for i, in := range inputs {
		out, outTree := strings.TrimSuffix(in, filepath.Ext(in))+".pdf", root
		if outDir != "" {
			rel, _ := filepath.Rel(root, in)
			out, outTree = filepath.Join(outDir, strings.TrimSuffix(rel, filepath.Ext(rel))+".pdf"), outDir
		}
		jobs[i] = batchJob{index: i, input: in, output: out, inTree: root, outTree: outTree}
	}
	return jobs, nil
}

func manifestJobs(manifest, outDir string) ([]batchJob, error) {
	data, err := readFileIn(filepath.Dir(manifest), manifest)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(manifest)
	resolve := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	var jobs []batchJob
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		var m manifestEntry
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&m); err != nil {
			return nil, inputErr("%s:%d: %v", manifest, line, err)
		}
		if m.Input == "" {
			return nil, inputErr("%s:%d: \"input\" is required", manifest, line)
		}
		in := resolve(m.Input)
		out := strings.TrimSuffix(in, filepath.Ext(in)) + ".pdf"
		switch {
		case m.Output != "":
			out = resolve(m.Output)
		case outDir != "":
			out = filepath.Join(outDir, strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))+".pdf")
		}
		jobs = append(jobs, batchJob{index: len(jobs), input: in, output: out, overrides: m, hasOverride: true,
			source: fmt.Sprintf("%s:%d", manifest, line), inTree: filepath.Dir(in), outTree: filepath.Dir(out)})
	}
	if err := sc.Err(); err != nil {
		return nil, inputErr("%s: %v", manifest, err)
	}
	return jobs, nil
}

// options applies a manifest line's overrides to the command-line options.
func (j batchJob) options(base folio.Options) (folio.Options, error) {
	o := base
	if !j.hasOverride {
		return o, nil
	}
	m := j.overrides
	d := docFlags{title: m.Title, author: m.Author, lang: m.Lang, size: m.Size, orientation: m.Orientation}
	v, err := d.options()
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			return o, errors.New(strings.ReplaceAll(ee.msg, "--", ""))
		}
		return o, err
	}
	if m.Title != "" {
		o.Title = v.Title
	}
	if m.Author != "" {
		o.Author = v.Author
	}
	if m.Lang != "" {
		o.Lang = v.Lang
	}
	if m.Size != "" {
		o.Size = v.Size
	}
	if m.Orientation != "" {
		o.Orientation = v.Orientation
	}
	if m.Audit != nil {
		o.Audit = *m.Audit
	}
	if m.Strict != nil {
		o.Strict = *m.Strict
	}
	if m.Fix != nil {
		o.Fix = *m.Fix
	}
	o.Audit = o.Audit || o.Strict
	return o, nil
}

// runJobs converts the jobs with n workers, reporting progress on stderr.
func (e *env) runJobs(jobs []batchJob, base folio.Options, n int, force, quiet bool) batchSummary {
	start := time.Now()
	sum := batchSummary{Total: len(jobs), Documents: make([]batchResult, 0, len(jobs))}
	prog := newProgress(e.stderr, e.isTerminal(e.stderr), len(jobs))
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	work := make(chan batchJob)
	results := make(chan batchResult)
	var wg sync.WaitGroup
	for w := 0; w < min(n, max(len(jobs), 1)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				if ctx.Err() != nil {
					continue // interrupted: start nothing new
				}
				results <- e.convertOne(ctx, j, base, force)
			}
		}()
	}
	go func() {
		defer close(work)
		for _, j := range jobs {
			select {
			case work <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	for r := range results {
		switch r.Status {
		case "converted":
			sum.Converted++
		case "skipped":
			sum.Skipped++
		case "audit_failed":
			sum.StrictFailed++
		default:
			sum.Failed++
		}
		if r.AuditPassed != nil && !*r.AuditPassed {
			sum.AuditFailed++
		}
		sum.Documents = append(sum.Documents, r)
		prog.update(r)
	}
	prog.done()
	if e.ctx.Err() != nil {
		sum.Interrupted = true
		sum.NotAttempted = len(jobs) - len(sum.Documents)
	}
	sort.Slice(sum.Documents, func(a, b int) bool { return sum.Documents[a].Input < sum.Documents[b].Input })
	sum.Seconds = time.Since(start).Seconds()
	return sum
}

// convertOne converts one document unless its output is up to date. The
// result is named so that the deferred Duration reaches the caller.
func (e *env) convertOne(ctx context.Context, j batchJob, base folio.Options, force bool) (r batchResult) {
	start := time.Now()
	r = batchResult{Input: j.input, Output: j.output}
	defer func() { r.Duration = time.Since(start).Seconds() }()
	html, skip, err := jobInput(j, force)
	switch {
	case err != nil:
		r.Status, r.Error = "failed", err.Error()
		return r
	case skip:
		r.Status = "skipped"
		return r
	}
	opts, err := j.options(base)
	if err != nil {
		r.Status, r.Error = "failed", err.Error()
		return r
	}
	dir, err := filepath.Abs(filepath.Dir(j.input))
	if err != nil {
		r.Status, r.Error = "failed", err.Error()
		return r
	}
	if opts.BaseDir == "" {
		opts.BaseDir = dir
	}
	if opts.BaseURL == "" {
		opts.BaseURL = dirURL(dir)
	}
	res, err := e.convert(ctx, html, opts)
	if res != nil && res.Report != nil {
		score, passed := res.Report.Score, res.Report.Passed
		r.Score, r.AuditPassed = &score, &passed
	}
	switch {
	case errors.Is(err, folio.ErrAuditFailed):
		r.Status, r.Error = "audit_failed", "strict: "+summary(res.Report)
		return r
	case err != nil:
		r.Status, r.Error = "failed", err.Error()
		return r
	case res == nil:
		r.Status, r.Error = "failed", "no result"
		return r
	}
	r.Pages = res.Pages
	rel, err := filepath.Rel(j.outTree, j.output)
	if err == nil {
		err = os.MkdirAll(j.outTree, 0o755)
	}
	if err != nil {
		r.Status, r.Error = "failed", err.Error()
		return r
	}
	if err := writeInTree(j.outTree, rel, res.PDF); err != nil {
		r.Status, r.Error = "failed", err.Error()
		return r
	}
	r.Status = "converted"
	if res.Report != nil && !res.Report.Passed {
		r.Error = "audit: " + summary(res.Report)
	}
	return r
}

// jobInput reads a job's input, refusing one that is not a regular file
// or whose links lead out of its tree. Unless force, skip reports an
// output newer than the input, which is then not read.
func jobInput(j batchJob, force bool) (html []byte, skip bool, err error) {
	f, err := openFileIn(j.inTree, j.input)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	inInfo, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if !force {
		// Only a regular file counts as an up-to-date output; a link
		// there is replaced, never followed.
		if outInfo, err := os.Lstat(j.output); err == nil && outInfo.Mode().IsRegular() && !outInfo.ModTime().Before(inInfo.ModTime()) {
			return nil, true, nil
		}
	}
	if html, err = io.ReadAll(f); err != nil {
		return nil, false, fmt.Errorf("%s: %w", j.input, err)
	}
	return html, false, nil
}
