package pdfobj

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
)

// DefaultMaxDecodedSize caps the decoded size of one stream (256 MiB).
const DefaultMaxDecodedSize = 256 << 20

// ErrTooLarge is returned when decoding a stream would exceed the limit on
// decoded size (a decompression bomb or simply a huge stream).
var ErrTooLarge = errors.New("pdfobj: decoded stream exceeds size limit")

// ErrUnsupportedFilter is returned for filters the reader cannot decode.
var ErrUnsupportedFilter = errors.New("pdfobj: unsupported filter")

// isImageFilter reports filters that are passed through undecoded: their
// data is an image codec.
func isImageFilter(n Name) bool {
	switch n {
	case "DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode":
		return true
	}
	return false
}

// DecodeFilters applies the filter chain named by filter (a Name or an
// Array of names) with its parameters (a Dict, or an Array of Dicts/nulls)
// to data. Image codecs (DCT, JPX, CCITT, JBIG2) stop the chain and their
// input is returned as is. The output is capped at max bytes (no cap when
// max <= 0 … the default applies instead).
func DecodeFilters(data []byte, filter, parms Object, max int64) ([]byte, error) {
	var d decoder
	return d.decode(data, filter, parms, max)
}

// decoder keeps a zlib reader for reuse across streams.
type decoder struct {
	zr io.ReadCloser
	br bytes.Reader
}

func (d *decoder) decode(data []byte, filter, parms Object, max int64) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxDecodedSize
	}
	var names []Name
	var params []Dict
	switch f := filter.(type) {
	case nil, Null:
		return data, nil
	case Name:
		names = []Name{f}
		if d, ok := parms.(Dict); ok {
			params = []Dict{d}
		}
	case Array:
		if len(f) > 16 {
			return nil, fmt.Errorf("%w: chain of %d filters", ErrUnsupportedFilter, len(f))
		}
		for _, e := range f {
			n, ok := e.(Name)
			if !ok {
				return nil, fmt.Errorf("%w: filter entry is not a name", ErrUnsupportedFilter)
			}
			names = append(names, n)
		}
		if pa, ok := parms.(Array); ok {
			for _, e := range pa {
				d, _ := e.(Dict)
				params = append(params, d)
			}
		}
	default:
		return nil, fmt.Errorf("%w: /Filter is not a name or array", ErrUnsupportedFilter)
	}
	out := data
	for i, n := range names {
		var p Dict
		if i < len(params) {
			p = params[i]
		}
		if isImageFilter(n) {
			return out, nil
		}
		var err error
		out, err = d.decodeOne(out, n, p, max)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
	}
	return out, nil
}

func (d *decoder) decodeOne(data []byte, name Name, p Dict, max int64) ([]byte, error) {
	var out []byte
	var err error
	switch name {
	case "FlateDecode", "Fl":
		out, err = d.inflate(data, max)
	case "LZWDecode", "LZW":
		early := true
		if v, ok := p["EarlyChange"].(Int); ok && v == 0 {
			early = false
		}
		out, err = lzwDecode(data, early, max)
	case "ASCIIHexDecode", "AHx":
		out, err = asciiHexDecode(data)
	case "ASCII85Decode", "A85":
		out, err = ascii85Decode(data)
	case "RunLengthDecode", "RL":
		out, err = runLengthDecode(data, max)
	case "Crypt":
		// the data was deciphered when the object was read (crypt.go)
		out = data
	default:
		return nil, fmt.Errorf("%w %q", ErrUnsupportedFilter, string(name))
	}
	if err != nil {
		return nil, err
	}
	if name == "FlateDecode" || name == "Fl" || name == "LZWDecode" || name == "LZW" {
		return applyPredictor(out, p, max)
	}
	return out, nil
}

