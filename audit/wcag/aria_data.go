package wcag

import "strings"

// roleData is what the audit needs to know of one WAI-ARIA 1.2 role
// (written from the role definitions of the specification): the states
// and properties it requires and supports beyond the global ones, the
// roles it must own and the roles it must be owned by, and its naming
// rules. Lists are white-space separated, attribute names without their
// "aria-" prefix; an owned entry "group>option" means an option inside a
// group.
type roleData struct {
	required   string
	supported  string
	owned      string
	context    string
	nameBanned bool // naming prohibited (aria-label, aria-labelledby)
	deprecated bool
}

// globalAttrs are the states and properties every role supports. The four
// that WAI-ARIA 1.2 deprecated as global (disabled, errormessage,
// haspopup, invalid) are kept global, as browsers and axe-core treat them.
const globalAttrs = `atomic braillelabel brailleroledescription busy controls current describedby description
details disabled dropeffect errormessage flowto grabbed haspopup hidden invalid keyshortcuts label labelledby live
owns relevant roledescription`

// Shared lists of supported attributes.
const (
	cellAttrs   = "colindex colspan rowindex rowspan"
	headerAttrs = cellAttrs + " sort expanded readonly required selected"
	rangeAttrs  = "valuemax valuemin valuenow valuetext"
	textAttrs   = "activedescendant autocomplete multiline placeholder readonly required"
	menuOwned   = "menuitem menuitemcheckbox menuitemradio separator group>menuitem group>menuitemradio group>menuitemcheckbox"
	menuContext = "menu menubar group"
)

// ariaRoleTable maps each non-abstract role to its data. Roles without
// special needs have a zero entry, so that membership means "a role".
var ariaRoleTable = map[string]roleData{
	"alert":            {},
	"alertdialog":      {supported: "modal"},
	"application":      {supported: "activedescendant expanded"},
	"article":          {supported: "posinset setsize"},
	"banner":           {},
	"blockquote":       {},
	"button":           {supported: "expanded pressed"},
	"caption":          {nameBanned: true},
	"cell":             {supported: cellAttrs, context: "row"},
	"checkbox":         {required: "checked", supported: "expanded readonly required"},
	"code":             {nameBanned: true},
	"columnheader":     {supported: headerAttrs, context: "row"},
	"combobox":         {required: "expanded", supported: "activedescendant autocomplete readonly required"},
	"complementary":    {},
	"contentinfo":      {},
	"definition":       {},
	"deletion":         {nameBanned: true},
	"dialog":           {supported: "modal"},
	"directory":        {deprecated: true},
	"document":         {},
	"emphasis":         {nameBanned: true},
	"feed":             {owned: "article"},
	"figure":           {},
	"form":             {},
	"generic":          {nameBanned: true},
	"grid":             {supported: "activedescendant colcount multiselectable readonly rowcount", owned: "row rowgroup>row"},
	"gridcell":         {supported: headerAttrs, context: "row"},
	"group":            {supported: "activedescendant"},
	"heading":          {required: "level"},
	"img":              {},
	"insertion":        {nameBanned: true},
	"link":             {supported: "expanded"},
	"list":             {owned: "listitem"},
	"listbox":          {supported: "activedescendant expanded multiselectable orientation readonly required", owned: "option group>option"},
	"listitem":         {supported: "level posinset setsize", context: "list directory"},
	"log":              {},
	"main":             {},
	"marquee":          {},
	"math":             {},
	"menu":             {supported: "activedescendant orientation", owned: menuOwned},
	"menubar":          {supported: "activedescendant orientation", owned: menuOwned},
	"menuitem":         {supported: "expanded posinset setsize", context: menuContext},
	"menuitemcheckbox": {required: "checked", supported: "expanded posinset setsize", context: menuContext},
	"menuitemradio":    {required: "checked", supported: "expanded posinset setsize", context: menuContext},
	"meter":            {required: "valuenow", supported: rangeAttrs},
	"navigation":       {},
	"none":             {nameBanned: true},
	"note":             {},
	"option":           {supported: "checked posinset selected setsize", context: "listbox group"},
	"paragraph":        {nameBanned: true},
	"presentation":     {nameBanned: true},
	"progressbar":      {supported: rangeAttrs},
	"radio":            {required: "checked", supported: "posinset setsize"},
	"radiogroup":       {supported: "activedescendant expanded orientation readonly required"},
	"region":           {},
	"row":              {supported: "activedescendant colindex expanded level posinset rowindex selected setsize", owned: "cell columnheader gridcell rowheader", context: "grid rowgroup table treegrid"},
	"rowgroup":         {owned: "row", context: "grid table treegrid"},
	"rowheader":        {supported: headerAttrs, context: "row"},
	"scrollbar":        {required: "valuenow", supported: rangeAttrs + " orientation"},
	"search":           {},
	"searchbox":        {supported: textAttrs},
	"separator":        {supported: rangeAttrs + " orientation"},
	"slider":           {required: "valuenow", supported: rangeAttrs + " orientation readonly required"},
	"spinbutton":       {supported: rangeAttrs + " activedescendant readonly required"},
	"status":           {},
	"strong":           {nameBanned: true},
	"subscript":        {nameBanned: true},
	"superscript":      {nameBanned: true},
	"switch":           {required: "checked", supported: "expanded readonly required"},
	"tab":              {supported: "expanded posinset selected setsize", context: "tablist"},
	"table":            {supported: "colcount rowcount", owned: "row rowgroup>row"},
	"tablist":          {supported: "activedescendant multiselectable orientation", owned: "tab"},
	"tabpanel":         {},
	"term":             {},
	"textbox":          {supported: textAttrs},
	"time":             {},
	"timer":            {},
	"toolbar":          {supported: "activedescendant orientation"},
	"tooltip":          {},
	"tree":             {supported: "activedescendant multiselectable orientation required", owned: "treeitem group>treeitem"},
	"treegrid":         {supported: "activedescendant colcount multiselectable orientation readonly required rowcount", owned: "row rowgroup>row"},
	"treeitem":         {supported: "checked expanded level posinset selected setsize", context: "tree group"},

	"doc-biblioentry": {supported: "posinset setsize", context: "list", deprecated: true},
	"doc-endnote":     {supported: "level posinset setsize", context: "list", deprecated: true},
}

// lookupRole returns the data of role name, and whether it is a role of
// the table (the ARIA, DPUB and Graphics roles of ariaRoles are all
// roles; those not in the table have no special needs).
func lookupRole(name string) (roleData, bool) {
	if d, ok := ariaRoleTable[name]; ok {
		return d, true
	}
	return roleData{}, inList(ariaRoles, name)
}

// isGlobalAttr reports whether aria attribute key (with its prefix) is
// global.
func isGlobalAttr(key string) bool {
	return inList(globalAttrs, strings.TrimPrefix(key, "aria-"))
}

// roleSupports reports whether role d allows aria attribute key.
func roleSupports(d roleData, key string) bool {
	k := strings.TrimPrefix(key, "aria-")
	return isGlobalAttr(key) || inList(d.required, k) || inList(d.supported, k)
}
