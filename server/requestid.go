package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
)

type ctxKey int

const requestIDKey ctxKey = iota

// requestID returns the request id stored in ctx, or "".
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// validRequestID reports whether a client-supplied X-Request-ID is safe to
// echo and log: 1–128 visible ASCII characters without quotes or
// backslashes.
func validRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// newRequestID returns 16 random bytes in hex.
func newRequestID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
