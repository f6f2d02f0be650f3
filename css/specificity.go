package css

import "strings"

// compoundSpecificity computes the specificity of one compound selector.
func compoundSpecificity(c []Token) [3]int {
	var s [3]int
	for i := 0; i < len(c); i++ {
		t := c[i]
		prevColon := i > 0 && c[i-1].Kind == Colon
		switch {
		case t.Kind == Hash:
			s[0]++
		case t.Kind == Delim && t.Text == "." && i+1 < len(c) && c[i+1].Kind == Ident:
			s[1]++
			i++
		case t.Kind == Block && t.Text == "[":
			s[1]++
		case t.Kind == Ident && prevColon:
			s[1]++
		case t.Kind == Function && prevColon:
			switch strings.ToLower(t.Text) {
			case "where":
			case "is", "not", "has", "matches", "any", "-webkit-any", "-moz-any":
				m := listSpecificity(t.Args)
				for k := range s {
					s[k] += m[k]
				}
			case "nth-child", "nth-last-child":
				s[1]++
				// An+B of S adds the specificity of S
				for k, a := range t.Args {
					if a.Is("of") {
						m := listSpecificity(t.Args[k+1:])
						for j := range s {
							s[j] += m[j]
						}
						break
					}
				}
			default:
				s[1]++
			}
		case t.Kind == Ident && !prevColon:
			s[2]++
		}
	}
	return s
}

// listSpecificity is the largest specificity of a selector list.
func listSpecificity(toks []Token) [3]int {
	var best [3]int
	for _, part := range SplitCommas(toks) {
		var s [3]int
		part = TrimSpace(part)
		start := 0
		for i := 0; i <= len(part); i++ {
			if i == len(part) || part[i].Kind == Whitespace || part[i].Kind == Delim && (part[i].Text == ">" || part[i].Text == "+" || part[i].Text == "~") {
				c := part[start:i]
				if len(c) > 0 {
					cs := compoundSpecificity(c)
					for k := range s {
						s[k] += cs[k]
					}
				}
				start = i + 1
			}
		}
		if less(best, s) {
			best = s
		}
	}
	return best
}

// less orders specificities lexicographically.
func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
