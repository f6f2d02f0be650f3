package templates

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnknownTemplate is matched (errors.Is) by the error returned for a
// template id that does not exist.
var ErrUnknownTemplate = errors.New("unknown template")

// ErrDataTooLarge is matched (errors.Is) by the error returned for data
// larger than MaxDataSize.
var ErrDataTooLarge = errors.New("template data too large")

// MaxDataSize is the largest JSON document Validate and Render accept.
const MaxDataSize = 10 << 20

// maxProblems bounds how many problems a ValidationError collects, so that
// a document with 10,000 bad lines is reported quickly.
const maxProblems = 100

// UnknownTemplateError reports a template id that is not in the registry.
type UnknownTemplateError struct {
	ID    string   // the id asked for
	Valid []string // the valid ids, sorted
}

// Error names the unknown id and lists the valid ones.
func (e *UnknownTemplateError) Error() string {
	return fmt.Sprintf("templates: unknown template %q; valid ids: %s", e.ID, strings.Join(e.Valid, ", "))
}

// Is makes errors.Is(err, ErrUnknownTemplate) true.
func (e *UnknownTemplateError) Is(target error) bool { return target == ErrUnknownTemplate }

// SyntaxError reports malformed JSON data with its position.
type SyntaxError struct {
	Line, Column int    // 1-based position of the problem
	Offset       int64  // byte offset of the problem
	Msg          string // what is wrong
}

// Error gives the line, column and what is wrong.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("templates: invalid JSON at line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// Problem is one way in which data violates a template's schema or rules.
type Problem struct {
	// Path is the JSON path of the offending value, rooted at "data", for
	// example "data.items[3].quantity".
	Path string `json:"path"`
	// Message states the expectation, for example "expected number, got
	// string" or "required".
	Message string `json:"message"`
}

// String formats the problem as "path: message".
func (p Problem) String() string { return p.Path + ": " + p.Message }

// ValidationError lists every problem found in a template's data (up to a
// bound; Truncated says whether more were left out).
type ValidationError struct {
	Template  string    `json:"template"`
	Problems  []Problem `json:"problems"`
	Truncated bool      `json:"truncated,omitempty"`
}

// Error lists the problems, separated by semicolons.
func (e *ValidationError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "templates: %s data is invalid: ", e.Template)
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	if e.Truncated {
		b.WriteString("; … (more problems not listed)")
	}
	return b.String()
}

// problems collects Problems up to maxProblems.
type problems struct {
	list      []Problem
	truncated bool
}

func (ps *problems) add(path, format string, args ...any) {
	if len(ps.list) >= maxProblems {
		ps.truncated = true
		return
	}
	ps.list = append(ps.list, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
}

func (ps *problems) full() bool { return len(ps.list) >= maxProblems }

// err returns a *ValidationError for the collected problems, or nil.
func (ps *problems) err(template string) error {
	if len(ps.list) == 0 {
		return nil
	}
	return &ValidationError{Template: template, Problems: ps.list, Truncated: ps.truncated}
}
