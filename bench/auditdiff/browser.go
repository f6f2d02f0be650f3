package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// browser is one headless Chromium with one tab.
type browser struct {
	ctx     context.Context
	cancel  func()
	version string
}

func newBrowser(ctx context.Context, exe string) (*browser, error) {
	if exe == "" {
		exe = chromiumPath()
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.Flag("no-sandbox", true), chromedp.Flag("allow-file-access-from-files", true),
		chromedp.ExecPath(exe))
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	b := &browser{ctx: bctx, cancel: func() { cancelBrowser(); cancelAlloc() }}
	if err := chromedp.Do(bctx); err != nil { // the first Do starts the browser
		b.cancel()
		return nil, fmt.Errorf("starting chromium: %w", err)
	}
	v, err := cdp.Call(bctx, chromedp.FromContext(bctx).Browser, cdpbrowser.GetVersion, cdp.Empty{})
	if err != nil {
		b.cancel()
		return nil, fmt.Errorf("chromium version: %w", err)
	}
	b.version = v.Product
	return b, nil
}

func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "chromium"
}

func (b *browser) close() { b.cancel() }

// frameScript injects axe-core (the string it is called with) into the
// page's frames whose documents the page can reach (srcdoc frames), so
// that axe runs frame-focusable-content in them; it returns how many.
const frameScript = `((src) => {
  let n = 0;
  for (const f of document.querySelectorAll('iframe, frame')) {
    try {
      if (f.contentWindow && f.contentDocument && !f.contentWindow.axe) {
        f.contentWindow.eval(src);
        f.contentWindow.axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });
        n++;
      }
    } catch (e) { /* a document of another origin: axe does not run there */ }
  }
  return n;
})`

// pageScript runs axe-core on the loaded page and resolves folio's
// findings (the JSON array of [selector, rule] pairs it is called with)
// to the same element keys. axe reports the table rules on the table,
// folio on the cell: those findings count for the cell's table. Of the
// results from inside frames (targets of two selectors or more) only
// frame-focusable-content is kept, on the frame element, where folio
// reports it: folio does not audit frame documents otherwise.
const pageScript = `(async (folio) => {
  const key = (el) => {
    const p = [];
    while (el && el.parentElement) {
      p.push(Array.prototype.indexOf.call(el.parentElement.children, el));
      el = el.parentElement;
    }
    return el === document.documentElement ? 'html/' + p.reverse().join('/') : '';
  };
  const find = (sel) => {
    if (!sel) return null;
    try { return document.querySelector(sel); } catch (e) { return null; }
  };
  axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });
  const res = await axe.run(document, { iframes: true, frameWaitTime: 3000 });
  const out = { version: axe.version, url: location.href, axe: [], ran: [], folio: [] };
  const kinds = { violations: 'violation', incomplete: 'incomplete', passes: 'pass' };
  for (const list of ['violations', 'incomplete', 'passes', 'inapplicable']) {
    for (const r of res[list]) {
      out.ran.push(r.id);
      if (!kinds[list]) continue;
      for (const n of r.nodes) {
        const inFrame = n.target.length > 1;
        if (inFrame && r.id !== 'frame-focusable-content') continue;
        const t = typeof n.target[0] === 'string' ? n.target[0] : '';
        const el = find(t);
        out.axe.push({ rule: r.id, kind: kinds[list], key: el ? key(el) : 'unresolved:' + JSON.stringify(n.target), target: t });
      }
    }
  }
  const onTable = new Set(['td-headers-attr', 'th-has-data-cells']);
  for (const [sel, rule] of folio) {
    let el = find(sel);
    if (el && onTable.has(rule)) el = el.closest('table');
    out.folio.push(el ? key(el) : 'unresolved:' + sel);
  }
  return JSON.stringify(out);
})(%s)`

// axe loads url, injects axe-core and returns its results with the keys
// of the elements folio's findings name.
func (b *browser) axe(ctx context.Context, url, axeSrc string, items []folioItem) (*pageResult, error) {
	sels := make([][2]string, len(items))
	for i, it := range items {
		sels[i] = [2]string{it.Selector, it.Rule}
	}
	arg, err := json.Marshal(sels)
	if err != nil {
		return nil, err
	}
	tctx, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	if err := chromedp.Do(tctx, chromedp.Navigate(url)); err != nil {
		return nil, err
	}
	if _, err := chromedp.Run(tctx, chromedp.Evaluate[chromedp.Void](axeSrc+"\n;undefined")); err != nil {
		return nil, fmt.Errorf("injecting axe-core: %w", err)
	}
	src, err := json.Marshal(axeSrc)
	if err != nil {
		return nil, err
	}
	if _, err := chromedp.Run(tctx, chromedp.Evaluate[int](frameScript+"("+string(src)+")")); err != nil {
		return nil, fmt.Errorf("injecting axe-core into frames: %w", err)
	}
	s, err := chromedp.Run(tctx, chromedp.Evaluate[string](fmt.Sprintf(pageScript, arg), chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, err
	}
	var res pageResult
	if err := json.Unmarshal([]byte(s), &res); err != nil {
		return nil, err
	}
	return &res, nil
}
