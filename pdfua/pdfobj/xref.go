package pdfobj

import (
	"bytes"
	"errors"
	"fmt"
)

// maxXrefSections bounds the /Prev chain of incremental updates.
const maxXrefSections = 1024

// readXref reads the cross-reference sections from startxref backwards
// through /Prev. The newest definition of an object wins.
func (f *File) readXref() error {
	tail := f.data
	if len(tail) > 4096 {
		tail = tail[len(tail)-4096:]
	}
	i := bytes.LastIndex(tail, []byte("startxref"))
	if i < 0 {
		return errors.New("no startxref")
	}
	p := newParser(tail, i+len("startxref"), 1)
	t, _ := p.lex.next()
	if t.kind != tokInt {
		return errors.New("startxref is not followed by an offset")
	}
	seen := map[int]bool{} // numbers defined (or freed) by a newer section
	visited := map[int64]bool{}
	off := t.num
	for n := 0; ; n++ {
		if n >= maxXrefSections {
			return fmt.Errorf("more than %d cross-reference sections", maxXrefSections)
		}
		if visited[off] {
			f.warn("cross-reference /Prev chain loops at offset %d", off)
			break
		}
		visited[off] = true
		trailer, err := f.readSection(off, seen)
		if err != nil {
			if n == 0 {
				return err
			}
			f.warn("older cross-reference section unreadable: %v", err)
			break
		}
		for k, v := range trailer {
			if _, ok := f.trailer[k]; !ok {
				if f.trailer == nil {
					f.trailer = Dict{}
				}
				f.trailer[k] = v
			}
		}
		if xs, ok := trailer["XRefStm"].(Int); ok && !visited[int64(xs)] {
			visited[int64(xs)] = true
			if _, err := f.readSection(int64(xs), seen); err != nil {
				f.warn("hybrid /XRefStm unreadable: %v", err)
			}
		}
		prev, ok := trailer["Prev"].(Int)
		if !ok {
			break
		}
		off = int64(prev)
	}
	if f.trailer == nil {
		return errors.New("no trailer")
	}
	return nil
}

// readSection reads one table or stream at off (tolerating a shifted
// header) and returns its trailer dictionary.
func (f *File) readSection(off int64, seen map[int]bool) (Dict, error) {
	if off < 0 || off >= int64(len(f.data)) {
		return nil, fmt.Errorf("cross-reference offset %d outside the file", off)
	}
	p := newParser(f.data, int(off), f.opts.MaxDepth)
	p.lex.skipSpace()
	if bytes.HasPrefix(f.data[p.lex.pos:], []byte("xref")) {
		p.lex.pos += 4
		return f.readTable(p, seen)
	}
	t1, _ := p.lex.next()
	t2, _ := p.lex.next()
	t3, _ := p.lex.next()
	if t1.kind != tokInt || t2.kind != tokInt || t3.kind != tokKeyword || string(t3.val) != "obj" {
		return nil, fmt.Errorf("no cross-reference data at offset %d", off)
	}
	o, err := f.parseBody(p)
	if err != nil {
		return nil, fmt.Errorf("cross-reference stream at offset %d: %w", off, err)
	}
	s, ok := o.(*Stream)
	if !ok {
		return nil, fmt.Errorf("object at offset %d is not a cross-reference stream", off)
	}
	if err := f.readXrefStream(s, seen); err != nil {
		return nil, fmt.Errorf("cross-reference stream at offset %d: %w", off, err)
	}
	return s.Dict, nil
}

// readTable reads a classic table after the "xref" keyword.
func (f *File) readTable(p *parser, seen map[int]bool) (Dict, error) {
	for {
		t, err := p.lex.next()
		if err != nil {
			return nil, err
		}
		if t.kind == tokKeyword && string(t.val) == "trailer" {
			o, err := p.object()
			if err != nil {
				return nil, fmt.Errorf("trailer: %w", err)
			}
			d, ok := o.(Dict)
			if !ok {
				return nil, errors.New("trailer is not a dictionary")
			}
			return d, nil
		}
		t2, _ := p.lex.next()
		if t.kind != tokInt || t2.kind != tokInt || t.num < 0 || t2.num < 0 || t.num > maxObjectNumber {
			return nil, errors.New("bad cross-reference subsection header")
		}
		start, count := int(t.num), int(t2.num)
		for i := 0; i < count; i++ {
			a, _ := p.lex.next()
			b, _ := p.lex.next()
			c, _ := p.lex.next()
			if a.kind != tokInt || b.kind != tokInt || c.kind != tokKeyword {
				return nil, fmt.Errorf("bad cross-reference entry %d", start+i)
			}
			num := start + i
			if seen[num] || num > maxObjectNumber {
				continue
			}
			seen[num] = true
			if string(c.val) == "n" && num > 0 {
				f.xref[num] = xrefEntry{typ: 1, off: a.num, gen: int(b.num)}
			}
		}
	}
}

