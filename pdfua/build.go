package pdfua

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zlib"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// builder turns a Document into numbered PDF objects.
type builder struct {
	d       *Document
	w       *pdfobj.Writer
	catalog pdfobj.Ref
	info    pdfobj.Ref
	// structRoot is the StructTreeRoot.
	structRoot pdfobj.Ref

	pageRefs []pdfobj.Ref
	elemRefs []pdfobj.Ref
	// annRefs are the annotations' objects in a document not streaming
	// (a streaming one numbered them as they were made, annotation.ref).
	annRefs map[*annotation]pdfobj.Ref
	// baseFonts are the /BaseFont names written so far.
	baseFonts map[pdfobj.Name]bool
	// flate is the dictionary of streams that have nothing but their
	// filter (page contents, ToUnicode CMaps), shared: pdfobj only reads
	// it.
	flate pdfobj.Dict
	// formRefs are the groups' and soft masks' form XObjects
	// (group.go), formKey their StructParents keys (-1 for none).
	formRefs []pdfobj.Ref
	formKey  []int
}

// deflate compresses data with zlib at the default level (images, which
// are compressed once when added).
func (d *Document) deflate(data []byte) []byte {
	return deflateWith(zlibDefault, data)
}

// compress compresses content streams, fonts and CMaps while writing.
// It favours speed: these streams are rebuilt on every Write.
func (b *builder) compress(data []byte) []byte { return deflateFast(data) }

// zlibCache keeps a few zlib writers for reuse, each with a buffer for its
// output: a flate writer allocates hundreds of kilobytes, and sync.Pool
// would drop them at every garbage collection, which a long Write
// triggers several times. The cache is bounded, so at most a few
// megabytes stay allocated.
type zlibCache struct {
	level int
	free  chan *zlibWriter
}

type zlibWriter struct {
	fw  *flate.Writer
	buf bytes.Buffer
}

// zlibDefault compresses images, zlibFast the long content streams
// (deflateContent); fastBufs holds the output buffers of deflateFast.
var (
	zlibDefault = newZlibCache(zlib.DefaultCompression)
	zlibFast    = newZlibCache(zlib.BestSpeed)
	fastBufs    = make(chan *bytes.Buffer, 4)
)

// statelessMax is the longest content stream deflateContent compresses
// statelessly. Above, a reused level-1 writer is cheaper and compresses
// better: its window spans the whole stream, while the stateless encoder
// starts over every block. Measured with callgrind on the 215 KB content
// stream of a 2,000-element SVG chart: 6.8M instructions and 41,486
// bytes against 8.7M and 47,030; on a 64 KB prefix 2.1M against 2.9M;
// on 8 to 32 KB streams (table pages) both cost the same. Not so for
// font programs, which stay with deflateFast: on 200 KB of a TrueType
// font the level-1 writer costs a third more for the same size.
const statelessMax = 32 << 10

// deflateContent compresses a content stream (a page's or a form's):
// deflateFast up to statelessMax bytes, a level-1 writer above.
func deflateContent(data []byte) []byte {
	if len(data) > statelessMax {
		return deflateWith(zlibFast, data)
	}
	return deflateFast(data)
}

func newZlibCache(level int) *zlibCache {
	return &zlibCache{level: level, free: make(chan *zlibWriter, 4)}
}

// deflateWith compresses data with a zlib writer from c. The result is
// allocated at its exact size: compressing into a buffer sized from the
// input would leave most of it unused for text, which compresses
// tenfold.
func deflateWith(c *zlibCache, data []byte) []byte {
	var z *zlibWriter
	select {
	case z = <-c.free:
		z.buf.Reset()
		z.fw.Reset(&z.buf)
	default:
		z = new(zlibWriter)
		z.fw, _ = flate.NewWriter(&z.buf, c.level)
	}
	// the zlib stream zlib.Writer writes, with a faster checksum
	z.buf.Write(zlibHeader(c.level))
	z.fw.Write(data)
	z.fw.Close()
	z.buf.Write(binary.BigEndian.AppendUint32(nil, adler32Sum(data)))
	out := bytes.Clone(z.buf.Bytes())
	if z.buf.Cap() > 4<<20 {
		z.buf = bytes.Buffer{} // do not keep the buffer of a huge image
	}
	select {
	case c.free <- z:
	default:
	}
	return out
}

