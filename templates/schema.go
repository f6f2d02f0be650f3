package templates

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// schema is a compiled JSON Schema (draft 2020-12) restricted to the
// keywords the built-in templates use: type, properties, required,
// additionalProperties (false or a schema), items, enum, const, minimum,
// maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength,
// minItems, maxItems, pattern, format (date, email, uri), oneOf, $ref to
// "#/$defs/…" and $defs. Annotations (title, description, examples, default,
// $comment, $schema, $id) are accepted and ignored. Any other keyword is a
// compile error, so a schema never silently promises more than is checked.
type schema struct {
	types            []string
	properties       map[string]*schema
	required         []string
	additional       *schema // nil: anything allowed
	noAdditional     bool    // additionalProperties: false
	items            *schema
	enum             []any
	constVal         any
	hasConst         bool
	minimum, maximum *big.Rat
	exclMin, exclMax *big.Rat
	minLength        int
	maxLength        int // -1: none
	minItems         int
	maxItems         int // -1: none
	pattern          *regexp.Regexp
	format           string
	oneOf            []*schema
	ref              string
	defs             map[string]*schema
}

var annotationKeywords = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "title": true,
	"description": true, "examples": true, "default": true,
}

// compileSchema parses a schema document and resolves its $refs.
func compileSchema(doc []byte) (*schema, error) {
	root, err := compileNode(doc, "#")
	if err != nil {
		return nil, err
	}
	if err := root.resolve(root, map[*schema]bool{}); err != nil {
		return nil, err
	}
	return root, nil
}

func compileNode(doc []byte, where string) (*schema, error) {
	var kw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&kw); err != nil {
		return nil, fmt.Errorf("schema %s: %w", where, err)
	}
	s := &schema{maxLength: -1, maxItems: -1}
	keys := make([]string, 0, len(kw))
	for k := range kw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		raw := kw[k]
		at := where + "/" + k
		var err error
		switch k {
		case "type":
			var one string
			if json.Unmarshal(raw, &one) == nil {
				s.types = []string{one}
			} else {
				err = json.Unmarshal(raw, &s.types)
			}
		case "properties":
			var props map[string]json.RawMessage
			if err = json.Unmarshal(raw, &props); err == nil {
				s.properties = make(map[string]*schema, len(props))
				for name, p := range props {
					if s.properties[name], err = compileNode(p, at+"/"+name); err != nil {
						return nil, err
					}
				}
			}
		case "$defs":
			var defs map[string]json.RawMessage
			if err = json.Unmarshal(raw, &defs); err == nil {
				s.defs = make(map[string]*schema, len(defs))
				for name, d := range defs {
					if s.defs[name], err = compileNode(d, at+"/"+name); err != nil {
						return nil, err
					}
				}
			}
		case "required":
			err = json.Unmarshal(raw, &s.required)
		case "additionalProperties":
			var b bool
			if json.Unmarshal(raw, &b) == nil {
				s.noAdditional = !b
			} else {
				s.additional, err = compileNode(raw, at)
			}
		case "items":
			s.items, err = compileNode(raw, at)
		case "oneOf":
			var alts []json.RawMessage
			if err = json.Unmarshal(raw, &alts); err == nil {
				for i, a := range alts {
					sub, err := compileNode(a, at+"/"+strconv.Itoa(i))
					if err != nil {
						return nil, err
					}
					s.oneOf = append(s.oneOf, sub)
				}
			}
		case "enum":
			err = unmarshalNumbers(raw, &s.enum)
		case "const":
			s.hasConst = true
			err = unmarshalNumbers(raw, &s.constVal)
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			r, ok := new(big.Rat).SetString(strings.TrimSpace(string(raw)))
			if !ok {
				err = fmt.Errorf("not a number: %s", raw)
			}
			switch k {
			case "minimum":
				s.minimum = r
			case "maximum":
				s.maximum = r
			case "exclusiveMinimum":
				s.exclMin = r
			default:
				s.exclMax = r
			}
		case "minLength":
			err = json.Unmarshal(raw, &s.minLength)
		case "maxLength":
			err = json.Unmarshal(raw, &s.maxLength)
		case "minItems":
			err = json.Unmarshal(raw, &s.minItems)
		case "maxItems":
			err = json.Unmarshal(raw, &s.maxItems)
		case "pattern":
			var p string
			if err = json.Unmarshal(raw, &p); err == nil {
				s.pattern, err = regexp.Compile(p)
			}
		case "format":
			if err = json.Unmarshal(raw, &s.format); err == nil {
				switch s.format {
				case "date", "email", "uri":
				default:
					err = fmt.Errorf("unsupported format %q", s.format)
				}
			}
		case "$ref":
			if err = json.Unmarshal(raw, &s.ref); err == nil && !strings.HasPrefix(s.ref, "#/$defs/") {
				err = fmt.Errorf("only local references #/$defs/… are supported, got %q", s.ref)
			}
		default:
			if !annotationKeywords[k] {
				err = fmt.Errorf("unsupported keyword")
			}
		}
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", at, err)
		}
	}
	for _, t := range s.types {
		switch t {
		case "null", "boolean", "object", "array", "number", "integer", "string":
		default:
			return nil, fmt.Errorf("schema %s/type: unknown type %q", where, t)
		}
	}
	return s, nil
}

