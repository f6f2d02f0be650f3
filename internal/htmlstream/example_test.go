package htmlstream_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/seed28491532/folio/internal/htmlstream"
	"golang.org/x/net/html"
)

// A caller handles the body's children one at a time and drops each once
// done, so that the tree never holds more than a few of them.
func ExampleParser() {
	in := "<!doctype html><title>T</title><h1>One</h1><p>two<table><tr><td>three</table>four"
	p := htmlstream.New(context.Background(), strings.NewReader(in))
	defer p.Close()
	_, body, err := p.Body()
	if err != nil {
		fmt.Println(err)
		return
	}
	for {
		n, err := p.Next()
		if err != nil {
			fmt.Println(err)
			return
		}
		if n == nil {
			break
		}
		var sb strings.Builder
		html.Render(&sb, n)
		fmt.Println(sb.String())
		body.RemoveChild(n)
	}
	if err := p.Finish(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <h1>One</h1>
	// <p>two</p>
	// <table><tbody><tr><td>three</td></tr></tbody></table>
	// four
}
