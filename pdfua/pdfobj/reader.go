package pdfobj

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
)

// maxGetDepth bounds nested object reads (a stream whose /Length lives in
// an object stream that lives in another object stream…).
const maxGetDepth = 32

// ErrNotPDF is returned by Open when the data has no PDF header and no
// objects at all.
var ErrNotPDF = errors.New("pdfobj: not a PDF file")

// ErrEncrypted is returned when decoding stream data of an encrypted file
// that the reader cannot decrypt (another security handler, or a user
// password that is not empty).
var ErrEncrypted = errors.New("pdfobj: file is encrypted")

// ReadOptions bounds the work the reader does on hostile input.
type ReadOptions struct {
	// MaxDecodedSize caps one decoded stream; DefaultMaxDecodedSize if 0.
	MaxDecodedSize int64
	// MaxDepth caps nesting of arrays and dictionaries; DefaultMaxDepth if 0.
	MaxDepth int
}

// xrefEntry locates an object: in the file at an offset (type 1), or in an
// object stream (type 2).
type xrefEntry struct {
	typ    byte // 1 in file, 2 in object stream
	off    int64
	gen    int
	stream int // object stream number (type 2)
	index  int // index in the object stream (type 2)
}

// File is a parsed PDF file. Objects are read lazily and cached. A File is
// not safe for concurrent use.
type File struct {
	data    []byte
	opts    ReadOptions
	version string
	xref    map[int]xrefEntry
	trailer Dict
	cache   map[int]Object
	busy    map[int]bool // objects being read (loop detection)
	objstm  map[int]*objStream
	scanned map[int]int64 // offsets found by scanning, built on demand
	dec     decoder
	// sec decrypts the objects of an encrypted file; nil when the file is
	// not encrypted or cannot be decrypted.
	sec *security
	// repaired is set when the cross-reference data was rebuilt by scanning.
	repaired bool
	warnings []string
}

// Open parses the structure of a PDF file: header, cross-reference
// sections (tables and streams, following /Prev chains of incremental
// updates) and trailer. Broken cross-reference data is rebuilt by
// scanning the file for "n g obj" headers. Objects are read on demand.
// The data must not be modified while the File is in use.
func Open(data []byte) (*File, error) {
	return OpenWith(data, ReadOptions{})
}

// OpenWith is Open with explicit limits.
func OpenWith(data []byte, opts ReadOptions) (*File, error) {
	if opts.MaxDecodedSize <= 0 {
		opts.MaxDecodedSize = DefaultMaxDecodedSize
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = DefaultMaxDepth
	}
	f := &File{
		data:   data,
		opts:   opts,
		xref:   map[int]xrefEntry{},
		cache:  map[int]Object{},
		busy:   map[int]bool{},
		objstm: map[int]*objStream{},
	}
	hdr := bytes.Index(head(data, 1024), []byte("%PDF-"))
	if hdr >= 0 {
		v := data[hdr+5:]
		end := 0
		for end < len(v) && end < 8 && (v[end] == '.' || (v[end] >= '0' && v[end] <= '9')) {
			end++
		}
		f.version = string(v[:end])
	}
	err := f.readXref()
	if err != nil || f.trailer["Root"] == nil {
		if err != nil {
			f.warn("cross-reference data unusable (%v); rebuilt by scanning", err)
		} else {
			f.warn("trailer has no /Root; rebuilt by scanning")
		}
		if rerr := f.rebuild(); rerr != nil {
			if hdr < 0 {
				return nil, ErrNotPDF
			}
			return nil, fmt.Errorf("pdfobj: cannot read file: %w", rerr)
		}
	}
	if f.trailer["Encrypt"] != nil {
		sec, err := f.newSecurity()
		if err != nil {
			f.warn("encrypted file not decrypted: %v", err)
		} else {
			// objects read so far (the encryption dictionary, lengths)
			// were read without deciphering
			f.sec = sec
			f.cache = map[int]Object{}
			f.objstm = map[int]*objStream{}
		}
	}
	return f, nil
}

func head(b []byte, n int) []byte {
	if len(b) < n {
		return b
	}
	return b[:n]
}

func (f *File) warn(format string, args ...any) {
	if len(f.warnings) < 100 {
		f.warnings = append(f.warnings, fmt.Sprintf(format, args...))
	}
}

// Version is the version in the header ("1.7"), empty when absent.
func (f *File) Version() string { return f.version }