func unmarshalNumbers(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return dec.Decode(v)
}

// resolve links every $ref to its definition in root.
func (s *schema) resolve(root *schema, seen map[*schema]bool) error {
	if s == nil || seen[s] {
		return nil
	}
	seen[s] = true
	if s.ref != "" {
		name := strings.TrimPrefix(s.ref, "#/$defs/")
		if root.defs[name] == nil {
			return fmt.Errorf("schema: unresolved reference %q", s.ref)
		}
	}
	children := []*schema{s.additional, s.items}
	for _, p := range s.properties {
		children = append(children, p)
	}
	for _, d := range s.defs {
		children = append(children, d)
	}
	children = append(children, s.oneOf...)
	for _, c := range children {
		if err := c.resolve(root, seen); err != nil {
			return err
		}
	}
	return nil
}

// validator walks an instance against a compiled schema.
type validator struct {
	root  *schema
	ps    *problems
	depth int // schema applications in progress, bounded against $ref cycles
}

// maxDepth bounds nested schema applications: deeper data (or a $ref that
// refers to itself) is reported instead of recursing without end.
const maxDepth = 256

// validate checks v (as produced by parseJSON) at path against s.
func (vd *validator) validate(s *schema, v any, path *jsonPath) {
	if vd.ps.full() {
		vd.ps.truncated = true
		return
	}
	if vd.depth >= maxDepth {
		vd.ps.add(path.String(), "nested too deeply (more than %d levels)", maxDepth)
		return
	}
	vd.depth++
	defer func() { vd.depth-- }()
	if s.ref != "" {
		vd.validate(vd.root.defs[strings.TrimPrefix(s.ref, "#/$defs/")], v, path)
	}
	if len(s.types) > 0 && !slices.ContainsFunc(s.types, func(t string) bool { return hasType(v, t) }) {
		vd.ps.add(path.String(), "expected %s, got %s", strings.Join(s.types, " or "), jsonType(v))
		return
	}
	if s.hasConst && !jsonEqual(v, s.constVal) {
		vd.ps.add(path.String(), "expected %s, got %s", show(s.constVal), show(v))
		return
	}
	if len(s.enum) > 0 && !slices.ContainsFunc(s.enum, func(e any) bool { return jsonEqual(v, e) }) {
		opts := make([]string, len(s.enum))
		for i, e := range s.enum {
			opts[i] = show(e)
		}
		vd.ps.add(path.String(), "expected one of %s, got %s", strings.Join(opts, ", "), show(v))
		return
	}
	switch x := v.(type) {
	case string:
		vd.validateString(s, x, path)
	case json.Number:
		vd.validateNumber(s, x, path)
	case []any:
		if len(x) < s.minItems {
			vd.ps.add(path.String(), "expected at least %s, got %d", plural(s.minItems, "item"), len(x))
		}
		if s.maxItems >= 0 && len(x) > s.maxItems {
			vd.ps.add(path.String(), "expected at most %s, got %d", plural(s.maxItems, "item"), len(x))
		}
		if s.items != nil {
			for i, e := range x {
				elem := jsonPath{parent: path, index: i}
				vd.validate(s.items, e, &elem)
				if vd.ps.full() {
					vd.ps.truncated = true
					return
				}
			}
		}
	case map[string]any:
		vd.validateObject(s, x, path)
	}
	if len(s.oneOf) > 0 {
		vd.validateOneOf(s, v, path)
	}
}