// deflateFast compresses content streams, fonts and CMaps: a zlib stream
// (header 78 01, the one of the fastest level) around
// github.com/klauspost/compress's stateless deflate, which keeps no
// compressor state between calls. On the page contents of a long table
// it runs about a third faster than that library's level 1 writer for
// the same size (klauspost rather than the standard library: about three
// times faster than compress/zlib's BestSpeed, for output 2 % larger;
// any inflater reads it, and it is deterministic). Like deflateWith, it
// returns a slice of the exact size.
func deflateFast(data []byte) []byte {
	var buf *bytes.Buffer
	select {
	case buf = <-fastBufs:
		buf.Reset()
	default:
		buf = new(bytes.Buffer)
	}
	buf.Write([]byte{0x78, 0x01})
	flate.StatelessDeflate(buf, data, true, nil) // writes to a bytes.Buffer: no error
	sum := adler32Sum(data)
	buf.Write([]byte{byte(sum >> 24), byte(sum >> 16), byte(sum >> 8), byte(sum)})
	out := bytes.Clone(buf.Bytes())
	if buf.Cap() <= 4<<20 {
		select {
		case fastBufs <- buf:
		default:
		}
	}
	return out
}

// documentID returns Info.DocumentID or an identifier derived from the
// metadata.
func (d *Document) documentID() []byte {
	if len(d.info.DocumentID) > 0 {
		return d.info.DocumentID
	}
	h := sha256.New()
	for _, s := range []string{d.info.Title, d.info.Author, d.info.Subject, d.info.Keywords,
		d.info.Creator, d.info.Producer, d.info.Lang, d.now().Format(time.RFC3339)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	fmt.Fprintf(h, "%d", len(d.pages))
	return h.Sum(nil)[:16]
}

// now returns the document date truncated to seconds, or zero.
func (d *Document) now() time.Time {
	if d.info.Now.IsZero() {
		return time.Time{}
	}
	return d.info.Now.Truncate(time.Second)
}

// build creates every object. Object numbers follow a fixed order:
// catalog, page tree, pages, structure tree, then resources in first-use
// order, so identical documents give identical files.
func (d *Document) build(ctx context.Context) (*builder, error) {
	st := d.st
	if st != nil && st.done {
		return nil, errors.New("pdfua: a streaming document (StreamTo) is written once")
	}
	w := pdfobj.NewWriter()
	if st != nil {
		w = st.w
		st.done = true
	}
	w.Compress = false // streams are compressed here; XMP must stay plain
	b := &builder{d: d, w: w, annRefs: map[*annotation]pdfobj.Ref{},
		flate: pdfobj.Dict{"Filter": pdfobj.Name("FlateDecode")}}
	// Per page: the page, its contents and its ParentTree array.
	grow := 3*len(d.pages) + 8*len(d.fonts) + 2*len(d.images) + 16
	if st == nil { // (a streaming document numbered its elements)
		grow += d.elems.len()
	}
	w.Grow(grow)
	var pagesRef, structRoot pdfobj.Ref
	if st != nil {
		// numbered as they were made (StreamTo), each page its own
		// (pageRef)
		b.catalog, pagesRef, structRoot = st.catalog, st.pages, st.structRoot
	} else {
		b.pageRefs = make([]pdfobj.Ref, len(d.pages))
		b.catalog = w.Alloc()
		pagesRef = w.Alloc()
		for i := range d.pages {
			b.pageRefs[i] = w.Alloc()
		}
		structRoot = w.Alloc()
		b.elemRefs = make([]pdfobj.Ref, d.elems.len())
		for i := range b.elemRefs {
			b.elemRefs[i] = w.Alloc()
		}
	}
	b.structRoot = structRoot
	// Annotations: StructParent keys follow the page keys.
	key := len(d.pages)
	for _, p := range d.pages {
		for _, a := range p.annots {
			if a.ref.Num == 0 {
				a.ref = w.Alloc()
			}
			if st == nil {
				b.annRefs[a] = a.ref
				a.ref = pdfobj.Ref{} // numbered afresh by the next Write
			}
			a.key = int32(key)
			key++
		}
	}
	// Groups: the StructParents keys of those with MCIDs follow those.
	b.formRefs = make([]pdfobj.Ref, len(d.forms))
	for i, f := range d.forms {
		if b.formRefs[i] = f.ref; f.ref.Num == 0 {
			b.formRefs[i] = w.Alloc()
		}
	}
	nextKey := b.formKeys(key)

	// Resources shared by pages.
	// Page contents are compressed in the background, in parallel, while
	// fonts are subset here; each stream is compressed independently, so
	// the output does not depend on scheduling.
	d.early.Wait() // see compressEarly
	contents := make([][]byte, len(d.pages))
	wait := compressAll(d.pages, contents, deflateContent)

	fontRefs := make([]pdfobj.Ref, len(d.fonts))
	for i, fs := range d.fonts {
		if err := ctx.Err(); err != nil {
			wait()
			return nil, fmt.Errorf("pdfua: writing fonts: %w", err)
		}
		ref, err := b.fontObjects(fs)
		if err != nil {
			wait()
			return nil, err
		}
		fontRefs[i] = ref
	}
	imageRefs := make([]pdfobj.Ref, len(d.images))
	for i, im := range d.images {
		if !im.used {
			continue
		}
		dict := make(pdfobj.Dict, len(im.dict)+1)
		for k, v := range im.dict {
			dict[k] = v
		}
		if im.smask != nil {
			dict["SMask"] = w.Add(im.smask)
		}
		imageRefs[i] = w.Add(&pdfobj.Stream{Dict: dict, Data: im.data})
	}
	shRefs := make([]pdfobj.Ref, len(d.shadings))
	for i, sh := range d.shadings {
		shRefs[i] = w.Add(sh)
	}
	maskRefs := d.maskObjects(w, shRefs)
	patRefs := make([]pdfobj.Ref, len(d.patterns))
	for i, pt := range d.patterns {
		patRefs[i] = w.Add(d.patternObject(pt, imageRefs, shRefs, maskRefs))
	}
	gsRefs := make([]pdfobj.Ref, len(d.gstates))
	for i, g := range d.gstates {
		gsRefs[i] = w.Add(pdfobj.Dict{"Type": pdfobj.Name("ExtGState"), "ca": pdfobj.Real(g.fill), "CA": pdfobj.Real(g.stroke)})
	}

	// resources appends the resource dictionary of page p (also that of
	// its groups' forms), with the graphics states of its masked groups.
	var entries []resourceEntry
	resources := func(pageBuf []byte, p *Page, formGS []resourceEntry) []byte {
		pageBuf = append(pageBuf, "<<"...)
		entries = append(entries[:0], formGS...)
		for _, g := range p.gstates {
			entries = append(entries, resourceEntry{gsName(g), gsRefs[g]})
		}
		for _, i := range p.shadings {
			if ref, ok := maskRefs[i]; ok {
				entries = append(entries, resourceEntry{maskName(i), ref})
			}
		}
		if len(entries) > 0 {
			pageBuf = appendResources(append(pageBuf, "/ExtGState "...), entries)
		}
		if len(p.fonts) > 0 {
			entries = entries[:0]
			for _, fs := range p.fonts {
				entries = append(entries, resourceEntry{fs.name, fontRefs[d.fontIndex(fs)]})
			}
			pageBuf = appendResources(append(pageBuf, "/Font "...), entries)
		}
		if len(p.patterns) > 0 {
			entries = entries[:0]
			for _, i := range p.patterns {
				entries = append(entries, resourceEntry{patternName(i), patRefs[i]})
			}
			pageBuf = appendResources(append(pageBuf, "/Pattern "...), entries)
		}
		if len(p.shadings) > 0 {
			entries = entries[:0]
			for _, i := range p.shadings {
				entries = append(entries, resourceEntry{shadingName(i), shRefs[i]})
			}
			pageBuf = appendResources(append(pageBuf, "/Shading "...), entries)
		}
		if len(p.images) > 0 || len(p.forms) > 0 {
			entries = entries[:0]
			for _, im := range p.images {
				entries = append(entries, resourceEntry{imageName(im), imageRefs[im.index]})
			}
			for _, f := range p.forms {
				if !d.forms[f].mask { // a mask is drawn by its group's SMask
					entries = append(entries, resourceEntry{formName(f), b.formRefs[f]})
				}
			}
			pageBuf = appendResources(append(pageBuf, "/XObject "...), entries)
		}
		return append(pageBuf, ">>"...)
	}

	// The structure tree, still while contents are being compressed.
	if err := b.structTree(structRoot, nextKey); err != nil {
		wait()
		return nil, err
	}
	wait()

	// Pages, written as syntax into one buffer like the structure
	// elements (a streaming document writes each at once, from a buffer
	// of one page); their content streams share one dictionary.
	var streams []pdfobj.Stream
	var pageBuf []byte
	var pageEnds []int
	if st == nil {
		streams = make([]pdfobj.Stream, len(d.pages))
		pageBuf = make([]byte, 0, 256*len(d.pages))
		pageEnds = make([]int, len(d.pages))
	}
	flate := b.flate
	var annBuf []byte
	for i, p := range d.pages {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("pdfua: writing page %d: %w", i+1, err)
		}
		if st != nil {
			pageBuf = pageBuf[:0]
		}
		earlier := slices.Clone(p.written) // streamed early (StreamTo)
		for _, data := range p.lateStreams() {
			earlier = append(earlier, int32(w.Add(&pdfobj.Stream{Dict: flate, Data: data}).Num))
		}
		var contentRef pdfobj.Ref
		if p.flushed { // its last stream went out early
			contentRef, earlier = pdfobj.Ref{Num: int(earlier[len(earlier)-1])}, earlier[:len(earlier)-1]
		} else if st != nil {
			contentRef = w.Add(&pdfobj.Stream{Dict: flate, Data: contents[i]})
		} else {
			streams[i] = pdfobj.Stream{Dict: flate, Data: contents[i]}
			contentRef = w.Add(&streams[i])
		}
		for _, a := range p.annots {
			var err error
			if st != nil { // at once, from a buffer of one: a long document has many
				if annBuf, err = b.appendAnnotation(annBuf[:0], a); err != nil {
					return nil, err
				}
				if err := w.WriteNow(b.annRef(a), pdfobj.Raw(annBuf)); err != nil {
					return nil, fmt.Errorf("pdfua: writing the links of page %d: %w", i+1, err)
				}
				continue
			}
			obj, err := b.appendAnnotation(nil, a)
			if err != nil {
				return nil, err
			}
			w.SetRaw(b.annRefs[a], obj)
		}
		pageBuf = append(pageBuf, "<<"...)
		if len(p.annots) > 0 {
			pageBuf = append(pageBuf, "/Annots ["...)
			for j, a := range p.annots {
				if j > 0 {
					pageBuf = append(pageBuf, ' ')
				}
				pageBuf = appendRef(pageBuf, b.annRef(a))
			}
			pageBuf = append(pageBuf, ']')
		}
		if len(earlier) > 0 {
			pageBuf = append(pageBuf, "/Contents ["...)
			for _, r := range earlier {
				pageBuf = append(appendRef(pageBuf, pdfobj.Ref{Num: int(r)}), ' ')
			}
			pageBuf = append(appendRef(pageBuf, contentRef), ']')
		} else {
			pageBuf = appendRef(append(pageBuf, "/Contents "...), contentRef)
		}
		pageBuf = append(pageBuf, "/MediaBox [0 0 "...)
		width, height := p.Size()
		pageBuf = pdfobj.AppendReal(pageBuf, width)
		pageBuf = append(pageBuf, ' ')
		pageBuf = pdfobj.AppendReal(pageBuf, height)
		pageBuf = appendRef(append(pageBuf, "]/Parent "...), pagesRef)
		if len(p.forms) > 0 {
			// the page's groups share its resources, an object of its own
			res := w.Alloc()
			formGS := b.pageForms(p, res)
			w.SetRaw(res, resources(nil, p, formGS))
			pageBuf = appendRef(append(pageBuf, "/Resources "...), res)
		} else {
			pageBuf = resources(append(pageBuf, "/Resources "...), p, nil)
		}
		pageBuf = strconv.AppendInt(append(pageBuf, "/StructParents "...), int64(p.index), 10)
		pageBuf = append(pageBuf, "/Tabs /S/Type /Page>>"...)
		if st != nil {
			if err := w.WriteNow(b.pageRef(i), pdfobj.Raw(pageBuf)); err != nil {
				return nil, fmt.Errorf("pdfua: writing page %d: %w", i+1, err)
			}
			continue
		}
		pageEnds[i] = len(pageBuf)
	}
	start := 0
	for i, end := range pageEnds {
		w.SetRaw(b.pageRef(i), pageBuf[start:end:end])
		start = end
	}
	// The page tree is written when the file is assembled, not held
	// in a buffer of its own before; the Info and catalog dictionaries
	// are written as syntax into one buffer, keys in the byte order
	// pdfobj gives a Dict (the same bytes), rather than as Dicts that
	// box every value.
	w.SetFunc(pagesRef, 1, 32+12*len(d.pages), b.appendPageTree)
	buf := make([]byte, 0, 256+len(d.info.Title)+len(d.info.Author)+len(d.info.Subject)+
		len(d.info.Keywords)+len(d.info.Creator)+len(d.info.Producer)+len(d.info.Lang))
	end := 0

	// Metadata and Info.
	now := d.now()
	docID := d.documentID()
	meta := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("Metadata"), "Subtype": pdfobj.Name("XML")},
		Data: xmpPacket(d.info, now, docID)})
	start = end
	text := func(key, v string) {
		if v != "" {
			buf = pdfobj.AppendObject(append(buf, key...), pdfobj.TextString(v))
		}
	}
	var date pdfobj.String
	if !now.IsZero() {
		date = pdfobj.String(pdfDate(now))
	}
	buf = append(buf, "<<"...)
	text("/Author ", d.info.Author)
	if date != nil {
		buf = pdfobj.AppendObject(append(buf, "/CreationDate "...), date)
	}
	text("/Creator ", d.info.Creator)
	text("/Keywords ", d.info.Keywords)
	if date != nil {
		buf = pdfobj.AppendObject(append(buf, "/ModDate "...), date)
	}
	text("/Producer ", d.info.Producer)
	text("/Subject ", d.info.Subject)
	buf = pdfobj.AppendObject(append(buf, "/Title "...), pdfobj.TextString(d.info.Title))
	buf = append(buf, ">>"...)
	end = len(buf)
	b.info = w.Alloc()
	w.SetRaw(b.info, buf[start:end:end])

	var dests, outlines, intent pdfobj.Ref
	if len(d.dests) > 0 {
		dests = b.destTree()
	}
	if d.outlines.len() > 0 {
		outlines = b.outlineTree()
	}
	files, specs := b.attachmentObjects()
	if d.info.PDFA != "" {
		intent = b.outputIntent()
	}
	start = end
	buf = append(buf, "<<"...)
	if len(specs) > 0 {
		buf = pdfobj.AppendObject(append(buf, "/AF "...), specs)
	}
	buf = pdfobj.AppendObject(append(buf, "/Lang "...), pdfobj.TextString(d.info.Lang))
	buf = append(buf, "/MarkInfo <</Marked true>>"...)
	buf = appendRef(append(buf, "/Metadata "...), meta)
	if len(d.dests) > 0 || len(specs) > 0 {
		buf = append(buf, "/Names <<"...)
		if len(d.dests) > 0 {
			buf = appendRef(append(buf, "/Dests "...), dests)
		}
		if len(specs) > 0 {
			buf = appendRef(append(buf, "/EmbeddedFiles "...), files)
		}
		buf = append(buf, ">>"...)
	}
	if d.outlines.len() > 0 {
		buf = appendRef(append(buf, "/Outlines "...), outlines)
	}
	if intent.Num != 0 {
		buf = appendRef(append(buf, "/OutputIntents ["...), intent)
		buf = append(buf, ']')
	}
	if d.outlines.len() > 0 {
		buf = append(buf, "/PageMode /UseOutlines"...)
	}
	buf = appendRef(append(buf, "/Pages "...), pagesRef)
	buf = appendRef(append(buf, "/StructTreeRoot "...), structRoot)
	buf = append(buf, "/Type /Catalog/ViewerPreferences <</DisplayDocTitle true>>>>"...)
	w.SetRaw(b.catalog, buf[start:])
	return b, nil
}

