package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"

	"github.com/seed28491532/folio"
)

// result is the outcome of one reftest with one engine.
type result struct {
	Pass bool `json:"pass"`
	// Status is "pass", "fail" or "error: …" (the page or a reference did
	// not render).
	Status  string `json:"status"`
	Version string `json:"version"`
}

func main() {
	wpt := flag.String("wpt", "../../../shared/wpt", "the web-platform-tests subset")
	engines := flag.String("engines", "folio", "comma-separated engines: folio, chromium")
	cache := flag.String("cache", "chromium-results.json", "file keeping Chromium's results between runs")
	jobs := flag.Int("j", 2, "tests rendered at once by folio")
	out := flag.String("o", "", "also write every result as JSON to this file")
	fontDir := flag.String("font-dir", "", "a directory of fonts folio may use like installed fonts, e.g. a CJK font's (default: the bundled fonts only)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: reftest [flags] FOLDER...  (folders of the suite, e.g. css/css-page)\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *wpt, strings.Split(*engines, ","), *cache, *jobs, *out, *fontDir, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "reftest:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, wpt string, engineNames []string, cachePath string, jobs int, outPath, fontDir string, dirs []string) error {
	tmp, err := os.MkdirTemp("", "folio-reftest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	root := filepath.Join(tmp, "wpt")
	if err := mirror(wpt, root); err != nil {
		return fmt.Errorf("copying the suite: %w", err)
	}
	tests, err := findReftests(root, dirs)
	if err != nil {
		return err
	}
	slog.Info("reftests found", "count", len(tests))
	all := map[string]map[string]result{}
	for _, name := range engineNames {
		var e engine
		switch strings.TrimSpace(name) {
		case "folio":
			e = &folioEngine{root: root, fonts: folio.NewFonts()}
			if fontDir != "" {
				e = &folioEngine{root: root, fonts: folio.NewFonts(), fontDirs: []string{fontDir}}
			}
		case "chromium":
			c, err := newChromium(ctx)
			if err != nil {
				return err
			}
			e = c
			jobs = 1
		default:
			return fmt.Errorf("unknown engine %q (folio, chromium)", name)
		}
		var cached map[string]result
		if e.Name() == "chromium" {
			cached = readCache(cachePath)
		}
		res := runEngine(ctx, e, root, tmp, tests, jobs, cached)
		e.Close()
		if e.Name() == "chromium" {
			if err := writeJSON(cachePath, res); err != nil {
				return err
			}
		}
		all[e.Name()] = res
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if outPath != "" {
		if err := writeJSON(outPath, all); err != nil {
			return err
		}
	}
	fmt.Print(table(tests, all, engineNames, dirs))
	return nil
}

// runEngine runs every test with e, jobs at a time, reusing cached
// results of the same engine version.
func runEngine(ctx context.Context, e engine, root, tmp string, tests []reftest, jobs int, cached map[string]result) map[string]result {
	res := make(map[string]result, len(tests))
	var mu sync.Mutex
	refs := newRefCache(e, root, tmp)
	work := make(chan reftest)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range work {
				r := runOne(ctx, e, root, tmp, t, refs)
				mu.Lock()
				res[t.Path] = r
				if n := len(res); n%100 == 0 {
					slog.Info("progress", "engine", e.Name(), "done", n, "of", len(tests))
				}
				mu.Unlock()
			}
		}()
	}
	for _, t := range tests {
		if c, ok := cached[t.Path]; ok && c.Version == e.Version() {
			res[t.Path] = c
			continue
		}
		if ctx.Err() != nil {
			break
		}
		work <- t
	}
	close(work)
	wg.Wait()
	return res
}

// runOne renders t and its references and compares them.
func runOne(ctx context.Context, e engine, root, tmp string, t reftest, refs *refCache) result {
	r := result{Version: e.Version()}
	got, err := render(ctx, e, filepath.Join(root, filepath.FromSlash(t.Path)), tmp)
	if err != nil {
		r.Status = "error: " + firstLine(err.Error())
		return r
	}
	r.Pass = true
	for _, ref := range t.Match {
		want, err := refs.get(ctx, ref)
		if err != nil {
			r.Pass, r.Status = false, "error: reference "+ref+": "+firstLine(err.Error())
			return r
		}
		if !same(got, want, t.Fuzzy) {
			r.Pass = false
		}
	}
	for _, ref := range t.Mismatch {
		want, err := refs.get(ctx, ref)
		if err != nil {
			r.Pass, r.Status = false, "error: reference "+ref+": "+firstLine(err.Error())
			return r
		}
		if same(got, want, t.Fuzzy) {
			r.Pass = false
		}
	}
	r.Status = map[bool]string{true: "pass", false: "fail"}[r.Pass]
	return r
}

func render(ctx context.Context, e engine, file, tmp string) ([]picture, error) {
	pdf, err := e.PDF(ctx, file)
	if err != nil {
		return nil, err
	}
	return rasterise(ctx, pdf, tmp)
}

// refCache keeps the rasterised references: many tests share one.
type refCache struct {
	e         engine
	root, tmp string
	mu        sync.Mutex
	m         map[string]refEntry
}

type refEntry struct {
	pics []picture
	err  error
}

// maxRefs bounds the references kept (a page of 800×600 px is 1.4 MB).
const maxRefs = 300

func newRefCache(e engine, root, tmp string) *refCache {
	return &refCache{e: e, root: root, tmp: tmp, m: map[string]refEntry{}}
}

func (c *refCache) get(ctx context.Context, ref string) ([]picture, error) {
	c.mu.Lock()
	en, ok := c.m[ref]
	c.mu.Unlock()
	if ok {
		return en.pics, en.err
	}
	file := filepath.Join(c.root, filepath.FromSlash(ref))
	if _, err := os.Stat(file); err != nil {
		return nil, errors.New("missing from the suite")
	}
	pics, err := render(ctx, c.e, file, c.tmp)
	if ctx.Err() != nil {
		return pics, err
	}
	c.mu.Lock()
	if len(c.m) >= maxRefs {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[ref] = refEntry{pics, err}
	c.mu.Unlock()
	return pics, err
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

func readCache(path string) map[string]result {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var m map[string]result
	if err := json.Unmarshal(data, &m); err != nil {
		slog.Warn("ignoring the result cache", "file", path, "err", err)
		return nil
	}
	return m
}

// writeJSON writes v to path, merged into an existing object of results
// when path holds one (so runs over different folders add up).
func writeJSON(path string, v any) error {
	if m, ok := v.(map[string]result); ok {
		old := readCache(path)
		for k, r := range m {
			if old == nil {
				old = map[string]result{}
			}
			old[k] = r
		}
		if old != nil {
			v = old
		}
	}
	data, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
