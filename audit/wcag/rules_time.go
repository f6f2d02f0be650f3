package wcag

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxRefreshDelay is the longest delay (20 hours, in seconds) to which
// WCAG 2.2.1 applies.
const maxRefreshDelay = 72000

// refreshDelay parses the delay of a meta refresh content value ("5",
// "5; url=/next"); ok is false when it has none.
func refreshDelay(content string) (float64, bool) {
	s := strings.TrimSpace(content)
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.') {
		end++
	}
	if end == 0 {
		return 0, false
	}
	d, err := strconv.ParseFloat(s[:end], 64)
	return d, err == nil
}

func checkMetaRefresh(c *checker, r *ruleRun) {
	for _, n := range c.all {
		if !isHTML(n, atom.Meta) || !strings.EqualFold(strings.TrimSpace(attrVal(n, "http-equiv")), "refresh") {
			continue
		}
		d, ok := refreshDelay(attrVal(n, "content"))
		if !ok {
			continue
		}
		if d > 0 && d <= maxRefreshDelay {
			r.fail(n, "The page refreshes or redirects itself after %g seconds; readers cannot stop or extend the time.", d)
			continue
		}
		r.pass()
	}
}

// checkObsoleteMotion returns a check that fails every rendered HTML
// element named tag (blink, marquee: moving content a reader cannot
// pause); a document without one passes once.
func checkObsoleteMotion(tag string) func(c *checker, r *ruleRun) {
	return func(c *checker, r *ruleRun) {
		for _, n := range c.visible {
			if n.Namespace == "" && n.Data == tag {
				r.fail(n, "The <%s> element moves or flashes its content, and readers cannot pause it.", tag)
			}
		}
		if r.res.Checked == 0 && c.htmlElement() != nil {
			r.pass()
		}
	}
}

func checkServerSideImageMap(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Img) {
		if hasAttr(n, "ismap") {
			r.review(n, "the map's links may also be offered as text links, which a person has to check (axe-core: incomplete)", r.rule.hint,
				"The image is a server-side image map (ismap), which only a pointer can use.")
			continue
		}
		r.pass()
	}
}

func checkNoAutoplayAudio(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Audio, atom.Video) {
		if !hasAttr(n, "autoplay") {
			continue
		}
		switch {
		case hasAttr(n, "muted"), hasAttr(n, "controls"):
			r.pass()
		case hasAttr(n, "loop"):
			// the media may have no sound at all (a silent background
			// video), which the audit cannot hear: a person decides, as
			// axe-core's reviewOnFail does
			r.review(n, "the media plays on in a loop; whether it has sound, which would then never stop, needs a person",
				r.rule.hint, "The <%s> plays automatically in a loop, with no control to stop it.", n.Data)
		default:
			r.review(n, "the length of the media is unknown to the audit; sound that stops within 3 seconds is allowed",
				r.rule.hint, "The <%s> plays automatically without controls; it must stop within 3 seconds or be muted.", n.Data)
		}
	}
}

func checkVideoCaption(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Video) {
		has := false
		for ch := range elementChildren(n) {
			if isHTML(ch, atom.Track) && strings.EqualFold(strings.TrimSpace(attrVal(ch, "kind")), "captions") {
				has = true
			}
		}
		if has {
			r.pass()
			continue
		}
		r.review(n, "captions may be burned into the video, which the audit cannot see (axe-core: incomplete)", r.rule.hint,
			"The video has no captions track (<track kind=\"captions\">).")
	}
}

// maxNestedScan bounds the descendants nested-interactive looks at under
// one element, so nested role=button elements cannot make it quadratic.
const maxNestedScan = 4096

// childrenPresentational lists the roles whose descendants are
// presentational (WAI-ARIA 1.2), so interactive content inside them is
// lost to assistive technology.
const childrenPresentational = `button checkbox img math menuitemcheckbox menuitemradio meter option progressbar
radio scrollbar separator slider switch tab`

func checkNestedInteractive(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		rl := effectiveRole(n)
		if !inList(childrenPresentational, rl) || !c.inA11yTree(n) || rl == "img" {
			continue
		}
		if isHTML(n, atom.Input) || isHTML(n, atom.Img) {
			continue // void elements own nothing
		}
		var bad *html.Node
		seen := 0
		walk(n, func(e *html.Node) bool { return !c.removed[e] }, func(e *html.Node) bool {
			if e != n && !c.hiddenSet[e] && !c.inert[e] && focusable(e) {
				bad = e
				return false
			}
			seen++
			return seen < maxNestedScan
		})
		if bad != nil {
			r.fail(n, "The element with role %s holds a focusable <%s>; content of a %s is not exposed, so that control is unusable with assistive technology.", rl, bad.Data, rl)
			continue
		}
		r.pass()
	}
}

func checkSummaryName(c *checker, r *ruleRun) {
	for _, d := range c.visibleTagged(atom.Details) {
		var s *html.Node
		for ch := range elementChildren(d) {
			if isHTML(ch, atom.Summary) {
				s = ch
				break
			}
		}
		if s == nil || c.isHidden(s) || isPresentational(s) {
			continue
		}
		if c.accessibleName(s, true) == "" {
			r.fail(s, "The <summary> of the disclosure has no text, so what it opens is unknown.")
			continue
		}
		r.pass()
	}
}
