package cli_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/seed28491532/folio/cli"
)

// ExampleMain runs subcommands as cmd/folio does; the exit code tells a
// usage error (2) from success (0).
func ExampleMain() {
	code := cli.Main([]string{"convert", "-", "-o", "out.pdf", "--size", "A0"}, strings.NewReader("<p>hi</p>"), io.Discard, os.Stdout)
	fmt.Println("exit", code)
	// Output:
	// folio convert: unknown --size "A0"; allowed: A3, A4, A5, A6, B4, B5, letter, legal, ledger, tabloid, executive
	// usage: folio convert -i in.html [-i more.html …] -o out.pdf [--audit] [--strict] [--fix] [--json] [--title T] [--lang L] [--size S] [--orientation O] [--url URL] [--root DIR] [--margin M] …
	// Run 'folio help convert' for details.
	// exit 2
}
