package ua

import (
	"context"
	"testing"
)

// TestCIDCMapLookup: the first-defined cidrange wins where ranges
// overlap, cidchar wins over ranges, and mappings to CIDs outside
// 0..65535 are dropped (a negative CID used to index the font's tables).
func TestCIDCMapLookup(t *testing.T) {
	m := parseCIDCMap([]byte(`3 begincidrange
<0010> <0020> 100
<0000> <FFFF> 0
<0015> <0016> 7
endcidrange
1 begincidrange <00010000> <00020000> 65535 endcidrange
3 begincidchar <0018> 5 <0019> -5 <001A> 70000 endcidchar`))
	tests := []struct {
		code uint32
		want int
	}{
		{0x0F, 0x0F}, {0x10, 100}, {0x15, 105}, {0x18, 5}, {0x19, 109}, {0x1A, 110},
		{0x21, 0x21}, {0xFFFF, 0xFFFF}, {0x10000, 65535}, {0x10001, 0}, {0x30000, 0},
	}
	for _, tt := range tests {
		if got, ok := m.lookup(tt.code); !ok || got != tt.want {
			t.Errorf("code %#x = CID %d %v, want %d", tt.code, got, ok, tt.want)
		}
	}
}

// TestHostileCMaps audits documents whose embedded CMap or ToUnicode
// CMap is malformed: each gives findings, not a panic.
func TestHostileCMaps(t *testing.T) {
	tests := []struct {
		name, cmap, toUnicode string
	}{
		{"negative CID", "1 begincidchar <0024> -5 endcidchar", ""},
		{"CID past 65535", "1 begincidrange <0000> <FFFF> 4294967295 endcidrange", ""},
		{"empty bfrange array", "1 begincidrange <0000> <FFFF> 0 endcidrange", "1 beginbfrange <0000> <0001> [] endbfrange"},
		{"bfrange to a name", "1 begincidrange <0000> <FFFF> 0 endcidrange", "1 beginbfrange <0000> <FFFF> /A endbfrange"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := type0Font(tt.cmap, 0, "Identity")
			if tt.toUnicode != "" {
				res = type0FontToUnicode(tt.cmap, tt.toUnicode)
			}
			m := mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC BT /F1 12 Tf <000000010024> Tj ET EMC\n", resources: res}
			if _, err := Audit(context.Background(), m.build(t), Options{}); err != nil {
				t.Fatal(err)
			}
		})
	}
}
