package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// axeAlias maps axe-core rules to the folio rule that covers them under
// another id.
var axeAlias = map[string]string{
	"input-button-name": "button-name",
	"select-name":       "label",
}

// pageRules are judged once per document: the tools name different
// elements for them (html, head, title, meta).
var pageRules = map[string]bool{
	"document-title": true, "html-has-lang": true, "html-lang-valid": true,
	"html-xml-lang-mismatch": true, "page-has-heading-one": true, "meta-refresh": true,
}

// axe outcomes, worst first, and folio outcomes.
const (
	axeViolation  = "violation"
	axeIncomplete = "incomplete"
	axePass       = "pass"
	axeNone       = "n/a"
	folioFail     = "fail"
	folioReview   = "review"
	folioNone     = "none"
)

// pair is the two outcomes of one element for one rule.
type pair struct{ axe, folio string }

// disagreement is one element on which the tools differ.
type disagreement struct {
	file, rule, elem string
	pair
}

// tally accumulates the outcome pairs per rule over all files.
type tally struct {
	axeVersion string
	counts     map[string]map[pair]int
	diffs      []disagreement
}

func newTally() *tally { return &tally{counts: map[string]map[pair]int{}} }

func axeRank(k string) int { return slices.Index([]string{axeViolation, axeIncomplete, axePass}, k) }

// add records the outcomes of one file on the rules both tools ran.
func (t *tally) add(file string, items []folioItem, res *pageResult, folioRan map[string]bool) {
	both := map[string]bool{}
	for _, r := range res.Ran {
		fr := r
		if a, ok := axeAlias[r]; ok {
			fr = a
		}
		if folioRan[fr] {
			both[fr] = true
		}
	}
	type cell struct {
		axe, folio, shown string
	}
	elems := map[string]map[string]*cell{} // rule → key → outcomes
	get := func(rule, key string) *cell {
		if pageRules[rule] {
			key = "document"
		}
		m := elems[rule]
		if m == nil {
			m = map[string]*cell{}
			elems[rule] = m
		}
		c := m[key]
		if c == nil {
			c = &cell{axe: axeNone, folio: folioNone, shown: key}
			m[key] = c
		}
		return c
	}
	for _, a := range res.Axe {
		rule := a.Rule
		if al, ok := axeAlias[rule]; ok {
			rule = al
		}
		if !both[rule] {
			continue
		}
		c := get(rule, a.Key)
		if c.axe == axeNone || axeRank(a.Kind) < axeRank(c.axe) {
			c.axe = a.Kind
		}
		if a.Target != "" {
			c.shown = a.Target
		}
	}
	for i, it := range items {
		if !both[it.Rule] || i >= len(res.Folio) {
			continue
		}
		c := get(it.Rule, res.Folio[i])
		if c.folio != folioFail {
			c.folio = it.Outcome
		}
		if it.Selector != "" && c.shown == res.Folio[i] {
			c.shown = it.Selector
		}
	}
	for rule := range both {
		if t.counts[rule] == nil {
			t.counts[rule] = map[pair]int{}
		}
	}
	for rule, m := range elems {
		for _, c := range m {
			p := pair{c.axe, c.folio}
			t.counts[rule][p]++
			if !agree(p) {
				t.diffs = append(t.diffs, disagreement{file: file, rule: rule, elem: c.shown, pair: p})
			}
		}
	}
}

// agree reports whether the outcomes are the same verdict.
func agree(p pair) bool {
	switch p {
	case pair{axeViolation, folioFail}, pair{axeIncomplete, folioReview},
		pair{axePass, folioNone}, pair{axeNone, folioNone}:
		return true
	}
	return false
}

// stats are the agreement numbers of one rule or a total.
type stats struct {
	viol, fail, hit       int // axe violations, folio failures, both
	pass, falseAlarm      int // axe passes, of them failed by folio
	incomplete, reviewHit int // axe incomplete, of them needing review in folio
}

func statsOf(m map[pair]int) stats {
	var s stats
	for p, n := range m {
		if p.axe == axeViolation {
			s.viol += n
		}
		if p.folio == folioFail {
			s.fail += n
		}
		switch p {
		case pair{axeViolation, folioFail}:
			s.hit += n
		case pair{axePass, folioFail}:
			s.falseAlarm += n
		case pair{axeIncomplete, folioReview}:
			s.reviewHit += n
		}
		switch p.axe {
		case axePass:
			s.pass += n
		case axeIncomplete:
			s.incomplete += n
		}
	}
	return s
}

func (s *stats) addTo(o stats) {
	s.viol += o.viol
	s.fail += o.fail
	s.hit += o.hit
	s.pass += o.pass
	s.falseAlarm += o.falseAlarm
	s.incomplete += o.incomplete
	s.reviewHit += o.reviewHit
}

func pct(num, den int) string {
	if den == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(num)/float64(den))
}

func (s stats) row(name string) string {
	return fmt.Sprintf("| %s | %d | %d | %d | %s | %s | %d | %d | %s | %d | %s |", name, s.viol, s.fail, s.hit,
		pct(s.hit, s.viol), pct(s.hit, s.fail), s.pass, s.falseAlarm, pct(s.pass-s.falseAlarm, s.pass), s.incomplete, pct(s.reviewHit, s.incomplete))
}

// print writes the per-rule table, the totals and (verbose) the
// disagreements.
func (t *tally) print(w io.Writer, verbose bool) {
	rules := make([]string, 0, len(t.counts))
	for r := range t.counts {
		rules = append(rules, r)
	}
	slices.Sort(rules)
	fmt.Fprintln(w, "| rule | axe violations | folio fails | both | recall | precision | axe passes | folio fails of them | pass agreement | axe incomplete | folio review of them |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	var all, noContrast stats
	for _, r := range rules {
		s := statsOf(t.counts[r])
		all.addTo(s)
		if r != "color-contrast" {
			noContrast.addTo(s)
		}
		fmt.Fprintln(w, s.row(r))
	}
	fmt.Fprintln(w, all.row("**all**"))
	fmt.Fprintln(w, noContrast.row("**all but color-contrast**"))
	fmt.Fprintf(w, "\n%d elements with different outcomes (run with -v to list them)\n", len(t.diffs))
	if !verbose {
		return
	}
	slices.SortFunc(t.diffs, func(a, b disagreement) int {
		return strings.Compare(a.rule+"\x00"+a.file+"\x00"+a.elem, b.rule+"\x00"+b.file+"\x00"+b.elem)
	})
	for _, d := range t.diffs {
		fmt.Fprintf(w, "%s\t%s\t%s\taxe %s, folio %s\n", d.rule, d.file, d.elem, d.axe, d.folio)
	}
}
