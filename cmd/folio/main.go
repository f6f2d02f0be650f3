// Command folio converts HTML to accessible PDF, audits HTML and PDF,
// renders templates and serves the HTTP API. See package cli.
package main

import (
	"os"

	"github.com/seed28491532/folio/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
