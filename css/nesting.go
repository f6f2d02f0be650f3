package css

import (
	"errors"
	"fmt"
)

// resolveNesting expands a (possibly nested) selector list prelude into
// complex selectors, replacing & by the parent selectors (css-nesting-1).
// With no parents, & stands for :root (:scope of a document).
func resolveNesting(prelude []Token, parents [][]Token) ([][]Token, error) {
	parts := SplitCommas(prelude)
	var out [][]Token
	if parents == nil {
		out = parts[:0] // a top-level rule's selectors: trimmed in place
	}
	for _, part := range parts {
		part = TrimSpace(part)
		if len(part) == 0 {
			return nil, errors.New("empty selector in list")
		}
		if parents == nil {
			out = append(out, part)
			continue
		}
		if part[0].Kind == Delim && (part[0].Text == ">" || part[0].Text == "+" || part[0].Text == "~") {
			part = append([]Token{{Kind: Delim, Text: "&"}, {Kind: Whitespace, Text: " "}}, part...)
		} else if !containsAmp(part) {
			part = append([]Token{{Kind: Delim, Text: "&"}, {Kind: Whitespace, Text: " "}}, part...)
		}
		res := substituteAmp(part, parents, true)
		if countTokens(res) > maxSelectorTokens {
			return nil, fmt.Errorf("selector longer than %d tokens after nesting", maxSelectorTokens)
		}
		out = append(out, res)
	}
	return out, nil
}

// containsAmp reports whether a nesting selector & occurs anywhere in toks.
func containsAmp(toks []Token) bool {
	for _, t := range toks {
		if t.Kind == Delim && t.Text == "&" {
			return true
		}
		if (t.Kind == Function || t.Kind == Block) && containsAmp(t.Args) {
			return true
		}
	}
	return false
}

// substituteAmp replaces each & by the parent selectors (as :is() unless it
// leads a top-level selector with one parent).
func substituteAmp(toks []Token, parents [][]Token, top bool) []Token {
	out := make([]Token, 0, len(toks))
	for i, t := range toks {
		switch {
		case t.Kind == Delim && t.Text == "&":
			if top && i == 0 && len(parents) == 1 {
				out = append(out, parents[0]...)
				continue
			}
			var args []Token
			for k, p := range parents {
				if k > 0 {
					args = append(args, Token{Kind: Comma, Text: ","})
				}
				args = append(args, p...)
			}
			out = append(out, Token{Kind: Colon, Text: ":"}, Token{Kind: Function, Text: "is", Args: args})
		case (t.Kind == Function || t.Kind == Block) && containsAmp(t.Args):
			t.Args = substituteAmp(t.Args, parents, false)
			if t.Kind == Function {
				t.Raw = ""
			}
			out = append(out, t)
		default:
			out = append(out, t)
		}
	}
	return out
}

// countTokens counts tokens at every depth, for the length limit.
func countTokens(toks []Token) int {
	n := len(toks)
	for _, t := range toks {
		if len(t.Args) > 0 {
			n += countTokens(t.Args)
		}
	}
	return n
}