func (vd *validator) validateString(s *schema, x string, path *jsonPath) {
	n := utf8.RuneCountInString(x)
	switch {
	case n < s.minLength && s.minLength == 1:
		vd.ps.add(path.String(), "must not be empty")
	case n < s.minLength:
		vd.ps.add(path.String(), "expected at least %s, got %d", plural(s.minLength, "character"), n)
	case s.maxLength >= 0 && n > s.maxLength:
		vd.ps.add(path.String(), "expected at most %s, got %d", plural(s.maxLength, "character"), n)
	}
	if s.pattern != nil && !s.pattern.MatchString(x) {
		vd.ps.add(path.String(), "expected a string matching %s, got %s", s.pattern, show(x))
	}
	switch s.format {
	case "date":
		if _, err := time.Parse("2006-01-02", x); err != nil || len(x) != 10 {
			vd.ps.add(path.String(), "expected a date as YYYY-MM-DD, got %s", show(x))
		}
	case "email":
		if a, err := mail.ParseAddress(x); err != nil || a.Address != x {
			vd.ps.add(path.String(), "expected an e-mail address, got %s", show(x))
		}
	case "uri":
		if u, err := url.Parse(x); err != nil || u.Scheme == "" {
			vd.ps.add(path.String(), "expected an absolute URI, got %s", show(x))
		}
	}
}

func (vd *validator) validateNumber(s *schema, x json.Number, path *jsonPath) {
	if s.minimum == nil && s.maximum == nil && s.exclMin == nil && s.exclMax == nil {
		return
	}
	cmp := numberComparer(x)
	switch {
	case s.minimum != nil && cmp(s.minimum) < 0:
		vd.ps.add(path.String(), "expected a number ≥ %s, got %s", ratString(s.minimum), x)
	case s.maximum != nil && cmp(s.maximum) > 0:
		vd.ps.add(path.String(), "expected a number ≤ %s, got %s", ratString(s.maximum), x)
	case s.exclMin != nil && cmp(s.exclMin) <= 0:
		vd.ps.add(path.String(), "expected a number > %s, got %s", ratString(s.exclMin), x)
	case s.exclMax != nil && cmp(s.exclMax) >= 0:
		vd.ps.add(path.String(), "expected a number < %s, got %s", ratString(s.exclMax), x)
	}
}

// numberComparer returns a function comparing x with a bound: exactly, in
// int64 fixed point when x and the bound fit, else with math/big.
func numberComparer(x json.Number) func(bound *big.Rat) int {
	f, fast := parseFixed(x)
	var r *big.Rat
	return func(bound *big.Rat) int {
		if fast && bound.IsInt() && bound.Num().IsInt64() {
			b := fixed{m: bound.Num().Int64()}
			if b, ok := b.round(f.s); ok {
				switch {
				case f.m < b.m:
					return -1
				case f.m > b.m:
					return 1
				}
				return 0
			}
		}
		if r == nil {
			var ok bool
			if r, ok = new(big.Rat).SetString(string(x)); !ok {
				r = new(big.Rat)
			}
		}
		return r.Cmp(bound)
	}
}

func (vd *validator) validateObject(s *schema, x map[string]any, path *jsonPath) {
	for _, name := range s.required {
		if _, ok := x[name]; !ok {
			vd.ps.add(childPath(path.String(), name), "required")
		}
	}
	keys := make([]string, 0, len(x))
	for k := range x {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p := &jsonPath{parent: path, name: k, index: -1}
		if sub, ok := s.properties[k]; ok {
			vd.validate(sub, x[k], p)
			continue
		}
		switch {
		case s.noAdditional:
			allowed := make([]string, 0, len(s.properties))
			for name := range s.properties {
				allowed = append(allowed, name)
			}
			sort.Strings(allowed)
			vd.ps.add(p.String(), "unknown field (allowed: %s)", strings.Join(allowed, ", "))
		case s.additional != nil:
			vd.validate(s.additional, x[k], p)
		}
	}
}