// readXrefStream adds the entries of a cross-reference stream.
func (f *File) readXrefStream(s *Stream, seen map[int]bool) error {
	data, err := DecodeFilters(s.Data, f.Resolve(s.Dict["Filter"]), f.resolveDeep(s.Dict["DecodeParms"]), f.opts.MaxDecodedSize)
	if err != nil {
		return err
	}
	wa, _ := s.Dict["W"].(Array)
	if len(wa) < 3 {
		return errors.New("missing /W")
	}
	var w [3]int
	for i := 0; i < 3; i++ {
		w[i] = intOr(wa[i], -1)
		if w[i] < 0 || w[i] > 8 {
			return errors.New("bad /W")
		}
	}
	row := w[0] + w[1] + w[2]
	if row == 0 {
		return errors.New("bad /W")
	}
	index := []int{0, intOr(s.Dict["Size"], 0)}
	if ia, ok := s.Dict["Index"].(Array); ok {
		index = index[:0]
		for _, e := range ia {
			index = append(index, intOr(e, -1))
		}
	}
	pos := 0
	for k := 0; k+1 < len(index); k += 2 {
		start, count := index[k], index[k+1]
		if start < 0 || count < 0 {
			return errors.New("bad /Index")
		}
		for i := 0; i < count; i++ {
			if pos+row > len(data) {
				return nil
			}
			field := func(n int) int64 {
				v := int64(0)
				for j := 0; j < n; j++ {
					v = v<<8 | int64(data[pos])
					pos++
				}
				return v
			}
			typ := int64(1)
			if w[0] > 0 {
				typ = field(w[0])
			}
			f2 := field(w[1])
			f3 := field(w[2])
			num := start + i
			if num > maxObjectNumber || seen[num] {
				continue
			}
			seen[num] = true
			switch typ {
			case 1:
				if num > 0 {
					f.xref[num] = xrefEntry{typ: 1, off: f2, gen: int(f3)}
				}
			case 2:
				if f2 > 0 && f2 <= maxObjectNumber && int(f2) != num {
					f.xref[num] = xrefEntry{typ: 2, stream: int(f2), index: int(f3)}
				}
			}
		}
	}
	return nil
}

// rebuild reconstructs the cross-reference data by scanning the file.
func (f *File) rebuild() error {
	f.repaired = true
	f.xref = map[int]xrefEntry{}
	f.cache = map[int]Object{}
	f.objstm = map[int]*objStream{}
	found := scanObjects(f.data)
	f.scanned = found
	if len(found) == 0 {
		return errors.New("no objects found")
	}
	for num, off := range found {
		f.xref[num] = xrefEntry{typ: 1, off: off}
	}
	trailer := Dict{}
	// Trailer dictionaries, newest (last in the file) first.
	for end := len(f.data); end > 0; {
		i := bytes.LastIndex(f.data[:end], []byte("trailer"))
		if i < 0 {
			break
		}
		end = i
		p := newParser(f.data, i+len("trailer"), f.opts.MaxDepth)
		if d, ok := mustDict(p.object()); ok {
			mergeMissing(trailer, d)
		}
	}
	// Objects inside object streams, and trailers of xref streams.
	nums := make([]int, 0, len(found))
	for n := range found {
		nums = append(nums, n)
	}
	sortInts(nums)
	for _, n := range nums {
		s, ok := f.Resolve(Ref{Num: n}).(*Stream)
		if !ok {
			continue
		}
		switch s.Dict["Type"] {
		case Name("XRef"):
			mergeMissing(trailer, s.Dict)
		case Name("ObjStm"):
			os := f.loadObjStream(n)
			f.objstm[n] = os
			for i, m := range os.nums {
				if _, direct := f.xref[m]; !direct && m > 0 && m <= maxObjectNumber {
					f.xref[m] = xrefEntry{typ: 2, stream: n, index: i}
				}
			}
		}
	}
	for _, k := range []Name{"Prev", "XRefStm", "W", "Index", "Length", "Filter", "DecodeParms", "Type", "Size"} {
		delete(trailer, k)
	}
	if _, ok := f.Resolve(trailer["Root"]).(Dict); !ok {
		delete(trailer, "Root")
		for _, n := range f.ObjectNumbers() {
			if d, ok := f.Resolve(Ref{Num: n}).(Dict); ok && d["Type"] == Name("Catalog") {
				trailer["Root"] = Ref{Num: n}
				break
			}
		}
	}
	f.trailer = trailer
	if trailer["Root"] == nil {
		return errors.New("no document catalog found")
	}
	return nil
}

func mustDict(o Object, err error) (Dict, bool) {
	if err != nil {
		return nil, false
	}
	d, ok := o.(Dict)
	return d, ok
}

func mergeMissing(dst, src Dict) {
	for k, v := range src {
		if _, ok := dst[k]; !ok {
			dst[k] = v
		}
	}
}
