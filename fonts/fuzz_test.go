package fonts

import (
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/go-text/typesetting/language"
)

// FuzzAddFace feeds arbitrary bytes as a font: AddFace must return an
// error or a usable face, never panic.
func FuzzAddFace(f *testing.F) {
	good := testFontData()
	f.Add([]byte{})
	f.Add(good)
	f.Add([]byte("OTTO\x00\x01"))
	f.Add(good[:4096])
	f.Add(good[:12+16*4])
	// A valid directory whose tables are corrupted.
	bad := append([]byte(nil), good[:20000]...)
	for i := 300; i < len(bad); i += 7 {
		bad[i] ^= 0x5A
	}
	f.Add(bad)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewRegistry(Options{})
		if err := r.AddFace("Fuzz", 400, StyleNormal, data); err != nil {
			return
		}
		face := r.Match(Query{Families: []string{"Fuzz"}})
		_ = face.Metrics()
		_ = face.PostScriptName()
		runs, _ := r.Shape("Hello, wörld ffi", Query{Families: []string{"Fuzz"}}, 10, ShapeOptions{})
		var used []GID
		for _, run := range runs {
			for _, g := range run.Glyphs {
				if g.ID == 0 {
					t.Fatal("glyph 0 emitted")
				}
				used = append(used, g.ID)
			}
		}
		_, _ = face.Subset(used)
	})
}

// FuzzShape shapes arbitrary strings: runs must cover the text exactly and
// never contain glyph 0; line breaks and bidi levels must stay in range.
func FuzzShape(f *testing.F) {
	for _, s := range []string{"", "ffi ♥ → ✓ Ωμέγα Привет", "שלום a 12", "\u00AD\u200D\u0301", "\xff\xfe", "中\t\n", "a\u0300\u0301\u0302"} {
		f.Add(s, uint8(0))
	}
	r := NewRegistry(Options{})
	fams := [][]string{{"serif"}, {"sans-serif"}, {"monospace"}, {"DejaVu Sans"}}
	f.Fuzz(func(t *testing.T, text string, sel uint8) {
		if len(text) > 4096 {
			return
		}
		dir := LTR
		if sel&4 != 0 {
			dir = RTL
		}
		q := Query{Families: fams[int(sel)%len(fams)], Weight: 100 * (1 + int(sel)%9)}
		runs, _ := r.Shape(text, q, 12, ShapeOptions{Direction: dir, NoLigatures: sel&8 != 0})
		got := ""
		for _, run := range runs {
			got += run.Text
			for _, g := range run.Glyphs {
				if g.ID == 0 {
					t.Fatalf("glyph 0 in %q", run.Text)
				}
				if g.Cluster < 0 || int(g.Cluster) >= len(run.Text) {
					t.Fatalf("cluster %d outside %q", g.Cluster, run.Text)
				}
			}
		}
		if got != text {
			t.Fatalf("runs cover %q, want %q", got, text)
		}
		prev := 0
		for _, b := range LineBreaks(text) {
			if b.Offset <= prev || b.Offset > len(text) {
				t.Fatalf("break %d out of order/range in %q", b.Offset, text)
			}
			prev = b.Offset
		}
		if levels := BidiLevels(text, dir); len(levels) != len(text) {
			t.Fatalf("%d levels for %d bytes", len(levels), len(text))
		}
		_ = utf8.ValidString(text)
	})
}

// TestCorruptTables scrambles each table of a real font in turn: loading,
// shaping and subsetting must fail cleanly or work, never panic or emit
// glyph 0.
func TestCorruptTables(t *testing.T) {
	good := testFontData()
	n := int(u16(good, 4))
	accepted := 0
	defer func() {
		if accepted == 0 {
			t.Error("every corrupted font was rejected: the test exercises nothing")
		}
		t.Logf("%d of %d corrupted fonts loaded", accepted, 3*n)
	}()
	for k := 0; k < n; k++ {
		tag := string(good[12+16*k : 16+16*k])
		off, length := int(u32(good, 20+16*k)), int(u32(good, 24+16*k))
		for seed := 0; seed < 3; seed++ {
			data := append([]byte(nil), good...)
			x := uint32(2654435761 * uint32(seed+1))
			for i := off; i < off+length; i += 1 + int(x%5) {
				x = x*1664525 + 1013904223
				data[i] = byte(x >> 24)
			}
			r := NewRegistry(Options{})
			if err := r.AddFace("Corrupt", 400, StyleNormal, data); err != nil {
				continue
			}
			accepted++
			q := Query{Families: []string{"Corrupt"}}
			face := r.Match(q)
			runs, _ := r.Shape("Hello, wörld ffi AV ΩПривет", q, 10, ShapeOptions{})
			var used []GID
			for _, run := range runs {
				for _, g := range run.Glyphs {
					if g.ID == 0 {
						t.Fatalf("table %q seed %d: glyph 0", tag, seed)
					}
					if run.Face == face {
						used = append(used, g.ID)
					}
				}
			}
			_, _ = face.Subset(used)
			_ = face.Metrics()
		}
	}
}

// FuzzSimpleShape compares the Latin-1 shortcut with harfbuzz on arbitrary
// words in the bundled faces: whenever the shortcut takes a word, its
// glyphs, positions and clusters must be harfbuzz's.
func FuzzSimpleShape(f *testing.F) {
	for _, s := range []string{"AVAVA", "Page ", "1111", "viii", "Ta.", "ffi", "\u00e9t\u00e9 ", "x\u00a0y", "\xc3("} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(13))
	}
	r := NewRegistry(Options{})
	var faces []*Face
	for _, fam := range []string{FamilySerif, FamilySans, FamilyMono, FamilyDejaVu, FamilyDejaVuSer, FamilyDejaVuMon} {
		faces = append(faces, r.Families(fam)...)
	}
	langs := []string{"", "en", "tr", "nl", "de"}
	f.Fuzz(func(t *testing.T, word string, sel uint8) {
		if len(word) > 64 {
			return
		}
		face := faces[int(sel)%len(faces)]
		opts := ShapeOptions{Lang: langs[int(sel/32)%len(langs)], NoLigatures: sel&16 != 0}
		pf, err := face.load()
		if err != nil {
			t.Fatal(err)
		}
		got, ok := pf.simple().shape(nil, word)
		if !ok {
			return
		}
		sh := face.getShaper(pf)
		defer face.shapers.Put(sh)
		want := sh.shape(face, pf, word, language.Latin, shapingLanguage(opts.Lang), opts)
		if !slices.Equal(got, want.glyphs) || len(want.missing) > 0 {
			t.Fatalf("%s %+v %q:\nshortcut %+v\nharfbuzz %+v", face, opts, word, got, want.glyphs)
		}
	})
}
