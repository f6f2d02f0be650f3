package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// errHelp is returned after a subcommand printed its help for -h.
var errHelp = errors.New("help requested")

// newFlags returns a flag set for c that reports nothing itself.
func newFlags(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args, allowing flags after positional arguments
// ("convert - -o out.pdf"), and returns the positional arguments. "--"
// ends the flags. -h prints the command's help on stdout.
func (e *env) parseFlags(c *command, fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			e.printHelp(e.stdout, c, fs)
			return nil, errHelp
		}
		if err != nil {
			return nil, usageErr("%v", err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// printHelp writes a command's synopsis, description and flags.
func (e *env) printHelp(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: folio %s %s\n\n%s\n", c.name, c.usage, c.summary)
	if c.help != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.help))
	}
	var flags strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		head := "  " + dash + f.Name
		if name != "" {
			head += " " + name
		}
		def := ""
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" && f.DefValue != "[]" {
			def = fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(&flags, "%-28s %s%s\n", head, usage, def)
	})
	if flags.Len() > 0 {
		fmt.Fprintf(w, "\nflags:\n%s", flags.String())
	}
	fmt.Fprintln(w, "\nexit codes: 0 ok, 1 audit findings, 2 usage or input error, 3 internal or limit error")
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// envDefault returns the variable's value or def.
func (e *env) envDefault(name, def string) string {
	if v := e.getenv(name); v != "" {
		return v
	}
	return def
}

// envDuration reads a duration variable ("30s"), def when unset.
func (e *env) envDuration(name string, def time.Duration) (time.Duration, error) {
	v := e.getenv(name)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, inputErr("%s=%q: %v", name, v, err)
	}
	return d, nil
}
