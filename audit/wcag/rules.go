package wcag

import (
	"slices"

	"github.com/seed28491532/folio/audit"
)

// rule is one check: a stable id (axe-core's where axe has the rule), its
// severity, the requirements it tests, the default repair hint and the
// check itself.
type rule struct {
	id        string
	severity  audit.Severity
	standards []string
	hint      string
	check     func(c *checker, r *ruleRun)
}

// Requirement references.
func wcag21(sc ...string) []string {
	out := make([]string, len(sc))
	for i, s := range sc {
		out[i] = "WCAG 2.1 " + s
	}
	return out
}

// conformance adds the service's conformance rule number to refs.
func conformance(n string, refs []string) []string {
	return slices.Clip(append(refs, "folio conformance rule "+n))
}

// allRules returns the rules in the order they run; findings are sorted
// into document order afterwards.
func allRules() []rule {
	return []rule{
		// Document language and title.
		{"html-has-lang", audit.Error, conformance("1", wcag21("3.1.1")),
			`add lang="…" to the html element with the document's language, e.g. lang="en-US"`, checkHTMLHasLang},
		{"html-lang-valid", audit.Error, conformance("1", wcag21("3.1.1")),
			`use a BCP 47 language tag such as "en", "en-US" or "de-CH" (hyphens, not underscores)`, checkHTMLLangValid},
		{"valid-lang", audit.Error, wcag21("3.1.2"),
			`use a BCP 47 language tag such as "fr" or "pt-BR" in the lang attribute`, checkValidLang},
		{"document-title", audit.Error, conformance("2", wcag21("2.4.2")),
			`add a non-empty <title> in <head> that names the document`, checkDocumentTitle},

		// Headings.
		{"page-has-heading-one", audit.Error, conformance("3", wcag21("1.3.1", "2.4.6")),
			`add one <h1> with the document's main title`, checkPageHasHeadingOne},
		{"heading-one-unique", audit.Error, conformance("3", wcag21("1.3.1")),
			`keep one <h1> for the document title and turn the others into <h2> (and shift their subheadings)`, checkHeadingOneUnique},
		{"heading-order", audit.Error, conformance("3", wcag21("1.3.1")),
			`start with <h1> and go down one level at a time (h1 → h2 → h3); change the heading's level, not only its look`, checkHeadingOrder},
		{"empty-heading", audit.Error, wcag21("1.3.1", "2.4.6"),
			`give the heading visible text, or remove the empty heading element`, checkEmptyHeading},

		// Images and text alternatives.
		{"image-alt", audit.Error, conformance("4", wcag21("1.1.1")),
			`add alt="…" describing what the image shows, or alt="" if it is decorative`, checkImageAlt},
		{"image-alt-meaningful", audit.Error, wcag21("1.1.1"),
			`replace the alt text with a description of what the image shows (not its file name or the word "image")`, checkImageAltMeaningful},
		{"image-redundant-alt", audit.Warning, wcag21("1.1.1"),
			`use alt="" when the text next to the image already says the same, or describe what the image adds`, checkImageRedundantAlt},
		{"input-image-alt", audit.Error, wcag21("1.1.1", "4.1.2"),
			`add alt="…" naming the button's action, e.g. alt="Search"`, checkInputImageAlt},
		{"svg-img-alt", audit.Error, wcag21("1.1.1"),
			`add a <title> child or aria-label="…" to the svg with role="img"`, checkSVGImgAlt},
		{"role-img-alt", audit.Error, wcag21("1.1.1"),
			`add aria-label="…" or aria-labelledby to the element with role="img"`, checkRoleImgAlt},
		{"object-alt", audit.Error, wcag21("1.1.1"),
			`add aria-label="…" or title="…" to the <object>, or text inside it describing the content`, checkObjectAlt},
		{"area-alt", audit.Error, wcag21("1.1.1", "2.4.4"),
			`add alt="…" naming the link target of the image-map area`, checkAreaAlt},

		// Links, buttons, frames and forms.
		{"link-name", audit.Error, wcag21("2.4.4", "4.1.2"),
			`give the link text, or if it only holds an image give the image alt="…" naming the link target`, checkLinkName},
		{"link-text-vague", audit.Warning, wcag21("2.4.4"),
			`make the link text say where it goes, e.g. "Read the 2026 survey results" instead of "read more"`, checkLinkTextVague},
		{"button-name", audit.Error, wcag21("4.1.2"),
			`give the button text, or aria-label="…" when it only holds an icon`, checkButtonName},
		{"frame-title", audit.Error, wcag21("4.1.2"),
			`add title="…" to the frame describing its content`, checkFrameTitle},
		{"label", audit.Error, wcag21("1.3.1", "4.1.2"),
			`associate a <label for="id"> with the control, wrap it in <label>, or add aria-label="…"`, checkLabel},

		// Tables.
		{"table-caption", audit.Error, conformance("5", wcag21("1.3.1")),
			`add a <caption> as the table's first child naming what the table shows`, checkTableCaption},
		{"table-has-header", audit.Error, conformance("5", wcag21("1.3.1")),
			`mark the header cells as <th scope="col"> (column headers) or <th scope="row"> (row headers), or role="presentation" on a layout table`, checkTableHasHeader},
		{"th-has-scope", audit.Error, conformance("5", wcag21("1.3.1")),
			`add scope="col" to column headers and scope="row" to row headers`, checkTHHasScope},
		{"scope-attr-valid", audit.Error, wcag21("1.3.1"),
			`use scope="col", "row", "colgroup" or "rowgroup", and only on <th>`, checkScopeAttrValid},
		{"th-has-data-cells", audit.Error, wcag21("1.3.1"),
			`remove the header cell that has no data cells, or make it a <td>`, checkTHHasDataCells},
		{"td-headers-attr", audit.Error, wcag21("1.3.1"),
			`make every id in headers="…" refer to a header cell of the same table`, checkTDHeadersAttr},

		// Lists.
		{"list", audit.Error, wcag21("1.3.1"),
			`put only <li> elements (and script/template) directly inside <ul> and <ol>`, checkList},
		{"listitem", audit.Error, wcag21("1.3.1"),
			`put <li> elements inside a <ul>, <ol> or <menu>`, checkListItem},
		{"definition-list", audit.Error, wcag21("1.3.1"),
			`put only <dt>, <dd> and <div> groups directly inside <dl>`, checkDefinitionList},
		{"dlitem", audit.Error, wcag21("1.3.1"),
			`put <dt> and <dd> elements inside a <dl>`, checkDLItem},

		// Identity and ARIA.
		{"duplicate-id", audit.Error, wcag21("4.1.1"),
			`give every element a unique id (links, labels and table headers refer to ids)`, checkDuplicateID},
		{"aria-roles", audit.Error, wcag21("4.1.2"),
			`use a WAI-ARIA 1.2 role name (e.g. role="navigation"), or remove the role`, checkARIARoles},
		{"aria-valid-attr", audit.Error, wcag21("4.1.2"),
			`fix the spelling of the aria-* attribute or remove it (e.g. aria-labelledby, not aria-labeledby)`, checkARIAValidAttr},
		{"aria-valid-attr-value", audit.Error, wcag21("4.1.2"),
			`give the aria-* attribute a value of its type (true/false, a number, an allowed token, or the id of an existing element)`, checkARIAValidAttrValue},
		{"aria-hidden-body", audit.Error, wcag21("4.1.2"),
			`remove aria-hidden="true" from <body>`, checkARIAHiddenBody},
		{"aria-hidden-focus", audit.Error, wcag21("4.1.2"),
			`remove aria-hidden="true", or make the focusable content inside it unfocusable (tabindex="-1", disabled)`, checkARIAHiddenFocus},

		{"aria-required-attr", audit.Error, wcag21("4.1.2"),
			`add the states the role requires (e.g. aria-checked on role="checkbox", aria-valuenow on role="slider")`, checkARIARequiredAttr},
		{"aria-allowed-attr", audit.Error, wcag21("4.1.2"),
			`remove the aria-* attribute the element's role does not support, or use a role that supports it`, checkARIAAllowedAttr},
		{"aria-prohibited-attr", audit.Error, wcag21("4.1.2"),
			`remove aria-label/aria-labelledby from the element, or give it a role that can be named (or put the text in the content)`, checkARIAProhibitedAttr},
		{"aria-deprecated-role", audit.Error, wcag21("4.1.2"),
			`replace the deprecated role (directory → list, doc-biblioentry and doc-endnote → listitem)`, checkARIADeprecatedRole},
		{"aria-required-children", audit.Error, wcag21("1.3.1"),
			`give the element the owned elements its role needs (e.g. role="listitem" in a list, role="tab" in a tablist), and no others`, checkARIARequiredChildren},
		{"aria-required-parent", audit.Error, wcag21("1.3.1"),
			`put the element inside an element with the role it needs (e.g. role="tab" inside role="tablist"), or use aria-owns`, checkARIARequiredParent},
		{"aria-conditional-attr", audit.Error, wcag21("4.1.2"),
			`use aria-posinset, aria-setsize, aria-level and aria-expanded on rows only in a treegrid, and no aria-checked on native checkboxes`, checkARIAConditionalAttr},
		{"aria-braille-equivalent", audit.Error, wcag21("4.1.2"),
			`give the element an accessible name and aria-roledescription before adding their braille equivalents`, checkARIABrailleEquivalent},
		{"aria-command-name", audit.Error, wcag21("4.1.2"),
			`give the element with role="button", "link" or "menuitem" text, aria-label or aria-labelledby`, checkRoleName(true, "button link menuitem")},
		{"aria-input-field-name", audit.Error, wcag21("4.1.2"),
			`name the input field with aria-label or aria-labelledby`, checkRoleName(false, "combobox listbox searchbox slider spinbutton textbox")},
		{"aria-toggle-field-name", audit.Error, wcag21("4.1.2"),
			`give the toggle text, aria-label or aria-labelledby`, checkRoleName(true, "checkbox menuitemcheckbox menuitemradio radio switch option")},
		{"aria-meter-name", audit.Error, wcag21("1.1.1"),
			`name the meter with aria-label or aria-labelledby`, checkRoleName(false, "meter")},
		{"aria-progressbar-name", audit.Error, wcag21("1.1.1"),
			`name the progress bar with aria-label or aria-labelledby`, checkRoleName(false, "progressbar")},
		{"aria-tooltip-name", audit.Error, wcag21("4.1.2"),
			`give the tooltip text, aria-label or aria-labelledby`, checkRoleName(true, "tooltip")},
		{"aria-tab-name", audit.Error, wcag21("4.1.2"),
			`give the tab text, aria-label or aria-labelledby`, checkRoleName(true, "tab")},

		{"nested-interactive", audit.Error, wcag21("4.1.2"),
			`move the link or control out of the button (or tab, checkbox …): the content of such roles is not exposed`, checkNestedInteractive},
		{"summary-name", audit.Error, wcag21("4.1.2"),
			`give the <summary> text saying what the disclosure opens`, checkSummaryName},
		{"form-field-multiple-labels", audit.Warning, wcag21("3.3.2"),
			`keep one <label> per form field; put further help in text referenced by aria-describedby`, checkFormFieldMultipleLabels},
		{"autocomplete-valid", audit.Error, wcag21("1.3.5"),
			`use an autocomplete value of the HTML standard, e.g. autocomplete="email", "given-name", "shipping postal-code" or "off"`, checkAutocompleteValid},
		{"frame-title-unique", audit.Error, wcag21("4.1.2"),
			`give every frame a title of its own that says what it holds`, checkFrameTitleUnique},
		{"frame-focusable-content", audit.Error, wcag21("2.1.1"),
			`remove tabindex="-1" from the frame, or make its content unfocusable`, checkFrameFocusableContent},
		{"server-side-image-map", audit.Error, wcag21("2.1.1"),
			`replace ismap with a client-side image map (<map> with <area href alt>) or plain links`, checkServerSideImageMap},
		{"html-xml-lang-mismatch", audit.Error, wcag21("3.1.1"),
			`make lang and xml:lang on <html> name the same language (or drop xml:lang)`, checkHTMLXMLLangMismatch},

		// Time-based media and motion.
		{"meta-refresh", audit.Error, wcag21("2.2.1"),
			`remove the timed refresh, or redirect on the server (or with a delay of 0)`, checkMetaRefresh},
		{"blink", audit.Error, wcag21("2.2.2"),
			`remove the <blink> element; emphasise with <strong> or styling that does not flash`, checkObsoleteMotion("blink")},
		{"marquee", audit.Error, wcag21("2.2.2"),
			`replace the <marquee> with static text`, checkObsoleteMotion("marquee")},
		{"no-autoplay-audio", audit.Error, wcag21("1.4.2"),
			`remove autoplay, add muted, or add controls so readers can stop the sound`, checkNoAutoplayAudio},
		{"video-caption", audit.Error, wcag21("1.2.2"),
			`add <track kind="captions" src="….vtt" srclang="…"> to the video`, checkVideoCaption},

		// Text spacing and colour.
		{"avoid-inline-spacing", audit.Error, wcag21("1.4.12"),
			`drop !important from inline line-height, letter-spacing and word-spacing (or use at least 1.5, 0.12em and 0.16em)`, checkAvoidInlineSpacing},
		{"link-in-text-block", audit.Error, wcag21("1.4.1"),
			`underline links inside text (or give them another non-colour cue such as a border or bold)`, checkLinkInTextBlock},

		// Colour.
		{"color-contrast", audit.Error, wcag21("1.4.3"),
			`darken the text or lighten the background to reach 4.5:1 (3:1 for text of 18pt, or 14pt bold, and larger)`, checkColorContrast},
	}
}
