package css

import (
	"strings"
	"sync"

	"github.com/tdewolff/parse/v2"
	tcss "github.com/tdewolff/parse/v2/css"
)

// parallelMinChunk is the least source text a parallel Parse gives one
// goroutine: below it the goroutine costs more than it saves.
const parallelMinChunk = 8 << 10

// chunkStart is where a run of statements starts: byte offset and
// position.
type chunkStart struct {
	off int
	pos Pos
}

// splitStatements cuts src (NUL already replaced) into at most n runs of
// whole top-level statements of about equal length, at places where
// parsing each run on its own gives the rules and diagnostics that parsing
// all of src gives for it: right after the block of a qualified rule (no
// block open, @import no longer allowed), in a stylesheet that nests no
// deeper than MaxNesting up to the last cut. It returns the starts of the
// runs after the first; none when src has no such places.
func splitStatements(src string, n int) []chunkStart {
	if n < 2 {
		return nil
	}
	lx := tcss.NewLexer(parse.NewInputString(src))
	var closers []byte
	var cuts []chunkStart
	off, line, col := 0, 1, 1
	inStmt, atStmt := false, false
	for len(cuts) < n-1 {
		tt, data := lx.Next()
		if tt == tcss.ErrorToken || len(data) == 0 {
			break
		}
		off += len(data)
		line, col = advancePos(data, line, col)
		if tt == tcss.CommentToken {
			continue
		}
		if !inStmt {
			switch tt {
			case tcss.WhitespaceToken, tcss.CDOToken, tcss.CDCToken, tcss.SemicolonToken:
				continue
			}
			inStmt, atStmt = true, tt == tcss.AtKeywordToken
		}
		switch tt {
		case tcss.FunctionToken, tcss.LeftParenthesisToken:
			closers = append(closers, ')')
		case tcss.LeftBracketToken:
			closers = append(closers, ']')
		case tcss.LeftBraceToken:
			closers = append(closers, '}')
		case tcss.RightParenthesisToken, tcss.RightBracketToken, tcss.RightBraceToken:
			if len(closers) == 0 || closers[len(closers)-1] != data[0] {
				continue // a stray closer: a token of the statement
			}
			closers = closers[:len(closers)-1]
			if len(closers) > 0 || data[0] != '}' {
				continue
			}
			// a top-level { } block ends the statement
			inStmt = false
			if !atStmt && off >= len(src)*(len(cuts)+1)/n && len(src)-off >= parallelMinChunk {
				cuts = append(cuts, chunkStart{off: off, pos: Pos{line, col}})
			}
		case tcss.SemicolonToken:
			if len(closers) == 0 && atStmt {
				inStmt = false
			}
		}
		if len(closers) > MaxNesting {
			return nil // the tokenizer drops deeper blocks, once per sheet
		}
	}
	return cuts
}

// advancePos returns the position after s of text starting at line:col
// (columns count characters; CR LF, CR, LF and FF end lines). The
// tokenizer advances token by token with it, and so does splitStatements.
func advancePos[S string | []byte](s S, line, col int) (int, int) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n' || c == '\f' || (c == '\r' && (i+1 >= len(s) || s[i+1] != '\n')):
			line++
			col = 1
		case c == '\r':
		case c < 0x80 || c >= 0xC0:
			col++
		}
	}
	return line, col
}

// parseParallel parses src on several goroutines, one per run of
// statements, when it is large enough and splits; ok is false when it
// does not.
func parseParallel(src string, opts ParseOptions) (sheet *Stylesheet, diags []Diagnostic, ok bool) {
	if len(src) < 2*parallelMinChunk || len(src) > MaxStylesheetSize {
		return nil, nil, false
	}
	src = strings.ReplaceAll(src, "\x00", "\uFFFD")
	cuts := splitStatements(src, min(opts.Workers, len(src)/parallelMinChunk))
	if len(cuts) == 0 {
		return nil, nil, false
	}
	type result struct {
		rules []Rule
		diags []Diagnostic
	}
	results := make([]result, len(cuts)+1)
	run := func(i int) {
		start, end := chunkStart{pos: Pos{1, 1}}, len(src)
		if i > 0 {
			start = cuts[i-1]
		}
		if i < len(cuts) {
			end = cuts[i].off
		}
		p := &parser{opts: opts, importsAllowed: i == 0}
		results[i].rules = p.parse(src[start.off:end], start.pos, nil)
		results[i].diags = p.diags
	}
	var wg sync.WaitGroup
	for i := 1; i <= len(cuts); i++ {
		wg.Go(func() { run(i) })
	}
	run(0)
	wg.Wait()
	n := 0
	for _, r := range results {
		n += len(r.rules)
	}
	sheet = &Stylesheet{Rules: make([]Rule, 0, n)}
	for _, r := range results {
		sheet.Rules = append(sheet.Rules, r.rules...)
		diags = append(diags, r.diags...)
	}
	return sheet, diags, true
}
