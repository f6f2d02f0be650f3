package pdfa

import (
	"errors"
	"io"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Budgets of the content pass.
const (
	maxOps       = 20_000_000 // operations interpreted in all
	maxFormDepth = 8          // nested form XObjects
)

// contentState is the content pass over one audit.
type contentState struct {
	ops      int
	stopped  bool
	notdef   bool // a .notdef finding was reported for this page
	colorBad map[string]bool
}

// content reads every page's content (and the form XObjects it draws)
// for device colour the output intent does not allow (ISO 19005-2
// 6.2.4.3) and for the .notdef glyph of Identity-H fonts (6.2.11.8).
func (c *checker) content() {
	pages, _ := c.f.Pages()
	st := &contentState{}
	for _, p := range pages {
		if st.stopped || c.stopped() {
			return
		}
		st.notdef = false
		st.colorBad = map[string]bool{}
		c.runContent(st, c.pageContent(p.Dict), p.Resources, refNum(p.Ref), 0, map[int]bool{})
		if !st.notdef {
			c.pass("pdfa-6.2.11.8-1")
		}
		if len(st.colorBad) == 0 {
			c.pass("pdfa-6.2.4.3-1")
		}
	}
}

// pageContent concatenates a page's content streams.
func (c *checker) pageContent(page pdfobj.Dict) []byte {
	var out []byte
	add := func(o pdfobj.Object) {
		if s, ok := c.f.Resolve(o).(*pdfobj.Stream); ok {
			if data, err := c.f.DecodeStream(s); err == nil {
				out = append(append(out, data...), '\n')
			}
		}
	}
	switch v := c.f.Resolve(page["Contents"]).(type) {
	case pdfobj.Array:
		for _, o := range v {
			add(o)
		}
	default:
		add(v)
	}
	return out
}

// runContent interprets data with resources res.
func (c *checker) runContent(st *contentState, data []byte, res pdfobj.Dict, obj, depth int, seen map[int]bool) {
	fonts, _ := c.f.Resolve(res["Font"]).(pdfobj.Dict)
	xobjects, _ := c.f.Resolve(res["XObject"]).(pdfobj.Dict)
	identity := false // the current font is Type0 Identity-H
	p := pdfobj.NewContentParser(data)
	for {
		op, err := p.Scan()
		if errors.Is(err, io.EOF) || err != nil {
			return
		}
		st.ops++
		if st.ops > maxOps {
			st.stopped = true
			c.fail("pdfa-limit", obj, "the audit stopped reading content after %d operations", maxOps)
			return
		}
		if st.ops%4096 == 0 && c.stopped() {
			st.stopped = true
			return
		}
		switch op.Operator {
		case "Tf":
			identity = false
			if len(op.Operands) == 2 {
				if name, ok := op.Operands[0].(pdfobj.Name); ok {
					fd, _ := c.f.Resolve(fonts[name]).(pdfobj.Dict)
					identity = c.f.Resolve(fd["Subtype"]) == pdfobj.Name("Type0") && c.f.Resolve(fd["Encoding"]) == pdfobj.Name("Identity-H")
				}
			}
		case "Tj", "'", "\"", "TJ":
			if identity && !st.notdef && showsNotdef(op.Operands) {
				st.notdef = true
				c.fail("pdfa-6.2.11.8-1", obj, "text shows the .notdef glyph (CID 0 of an Identity-H font)")
			}
		case "rg", "RG", "k", "K":
			c.deviceColor(st, op.Operator, obj)
		case "cs", "CS":
			if len(op.Operands) == 1 {
				if n, ok := op.Operands[0].(pdfobj.Name); ok {
					if need, dev := deviceSpaces[n]; dev && c.outputSpace != need && !st.colorBad[string(n)] {
						st.colorBad[string(n)] = true
						c.fail("pdfa-6.2.4.3-1", obj, "content selects %s, but the output intent is %q", n, c.outputSpace)
					}
				}
			}
		case "Do":
			if len(op.Operands) == 1 && depth < maxFormDepth {
				name, _ := op.Operands[0].(pdfobj.Name)
				ref := xobjects[name]
				form, ok := c.f.Resolve(ref).(*pdfobj.Stream)
				if !ok || c.f.Resolve(form.Dict["Subtype"]) != pdfobj.Name("Form") || seen[refNum(ref)] {
					continue
				}
				seen[refNum(ref)] = true
				fres, _ := c.f.Resolve(form.Dict["Resources"]).(pdfobj.Dict)
				if fres == nil {
					fres = res
				}
				if data, err := c.f.DecodeStream(form); err == nil {
					c.runContent(st, data, fres, refNum(ref), depth+1, seen)
				}
			}
		}
	}
}

// deviceColor checks an rg/RG (DeviceRGB) or k/K (DeviceCMYK) operator
// against the output intent, once per page and operator kind.
func (c *checker) deviceColor(st *contentState, operator string, obj int) {
	space, need := pdfobj.Name("DeviceRGB"), "RGB"
	if operator == "k" || operator == "K" {
		space, need = "DeviceCMYK", "CMYK"
	}
	if c.outputSpace == need || st.colorBad[string(space)] {
		return
	}
	st.colorBad[string(space)] = true
	c.fail("pdfa-6.2.4.3-1", obj, "content paints in %s (%s), but the output intent is %q", space, operator, c.outputSpace)
}

// showsNotdef reports whether a text-showing operation's strings hold
// the two-byte code 0.
func showsNotdef(operands []pdfobj.Object) bool {
	check := func(o pdfobj.Object) bool {
		var s []byte
		switch v := o.(type) {
		case pdfobj.String:
			s = v
		case pdfobj.HexString:
			s = v
		}
		for i := 0; i+1 < len(s); i += 2 {
			if s[i] == 0 && s[i+1] == 0 {
				return true
			}
		}
		return false
	}
	for _, o := range operands {
		if a, ok := o.(pdfobj.Array); ok {
			for _, e := range a {
				if check(e) {
					return true
				}
			}
		} else if check(o) {
			return true
		}
	}
	return false
}