func (d *Document) fontIndex(fs *fontState) int {
	for i, f := range d.fonts {
		if f == fs {
			return i
		}
	}
	return -1
}

// resourceEntry is one named resource of a page.
type resourceEntry struct {
	name pdfobj.Name
	ref  pdfobj.Ref
}

// appendResources appends a resource dictionary (fonts, images or
// graphics states by name), its keys in byte order as pdfobj writes a
// Dict. It sorts entries.
func appendResources(buf []byte, entries []resourceEntry) []byte {
	slices.SortFunc(entries, func(a, b resourceEntry) int { return strings.Compare(string(a.name), string(b.name)) })
	buf = append(buf, "<<"...)
	for _, e := range entries {
		buf = pdfobj.AppendName(buf, e.name)
		buf = appendRef(append(buf, ' '), e.ref)
	}
	return append(buf, ">>"...)
}

// compressAll compresses the pages' content streams into out using up to
// GOMAXPROCS goroutines and returns a function that waits for them. A
// page whose content was compressed before and has not grown since (see
// compressEarly) is not compressed again; the pages keep their results
// for the next Write.
func compressAll(pages []*Page, out [][]byte, compress func([]byte) []byte) (wait func()) {
	var todo []*Page
	for i, p := range pages {
		if p.pageDraw == nil { // its content went out (keepLess)
			continue
		}
		if p.sealed || p.packed != nil && p.packedLen == len(p.content) {
			out[i] = p.packed
		} else {
			todo = append(todo, p)
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(todo) {
					return
				}
				p := todo[i]
				p.packed, p.packedLen = compress(p.content), len(p.content)
				out[p.index] = p.packed
			}
		}()
	}
	return wg.Wait
}

// compressEarly starts compressing the content of p, a page the caller
// has moved on from, in the background, so that the compression of a
// long document overlaps its building instead of waiting for Write. At
// most one page is in flight per document; a page that is busy or that
// is drawn on again later is compressed by Write. Content is only ever
// appended to, so the bytes compressed stay valid while their length is
// the page's.
func (d *Document) compressEarly(p *Page) {
	if d.err != nil || p.sealed || len(p.content) == 0 || len(p.groups) > 0 {
		return
	}
	select {
	case d.earlySlot <- struct{}{}:
	default:
		return
	}
	content := p.content
	d.early.Add(1)
	go func() {
		defer d.early.Done()
		defer func() { <-d.earlySlot }()
		p.packed, p.packedLen = deflateContent(content), len(content)
	}()
}

// appendPageTree appends the page tree: its only node, with every page.
func (b *builder) appendPageTree(buf []byte, _ int) []byte {
	n := len(b.d.pages)
	buf = strconv.AppendInt(append(buf, "<</Count "...), int64(n), 10)
	buf = append(buf, "/Kids ["...)
	for i := range n {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = appendRef(buf, b.pageRef(i))
	}
	return append(buf, "]/Type /Pages>>"...)
}
