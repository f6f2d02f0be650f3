package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// picture is one rasterised page: RGB, 3 bytes a pixel.
type picture struct {
	W, H int
	Pix  []byte
}

// rasterise renders every page of pdf at 96 dpi (one pixel per CSS px)
// with pdftoppm.
func rasterise(ctx context.Context, pdf []byte, tmp string) ([]picture, error) {
	dir, err := os.MkdirTemp(tmp, "r")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		return nil, err
	}
	out, err := exec.CommandContext(ctx, "pdftoppm", "-r", "96", "-l", "20", in, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("pdftoppm: %v: %s", err, strings.TrimSpace(string(out)))
	}
	names, err := filepath.Glob(filepath.Join(dir, "p*.ppm"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names) // p-01.ppm, p-02.ppm: pdftoppm pads the numbers
	var pics []picture
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		p, err := readPPM(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(n), err)
		}
		pics = append(pics, p)
	}
	return pics, nil
}

// readPPM decodes a binary PPM (P6, maxval 255).
func readPPM(data []byte) (picture, error) {
	r := bufio.NewReader(bytes.NewReader(data))
	var magic string
	var w, h, maxval int
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxval); err != nil || magic != "P6" || maxval != 255 {
		return picture{}, fmt.Errorf("not a P6 PPM with maxval 255")
	}
	if _, err := r.ReadByte(); err != nil { // the white space after maxval
		return picture{}, err
	}
	pix := make([]byte, w*h*3)
	if _, err := r.Read(pix[:0]); err != nil {
		return picture{}, err
	}
	n := 0
	for n < len(pix) {
		k, err := r.Read(pix[n:])
		if err != nil {
			return picture{}, fmt.Errorf("PPM data: %w", err)
		}
		n += k
	}
	return picture{W: w, H: h, Pix: pix}, nil
}

// same reports whether two renderings agree within f: the same number
// of pages, of the same sizes, differing in at most f.Pixels pixels by
// at most f.MaxDiff in any channel.
func same(a, b []picture, f fuzzy) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	differing := 0
	for i := range a {
		if a[i].W != b[i].W || a[i].H != b[i].H {
			return false
		}
		pa, pb := a[i].Pix, b[i].Pix
		for j := 0; j < len(pa); j += 3 {
			d := 0
			for c := 0; c < 3; c++ {
				x := int(pa[j+c]) - int(pb[j+c])
				if x < 0 {
					x = -x
				}
				d = max(d, x)
			}
			if d == 0 {
				continue
			}
			if d > f.MaxDiff {
				return false
			}
			differing++
			if differing > f.Pixels {
				return false
			}
		}
	}
	return true
}
