package templates

import "unicode/utf8"

// certificateData is the official_certificate template's data
// (schemas/official_certificate.schema.json).
type certificateData struct {
	Lang            string      `json:"lang"`
	Authority       authority   `json:"authority"`
	Title           string      `json:"title"`
	Preamble        string      `json:"preamble"`
	Recipient       string      `json:"recipient"`
	Achievement     string      `json:"achievement"`
	Description     string      `json:"description"`
	Date            string      `json:"date"`
	Place           string      `json:"place"`
	CertificateID   string      `json:"certificate_id"`
	Signatories     []signatory `json:"signatories"`
	Seal            *altImage   `json:"seal"`
	VerificationURL string      `json:"verification_url"`
}

type authority struct {
	Name       string    `json:"name"`
	Department string    `json:"department"`
	Logo       *altImage `json:"logo"`
}

type signatory struct {
	Name string `json:"name"`
	Role string `json:"role"`
}

// altImage is an image with its alternative text.
type altImage struct {
	Image Image  `json:"image"`
	Alt   string `json:"alt"`
}

type certificateView struct {
	certificateData
	DateText string
	// Long marks texts long enough to be set in a smaller size so that the
	// certificate stays on one page.
	LongTitle, LongRecipient, LongAchievement, LongDescription bool
	// Dense tightens the spacing when several texts are long.
	Dense bool
}

func buildCertificate(in input, ps *problems) (any, string, string) {
	var d certificateData
	if !decodeInto(in, &d, ps) {
		return nil, "", ""
	}
	if d.Seal != nil {
		checkImage("data.seal.image", d.Seal.Image, ps)
	}
	if d.Authority.Logo != nil {
		checkImage("data.authority.logo.image", d.Authority.Logo.Image, ps)
	}
	loc, _ := localeFor(d.Lang)
	if d.Title == "" {
		d.Title = loc.label("certificate")
	}
	if d.Preamble == "" {
		d.Preamble = loc.label("certify")
	}
	v := certificateView{certificateData: d, DateText: formatDate(d.Lang, d.Date),
		LongTitle:       utf8.RuneCountInString(d.Title) > 36,
		LongRecipient:   utf8.RuneCountInString(d.Recipient) > 36,
		LongAchievement: utf8.RuneCountInString(d.Achievement) > 70,
		LongDescription: utf8.RuneCountInString(d.Description) > 180,
	}
	long := 0
	for _, l := range []bool{v.LongTitle, v.LongRecipient, v.LongAchievement, v.LongDescription,
		utf8.RuneCountInString(d.Authority.Name) > 60, len(d.Signatories) == 3} {
		if l {
			long++
		}
	}
	v.Dense = long >= 2
	return v, d.Lang, d.Title + " – " + d.Recipient
}