// readCapped reads r to the end, failing with ErrTooLarge beyond max bytes.
// A corrupt tail after some data is tolerated: what was decoded is kept,
// as viewers do.
func readCapped(r io.Reader, max int64, sizeHint int) ([]byte, error) {
	var buf bytes.Buffer
	if sizeHint > 0 && int64(sizeHint) < max {
		buf.Grow(sizeHint)
	}
	n, err := io.Copy(&buf, io.LimitReader(r, max+1))
	if n > max {
		return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, max)
	}
	if err != nil && buf.Len() == 0 {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (d *decoder) inflate(data []byte, max int64) ([]byte, error) {
	d.br.Reset(data)
	var err error
	if d.zr == nil {
		d.zr, err = zlib.NewReader(&d.br)
	} else {
		err = d.zr.(zlib.Resetter).Reset(&d.br, nil)
	}
	if err != nil {
		d.zr = nil
		// Some writers omit the zlib header: try raw deflate.
		return readCapped(flate.NewReader(bytes.NewReader(data)), max, 6*len(data))
	}
	return readCapped(d.zr, max, 6*len(data))
}

func asciiHexDecode(data []byte) ([]byte, error) {
	out := make([]byte, 0, len(data)/2)
	var hi byte
	half := false
	for _, c := range data {
		if c == '>' {
			break
		}
		if isWhite(c) {
			continue
		}
		v, ok := unhex(c)
		if !ok {
			return nil, fmt.Errorf("invalid hex digit %q", c)
		}
		if half {
			out = append(out, hi<<4|v)
		} else {
			hi = v
		}
		half = !half
	}
	if half {
		out = append(out, hi<<4)
	}
	return out, nil
}

func ascii85Decode(data []byte) ([]byte, error) {
	out := make([]byte, 0, len(data)*4/5+4)
	var group [5]byte
	n := 0
	i := 0
	if bytes.HasPrefix(data, []byte("<~")) {
		i = 2
	}
	for ; i < len(data); i++ {
		c := data[i]
		if isWhite(c) {
			continue
		}
		if c == '~' {
			break
		}
		if c == 'z' && n == 0 {
			out = append(out, 0, 0, 0, 0)
			continue
		}
		if c < '!' || c > 'u' {
			return nil, fmt.Errorf("invalid ASCII85 byte %q", c)
		}
		group[n] = c - '!'
		n++
		if n == 5 {
			v := uint64(0)
			for _, g := range group {
				v = v*85 + uint64(g)
			}
			if v > 0xFFFFFFFF {
				return nil, errors.New("ASCII85 group out of range")
			}
			out = append(out, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
			n = 0
		}
	}
	if n == 1 {
		return nil, errors.New("ASCII85 final group of one byte")
	}
	if n > 1 {
		for k := n; k < 5; k++ {
			group[k] = 84
		}
		v := uint64(0)
		for _, g := range group {
			v = v*85 + uint64(g)
		}
		b := []byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
		out = append(out, b[:n-1]...)
	}
	return out, nil
}

func runLengthDecode(data []byte, max int64) ([]byte, error) {
	out := make([]byte, 0, len(data)*2)
	for i := 0; i < len(data); {
		l := int(data[i])
		i++
		switch {
		case l == 128:
			return out, nil
		case l < 128:
			end := i + l + 1
			if end > len(data) {
				end = len(data)
			}
			out = append(out, data[i:end]...)
			i = end
		default:
			if i >= len(data) {
				return out, nil
			}
			for k := 0; k < 257-l; k++ {
				out = append(out, data[i])
			}
			i++
		}
		if int64(len(out)) > max {
			return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, max)
		}
	}
	return out, nil
}

// lzwDecode decodes PDF LZW data (MSB-first codes, 9–12 bits, clear code
// 256, end code 257; early change by default).
func lzwDecode(data []byte, early bool, max int64) ([]byte, error) {
	type entry struct {
		prefix int32
		last   byte
		first  byte
		length int32
	}
	table := make([]entry, 4096)
	for i := 0; i < 256; i++ {
		table[i] = entry{prefix: -1, last: byte(i), first: byte(i), length: 1}
	}
	next := 258
	width := 9
	prev := -1
	var out []byte
	var bitBuf uint32
	bits := 0
	pos := 0
	emit := func(code int) {
		l := int(table[code].length)
		start := len(out)
		for k := 0; k < l; k++ {
			out = append(out, 0)
		}
		c := code
		for k := l - 1; k >= 0; k-- {
			out[start+k] = table[c].last
			c = int(table[c].prefix)
			if c < 0 {
				break
			}
		}
	}
	for {
		for bits < width && pos < len(data) {
			bitBuf = bitBuf<<8 | uint32(data[pos])
			pos++
			bits += 8
		}
		if bits < width {
			return out, nil
		}
		code := int(bitBuf>>(uint(bits-width))) & (1<<width - 1)
		bits -= width
		switch {
		case code == 256:
			next, width, prev = 258, 9, -1
			continue
		case code == 257:
			return out, nil
		}
		switch {
		case prev < 0:
			if code > 255 {
				return nil, fmt.Errorf("invalid LZW code %d", code)
			}
			emit(code)
		case code < next:
			emit(code)
			if next < 4096 {
				table[next] = entry{prefix: int32(prev), last: table[code].first, first: table[prev].first, length: table[prev].length + 1}
				next++
			}
		case code == next && next < 4096:
			table[next] = entry{prefix: int32(prev), last: table[prev].first, first: table[prev].first, length: table[prev].length + 1}
			next++
			emit(code)
		default:
			return nil, fmt.Errorf("invalid LZW code %d", code)
		}
		prev = code
		if int64(len(out)) > max {
			return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, max)
		}
		e := 0
		if early {
			e = 1
		}
		if next+e >= 1<<width && width < 12 {
			width++
		}
	}
}

