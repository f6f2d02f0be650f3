package main

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/seed28491532/folio"
)

// engine turns a page of the mirrored suite into a PDF.
type engine interface {
	Name() string
	// Version names the engine's build, for the result cache.
	Version() string
	PDF(ctx context.Context, file string) ([]byte, error)
	Close()
}

// folioEngine converts in-process, with file access bounded by the
// mirror's root and relative URLs resolved from the page's folder.
type folioEngine struct {
	root  string
	fonts *folio.Fonts
	// fontDirs are directories of fonts used like installed ones
	// (Options.FontDirs).
	fontDirs []string
}

func (e *folioEngine) Name() string    { return "folio" }
func (e *folioEngine) Version() string { return folio.Version }
func (e *folioEngine) Close()          {}

func (e *folioEngine) PDF(ctx context.Context, file string) ([]byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	base := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Dir(file)) + "/"}).String()
	// the file's name says whether it is XHTML (.xht, .xhtml), as for a browser
	res, err := folio.ConvertAll(ctx, []folio.Source{{HTML: bytes.NewReader(data), Name: file}}, folio.Options{BaseDir: e.root, BaseURL: base,
		Deadline: 20 * time.Second, Lang: "en", Title: filepath.Base(file), Fonts: e.fonts, FontDirs: e.fontDirs})
	if err != nil {
		return nil, err
	}
	return res.PDF, nil
}

// chromiumEngine prints through one headless Chromium, as its print
// preview would with "background graphics" on and no header or footer,
// at the page size and margins of the page's CSS.
type chromiumEngine struct {
	cancel  func()
	ctx     context.Context
	version string
}

func newChromium(ctx context.Context) (*chromiumEngine, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.Flag("no-sandbox", true), chromedp.Flag("allow-file-access-from-files", true),
		chromedp.ExecPath(chromiumPath()))
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	e := &chromiumEngine{ctx: bctx, cancel: func() { cancelBrowser(); cancelAlloc() }}
	if err := chromedp.Do(bctx); err != nil { // the first Run starts the browser
		e.cancel()
		return nil, fmt.Errorf("starting chromium: %w", err)
	}
	v, err := cdp.Call(bctx, chromedp.FromContext(bctx).Browser, browser.GetVersion, cdp.Empty{})
	if err != nil {
		e.cancel()
		return nil, fmt.Errorf("chromium version: %w", err)
	}
	e.version = v.Product
	return e, nil
}

func chromiumPath() string {
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "chromium"
}

func (e *chromiumEngine) Name() string    { return "chromium" }
func (e *chromiumEngine) Version() string { return e.version }
func (e *chromiumEngine) Close()          { e.cancel() }

func (e *chromiumEngine) PDF(ctx context.Context, file string) ([]byte, error) {
	tctx, cancel := chromedp.NewContext(e.ctx)
	defer cancel()
	tctx, cancelT := context.WithTimeout(tctx, 20*time.Second)
	defer cancelT()
	stop := context.AfterFunc(ctx, cancelT)
	defer stop()
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()
	err := chromedp.Do(tctx, chromedp.Navigate(u))
	var pdf []byte
	if err == nil {
		pdf, err = chromedp.Run(tctx, chromedp.PrintToPDF(chromedp.PDFPrintBackground(), chromedp.PDFPreferCSSPageSize()))
	}
	if err != nil {
		return nil, fmt.Errorf("chromium %s: %w", strings.TrimPrefix(u, "file://"), err)
	}
	return pdf, nil
}