// Header returns the first line of the file (e.g. "%PDF-1.7"), without the
// end-of-line, as PDF/UA's header check reads it.
func (f *File) Header() string {
	h := head(f.data, 64)
	if i := bytes.IndexAny(h, "\r\n"); i >= 0 {
		h = h[:i]
	}
	return string(h)
}

// Trailer returns the merged trailer dictionary (newest entries win).
func (f *File) Trailer() Dict { return f.trailer }

// Root returns the document catalog, or nil.
func (f *File) Root() Dict { d, _ := f.Resolve(f.trailer["Root"]).(Dict); return d }

// Info returns the document information dictionary, or nil.
func (f *File) Info() Dict { d, _ := f.Resolve(f.trailer["Info"]).(Dict); return d }

// ID returns the two elements of the trailer /ID, or nils.
func (f *File) ID() (first, second []byte) {
	a, _ := f.Resolve(f.trailer["ID"]).(Array)
	get := func(i int) []byte {
		if i >= len(a) {
			return nil
		}
		switch s := f.Resolve(a[i]).(type) {
		case String:
			return s
		case HexString:
			return s
		}
		return nil
	}
	return get(0), get(1)
}

// Encrypted reports whether the trailer has an /Encrypt dictionary. The
// reader decrypts files of the standard security handler whose user
// password is empty (Decrypted reports it): their strings and streams
// read as plain. Other encrypted files are read raw and DecodeStream fails
// with ErrEncrypted.
func (f *File) Encrypted() bool { return f.trailer["Encrypt"] != nil }

// Decrypted reports whether the file is encrypted and the reader decrypts
// it.
func (f *File) Decrypted() bool { return f.sec != nil }

// unreadable reports whether stream data is enciphered in a way the
// reader cannot undo.
func (f *File) unreadable(s *Stream) bool {
	if !f.Encrypted() || f.sec != nil {
		return false
	}
	t, _ := s.Dict["Type"].(Name)
	return t != "XRef"
}

// Repaired reports whether the cross-reference data was rebuilt.
func (f *File) Repaired() bool { return f.repaired }

// Warnings lists problems the reader worked around.
func (f *File) Warnings() []string { return f.warnings }

// ObjectNumbers returns the numbers of all objects the cross-reference
// data lists as in use, in ascending order.
func (f *File) ObjectNumbers() []int {
	nums := make([]int, 0, len(f.xref))
	for n := range f.xref {
		nums = append(nums, n)
	}
	sortInts(nums)
	return nums
}

func sortInts(a []int) {
	// Insertion sort for small, simple quicksort otherwise.
	if len(a) < 12 {
		for i := 1; i < len(a); i++ {
			for j := i; j > 0 && a[j] < a[j-1]; j-- {
				a[j], a[j-1] = a[j-1], a[j]
			}
		}
		return
	}
	p := a[len(a)/2]
	i, j := 0, len(a)-1
	for i <= j {
		for a[i] < p {
			i++
		}
		for a[j] > p {
			j--
		}
		if i <= j {
			a[i], a[j] = a[j], a[i]
			i++
			j--
		}
	}
	sortInts(a[:j+1])
	sortInts(a[i:])
}

// Resolve follows indirect references until it reaches a direct object.
// Missing objects, reference loops and unreadable objects resolve to nil.
func (f *File) Resolve(o Object) Object {
	for hops := 0; hops < 32; hops++ {
		r, ok := o.(Ref)
		if !ok {
			return o
		}
		v, err := f.Get(r)
		if err != nil {
			return nil
		}
		o = v
	}
	return nil
}

// Get reads the object r refers to. A missing object is null (nil with no
// error), as ISO 32000 specifies; a damaged one is an error.
func (f *File) Get(r Ref) (Object, error) {
	if o, ok := f.cache[r.Num]; ok {
		return o, nil
	}
	if f.busy[r.Num] {
		return nil, fmt.Errorf("pdfobj: object %d refers to itself while being read", r.Num)
	}
	e, ok := f.xref[r.Num]
	if !ok {
		return nil, nil
	}
	if len(f.busy) >= maxGetDepth {
		return nil, fmt.Errorf("pdfobj: object %d: references nested deeper than %d", r.Num, maxGetDepth)
	}
	f.busy[r.Num] = true
	defer delete(f.busy, r.Num)
	var o Object
	var err error
	switch e.typ {
	case 1:
		o, err = f.readAt(r.Num, e.off)
		if err != nil {
			if off, ok := f.scanOffset(r.Num); ok && off != e.off {
				o, err = f.readAt(r.Num, off)
			}
		}
	case 2:
		o, err = f.readFromStream(e.stream, e.index, r.Num)
	}
	if err != nil {
		return nil, fmt.Errorf("object %d: %w", r.Num, err)
	}
	f.cache[r.Num] = o
	return o, nil
}

