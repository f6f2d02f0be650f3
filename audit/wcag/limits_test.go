package wcag

import (
	"context"
	"errors"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestDeepNesting checks the depth limits: the parser refuses documents
// nested deeper than 512 elements with a clear error, and Audit on a
// DOM built in memory 100,000 levels deep neither overflows nor hangs (the
// traversals are iterative) and still locates the finding inside.
func TestDeepNesting(t *testing.T) {
	page := func(depth int) string {
		return "<!DOCTYPE html><html lang=en><head><title>Deep</title></head><body><h1>Deep</h1>" +
			strings.Repeat("<div>", depth) + `<img src="deep.png">` + strings.Repeat("</div>", depth) + "</body></html>"
	}
	rep := auditString(t, page(500))
	if len(rep.Errors) != 1 || rep.Errors[0].Rule != "image-alt" || rep.Errors[0].Location.Column != 2581 {
		t.Errorf("500 levels: errors %+v", rep.Errors)
	}
	if _, err := AuditHTML(context.Background(), []byte(page(600)), Options{}); err == nil || !strings.Contains(err.Error(), "512") {
		t.Errorf("600 levels: err = %v, want the parser's 512-element limit", err)
	}

	doc, err := html.Parse(strings.NewReader(page(0)))
	if err != nil {
		t.Fatal(err)
	}
	img := firstElement(doc, atom.Img)
	parent := img.Parent
	parent.RemoveChild(img)
	for range 100000 {
		div := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
		parent.AppendChild(div)
		parent = div
	}
	parent.AppendChild(img)
	rep, err = Audit(context.Background(), doc, []byte(page(0)), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 1 || rep.Errors[0].Rule != "image-alt" {
		t.Fatalf("deep DOM: errors %+v", rep.Errors)
	}
	if len(rep.Notices) != 1 || !strings.Contains(rep.Notices[0].Message, "no computed styles") {
		t.Errorf("without styles, want a notice that contrast was not checked: %v", rep.Notices)
	}
	if sel := rep.Errors[0].Location.Selector; !strings.HasPrefix(sel, ":root ") || len(sel) > 400 {
		t.Errorf("deep DOM selector %q", sel)
	}
}

// TestLargeDocument audits a 10 MB document.
func TestLargeDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("10 MB document in -short mode")
	}
	src := syntheticDoc(5000)
	var b strings.Builder
	for b.Len() < 10<<20 {
		b.Write(src)
	}
	rep := auditString(t, b.String())
	if len(rep.CheckedRules) == 0 {
		t.Fatal("no rules ran")
	}
}

// TestCancelled checks that a cancelled context stops the audit with the
// context's error.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := AuditHTML(ctx, syntheticDoc(3000), Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestFindingCap checks that the listed findings are capped per rule while
// the counts, and so the score, include every failure.
func TestFindingCap(t *testing.T) {
	body := "<h1>x</h1>" + strings.Repeat(`<img src="a.png">`, 30)
	rep, err := AuditHTML(context.Background(), []byte(page(body)), Options{MaxFindingsPerRule: 10})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := result(rep, "image-alt")
	if r.Failed != 30 || len(rep.Errors) != 10 {
		t.Fatalf("failed %d, listed %d; want 30 counted, 10 listed", r.Failed, len(rep.Errors))
	}
	if len(rep.Notices) != 1 || !strings.Contains(rep.Notices[0].Message, "20 more findings of image-alt") {
		t.Errorf("notices %v", rep.Notices)
	}
	all, _ := AuditHTML(context.Background(), []byte(page(body)), Options{MaxFindingsPerRule: -1})
	if len(all.Errors) != 30 || all.Score != rep.Score {
		t.Errorf("uncapped: %d errors, score %d vs %d", len(all.Errors), all.Score, rep.Score)
	}
}
