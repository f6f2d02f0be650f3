package pdfobj

import (
	"errors"
	"fmt"
)

// Page is one page of a document with its inherited attributes resolved.
type Page struct {
	// Ref is the page object's reference (zero for a direct page dict).
	Ref Ref
	// Dict is the page dictionary itself.
	Dict Dict
	// Resources, MediaBox, CropBox and Rotate are the page's own values or
	// the nearest ancestor's (ISO 32000-1 7.7.3.4). CropBox defaults to
	// MediaBox; MediaBox defaults to US Letter when no node has one.
	Resources Dict
	MediaBox  [4]float64
	CropBox   [4]float64
	Rotate    int
}

// MaxPages bounds the page tree walk.
const MaxPages = 1 << 20

// Pages returns the document's pages in order. Cycles in the page tree and
// nodes that are not dictionaries are skipped; the error reports the
// first such problem while the pages found are still returned.
func (f *File) Pages() ([]Page, error) {
	root := f.Root()
	if root == nil {
		return nil, errors.New("pdfobj: no document catalog")
	}
	var pages []Page
	var firstErr error
	visited := map[int]bool{}
	type inherited struct {
		res    Dict
		media  Object
		crop   Object
		rotate Object
	}
	var walk func(o Object, inh inherited, depth int)
	walk = func(o Object, inh inherited, depth int) {
		if len(pages) >= MaxPages {
			return
		}
		var ref Ref
		if r, ok := o.(Ref); ok {
			if visited[r.Num] {
				if firstErr == nil {
					firstErr = fmt.Errorf("pdfobj: page tree node %d visited twice", r.Num)
				}
				return
			}
			visited[r.Num] = true
			ref = r
		}
		d, ok := f.Resolve(o).(Dict)
		if !ok {
			if firstErr == nil {
				firstErr = errors.New("pdfobj: page tree node is not a dictionary")
			}
			return
		}
		if depth > 64 {
			if firstErr == nil {
				firstErr = errors.New("pdfobj: page tree nested too deeply")
			}
			return
		}
		if r, ok := f.Resolve(d["Resources"]).(Dict); ok {
			inh.res = r
		}
		if v := d["MediaBox"]; v != nil {
			inh.media = v
		}
		if v := d["CropBox"]; v != nil {
			inh.crop = v
		}
		if v := d["Rotate"]; v != nil {
			inh.rotate = v
		}
		kids, isNode := f.Resolve(d["Kids"]).(Array)
		if t, _ := d["Type"].(Name); t == "Pages" || (t != "Page" && isNode) {
			for _, k := range kids {
				walk(k, inh, depth+1)
			}
			return
		}
		p := Page{Ref: ref, Dict: d, Resources: inh.res, Rotate: intOr(f.Resolve(inh.rotate), 0)}
		p.MediaBox = [4]float64{0, 0, 612, 792}
		if r, ok := f.Rect(inh.media); ok {
			p.MediaBox = r
		}
		p.CropBox = p.MediaBox
		if r, ok := f.Rect(inh.crop); ok {
			p.CropBox = r
		}
		pages = append(pages, p)
	}
	walk(root["Pages"], inherited{}, 0)
	return pages, firstErr
}

// Rect reads a rectangle array, normalised so that x0<=x1 and y0<=y1.
func (f *File) Rect(o Object) ([4]float64, bool) {
	a, ok := f.Resolve(o).(Array)
	if !ok || len(a) != 4 {
		return [4]float64{}, false
	}
	var r [4]float64
	for i := range r {
		v, ok := Number(f.Resolve(a[i]))
		if !ok {
			return [4]float64{}, false
		}
		r[i] = v
	}
	if r[0] > r[2] {
		r[0], r[2] = r[2], r[0]
	}
	if r[1] > r[3] {
		r[1], r[3] = r[3], r[1]
	}
	return r, true
}

// Number returns the value of an Int or Real.
func Number(o Object) (float64, bool) {
	switch v := o.(type) {
	case Int:
		return float64(v), true
	case Real:
		return float64(v), true
	}
	return 0, false
}

// maxTreeEntries bounds the entries read from one number or name tree.
const maxTreeEntries = 1 << 22

// NumberTree reads all entries of a number tree (ISO 32000-1 7.9.7) into a
// map. Values are left unresolved. Cycles are skipped.
func (f *File) NumberTree(root Object) map[int]Object {
	out := map[int]Object{}
	f.walkTree(root, "Nums", func(k, v Object) {
		if n, ok := k.(Int); ok {
			out[int(n)] = v
		}
	}, map[int]bool{}, 0, new(int))
	return out
}

// NameTree reads all entries of a name tree (ISO 32000-1 7.9.6) into a map
// keyed by the raw key bytes.
func (f *File) NameTree(root Object) map[string]Object {
	out := map[string]Object{}
	f.walkTree(root, "Names", func(k, v Object) {
		switch s := k.(type) {
		case String:
			out[string(s)] = v
		case HexString:
			out[string(s)] = v
		}
	}, map[int]bool{}, 0, new(int))
	return out
}

// LookupNumber finds key in a number tree, descending only into the kids
// whose /Limits cover it.
func (f *File) LookupNumber(root Object, key int) (Object, bool) {
	visited := map[int]bool{}
	node := root
	for depth := 0; depth < 64; depth++ {
		if r, ok := node.(Ref); ok {
			if visited[r.Num] {
				return nil, false
			}
			visited[r.Num] = true
		}
		d, ok := f.Resolve(node).(Dict)
		if !ok {
			return nil, false
		}
		if nums, ok := f.Resolve(d["Nums"]).(Array); ok {
			for i := 0; i+1 < len(nums); i += 2 {
				if n, ok := f.Resolve(nums[i]).(Int); ok && int(n) == key {
					return nums[i+1], true
				}
			}
		}
		kids, _ := f.Resolve(d["Kids"]).(Array)
		node = nil
		for _, k := range kids {
			kd, ok := f.Resolve(k).(Dict)
			if !ok {
				continue
			}
			lim, _ := f.Resolve(kd["Limits"]).(Array)
			if len(lim) == 2 {
				lo, ok1 := f.Resolve(lim[0]).(Int)
				hi, ok2 := f.Resolve(lim[1]).(Int)
				if ok1 && ok2 && (key < int(lo) || key > int(hi)) {
					continue
				}
			}
			node = k
			break
		}
		if node == nil {
			return nil, false
		}
	}
	return nil, false
}

// LookupName finds key in a name tree.
func (f *File) LookupName(root Object, key string) (Object, bool) {
	v, ok := f.NameTree(root)[key]
	return v, ok
}

func (f *File) walkTree(node Object, leafKey Name, visit func(k, v Object), visited map[int]bool, depth int, count *int) {
	if depth > 64 || *count > maxTreeEntries {
		return
	}
	if r, ok := node.(Ref); ok {
		if visited[r.Num] {
			return
		}
		visited[r.Num] = true
	}
	d, ok := f.Resolve(node).(Dict)
	if !ok {
		return
	}
	if leaf, ok := f.Resolve(d[leafKey]).(Array); ok {
		for i := 0; i+1 < len(leaf); i += 2 {
			visit(f.Resolve(leaf[i]), leaf[i+1])
			*count++
		}
	}
	if kids, ok := f.Resolve(d["Kids"]).(Array); ok {
		for _, k := range kids {
			f.walkTree(k, leafKey, visit, visited, depth+1, count)
		}
	}
}