// validateOneOf checks oneOf. When the alternatives are told apart by a
// "type" property with a const (a discriminated union, as in the
// scientific paper's content blocks), only the matching alternative is
// checked so its problems are reported precisely.
func (vd *validator) validateOneOf(s *schema, v any, path *jsonPath) {
	if obj, ok := v.(map[string]any); ok {
		var kinds []string
		for _, alt := range s.oneOf {
			d := alt.properties["type"]
			if d == nil || !d.hasConst {
				kinds = nil
				break
			}
			kinds = append(kinds, show(d.constVal))
			if jsonEqual(obj["type"], d.constVal) {
				vd.validate(alt, v, path)
				return
			}
		}
		if kinds != nil {
			if _, has := obj["type"]; !has {
				vd.ps.add(childPath(path.String(), "type"), "required (one of %s)", strings.Join(kinds, ", "))
			} else {
				vd.ps.add(childPath(path.String(), "type"), "expected one of %s, got %s", strings.Join(kinds, ", "), show(obj["type"]))
			}
			return
		}
	}
	matched := 0
	for _, alt := range s.oneOf {
		sub := &validator{root: vd.root, ps: &problems{}, depth: vd.depth}
		sub.validate(alt, v, path)
		if len(sub.ps.list) == 0 {
			matched++
		}
	}
	if matched != 1 {
		vd.ps.add(path.String(), "expected exactly one of %d alternatives to match, %d did", len(s.oneOf), matched)
	}
}

// jsonPath is a JSON path built lazily: a chain of members and indices
// that becomes a string ("data.items[3].quantity") only for a problem.
type jsonPath struct {
	parent *jsonPath
	name   string // member name, or the root's name when parent is nil
	index  int    // array index when name is "" and parent is not nil; -1 for members
}

// rootPath is the path of the whole data document.
func rootPath() *jsonPath { return &jsonPath{name: "data", index: -1} }

func (p *jsonPath) String() string {
	if p.parent == nil {
		return p.name
	}
	if p.index >= 0 && p.name == "" {
		return p.parent.String() + "[" + strconv.Itoa(p.index) + "]"
	}
	return childPath(p.parent.String(), p.name)
}

// childPath appends an object member to a JSON path, quoting names that are
// not identifiers.
func childPath(path, name string) string {
	if isIdent(name) {
		return path + "." + name
	}
	return path + "[" + strconv.Quote(name) + "]"
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return true
}

func hasType(v any, t string) bool {
	switch x := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case map[string]any:
		return t == "object"
	case []any:
		return t == "array"
	case json.Number:
		if t == "number" {
			return true
		}
		if t == "integer" {
			r, ok := new(big.Rat).SetString(string(x))
			return ok && r.IsInt()
		}
	}
	return false
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case json.Number:
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

// jsonEqual compares scalars the way JSON Schema's const/enum do (numbers by
// value).
func jsonEqual(a, b any) bool {
	if na, ok := a.(json.Number); ok {
		nb, ok := b.(json.Number)
		if !ok {
			return false
		}
		ra, ok1 := new(big.Rat).SetString(string(na))
		rb, ok2 := new(big.Rat).SetString(string(nb))
		return ok1 && ok2 && ra.Cmp(rb) == 0
	}
	switch a.(type) {
	case map[string]any, []any:
		return false // const/enum of structures are not used by the templates
	}
	return a == b
}

// show renders a value for a message, shortening long strings.
func show(v any) string {
	switch x := v.(type) {
	case string:
		if utf8.RuneCountInString(x) > 40 {
			r := []rune(x)
			return strconv.Quote(string(r[:40])) + "…"
		}
		return strconv.Quote(x)
	case json.Number:
		return string(x)
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	}
	return jsonType(v)
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
