package ua

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEncryptedFilesAudit audits one conforming document encrypted by
// qpdf with the empty user password in each scheme of the standard
// security handler: decrypted, they audit as the plain file does (their
// language tags, alternative text, XMP metadata and content would
// otherwise read as noise). The accessibility permission (/P bit 10) is
// checked, and a file with a user password stays unreadable and says so.
func TestEncryptedFilesAudit(t *testing.T) {
	tests := []struct {
		file string
		want []string // failed rules
	}{
		{"plain.pdf", nil},
		{"rc4-40.pdf", nil},     // qpdf --encrypt '' owner 40
		{"rc4-128.pdf", nil},    // 128 --use-aes=n (revision 3)
		{"aes-128.pdf", nil},    // 128 --use-aes=y (revision 4)
		{"aes-256.pdf", nil},    // 256 (revision 6)
		{"aes-256-r5.pdf", nil}, // 256 --force-R5
		{"rc4-128-no-accessibility.pdf", []string{"pdfua-7.16-1"}}, // 128 --use-aes=n --accessibility=n
		{"aes-256-user-password.pdf", []string{ruleEncrypted}},     // --encrypt secret owner 256
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "encrypted", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			rep := auditBytes(t, data)
			if got := failedRules(rep); strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("failed rules = %v, want %v%s", got, tt.want, describe(rep))
			}
			if tt.want == nil && (rep.Document.Pages != 1 || rep.Document.Title != "Mini") {
				t.Errorf("document %+v, want 1 page titled Mini", rep.Document)
			}
		})
	}
}
