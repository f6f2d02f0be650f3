package style

import (
	"sync"

	"github.com/seed28491532/folio/css"
)

// preconvertMin is the number of style rules from which their
// declarations are converted on several goroutines, and the least each
// goroutine gets.
const preconvertMin = 128

// preconverted is a style rule's declarations converted ahead of
// addRules, with the problems converting them reported (addRules reports
// them when it reaches the rule, so that rules it skips report nothing).
type preconverted struct {
	decls []cdecl
	diags []posMessage
}

type posMessage struct {
	pos css.Pos
	msg string
}

// preconvert converts the declarations of the style rules of sheets
// (those under @media and @layer too) on up to c.workers goroutines, each
// with its own validator, when there are enough of them; addRules takes
// the results from c.pre.
func (c *collector) preconvert(sheets []sheetSource) {
	if c.workers < 2 {
		return
	}
	var rules []*css.StyleRule
	var gather func(rs []css.Rule)
	gather = func(rs []css.Rule) {
		for _, r := range rs {
			switch r := r.(type) {
			case *css.StyleRule:
				rules = append(rules, r)
			case *css.MediaRule:
				gather(r.Rules)
			case *css.LayerRule:
				gather(r.Rules)
			}
		}
	}
	for _, sh := range sheets {
		gather(sh.sheet.Rules)
	}
	n := min(c.workers, len(rules)/preconvertMin)
	if n < 2 {
		return
	}
	results := make([]preconverted, len(rules))
	convert := func(part int) {
		var diags []posMessage
		v := newValidator(func(pos css.Pos, msg string) { diags = append(diags, posMessage{pos, msg}) })
		for i := part * len(rules) / n; i < (part+1)*len(rules)/n; i++ {
			mark := len(diags)
			results[i].decls = v.convert(rules[i].Decls, false)
			if len(diags) > mark {
				results[i].diags = diags[mark:len(diags):len(diags)]
			}
		}
	}
	var wg sync.WaitGroup
	for part := 1; part < n; part++ {
		wg.Go(func() { convert(part) })
	}
	convert(0)
	wg.Wait()
	c.pre = make(map[*css.StyleRule]*preconverted, len(rules))
	for i, r := range rules {
		c.pre[r] = &results[i]
	}
}
