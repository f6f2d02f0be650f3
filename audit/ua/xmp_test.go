package ua

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// attrBomb returns the conforming packet with n extra attributes on each
// of elems rdf:Description elements.
func attrBomb(n, elems int) string {
	var a strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&a, ` a%d=""`, i)
	}
	desc := `<rdf:Description rdf:about=""` + a.String() + "/>\n"
	return strings.Replace(xmpPacket("T", true), "</rdf:RDF>", strings.Repeat(desc, elems)+"</rdf:RDF>", 1)
}

// TestParseXMPLimits: packets beyond each limit give a named limit error
// and nothing read; packets at the limits parse.
func TestParseXMPLimits(t *testing.T) {
	deep := strings.Repeat("<a>", maxXMPDepth+1) + strings.Repeat("</a>", maxXMPDepth+1)
	tests := []struct {
		name string
		xmp  string
		want string // substring of the limit error; "" for none
	}{
		{"attributes at the limit", attrBomb(maxXMPAttrs-1, 1), ""},
		{"attributes on one element", attrBomb(maxXMPAttrs, 1), "more than 1024 attributes on one element"},
		{"attributes without values", "<x " + strings.Repeat("b ", maxXMPAttrs+1) + "/>", "more than 1024 attributes on one element"},
		{"unquoted values", "<x " + strings.Repeat("b=c ", maxXMPAttrs+1) + "/>", "more than 1024 attributes on one element"},
		{"attributes in all", attrBomb(1000, 70), "more than 65536 attributes in all"},
		{"attributes in comments do not count", "<!-- " + strings.Repeat(`b="" `, 5000) + "-->" + xmpPacket("T", true), ""},
		{"quoted '>' in a value", `<x a=">` + strings.Repeat(" b", 2000) + `"/>` + xmpPacket("T", true), ""},
		{"nesting", deep, "more than 256 levels of nested elements"},
		{"tokens", strings.Repeat("<a/>", maxXMPTokens), "more than 1048576 XML tokens"},
		{"bytes", strings.Repeat(" ", maxXMPBytes+1), "more than 4194304 decoded bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info, err := parseXMP(context.Background(), []byte(tt.xmp))
			var limit *xmpLimitError
			if tt.want == "" {
				if err != nil || !info.hasPDFUAID || info.title == nil {
					t.Errorf("err = %v, info %+v; want the packet read", err, info)
				}
				return
			}
			if !errors.As(err, &limit) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want a limit error %q", err, tt.want)
			}
			if info.hasPDFUAID || info.title != nil {
				t.Errorf("a packet beyond a limit was read: %+v", info)
			}
		})
	}
}

// TestXMPAttributeBombMemory: the attribute bomb of issue 28 (one element
// with a huge attribute list) is refused without building its attributes:
// the bytes allocated stay under a fixed bound however long the list,
// where encoding/xml builds about 100 bytes per attribute.
func TestXMPAttributeBombMemory(t *testing.T) {
	for _, n := range []int{2000, 20000, 200000} {
		data := []byte(attrBomb(n, 1))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := parseXMP(context.Background(), data)
		runtime.ReadMemStats(&after)
		var limit *xmpLimitError
		if !errors.As(err, &limit) {
			t.Fatalf("%d attributes: err = %v, want a limit error", n, err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
			t.Errorf("%d attributes (%d bytes): %d bytes allocated, want under 64 KiB", n, len(data), got)
		}
	}
}

// TestXMPLimitFinding: through the audit, a packet beyond a limit gives
// one pdfua-7.1-8 finding naming the limit, not identification or title
// findings.
func TestXMPLimitFinding(t *testing.T) {
	rep := auditBytes(t, mini{tree: doc(leaf("P", nil)), xmp: attrBomb(5000, 1)}.build(t))
	if got := failedRules(rep); strings.Join(got, " ") != "pdfua-7.1-8" {
		t.Fatalf("failed rules = %v, want pdfua-7.1-8%s", got, describe(rep))
	}
	if msg := rep.Errors[0].Message; !strings.Contains(msg, "more than 1024 attributes on one element") {
		t.Errorf("message %q does not name the limit", msg)
	}
}

// TestXMPCancelled: parseXMP returns a done context's error.
func TestXMPCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := parseXMP(ctx, []byte(xmpPacket("T", true))); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// FuzzXMP: no packet panics the parser, and every error is a limit, an
// XML error or nil.
func FuzzXMP(f *testing.F) {
	f.Add([]byte(xmpPacket("T", true)))
	f.Add([]byte(attrBomb(3, 2)))
	f.Add([]byte(`<x a=">" b c=d e = 'f' <!-- g="" --> <![CDATA[ h="" ]]> <?pi i=""?> </x>`))
	f.Add([]byte(`<rdf:Alt xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:li xml:lang="x-default">a</rdf:li><rdf:li>b`))
	f.Add([]byte(`<a xmlns="u" xmlns:p="v" p:q="1" xml:lang="en"><p:r/></a><`))
	f.Fuzz(func(t *testing.T, data []byte) {
		parseXMP(context.Background(), data)
		scanXMPAttrs(data)
	})
}
