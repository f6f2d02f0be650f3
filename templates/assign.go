package templates

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
)

// errNoAssign means assign met a case it leaves to encoding/json: a type
// mismatch, a kind it does not handle or a member name that only matches
// a field ignoring case.
var errNoAssign = errors.New("templates: value not assignable without encoding/json")

var numberType = reflect.TypeFor[json.Number]()

// assigner copies a parsed JSON tree (see parseTree) into a model the way
// encoding/json.Unmarshal with UseNumber would decode the same text, for
// the kinds the template models use: structs with json tags, pointers,
// slices, strings, json.Number, bools and interfaces. Field tables are
// cached per struct type for the duration of one decode.
type assigner struct {
	fields map[reflect.Type]map[string]int
}

// assign stores v in dst. On errNoAssign dst may be partly filled.
func (a *assigner) assign(v any, dst reflect.Value) error {
	if v == nil {
		switch dst.Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map:
			dst.SetZero()
		}
		return nil // null leaves other kinds unchanged
	}
	switch dst.Kind() {
	case reflect.Pointer:
		if dst.IsNil() {
			dst.Set(reflect.New(dst.Type().Elem()))
		}
		return a.assign(v, dst.Elem())
	case reflect.Interface:
		if dst.NumMethod() != 0 {
			return errNoAssign
		}
		dst.Set(reflect.ValueOf(v))
		return nil
	}
	switch x := v.(type) {
	case string:
		if dst.Kind() != reflect.String || dst.Type() == numberType {
			return errNoAssign
		}
		dst.SetString(x)
	case json.Number:
		if dst.Type() != numberType {
			return errNoAssign
		}
		dst.SetString(string(x))
	case bool:
		if dst.Kind() != reflect.Bool {
			return errNoAssign
		}
		dst.SetBool(x)
	case []any:
		if dst.Kind() != reflect.Slice {
			return errNoAssign
		}
		s := reflect.MakeSlice(dst.Type(), len(x), len(x))
		for i, e := range x {
			if err := a.assign(e, s.Index(i)); err != nil {
				return err
			}
		}
		dst.Set(s)
	case map[string]any:
		if dst.Kind() != reflect.Struct {
			return errNoAssign
		}
		fields, err := a.fieldsOf(dst.Type())
		if err != nil {
			return err
		}
		for k, e := range x {
			i, ok := fields[k]
			if !ok {
				for name := range fields {
					if strings.EqualFold(name, k) {
						return errNoAssign // encoding/json would match it
					}
				}
				continue // unknown members are ignored
			}
			if err := a.assign(e, dst.Field(i)); err != nil {
				return err
			}
		}
	default:
		return errNoAssign
	}
	return nil
}

// fieldsOf maps the JSON names of t's fields to their indexes (see
// fieldTable): from modelFields for the templates' models, else computed
// and kept for the rest of this decode.
func (a *assigner) fieldsOf(t reflect.Type) (map[string]int, error) {
	if f, ok := modelFields()[t]; ok {
		return f.fields, f.err
	}
	if f, ok := a.fields[t]; ok {
		return f, nil
	}
	f, err := fieldTable(t)
	if err != nil {
		return nil, err
	}
	if a.fields == nil {
		a.fields = map[reflect.Type]map[string]int{}
	}
	a.fields[t] = f
	return f, nil
}

// fieldTable maps the JSON names of t's fields to their indexes. Structs
// with embedded fields, or tags with options, are left to encoding/json
// (errNoAssign).
func fieldTable(t reflect.Type) (map[string]int, error) {
	f := map[string]int{}
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return nil, errNoAssign
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		if strings.Contains(tag, ",") {
			return nil, errNoAssign
		}
		name := tag
		if name == "" {
			name = sf.Name
		}
		f[name] = i
	}
	return f, nil
}

// modelTable is fieldTable's result for one type.
type modelTable struct {
	fields map[string]int
	err    error
}

// modelFields holds the field tables of every struct type reachable from
// the templates' data models, computed once and only read afterwards:
// building them for every decode cost more than the assignment itself.
var modelFields = sync.OnceValue(func() map[reflect.Type]modelTable {
	tables := map[reflect.Type]modelTable{}
	var add func(t reflect.Type)
	add = func(t reflect.Type) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			add(t.Elem())
		case reflect.Struct:
			if _, done := tables[t]; done {
				return
			}
			f, err := fieldTable(t)
			tables[t] = modelTable{fields: f, err: err}
			for i := range t.NumField() {
				add(t.Field(i).Type)
			}
		}
	}
	for _, t := range []reflect.Type{
		reflect.TypeFor[invoiceData](), reflect.TypeFor[reportData](), reflect.TypeFor[paperData](),
		reflect.TypeFor[certificateData](), reflect.TypeFor[catalogData](),
	} {
		add(t)
	}
	return tables
})