// lzwEncode is the inverse of lzwDecode with early change, used by tests.
func lzwEncode(data []byte) []byte {
	var out []byte
	var bitBuf uint64
	bits := 0
	width := 9
	put := func(code int) {
		bitBuf = bitBuf<<uint(width) | uint64(code)
		bits += width
		for bits >= 8 {
			out = append(out, byte(bitBuf>>uint(bits-8)))
			bits -= 8
		}
	}
	dict := map[string]int{}
	next := 258
	put(256)
	w := ""
	for _, c := range data {
		wc := w + string([]byte{c})
		if _, ok := dict[wc]; ok || len(wc) == 1 {
			w = wc
			continue
		}
		put(code(dict, w))
		dict[wc] = next
		next++
		switch {
		case next >= 4094:
			put(256)
			dict = map[string]int{}
			next = 258
			width = 9
		case next >= 1<<width:
			width++
		}
		w = string([]byte{c})
	}
	if w != "" {
		put(code(dict, w))
	}
	put(257)
	if bits > 0 {
		out = append(out, byte(bitBuf<<uint(8-bits)))
	}
	return out
}

func code(dict map[string]int, w string) int {
	if len(w) == 1 {
		return int(w[0])
	}
	return dict[w]
}

// applyPredictor undoes PNG (10–15) and TIFF (2) predictors.
func applyPredictor(data []byte, p Dict, max int64) ([]byte, error) {
	pred := intOr(p["Predictor"], 1)
	if pred <= 1 {
		return data, nil
	}
	colors := intOr(p["Colors"], 1)
	bpc := intOr(p["BitsPerComponent"], 8)
	columns := intOr(p["Columns"], 1)
	if colors < 1 || colors > 32 || columns < 1 || columns > 1<<20 {
		return nil, fmt.Errorf("invalid predictor parameters Colors %d Columns %d", colors, columns)
	}
	switch bpc {
	case 1, 2, 4, 8, 16:
	default:
		return nil, fmt.Errorf("invalid predictor BitsPerComponent %d", bpc)
	}
	bpp := (colors*bpc + 7) / 8
	rowLen := (colors*bpc*columns + 7) / 8
	if rowLen > len(data)+1 && len(data) > 0 {
		// A row longer than the data: only one partial row exists.
		rowLen = len(data) - 1
	}
	if pred == 2 {
		if bpc != 8 {
			return data, nil // TIFF predictor for other depths: rarely used
		}
		out := append([]byte(nil), data...)
		for r := 0; r+rowLen <= len(out); r += rowLen {
			row := out[r : r+rowLen]
			for i := bpp; i < len(row); i++ {
				row[i] += row[i-bpp]
			}
		}
		return out, nil
	}
	if pred < 10 {
		return nil, fmt.Errorf("unknown predictor %d", pred)
	}
	out := make([]byte, 0, len(data))
	prev := make([]byte, rowLen)
	for i := 0; i < len(data); i += rowLen + 1 {
		ft := data[i]
		end := i + 1 + rowLen
		if end > len(data) {
			end = len(data)
		}
		cur := make([]byte, rowLen)
		copy(cur, data[i+1:end])
		for k := 0; k < rowLen; k++ {
			var a, b, c byte
			if k >= bpp {
				a = cur[k-bpp]
				c = prev[k-bpp]
			}
			b = prev[k]
			switch ft {
			case 0:
			case 1:
				cur[k] += a
			case 2:
				cur[k] += b
			case 3:
				cur[k] += byte((int(a) + int(b)) / 2)
			case 4:
				cur[k] += paeth(a, b, c)
			default:
				return nil, fmt.Errorf("invalid PNG filter type %d", ft)
			}
		}
		out = append(out, cur[:end-i-1]...)
		prev = cur
		if int64(len(out)) > max {
			return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, max)
		}
	}
	return out, nil
}

func paeth(a, b, c byte) byte {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
	if pa <= pb && pa <= pc {
		return a
	}
	if pb <= pc {
		return b
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func intOr(o Object, def int) int {
	switch v := o.(type) {
	case Int:
		if v > 1<<30 || v < -(1<<30) {
			return def
		}
		return int(v)
	case Real:
		if v > 1<<30 || v < -(1<<30) {
			return def
		}
		return int(v)
	}
	return def
}
