package pdfa

// rule is a checked clause of ISO 19005-2/-3 (numbered alike in both
// parts for the rules here) and how to repair a failure.
type rule struct {
	clause, hint string
}

// rules are the checks by id; every id the checker reports is here
// (TestRulesTable).
var rules = map[string]rule{
	"pdfa-6.1-1":      {"6.1", "write a file a PDF reader can parse"},
	"pdfa-6.1.2-1":    {"6.1.2", "start the file with %PDF-1.n (n ≤ 7) and a second line comment of at least four bytes above 127"},
	"pdfa-6.1.3-1":    {"6.1.3", "write /ID [<…> <…>] in the trailer"},
	"pdfa-6.1.3-2":    {"6.1.3", "do not encrypt the file (no /Encrypt in the trailer)"},
	"pdfa-6.1.3-3":    {"6.1.3", "write nothing after the last %%EOF but an end-of-line"},
	"pdfa-6.1.7-1":    {"6.1.7.1", "embed stream data in the file: no /F, /FFilter or /FDecodeParms in a stream dictionary"},
	"pdfa-6.1.7-2":    {"6.1.7.2", "use no LZWDecode or Crypt filters"},
	"pdfa-6.1.13-1":   {"6.1.13", "keep strings within 32,767 bytes, names within 127 bytes and integers within ±2,147,483,647"},
	"pdfa-6.2.2-1":    {"6.2.2", "add an /OutputIntents entry with /S /GTS_PDFA1 and an ICC /DestOutputProfile (e.g. sRGB)"},
	"pdfa-6.2.2-2":    {"6.2.2", "give the output intent a valid ICC profile (version 2 to 4, class mntr, prtr, scnr or spac, /N matching its colour space)"},
	"pdfa-6.2.2-3":    {"6.2.2", "give all PDF/A output intents the same DestOutputProfile"},
	"pdfa-6.2.4.3-1":  {"6.2.4.3", "use device colour only of the output intent's kind (DeviceRGB with an RGB intent, DeviceCMYK with a CMYK one), or ICC-based colour"},
	"pdfa-6.2.5-1":    {"6.2.5", "write no /TR, no /TR2 other than /Default and no /HTP in graphics states"},
	"pdfa-6.2.5-2":    {"6.2.5", "use only the standard blend modes of ISO 32000-1 11.3.5"},
	"pdfa-6.2.8-1":    {"6.2.8", "do not set /Interpolate true, /Alternates or /OPI on images"},
	"pdfa-6.2.9-1":    {"6.2.9", "use no PostScript or reference XObjects and no /OPI on form XObjects"},
	"pdfa-6.2.11.4-1": {"6.2.11.4", "embed every font program (FontFile, FontFile2 or FontFile3 in its descriptor)"},
	"pdfa-6.2.11.8-1": {"6.2.11.8", "show no .notdef glyph (code 0 of an Identity-H font): draw a fallback glyph or nothing"},
	"pdfa-6.2.11.7-1": {"6.2.11.7", "give every font a /ToUnicode CMap (levels A and U)"},
	"pdfa-6.3.1-1":    {"6.3.1", "use no 3D, Sound, Screen or Movie annotations, nor types ISO 32000-1 does not define"},
	"pdfa-6.3.2-1":    {"6.3.2", "set the Print flag (/F 4) of annotations and clear Hidden, Invisible, NoView and ToggleNoView"},
	"pdfa-6.3.3-1":    {"6.3.3", "give annotations other than Link and Popup a normal appearance stream (/AP <</N …>>) only"},
	"pdfa-6.5.1-1":    {"6.5.1", "use no Launch, Sound, Movie, ResetForm, ImportData, JavaScript, Hide, SetOCGState, Rendition, Trans or GoTo3DView actions"},
	"pdfa-6.5.2-1":    {"6.5.2", "write no additional actions (/AA) in the catalog, pages or annotations"},
	"pdfa-6.6.1-1":    {"6.6.1", "write no JavaScript (no /JavaScript name tree, no /JS)"},
	"pdfa-6.6.2.1-1":  {"6.6.2.1", "add an unfiltered XMP /Metadata stream to the catalog"},
	"pdfa-6.6.2.1-2":  {"6.6.2.1", "write the XMP packet header without the deprecated bytes and encoding attributes"},
	"pdfa-6.6.2.3-1":  {"6.6.2.3.1", "declare every XMP schema PDF/A does not predefine (e.g. pdfuaid) in a pdfaExtension:schemas entry"},
	"pdfa-6.6.2.3-2":  {"6.6.2.3.1", "write XMP that parses as XML"},
	"pdfa-6.6.3-1":    {"6.6.3", "write the same values to the Info dictionary and the XMP packet (Title–dc:title, Author–dc:creator, Subject–dc:description, Keywords–pdf:Keywords, Creator–xmp:CreatorTool, Producer–pdf:Producer, CreationDate–xmp:CreateDate, ModDate–xmp:ModifyDate)"},
	"pdfa-6.6.4-1":    {"6.6.4", "identify the file in XMP: pdfaid:part (2 or 3) and pdfaid:conformance (A, B or U)"},
	"pdfa-6.6.4-2":    {"6.6.4", "claim the part being checked: pdfaid:part must be the profile's part"},
	"pdfa-6.7-1":      {"6.7.2", "level A: mark the document (/MarkInfo <</Marked true>>), add a structure tree and a /Lang"},
	"pdfa-6.8-1":      {"6.8", "PDF/A-2 embeds only PDF/A files; use PDF/A-3 for other attachments"},
	"pdfa-6.8-2":      {"6.8", "give each embedded file its MIME type (/Subtype) and /Params <</ModDate …>>"},
	"pdfa-6.8-3":      {"6.8", "give each file specification /F, /UF and a valid /AFRelationship (Source, Data, Alternative, Supplement, Unspecified), and list it in the catalog's /AF"},
	"pdfa-6.11-1":     {"6.11", "write no /Requirements or /NeedsRendering in the catalog, no XFA and no NeedAppearances true"},
	"pdfa-limit":      {"-", "the audit stopped at its object limit (Options.MaxObjects); the rest of the file was not examined"},
}

// ruleFor returns the rule with id (clause "-" when unknown).
func ruleFor(id string) rule {
	if r, ok := rules[id]; ok {
		return r
	}
	return rule{clause: "-"}
}
