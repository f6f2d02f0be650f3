package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/seed28491532/folio"
)

// defaultDeadline is the deadline of one conversion when --timeout is 0
// (folio.Options.Deadline's default).
const defaultDeadline = 30 * time.Second

// stopGrace is how long work may run on after its context is done (a
// signal, the deadline) before the command stops waiting for it: SIGTERM
// and --timeout end a command within about this long even when the work
// in progress does not check its context. A command is given half as
// long again to wind down after SIGINT or SIGTERM, so that batch, whose
// conversions are given stopGrace, still prints its summary.
const stopGrace = time.Second

// stopGrace returns the env's grace (stopGrace unless a test sets it).
func (e *env) stopGrace() time.Duration {
	if e.grace > 0 {
		return e.grace
	}
	return stopGrace
}

// withDeadline returns ctx bounded by the conversion deadline d (0: the
// default); the cause names the flag.
func withDeadline(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		d = defaultDeadline
	}
	return context.WithTimeoutCause(ctx, d, deadlineError{d})
}

// deadlineError is the cause of a conversion deadline; it matches
// context.DeadlineExceeded.
type deadlineError struct{ d time.Duration }

func (e deadlineError) Error() string {
	return fmt.Sprintf("the deadline of %s (--timeout) passed", e.d)
}

// Is reports whether target is context.DeadlineExceeded.
func (deadlineError) Is(target error) bool { return target == context.DeadlineExceeded }

// convert runs the engine on html under the conversion deadline, giving
// up stopGrace after the context is done.
func (e *env) convert(ctx context.Context, html []byte, opts folio.Options) (*folio.Result, error) {
	ctx, cancel := withDeadline(ctx, opts.Deadline)
	defer cancel()
	return await(ctx, e.stopGrace(), func() (*folio.Result, error) {
		return e.engine.Convert(ctx, bytes.NewReader(html), opts)
	})
}

// await runs fn and returns its result, or an error wrapping the
// context's cause when fn has not returned grace after ctx is done.
// fn goes on in the background; it must not touch state the caller reads
// afterwards (a command that gave up is about to exit).
func await[T any](ctx context.Context, grace time.Duration, fn func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := fn()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case r := <-done:
		return r.v, r.err
	case <-t.C:
		var zero T
		return zero, fmt.Errorf("%w (the work in progress did not stop within %s)", ctxErr(ctx), grace)
	}
}

// ctxErr is the error of a done context: its cause (a signal, the
// deadline) when there is one, matching context.Canceled or
// context.DeadlineExceeded with errors.Is either way.
func ctxErr(ctx context.Context) error {
	err, cause := ctx.Err(), context.Cause(ctx)
	if cause == nil || errors.Is(cause, err) {
		return cause
	}
	return causeError{err, cause}
}

// causeError reads as the cause and matches both it and the context error.
type causeError struct{ err, cause error }

func (c causeError) Error() string   { return c.cause.Error() }
func (c causeError) Unwrap() []error { return []error{c.err, c.cause} }

// isExitError reports whether err carries its own exit code and message.
func isExitError(err error) bool {
	var ee *exitError
	return errors.As(err, &ee)
}

// runCommand runs cmd; once the process context is done (SIGINT,
// SIGTERM) it waits at most 1.5 times stopGrace for the command to wind
// down, except for commands that drain on their own schedule (serve).
func (e *env) runCommand(cmd *command, args []string) error {
	if cmd.drains {
		return cmd.run(e, args)
	}
	_, err := await(e.ctx, e.stopGrace()*3/2, func() (struct{}, error) { return struct{}{}, cmd.run(e, args) })
	if err != nil && e.ctx.Err() != nil && !isExitError(err) {
		return internalErr("interrupted: %v", err)
	}
	return err
}
