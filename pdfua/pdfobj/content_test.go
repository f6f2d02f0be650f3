package pdfobj

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseContent(t *testing.T) {
	src := "% comment\nq 1 0 0 1 72.5 -3 cm /P <</MCID 0 /Lang (en)>> BDC BT /F1 12 Tf [(A) -120 (B)] TJ ET EMC\n" +
		"/Artifact BMC 0 0 10 10 re f EMC BI /W 2 /H 1 /BPC 8 /CS /G ID \x01EI EI Q true null d0"
	ops, err := ParseContent([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, op := range ops {
		got = append(got, fmt.Sprintf("%s%d", op.Operator, len(op.Operands)))
	}
	want := "q0 cm6 BDC2 BT0 Tf2 TJ1 ET0 EMC0 BMC1 re4 f0 EMC0 EI1 Q0 d02"
	if strings.Join(got, " ") != want {
		t.Errorf("ops = %s\nwant  %s", strings.Join(got, " "), want)
	}
	bdc := ops[2]
	if props, ok := bdc.Operands[1].(Dict); !ok || props["MCID"] != Int(0) || Text(props["Lang"]) != "en" {
		t.Errorf("BDC operands = %v", bdc.Operands)
	}
	if cm, _ := Number(ops[1].Operands[4]); cm != 72.5 {
		t.Errorf("cm operand = %v", cm)
	}
	ei := ops[12]
	if string(ei.Data) != "\x01EI" {
		t.Errorf("inline image data = %q", ei.Data)
	}
	if d := ei.Operands[0].(Dict); d["W"] != Int(2) || d["CS"] != Name("G") {
		t.Errorf("inline image dict = %v", d)
	}
	if tj := ops[5].Operands[0].(Array); len(tj) != 3 {
		t.Errorf("TJ array = %v", tj)
	}
}

func TestParseContentErrors(t *testing.T) {
	for _, src := range []string{"BI /W 1 ID abc", "[1 2", "<< /A 1", strings.Repeat("[", 1000), ") Tj"} {
		if _, err := ParseContent([]byte(src)); err == nil {
			t.Errorf("%q: no error", clip([]byte(src)))
		}
	}
}
