package pdfobj

import (
	"os"
	"path/filepath"
	"testing"
)

// walkAll reads every object and decodes every stream, as the audit does.
func walkAll(f *File) {
	for _, n := range f.ObjectNumbers() {
		o := f.Resolve(Ref{Num: n})
		if s, ok := o.(*Stream); ok {
			if data, err := f.DecodeStream(s); err == nil {
				cp := NewContentParser(data)
				for i := 0; i < 10000; i++ {
					if _, err := cp.Next(); err != nil {
						break
					}
				}
			}
		}
	}
	f.Pages()
	if r := f.Root(); r != nil {
		f.NumberTree(r["PageLabels"])
	}
}

func FuzzOpen(f *testing.F) {
	f.Add(sampleDoc(f))
	f.Add([]byte("%PDF-1.7\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n2 0 obj\n<</Type/Pages/Kids[2 0 R]>>\nendobj\ntrailer<</Root 1 0 R>>"))
	f.Add([]byte("%PDF-1.5\n1 0 obj\n<</Type/XRef/W[1 2 1]/Size 3/Length 8>>\nstream\n\x01\x00\x0f\x00\x02\x00\x01\x00\nendstream\nendobj\nstartxref\n9\n%%EOF"))
	f.Add([]byte("%PDF-1.7\n1 0 obj\n<</Type/ObjStm/N 2/First 8/Length 20>>\nstream\n2 0 3 5 <<>> [1 2]\nendstream\nendobj\ntrailer<</Root 2 0 R>>"))
	// encrypted files the reader decrypts (RC4 and AES, revisions 2-6)
	for _, name := range []string{"rc4-40.pdf", "rc4-128.pdf", "aes-128.pdf", "aes-256.pdf", "aes-256-r5.pdf"} {
		data, err := os.ReadFile(filepath.Join("testdata", "encrypted", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := OpenWith(data, ReadOptions{MaxDecodedSize: 1 << 20})
		if err != nil {
			return
		}
		walkAll(file)
	})
}

func FuzzContent(f *testing.F) {
	f.Add([]byte("q BT /F1 12 Tf (x) Tj ET Q"))
	f.Add([]byte("/P <</MCID 0>> BDC BI /W 1 /H 1 ID x EI EMC"))
	f.Add([]byte("[<00ff> -3.5 (a\\)b)] TJ % c\n<</A [1 2 <<>>]>> d0"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ParseContent(data)
	})
}