// scanOffset finds object num by scanning the file (once, lazily).
func (f *File) scanOffset(num int) (int64, bool) {
	if f.scanned == nil {
		f.scanned = scanObjects(f.data)
	}
	off, ok := f.scanned[num]
	return off, ok
}

// readAt parses "num gen obj … endobj" at offset off.
func (f *File) readAt(num int, off int64) (Object, error) {
	if off < 0 || off >= int64(len(f.data)) {
		return nil, fmt.Errorf("offset %d outside the file", off)
	}
	p := newParser(f.data, int(off), f.opts.MaxDepth)
	t1, _ := p.lex.next()
	t2, _ := p.lex.next()
	t3, _ := p.lex.next()
	if t1.kind != tokInt || t2.kind != tokInt || t3.kind != tokKeyword || string(t3.val) != "obj" {
		return nil, fmt.Errorf("no object header at offset %d", off)
	}
	if int(t1.num) != num {
		return nil, fmt.Errorf("offset %d holds object %d", off, t1.num)
	}
	o, err := f.parseBody(p)
	if err == nil && f.sec != nil {
		o = f.sec.decryptObject(o, num, int(t2.num))
	}
	return o, err
}

// parseBody parses an object body after "n g obj", including a stream.
func (f *File) parseBody(p *parser) (Object, error) {
	o, err := p.object()
	if err != nil {
		return nil, err
	}
	d, ok := o.(Dict)
	if !ok {
		return o, nil
	}
	save := p.lex.pos
	p.lex.skipSpace()
	if !bytes.HasPrefix(p.lex.data[p.lex.pos:], []byte("stream")) {
		p.lex.pos = save
		return d, nil
	}
	start := p.lex.pos + len("stream")
	if start < len(f.data) && f.data[start] == '\r' {
		start++
	}
	if start < len(f.data) && f.data[start] == '\n' {
		start++
	}
	return &Stream{Dict: d, Data: f.streamData(d, start)}, nil
}

// streamData finds the data of a stream starting at start: the declared
// /Length when it is plausible (followed by endstream), else the bytes up to
// the next "endstream".
func (f *File) streamData(d Dict, start int) []byte {
	n := -1
	switch l := d["Length"].(type) {
	case Int:
		n = int(min(int64(l), int64(len(f.data))+1))
	case Ref:
		if v, ok := f.Resolve(l).(Int); ok {
			n = int(min(int64(v), int64(len(f.data))+1))
		}
	}
	if n >= 0 && start+n <= len(f.data) {
		rest := f.data[start+n:]
		i := 0
		for i < len(rest) && i < 4 && isWhite(rest[i]) {
			i++
		}
		if bytes.HasPrefix(rest[i:], []byte("endstream")) {
			return f.data[start : start+n : start+n]
		}
	}
	end := bytes.Index(f.data[start:], []byte("endstream"))
	if end < 0 {
		return f.data[start:len(f.data):len(f.data)]
	}
	e := start + end
	if e > start && f.data[e-1] == '\n' {
		e--
	}
	if e > start && f.data[e-1] == '\r' {
		e--
	}
	return f.data[start:e:e]
}

// DecodeStream returns the decoded data of s, applying its filters with
// the file's size limit.
func (f *File) DecodeStream(s *Stream) ([]byte, error) {
	if s == nil {
		return nil, errors.New("pdfobj: nil stream")
	}
	if f.unreadable(s) {
		return nil, ErrEncrypted
	}
	return f.dec.decode(s.Data, f.Resolve(s.Dict["Filter"]), f.resolveDeep(s.Dict["DecodeParms"]), f.opts.MaxDecodedSize)
}

