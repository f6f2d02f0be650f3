package pdfa

import (
	"bytes"
	"encoding/binary"
	"regexp"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

var headerPattern = regexp.MustCompile(`^%PDF-1\.[0-7]\r?\n?%`)

// fileStructure checks the header, the trailer and the end of the file.
func (c *checker) fileStructure() {
	head := c.data[:min(len(c.data), 64)]
	ok := headerPattern.Match(head)
	if ok {
		// The comment after the header line: four bytes above 127.
		line := head[bytes.IndexByte(head, '%')+1:]
		if i := bytes.IndexByte(line, '%'); i >= 0 {
			high := 0
			for _, b := range line[i+1:] {
				if b == '\n' || b == '\r' {
					break
				}
				if b > 127 {
					high++
				}
			}
			ok = high >= 4
		}
	}
	c.check("pdfa-6.1.2-1", ok, 0, "the file does not start with %%PDF-1.n and a binary comment line")
	first, second := c.f.ID()
	c.check("pdfa-6.1.3-1", len(first) > 0 && len(second) > 0, 0, "the trailer has no /ID")
	c.check("pdfa-6.1.3-2", !c.f.Encrypted(), 0, "the file is encrypted")
	end := bytes.LastIndex(c.data, []byte("%%EOF"))
	tail := bytes.TrimLeft(c.data[max(end, 0)+5:], "\r\n")
	c.check("pdfa-6.1.3-3", end >= 0 && len(tail) == 0, 0, "%d bytes follow the last %%%%EOF", len(tail))
}

// forbiddenActions are the action types PDF/A-2 6.5.1 forbids.
var forbiddenActions = map[pdfobj.Name]bool{
	"Launch": true, "Sound": true, "Movie": true, "ResetForm": true, "ImportData": true, "JavaScript": true,
	"Hide": true, "SetOCGState": true, "Rendition": true, "Trans": true, "GoTo3DView": true,
}

// catalog checks the document catalog: output intents, forbidden keys,
// JavaScript, embedded files and, at level A, structure.
func (c *checker) catalog() {
	root := c.f.Root()
	c.outputIntents(root)
	_, aa := root["AA"]
	c.check("pdfa-6.5.2-1", !aa, refNum(c.f.Trailer()["Root"]), "the catalog has additional actions (/AA)")
	_, req := root["Requirements"]
	_, needs := root["NeedsRendering"]
	form, _ := c.f.Resolve(root["AcroForm"]).(pdfobj.Dict)
	needApp, _ := c.f.Resolve(form["NeedAppearances"]).(pdfobj.Bool)
	_, xfa := form["XFA"]
	c.check("pdfa-6.11-1", !req && !needs && !bool(needApp) && !xfa, 0,
		"the catalog has /Requirements, /NeedsRendering, XFA or NeedAppearances true")
	names, _ := c.f.Resolve(root["Names"]).(pdfobj.Dict)
	_, js := names["JavaScript"]
	c.check("pdfa-6.6.1-1", !js, 0, "the catalog's /Names has a /JavaScript name tree")
	if c.level == "A" {
		mark, _ := c.f.Resolve(root["MarkInfo"]).(pdfobj.Dict)
		marked, _ := c.f.Resolve(mark["Marked"]).(pdfobj.Bool)
		_, tree := root["StructTreeRoot"]
		lang := pdfobj.Text(c.f.Resolve(root["Lang"]))
		c.check("pdfa-6.7-1", bool(marked) && tree && lang != "", 0,
			"level A wants a tagged file: /MarkInfo Marked %v, structure tree %v, /Lang %q", bool(marked), tree, lang)
	}
	c.embeddedFiles(root, names)
}

// outputIntents checks the PDF/A output intents and their profile, and
// remembers the profile's colour space.
func (c *checker) outputIntents(root pdfobj.Dict) {
	intents, _ := c.f.Resolve(root["OutputIntents"]).(pdfobj.Array)
	var profile pdfobj.Object
	for _, o := range intents {
		oi, _ := c.f.Resolve(o).(pdfobj.Dict)
		if c.f.Resolve(oi["S"]) != pdfobj.Name("GTS_PDFA1") {
			continue
		}
		p := oi["DestOutputProfile"]
		if profile != nil {
			c.check("pdfa-6.2.2-3", refNum(p) != 0 && refNum(p) == refNum(profile), refNum(o),
				"the PDF/A output intents have different profiles")
			continue
		}
		profile = p
		s, ok := c.f.Resolve(p).(*pdfobj.Stream)
		if !ok {
			c.fail("pdfa-6.2.2-2", refNum(o), "the output intent has no ICC /DestOutputProfile stream")
			continue
		}
		icc, err := c.f.DecodeStream(s)
		space, problem := iccSpace(icc, err)
		n, _ := c.f.Resolve(s.Dict["N"]).(pdfobj.Int)
		if problem == "" && channels[space] != int(n) {
			problem = "its /N does not match the profile's colour space " + space
		}
		c.check("pdfa-6.2.2-2", problem == "", refNum(p), "the output intent's ICC profile is not valid: %s", problem)
		if problem == "" {
			c.outputSpace = space
		}
	}
	c.check("pdfa-6.2.2-1", profile != nil, 0, "the catalog has no PDF/A output intent (/OutputIntents with /S /GTS_PDFA1)")
}

var channels = map[string]int{"RGB": 3, "CMYK": 4, "GRAY": 1}

// iccSpace checks an ICC profile's header and returns its colour space
// ("RGB", "CMYK", "GRAY"), or a problem.
func iccSpace(icc []byte, err error) (space, problem string) {
	switch {
	case err != nil:
		return "", "it does not decode: " + err.Error()
	case len(icc) < 132:
		return "", "it is shorter than an ICC header"
	case int(binary.BigEndian.Uint32(icc)) != len(icc):
		return "", "its header size disagrees with its length"
	case string(icc[36:40]) != "acsp":
		return "", "it lacks the acsp signature"
	case icc[8] < 2 || icc[8] > 4:
		return "", "its version is not 2, 3 or 4"
	}
	switch string(icc[12:16]) {
	case "mntr", "prtr", "scnr", "spac":
	default:
		return "", "its device class " + string(icc[12:16]) + " is not an output class"
	}
	switch s := string(icc[16:20]); s {
	case "RGB ":
		return "RGB", ""
	case "CMYK":
		return "CMYK", ""
	case "GRAY":
		return "GRAY", ""
	default:
		return "", "its colour space " + s + " is not RGB, CMYK or gray"
	}
}

// deviceSpaces are the device colour spaces and the output intent space
// each needs.
var deviceSpaces = map[pdfobj.Name]string{"DeviceRGB": "RGB", "DeviceCMYK": "CMYK"}

// colorSpace checks a colour space against the output intent.
func (c *checker) colorSpace(cs pdfobj.Object, obj int, what string) {
	switch v := c.f.Resolve(cs).(type) {
	case pdfobj.Name:
		if need, ok := deviceSpaces[v]; ok {
			c.check("pdfa-6.2.4.3-1", c.outputSpace == need, obj, "%s uses %s, but the output intent is %q", what, v, c.outputSpace)
		}
	case pdfobj.Array:
		if len(v) >= 2 && c.f.Resolve(v[0]) == pdfobj.Name("Indexed") {
			c.colorSpace(v[1], obj, what)
		}
	}
}
