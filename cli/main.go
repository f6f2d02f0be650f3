package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/server"
)

// Exit codes; see the package documentation.
const (
	ExitOK       = 0
	ExitFindings = 1
	ExitUsage    = 2
	ExitInternal = 3
)

// env is what a subcommand runs with: streams, the engine, the
// environment and the process context.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	engine server.Engine
	getenv func(string) string
	// isTerminal reports whether w is an interactive terminal.
	isTerminal func(w io.Writer) bool
	// grace is how long work may run on after the context is done
	// (0: stopGrace); tests shorten it.
	grace time.Duration
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	usage   string // argument synopsis after the name
	help    string // longer description and examples
	run     func(e *env, args []string) error
	// drains is set for a command that stops on its own schedule after
	// SIGINT or SIGTERM (serve drains its requests); others are given
	// 1.5 times stopGrace.
	drains bool
}

func commands() map[string]*command {
	list := []*command{
		convertCommand(), renderTemplateCommand(), listTemplatesCommand(), inspectCommand(),
		validateCommand(), batchCommand(), serveCommand(), versionCommand(),
	}
	m := map[string]*command{}
	for _, c := range list {
		m[c.name] = c
	}
	return m
}

// Main runs the folio command line with args (without the program name)
// and returns the exit code. SIGINT and SIGTERM cancel the work in
// progress (serve drains and stops).
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal the default action is back: a second one
	// ends the process at once.
	context.AfterFunc(ctx, stop)
	e := &env{
		ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr,
		engine: server.DefaultEngine(), getenv: os.Getenv, isTerminal: isTerminal,
	}
	return e.main(args)
}

// main dispatches to the subcommand and maps its error to an exit code.
func (e *env) main(args []string) int {
	if len(args) == 0 {
		e.usage(e.stderr)
		return ExitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		return e.help(args[1:])
	case "-v", "-version", "--version":
		name = "version"
	}
	cmd, ok := commands()[name]
	if !ok {
		fmt.Fprintf(e.stderr, "folio: unknown command %q\n\n", name)
		e.usage(e.stderr)
		return ExitUsage
	}
	return e.exit(cmd, e.runCommand(cmd, args[1:]))
}

// exit reports err on stderr and returns its exit code.
func (e *env) exit(cmd *command, err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintf(e.stderr, "folio %s: %s\n", cmd.name, ee.msg)
		}
		if ee.code == ExitUsage && ee.showUsage {
			fmt.Fprintf(e.stderr, "usage: folio %s %s\nRun 'folio help %s' for details.\n", cmd.name, cmd.usage, cmd.name)
		}
		return ee.code
	}
	if errors.Is(err, errHelp) {
		return ExitOK
	}
	code := ExitInternal
	fmt.Fprintf(e.stderr, "folio %s: %v\n", cmd.name, err)
	return code
}

// exitError carries an exit code and a message for the user.
type exitError struct {
	code      int
	msg       string
	showUsage bool
	cause     error // the error behind msg, if any
}

func (e *exitError) Error() string { return e.msg }

// Unwrap returns the error behind the message.
func (e *exitError) Unwrap() error { return e.cause }

// usageErr is a usage error: bad flags or arguments.
func usageErr(format string, args ...any) error {
	return &exitError{code: ExitUsage, msg: fmt.Sprintf(format, args...), showUsage: true}
}

// inputErr is bad input: unreadable or malformed files, bad values.
func inputErr(format string, args ...any) error {
	return &exitError{code: ExitUsage, msg: fmt.Sprintf(format, args...)}
}

// findingsErr signals audit findings (exit 1); the report was printed.
func findingsErr(format string, args ...any) error {
	return &exitError{code: ExitFindings, msg: fmt.Sprintf(format, args...)}
}

// internalErr is a failure of the conversion or the environment.
func internalErr(format string, args ...any) error {
	return &exitError{code: ExitInternal, msg: fmt.Sprintf(format, args...)}
}

// convertErr classifies an error from the engine.
func convertErr(what string, err error) error {
	var tde *server.TemplateDataError
	switch {
	case errors.As(err, &tde):
		var b strings.Builder
		b.WriteString(what + ": template data is invalid:")
		for _, fe := range tde.Errors {
			fmt.Fprintf(&b, "\n  %s: %s", fe.Field, fe.Message)
		}
		return inputErr("%s", b.String())
	case errors.Is(err, server.ErrUnknownTemplate), errors.Is(err, folio.ErrNotHTML), errors.Is(err, folio.ErrXML):
		return inputErr("%s: %v", what, err)
	case errors.Is(err, folio.ErrLimit):
		return internalErr("%s: limit exceeded: %v", what, err)
	case errors.Is(err, context.Canceled):
		return internalErr("%s: interrupted", what)
	case errors.Is(err, context.DeadlineExceeded):
		return internalErr("%s: %v", what, err)
	}
	return internalErr("%s: %v", what, err)
}

func (e *env) usage(w io.Writer) {
	fmt.Fprintf(w, "folio %s converts HTML to accessible PDF (PDF/UA-1, WCAG 2.1 AA) and audits HTML and PDF.\n\n", folio.Version)
	fmt.Fprintln(w, "usage: folio <command> [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-16s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "  help             show help for a command")
	fmt.Fprintln(w, "\nexit codes: 0 ok, 1 audit findings, 2 usage or input error, 3 internal or limit error")
	fmt.Fprintln(w, "Run 'folio help <command>' for a command's flags.")
}

// help prints the overview or one command's help on stdout.
func (e *env) help(args []string) int {
	if len(args) == 0 {
		e.usage(e.stdout)
		return ExitOK
	}
	cmd, ok := commands()[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "folio help: unknown command %q\n", args[0])
		return ExitUsage
	}
	return e.exit(cmd, cmd.run(e, []string{"-h"}))
}