// DecodeStreamMax is DecodeStream with a tighter cap for a reader that
// needs only a small stream: past max bytes (or the file's limit, if
// smaller), decoding stops with an error wrapping ErrTooLarge, for
// unfiltered data too. max <= 0 means the file's limit, as DecodeStream.
func (f *File) DecodeStreamMax(s *Stream, max int64) ([]byte, error) {
	limit := f.opts.MaxDecodedSize
	if limit <= 0 {
		limit = DefaultMaxDecodedSize
	}
	if max <= 0 {
		return f.DecodeStream(s)
	}
	limit = min(limit, max)
	if s == nil {
		return nil, errors.New("pdfobj: nil stream")
	}
	if f.unreadable(s) {
		return nil, ErrEncrypted
	}
	out, err := f.dec.decode(s.Data, f.Resolve(s.Dict["Filter"]), f.resolveDeep(s.Dict["DecodeParms"]), limit)
	if err == nil && int64(len(out)) > limit {
		return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, limit)
	}
	return out, err
}

// resolveDeep resolves o and the direct elements of an array o.
func (f *File) resolveDeep(o Object) Object {
	o = f.Resolve(o)
	if a, ok := o.(Array); ok {
		out := make(Array, len(a))
		for i, e := range a {
			out[i] = f.Resolve(e)
		}
		return out
	}
	return o
}

// objStream is a parsed object stream: decoded data and object offsets.
type objStream struct {
	data    []byte
	nums    []int
	offsets []int
	err     error
}

func (f *File) readFromStream(stmNum, index, num int) (Object, error) {
	os, ok := f.objstm[stmNum]
	if !ok {
		os = f.loadObjStream(stmNum)
		f.objstm[stmNum] = os
	}
	if os.err != nil {
		return nil, os.err
	}
	if index < 0 || index >= len(os.offsets) || os.nums[index] != num {
		// Index mismatch: look the number up instead.
		index = -1
		for i, n := range os.nums {
			if n == num {
				index = i
				break
			}
		}
		if index < 0 {
			return nil, fmt.Errorf("not in object stream %d", stmNum)
		}
	}
	p := newParser(os.data, os.offsets[index], f.opts.MaxDepth)
	return p.object()
}

func (f *File) loadObjStream(stmNum int) *objStream {
	o, err := f.Get(Ref{Num: stmNum})
	if err != nil {
		return &objStream{err: err}
	}
	s, ok := o.(*Stream)
	if !ok {
		return &objStream{err: fmt.Errorf("object stream %d is not a stream", stmNum)}
	}
	data, err := f.DecodeStream(s)
	if err != nil {
		return &objStream{err: fmt.Errorf("object stream %d: %w", stmNum, err)}
	}
	n := intOr(s.Dict["N"], 0)
	first := intOr(s.Dict["First"], 0)
	if n < 0 || first < 0 || first > len(data) || n > len(data)/2+1 {
		return &objStream{err: fmt.Errorf("object stream %d: bad /N or /First", stmNum)}
	}
	os := &objStream{data: data}
	p := newParser(data[:first], 0, 1)
	for i := 0; i < n; i++ {
		t1, _ := p.lex.next()
		t2, _ := p.lex.next()
		if t1.kind != tokInt || t2.kind != tokInt || t2.num < 0 || first+int(t2.num) > len(data) {
			break
		}
		os.nums = append(os.nums, int(t1.num))
		os.offsets = append(os.offsets, first+int(t2.num))
	}
	return os
}

// scanObjects finds every "n g obj" header in data; the last definition of
// a number wins, as in an incrementally updated file.
func scanObjects(data []byte) map[int]int64 {
	found := map[int]int64{}
	pat := []byte(" obj")
	for i := 0; i < len(data); {
		k := bytes.Index(data[i:], pat)
		if k < 0 {
			break
		}
		at := i + k
		i = at + len(pat)
		if i < len(data) && isRegular(data[i]) {
			continue
		}
		// Walk back over "num gen".
		j := at
		for j > 0 && data[j-1] >= '0' && data[j-1] <= '9' {
			j--
		}
		if j == at || j == 0 || !isWhite(data[j-1]) {
			continue
		}
		gen := j
		j--
		for j > 0 && isWhite(data[j-1]) {
			j--
		}
		end := j
		for j > 0 && data[j-1] >= '0' && data[j-1] <= '9' {
			j--
		}
		if j == end || (j > 0 && isRegular(data[j-1])) {
			continue
		}
		num, err := strconv.Atoi(string(data[j:end]))
		if err != nil || num <= 0 || num > maxObjectNumber || at-gen > 5 {
			continue
		}
		found[num] = int64(j)
	}
	return found
}
