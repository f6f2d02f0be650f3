package ua

import (
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

type fontKey struct {
	ref  int
	name string // resource name + page for direct font dictionaries
	page int
}

// seenCode reports whether code was already checked in this rendering
// mode class, marking it as seen.
func (fi *fontInfo) seenCode(code uint32, mode3 bool) bool {
	k := 0
	if mode3 {
		k = 1
	}
	if fi.seen[k] == nil {
		fi.seen[k] = make([]uint64, 1<<16/64)
	}
	w, bit := &fi.seen[k][code>>6&(1<<10-1)], uint64(1)<<(code&63)
	if *w&bit != 0 {
		return true
	}
	*w |= bit
	return false
}

// fontInfo is what the glyph rules need from a font.
type fontInfo struct {
	ref      int
	name     string // /BaseFont
	subtype  string
	dict     pdfobj.Dict
	page     int // page of first use
	type0    bool
	cidType2 bool
	cmapName string

	toUnicode    *pdfobj.ToUnicode
	unicodeByEnc bool // simple font whose encoding yields Unicode
	cidUCS       bool // Type0 with an Adobe CJK collection

	embedded  bool
	prog      *sfnt // parsed TrueType/OpenType program, nil if none
	identity  bool  // CIDToGIDMap /Identity (or absent)
	cidToGID  []byte
	widths    map[int]float64 // CID widths from /W
	dw        float64
	visible   bool // used with a rendering mode other than 3
	seen      [2][]uint64
	cidMap    *cidCMap // embedded CMap: code → CID
	cidSet    []byte   // CIDSet of a subset CIDFont, nil when absent
	cffCIDs   []byte   // CIDs of a CID-keyed CFF program (CIDSet layout), nil if none
	checkedAt bool
}

// isPredefinedCMap reports whether name is one of the CMap names of
// ISO 32000-1 Table 118.
func isPredefinedCMap(name string) bool {
	switch name {
	case "GB-EUC-H", "GB-EUC-V", "GBpc-EUC-H", "GBpc-EUC-V", "GBK-EUC-H", "GBK-EUC-V", "GBKp-EUC-H", "GBKp-EUC-V", "GBK2K-H", "GBK2K-V", "UniGB-UCS2-H", "UniGB-UCS2-V", "UniGB-UTF16-H", "UniGB-UTF16-V", "B5pc-H", "B5pc-V", "HKscs-B5-H", "HKscs-B5-V", "ETen-B5-H", "ETen-B5-V", "ETenms-B5-H", "ETenms-B5-V", "CNS-EUC-H", "CNS-EUC-V", "UniCNS-UCS2-H", "UniCNS-UCS2-V", "UniCNS-UTF16-H", "UniCNS-UTF16-V", "83pv-RKSJ-H", "90ms-RKSJ-H", "90ms-RKSJ-V", "90msp-RKSJ-H", "90msp-RKSJ-V", "90pv-RKSJ-H", "Add-RKSJ-H", "Add-RKSJ-V", "EUC-H", "EUC-V", "Ext-RKSJ-H", "Ext-RKSJ-V", "H", "V", "UniJIS-UCS2-H", "UniJIS-UCS2-V", "UniJIS-UCS2-HW-H", "UniJIS-UCS2-HW-V", "UniJIS-UTF16-H", "UniJIS-UTF16-V", "KSC-EUC-H", "KSC-EUC-V", "KSCms-UHC-H", "KSCms-UHC-V", "KSCms-UHC-HW-H", "KSCms-UHC-HW-V", "KSCpc-EUC-H", "UniKS-UCS2-H", "UniKS-UCS2-V", "UniKS-UTF16-H", "UniKS-UTF16-V", "Identity-H", "Identity-V":
		return true
	}
	return false
}

// fontFor returns the font named in the current resources.
func (c *checker) fontFor(sc *streamCtx, name pdfobj.Name) *fontInfo {
	f := c.f
	fonts, _ := f.Resolve(sc.res["Font"]).(pdfobj.Dict)
	o := fonts[name]
	key := fontKey{ref: objNum(o)}
	if key.ref == 0 {
		key = fontKey{name: string(name), page: sc.page}
	}
	if fi, ok := c.fonts[key]; ok {
		return fi
	}
	d, ok := f.Resolve(o).(pdfobj.Dict)
	if !ok || c.stopped() {
		c.fonts[key] = nil
		return nil
	}
	fi := c.loadFont(d, key.ref, sc.page)
	c.fonts[key] = fi
	return fi
}

func (c *checker) loadFont(d pdfobj.Dict, ref, page int) *fontInfo {
	f := c.f
	fi := &fontInfo{ref: ref, dict: d, page: page, dw: 1000}
	st, _ := f.Resolve(d["Subtype"]).(pdfobj.Name)
	fi.subtype = string(st)
	bf, _ := f.Resolve(d["BaseFont"]).(pdfobj.Name)
	fi.name = string(bf)
	if tu, ok := f.Resolve(d["ToUnicode"]).(*pdfobj.Stream); ok {
		if data, err := c.decode(tu); err == nil {
			fi.toUnicode = pdfobj.ParseToUnicode(data)
		}
	}
	desc := d
	if fi.subtype == "Type0" {
		fi.type0 = true
		switch enc := f.Resolve(d["Encoding"]).(type) {
		case pdfobj.Name:
			fi.cmapName = string(enc)
		case *pdfobj.Stream:
			n, _ := f.Resolve(enc.Dict["CMapName"]).(pdfobj.Name)
			fi.cmapName = "embedded:" + string(n)
			if data, err := c.decode(enc); err == nil {
				fi.cidMap = parseCIDCMap(data)
			}
		}
		da, _ := f.Resolve(d["DescendantFonts"]).(pdfobj.Array)
		if len(da) > 0 {
			desc, _ = f.Resolve(da[0]).(pdfobj.Dict)
		} else {
			desc = nil
		}
		if desc != nil {
			dst, _ := f.Resolve(desc["Subtype"]).(pdfobj.Name)
			fi.cidType2 = dst == "CIDFontType2"
			if csi, ok := f.Resolve(desc["CIDSystemInfo"]).(pdfobj.Dict); ok {
				reg, _ := c.text(csi["Registry"])
				ord, _ := c.text(csi["Ordering"])
				fi.cidUCS = reg == "Adobe" && oneOf(ord, "GB1", "CNS1", "Japan1", "Korea1")
			}
			if v, ok := pdfobj.Number(f.Resolve(desc["DW"])); ok {
				fi.dw = v
			}
			fi.widths = c.parseW(desc["W"])
			switch m := f.Resolve(desc["CIDToGIDMap"]).(type) {
			case pdfobj.Name:
				fi.identity = m == "Identity"
			case *pdfobj.Stream:
				fi.cidToGID, _ = c.decode(m)
			case nil:
				fi.identity = true
			}
		}
	} else {
		// Simple fonts: Unicode is derivable from a standard encoding or
		// from the glyph names of a Differences array; symbolic fonts
		// without ToUnicode have none.
		// Type 1 glyph names (standard, built-in or Differences encodings)
		// are taken to be in the Adobe Glyph List.
		fi.unicodeByEnc = fi.subtype == "Type1" || fi.subtype == "MMType1"
		switch enc := f.Resolve(d["Encoding"]).(type) {
		case pdfobj.Name:
			fi.unicodeByEnc = true
		case pdfobj.Dict:
			fi.unicodeByEnc = fi.unicodeByEnc || enc["BaseEncoding"] != nil || enc["Differences"] != nil
		}
	}
	if desc != nil {
		fd, _ := f.Resolve(desc["FontDescriptor"]).(pdfobj.Dict)
		if fd != nil {
			for _, k := range []pdfobj.Name{"FontFile", "FontFile2", "FontFile3"} {
				s, ok := f.Resolve(fd[k]).(*pdfobj.Stream)
				if !ok {
					continue
				}
				data, err := c.decode(s)
				if err != nil {
					continue
				}
				if k == "FontFile" || (k == "FontFile3" && s.Dict["Subtype"] != pdfobj.Name("OpenType")) {
					fi.embedded = len(data) > 0
					if fi.type0 && s.Dict["Subtype"] == pdfobj.Name("CIDFontType0C") {
						fi.cffCIDs, _ = cffCIDs(data)
					}
					continue
				}
				if prog, err := parseSFNT(data); err == nil {
					fi.embedded = true
					fi.prog = prog
					if fi.type0 && !fi.cidType2 && prog.cff != nil {
						fi.cffCIDs, _ = cffCIDs(prog.cff) // OpenType with CID-keyed CFF outlines
					}
				}
			}
			// The subset test uses the CIDFont's own name.
			dn, _ := f.Resolve(desc["BaseFont"]).(pdfobj.Name)
			if cs, ok := f.Resolve(fd["CIDSet"]).(*pdfobj.Stream); ok && fi.type0 && isSubsetName(string(dn)) {
				if data, err := c.decode(cs); err == nil {
					fi.cidSet = data
				}
			}
			if !fi.type0 && fi.subtype == "TrueType" && !fi.unicodeByEnc {
				flags, _ := f.Resolve(fd["Flags"]).(pdfobj.Int)
				fi.unicodeByEnc = flags&32 != 0 && flags&4 == 0 // non-symbolic
			}
		}
	}
	if fi.subtype == "Type3" {
		fi.embedded = true
	}
	return fi
}

func (c *checker) parseW(o pdfobj.Object) map[int]float64 {
	f := c.f
	a, ok := f.Resolve(o).(pdfobj.Array)
	if !ok {
		return nil
	}
	w := map[int]float64{}
	for i := 0; i < len(a); {
		first, ok := f.Resolve(a[i]).(pdfobj.Int)
		if !ok || i+1 >= len(a) {
			break
		}
		switch next := f.Resolve(a[i+1]).(type) {
		case pdfobj.Array:
			for k, x := range next {
				if v, ok := pdfobj.Number(f.Resolve(x)); ok && len(w) < 1<<17 {
					w[int(first)+k] = v
				}
			}
			i += 2
		case pdfobj.Int:
			if i+2 >= len(a) {
				return w
			}
			v, _ := pdfobj.Number(f.Resolve(a[i+2]))
			if int(next)-int(first) > 1<<16 {
				return w
			}
			for cid := int(first); cid <= int(next) && len(w) < 1<<17; cid++ {
				w[cid] = v
			}
			i += 3
		default:
			return w
		}
	}
	return w
}

// showText applies the glyph rules to the codes a text operator shows.
func (c *checker) showText(gs gstate, op pdfobj.Op, l loc) {
	fi := gs.font
	if fi == nil {
		return
	}
	mode3 := gs.mode == 3
	if !mode3 {
		fi.visible = true
	}
	if !fi.checkedAt {
		fi.checkedAt = true
		c.checkFontDict(fi)
	}
	eachShownCode(op, fi, func(code uint32, _ bool) {
		if !fi.seenCode(code, mode3) {
			c.checkGlyph(fi, code, mode3, l)
		}
	}, nil)
}

// checkGlyph applies 7.21.4.1-2, 7.21.5-1, 7.21.7-1/2 and 7.21.8-1.
func (c *checker) checkGlyph(fi *fontInfo, code uint32, mode3 bool, l loc) {
	l.obj = fi.ref
	if fi.subtype == "Type3" || c.tick() {
		return
	}
	u, has := fi.toUnicode.Lookup(code)
	derivable := has || (fi.type0 && fi.cidUCS) || (!fi.type0 && fi.unicodeByEnc)
	c.check("pdfua-7.21.7-1", derivable, l, "character code %#x of font %s has no Unicode mapping (no /ToUnicode entry)", code, fi.display())
	if has {
		bad := strings.ContainsAny(u, "\x00\uFEFF\uFFFE")
		c.check("pdfua-7.21.7-2", !bad, l, "character code %#x of font %s maps to U+0000, U+FEFF or U+FFFE", code, fi.display())
	}
	if !fi.type0 && fi.subtype == "TrueType" && fi.prog != nil {
		c.checkSimpleGlyph(fi, code, mode3, l)
		return
	}
	if fi.type0 && !fi.cidType2 {
		// A CFF CIDFont (CIDFontType0): CID 0 is .notdef whatever the
		// program holds.
		cid, known := fi.cid(code)
		if !known {
			return
		}
		c.check("pdfua-7.21.8-1", cid != 0, l, "font %s shows .notdef (CID 0) for code %#x", fi.display(), code)
		if fi.cffCIDs != nil && cid != 0 && !mode3 {
			c.check("pdfua-7.21.4.1-2", hasCID(fi.cffCIDs, cid), l, "font %s shows CID %d, which its CFF program has no glyph for", fi.display(), cid)
		}
		return
	}
	if !fi.type0 || fi.prog == nil {
		return
	}
	cid, known := fi.cid(code)
	if !known {
		return // a predefined non-Identity CMap: the CID is not known here
	}
	gid, inMap := cid, true
	if !fi.identity {
		if 2*cid+1 < len(fi.cidToGID) {
			gid = int(fi.cidToGID[2*cid])<<8 | int(fi.cidToGID[2*cid+1])
		} else {
			inMap = false
		}
	}
	// As in veraPDF, CID 0 counts as a missing glyph (it is .notdef).
	present := cid != 0 && inMap && gid < fi.prog.numGlyphs
	c.check("pdfua-7.21.8-1", present, l, "font %s shows .notdef (CID %d, glyph %d) for code %#x", fi.display(), cid, gid, code)
	if mode3 {
		return
	}
	c.check("pdfua-7.21.4.1-2", present, l, "font %s shows CID %d, whose glyph %d is not in the embedded program (%d glyphs)", fi.display(), cid, gid, fi.prog.numGlyphs)
	if !present {
		return
	}
	if fi.cidSet != nil {
		listed := cid/8 < len(fi.cidSet) && fi.cidSet[cid/8]&(0x80>>(cid%8)) != 0
		c.check("pdfua-7.21.4.2-2", listed, l, "subset font %s: CID %d is in the font program and shown, but its /CIDSet bit is not set", fi.display(), cid)
	}
	want := fi.dw
	if w, ok := fi.widths[cid]; ok {
		want = w
	}
	got := fi.prog.advance(gid)
	diff := want - got
	c.check("pdfua-7.21.5-1", diff <= 1 && diff >= -1, l, "font %s: width of CID %d is %.0f in /W but %.1f in the font program", fi.display(), cid, want, got)
}

func (fi *fontInfo) display() string {
	if fi.name != "" {
		return fi.name
	}
	return "(unnamed)"
}

// checkFontDict applies the font-level rules once per font.
func (c *checker) checkFontDict(fi *fontInfo) {
	f := c.f
	l := loc{page: fi.page, obj: fi.ref}
	if fi.type0 {
		if !strings.HasPrefix(fi.cmapName, "Identity-") {
			ok := false
			da, _ := f.Resolve(fi.dict["DescendantFonts"]).(pdfobj.Array)
			if len(da) > 0 {
				desc, _ := f.Resolve(da[0]).(pdfobj.Dict)
				csi, _ := f.Resolve(desc["CIDSystemInfo"]).(pdfobj.Dict)
				ord, _ := c.text(csi["Ordering"])
				reg, _ := c.text(csi["Registry"])
				// Predefined CMaps: Adobe registry with the ordering their name implies.
				ok = reg == "Adobe" && ord != "" && isPredefinedCMap(fi.cmapName)
				if es, isStream := f.Resolve(fi.dict["Encoding"]).(*pdfobj.Stream); isStream {
					ecsi, _ := f.Resolve(es.Dict["CIDSystemInfo"]).(pdfobj.Dict)
					eord, _ := c.text(ecsi["Ordering"])
					ereg, _ := c.text(ecsi["Registry"])
					esup, _ := f.Resolve(ecsi["Supplement"]).(pdfobj.Int)
					sup, _ := f.Resolve(csi["Supplement"]).(pdfobj.Int)
					ok = eord == ord && ereg == reg && sup <= esup
				}
			}
			c.check("pdfua-7.21.3.1-1", ok, l, "font %s: the CMap %s is not compatible with the CIDFont's CIDSystemInfo", fi.display(), fi.cmapName)
		} else {
			c.pass("pdfua-7.21.3.1-1")
		}
		c.check("pdfua-7.21.3.3-1", isPredefinedCMap(fi.cmapName) || strings.HasPrefix(fi.cmapName, "embedded:"), l,
			"font %s uses the CMap %q, which is neither predefined nor embedded", fi.display(), fi.cmapName)
		if es, ok := f.Resolve(fi.dict["Encoding"]).(*pdfobj.Stream); ok {
			c.checkEmbeddedCMap(fi, es, l)
		}
		if fi.cidSet != nil && fi.prog != nil && fi.cffCIDs == nil {
			// Every CID the CIDSet lists must have a glyph in the program.
			bad := -1
			for i, b := range fi.cidSet {
				for bit := 0; b != 0 && bit < 8 && bad < 0; bit++ {
					cid := 8*i + bit
					if cid == 0 || b&(0x80>>bit) == 0 {
						continue
					}
					gid := cid
					if !fi.identity {
						gid = 1 << 30
						if 2*cid+1 < len(fi.cidToGID) {
							gid = int(fi.cidToGID[2*cid])<<8 | int(fi.cidToGID[2*cid+1])
						}
					}
					if gid >= fi.prog.numGlyphs {
						bad = cid
					}
				}
				if bad >= 0 {
					break
				}
			}
			c.check("pdfua-7.21.4.2-2", bad < 0, l, "subset font %s: /CIDSet lists CID %d, which has no glyph in the font program", fi.display(), bad)
		}
		if fi.cidSet != nil && fi.cffCIDs != nil {
			c.checkCFFCIDSet(fi, l)
		}
		if fi.cidType2 && fi.embedded {
			da, _ := f.Resolve(fi.dict["DescendantFonts"]).(pdfobj.Array)
			desc, _ := f.Resolve(da[0]).(pdfobj.Dict)
			m := f.Resolve(desc["CIDToGIDMap"])
			_, isStream := m.(*pdfobj.Stream)
			switch {
			case m == nil:
				c.fail("pdfua-7.21.3.2-1", l, "embedded CIDFontType2 %s has no /CIDToGIDMap", fi.display())
			case !isStream && m != pdfobj.Name("Identity"):
				c.fail("pdfua-7.21.3.2-1", l, "embedded CIDFontType2 %s: /CIDToGIDMap is neither a stream nor /Identity", fi.display())
			default:
				c.pass("pdfua-7.21.3.2-1")
			}
		}
	}
	if fi.subtype == "Type1" && isSubsetName(fi.name) {
		c.checkCharSet(fi, l)
	}
	if fi.subtype == "TrueType" {
		fd, _ := f.Resolve(fi.dict["FontDescriptor"]).(pdfobj.Dict)
		flags, _ := f.Resolve(fd["Flags"]).(pdfobj.Int)
		symbolic := flags&4 != 0
		enc := f.Resolve(fi.dict["Encoding"])
		if fi.prog != nil {
			n, has30 := len(fi.prog.cmaps), fi.prog.hasCmap(3, 0)
			if symbolic {
				c.check("pdfua-7.21.6-4", n == 1 || has30, l, "symbolic TrueType font %s has %d cmap subtables and none is (3,0)", fi.display(), n)
			} else {
				ok := n > 0
				if has30 {
					ok = n > 1
				}
				c.check("pdfua-7.21.6-1", ok, l, "non-symbolic TrueType font %s has no (3,1) or (1,0) cmap subtable", fi.display())
			}
		}
		if symbolic {
			c.check("pdfua-7.21.6-3", enc == nil, l, "symbolic TrueType font %s has an /Encoding", fi.display())
		} else {
			name, _ := enc.(pdfobj.Name)
			var diffs pdfobj.Array
			if d, ok := enc.(pdfobj.Dict); ok {
				name, _ = f.Resolve(d["BaseEncoding"]).(pdfobj.Name)
				diffs, _ = f.Resolve(d["Differences"]).(pdfobj.Array)
			}
			switch {
			case name != "WinAnsiEncoding" && name != "MacRomanEncoding":
				c.fail("pdfua-7.21.6-2", l, "non-symbolic TrueType font %s has no /WinAnsiEncoding or /MacRomanEncoding encoding", fi.display())
			case diffs != nil && (fi.prog == nil || !fi.prog.hasCmap(3, 1)):
				c.fail("pdfua-7.21.6-2", l, "non-symbolic TrueType font %s has /Differences but its embedded program has no (3,1) Unicode cmap", fi.display())
			default:
				bad := ""
				for _, o := range diffs {
					if n, ok := f.Resolve(o).(pdfobj.Name); ok && !inAGL(string(n)) {
						bad = string(n)
						break
					}
				}
				c.check("pdfua-7.21.6-2", bad == "", l, "non-symbolic TrueType font %s: the /Differences glyph name %q is not in the Adobe Glyph List", fi.display(), clipStr(bad))
			}
		}
	}
}

// checkFontsUsed applies 7.21.4.1-1 to every font used for visible text.
func (c *checker) checkFontsUsed() {
	seen := map[*fontInfo]bool{}
	for _, fi := range c.fonts {
		if c.tick() {
			return
		}
		if fi == nil || seen[fi] || !fi.checkedAt {
			continue
		}
		seen[fi] = true
		if !fi.visible || fi.subtype == "Type3" {
			c.pass("pdfua-7.21.4.1-1")
			continue
		}
		c.check("pdfua-7.21.4.1-1", fi.embedded, loc{page: fi.page, obj: fi.ref}, "font %s is not embedded (or its program cannot be read)", fi.display())
	}
}

// checkEmbeddedCMap applies 7.21.3.3-2 (WMode consistency) and 7.21.3.3-3
// (UseCMap only of predefined CMaps) to an embedded CMap.
func (c *checker) checkEmbeddedCMap(fi *fontInfo, s *pdfobj.Stream, l loc) {
	f := c.f
	dictW, _ := f.Resolve(s.Dict["WMode"]).(pdfobj.Int)
	data, err := c.decode(s)
	if err != nil {
		return
	}
	streamW := pdfobj.Int(0)
	var used []string
	cp := pdfobj.NewContentParser(data)
	for i := 0; i < maxCMapEntries; i++ {
		op, err := cp.Next()
		if err != nil {
			break
		}
		switch {
		case op.Operator == "def" && len(op.Operands) == 2 && op.Operands[0] == pdfobj.Name("WMode"):
			if v, ok := op.Operands[1].(pdfobj.Int); ok {
				streamW = v
			}
		case op.Operator == "usecmap" && len(op.Operands) == 1:
			if n, ok := op.Operands[0].(pdfobj.Name); ok {
				used = append(used, string(n))
			}
		}
	}
	c.check("pdfua-7.21.3.3-2", dictW == streamW, l, "font %s: the embedded CMap's /WMode %d differs from the WMode %d in its data", fi.display(), dictW, streamW)
	if u, ok := f.Resolve(s.Dict["UseCMap"]).(pdfobj.Name); ok {
		used = append(used, string(u))
	}
	if _, ok := f.Resolve(s.Dict["UseCMap"]).(*pdfobj.Stream); ok {
		used = append(used, "(embedded stream)")
	}
	for _, u := range used {
		c.check("pdfua-7.21.3.3-3", isPredefinedCMap(u), l, "font %s: the embedded CMap uses the CMap %q, which is not predefined", fi.display(), u)
	}
}

// winAnsiHigh maps WinAnsiEncoding codes 0x80–0x9F to Unicode (0: none).
var winAnsiHigh = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

// simpleGlyph finds the glyph a simple TrueType font shows for code
// (ISO 32000-1 9.6.6.4). ok is false when the lookup path is not one the
// checker models (MacRoman or Differences encodings), so no verdict is
// given.
func (c *checker) simpleGlyph(fi *fontInfo, code uint32) (gid int, ok bool) {
	f := c.f
	fd, _ := f.Resolve(fi.dict["FontDescriptor"]).(pdfobj.Dict)
	flags, _ := f.Resolve(fd["Flags"]).(pdfobj.Int)
	if flags&4 != 0 { // symbolic
		if sub := fi.prog.cmapTable(3, 0); sub != nil {
			for _, base := range []uint32{0, 0xF000, 0xF100, 0xF200} {
				if g, ok := cmapLookup(sub, base+code); ok && g != 0 {
					return g, true
				}
			}
			return 0, true
		}
		if sub := fi.prog.cmapTable(1, 0); sub != nil {
			return cmapLookup(sub, code)
		}
		return 0, false
	}
	enc := f.Resolve(fi.dict["Encoding"])
	if d, ok := enc.(pdfobj.Dict); ok {
		if diffs, ok := f.Resolve(d["Differences"]).(pdfobj.Array); ok && len(diffs) > 0 {
			return 0, false
		}
		enc = f.Resolve(d["BaseEncoding"])
	}
	if enc != pdfobj.Name("WinAnsiEncoding") {
		return 0, false
	}
	var r rune
	switch {
	case code >= 0x20 && code < 0x7F, code >= 0xA0 && code <= 0xFF:
		r = rune(code)
	case code >= 0x80 && code < 0xA0:
		r = winAnsiHigh[code-0x80]
	}
	if r == 0 {
		return 0, false
	}
	sub := fi.prog.cmapTable(3, 1)
	if sub == nil {
		return 0, false
	}
	return cmapLookup(sub, uint32(r))
}

// checkSimpleGlyph applies 7.21.8-1 and 7.21.5-1 to a simple TrueType font.
func (c *checker) checkSimpleGlyph(fi *fontInfo, code uint32, mode3 bool, l loc) {
	gid, ok := c.simpleGlyph(fi, code)
	if !ok {
		return
	}
	c.check("pdfua-7.21.8-1", gid != 0 && gid < fi.prog.numGlyphs, l, "font %s shows .notdef for code %#x", fi.display(), code)
	if mode3 || gid == 0 || gid >= fi.prog.numGlyphs {
		return
	}
	f := c.f
	first := intOf(f.Resolve(fi.dict["FirstChar"]))
	widths, _ := f.Resolve(fi.dict["Widths"]).(pdfobj.Array)
	var want float64
	if i := int(code) - first; i >= 0 && i < len(widths) {
		want, _ = pdfobj.Number(f.Resolve(widths[i]))
	} else {
		fd, _ := f.Resolve(fi.dict["FontDescriptor"]).(pdfobj.Dict)
		want, _ = pdfobj.Number(f.Resolve(fd["MissingWidth"]))
	}
	got := fi.prog.advance(gid)
	diff := want - got
	c.check("pdfua-7.21.5-1", diff <= 1 && diff >= -1, l, "font %s: width of code %#x is %.0f in /Widths but %.1f in the font program", fi.display(), code, want, got)
}

func intOf(o pdfobj.Object) int {
	if v, ok := o.(pdfobj.Int); ok && v > -(1<<30) && v < 1<<30 {
		return int(v)
	}
	return 0
}

// cid maps a character code to a CID: the identity for Identity-H/V, the
// cidchar/cidrange mappings of an embedded CMap; unknown otherwise.
func (fi *fontInfo) cid(code uint32) (int, bool) {
	switch {
	case fi.cmapName == "Identity-H" || fi.cmapName == "Identity-V":
		return int(code), true
	case fi.cidMap != nil:
		return fi.cidMap.lookup(code)
	}
	return 0, false
}

// maxCMapEntries bounds the operators read from an embedded CMap or font
// program and the entries kept, so that hostile data cannot take much time
// or memory.
const maxCMapEntries = 1 << 18

// maxCID is the largest CID (ISO 32000-1 Annex C); mappings to CIDs
// outside 0..maxCID are skipped.
const maxCID = 65535

// cidCMap is the code-to-CID part of an embedded CMap.
type cidCMap struct {
	oneByte bool
	single  map[uint32]int
	ranges  [][3]uint32       // lo, hi, first CID
	index   pdfobj.RangeIndex // over ranges; the first-defined range wins
}

func parseCIDCMap(data []byte) *cidCMap {
	m := &cidCMap{single: map[uint32]int{}}
	cp := pdfobj.NewContentParser(data)
	for n := 0; n < maxCMapEntries; n++ {
		op, err := cp.Next()
		if err != nil {
			break
		}
		switch op.Operator {
		case "endcodespacerange":
			if len(op.Operands) >= 2 {
				if b, ok := pdfobj.StringBytes(op.Operands[0]); ok && len(b) == 1 {
					m.oneByte = true
				}
			}
		case "endcidchar":
			for i := 0; i+1 < len(op.Operands); i += 2 {
				code, ok := pdfobj.CMapCode(op.Operands[i])
				v, ok2 := op.Operands[i+1].(pdfobj.Int)
				if ok && ok2 && v >= 0 && v <= maxCID && len(m.single) < maxCMapEntries {
					m.single[code] = int(v)
				}
			}
		case "endcidrange":
			for i := 0; i+2 < len(op.Operands); i += 3 {
				lo, ok1 := pdfobj.CMapCode(op.Operands[i])
				hi, ok2 := pdfobj.CMapCode(op.Operands[i+1])
				v, ok3 := op.Operands[i+2].(pdfobj.Int)
				if ok1 && ok2 && ok3 && lo <= hi && v >= 0 && v <= maxCID && len(m.ranges) < maxCMapEntries {
					m.ranges = append(m.ranges, [3]uint32{lo, hi, uint32(v)})
				}
			}
		}
	}
	m.index = pdfobj.NewRangeIndex(len(m.ranges), func(i int) (uint32, uint32) { return m.ranges[i][0], m.ranges[i][1] })
	return m
}

// lookup returns the CID of code. A range that runs past maxCID maps its
// excess codes to CID 0, like unmapped codes.
func (m *cidCMap) lookup(code uint32) (int, bool) {
	if v, ok := m.single[code]; ok {
		return v, true
	}
	if i, ok := m.index.Find(code); ok {
		r := m.ranges[i]
		if cid := uint64(r[2]) + uint64(code-r[0]); cid <= maxCID {
			return int(cid), true
		}
	}
	return 0, true // unmapped codes select CID 0
}

// isSubsetName reports a subset font name: six uppercase letters and '+'.
func isSubsetName(name string) bool {
	if len(name) < 7 || name[6] != '+' {
		return false
	}
	for i := 0; i < 6; i++ {
		if name[i] < 'A' || name[i] > 'Z' {
			return false
		}
	}
	return true
}

// checkCharSet applies 7.21.4.2-1: the /CharSet of an embedded subset
// Type 1 font lists exactly the glyphs of its program (.notdef aside),
// a Type 1 program (FontFile) or a bare CFF one (FontFile3 /Type1C).
func (c *checker) checkCharSet(fi *fontInfo, l loc) {
	f := c.f
	fd, _ := f.Resolve(fi.dict["FontDescriptor"]).(pdfobj.Dict)
	cs, ok := c.text(fd["CharSet"])
	if !ok {
		return
	}
	var inProg map[string]bool
	if ff, isStream := f.Resolve(fd["FontFile"]).(*pdfobj.Stream); isStream {
		prog, err := c.decode(ff)
		if err != nil {
			return
		}
		inProg, ok = type1GlyphNames(prog, intOf(f.Resolve(ff.Dict["Length1"])))
	} else if ff, isStream := f.Resolve(fd["FontFile3"]).(*pdfobj.Stream); isStream && ff.Dict["Subtype"] == pdfobj.Name("Type1C") {
		prog, err := c.decode(ff)
		if err != nil {
			return
		}
		inProg, ok = cffGlyphNames(prog)
	} else {
		return
	}
	if !ok {
		return
	}
	listed := charSetNames(cs)
	delete(inProg, ".notdef")
	delete(listed, ".notdef")
	missing, extra := "", ""
	for n := range inProg {
		if !listed[n] && (missing == "" || n < missing) {
			missing = n
		}
	}
	for n := range listed {
		if !inProg[n] && (extra == "" || n < extra) {
			extra = n
		}
	}
	msg := "font %s: /CharSet does not list the glyph %q of the font program"
	name := missing
	if missing == "" {
		msg, name = "font %s: /CharSet lists %q, which the font program does not have", extra
	}
	c.check("pdfua-7.21.4.2-1", missing == "" && extra == "", l, msg, fi.display(), name)
}
