package pdfua

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestAppendMilli: thousandths are written as pdfobj.AppendReal writes
// the rounded value, for every value of a few thousand units and for
// large, tiny, negative and non-finite ones.
func TestAppendMilli(t *testing.T) {
	check := func(m float64) {
		t.Helper()
		if got, want := string(appendMilli(nil, m)), string(pdfobj.AppendReal(nil, m/1000)); got != want {
			t.Fatalf("appendMilli(%v) = %q, want %q", m, got, want)
		}
	}
	for m := -200_000; m <= 200_000; m++ {
		check(float64(m))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50_000 {
		check(math.Round((rng.Float64()*2 - 1) * math.Pow(10, float64(rng.IntN(16)))))
	}
	for _, m := range []float64{maxMilli - 1, maxMilli, -maxMilli + 1, 1e15, -1e15, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1)} {
		check(m)
	}
}

// TestPathMilli: the Milli methods (RectMilli too) write and bound a path as the plain
// ones do with the coordinates rounded to 1/1000 unit.
func TestPathMilli(t *testing.T) {
	r := func(v float64) float64 { return math.Round(v*1000) / 1000 }
	pts := [][2]float64{{62.69291, 747.220374}, {-0.0004, 0.0005}, {1e6 + 0.0015, -2e7 - 0.123456}, {595.2756, 841.8898}}
	var plain, milli Path
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		plain.MoveTo(r(p[0]), r(p[1])).LineTo(r(q[0]), r(q[1])).CurveTo(r(p[0]), r(q[1]), r(q[0]), r(p[1]), r(p[1]), r(q[0])).Close()
		milli.MoveToMilli(p[0], p[1]).LineToMilli(q[0], q[1]).CurveToMilli(p[0], q[1], q[0], p[1], p[1], q[0]).Close()
		plain.Rect(Rect{r(p[0]), r(p[1]), r(q[0] - p[0]), r(q[1])})
		milli.RectMilli(Rect{p[0], p[1], q[0] - p[0], q[1]})
	}
	if string(plain.ops) != string(milli.ops) {
		t.Errorf("ops\n%s\nwant\n%s", milli.ops, plain.ops)
	}
	if plain.bounds != milli.bounds {
		t.Errorf("bounds %v, want %v", milli.bounds, plain.bounds)
	}
}

// BenchmarkAppendMilli writes page coordinates through appendMilli and,
// for comparison, through pdfobj.AppendReal as before.
func BenchmarkAppendMilli(b *testing.B) {
	vals := make([]float64, 1024)
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range vals {
		vals[i] = math.Round(rng.Float64() * 842_000)
	}
	buf := make([]byte, 0, 16<<10)
	b.Run("milli", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			buf = appendMilli(buf[:0], vals[i%len(vals)])
		}
	})
	b.Run("AppendReal", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			buf = pdfobj.AppendReal(buf[:0], vals[i%len(vals)]/1000)
		}
	})
}
