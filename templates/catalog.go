package templates

import (
	"encoding/json"
	"strconv"
)

// catalogData is the product_catalog template's data
// (schemas/product_catalog.schema.json).
type catalogData struct {
	Lang       string     `json:"lang"`
	Title      string     `json:"title"`
	Subtitle   string     `json:"subtitle"`
	Publisher  string     `json:"publisher"`
	Edition    string     `json:"edition"`
	Intro      string     `json:"intro"`
	Currency   string     `json:"currency"`
	Categories []category `json:"categories"`
}

type category struct {
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Products    []product `json:"products"`
}

type product struct {
	Name        string      `json:"name"`
	SKU         string      `json:"sku"`
	Description string      `json:"description"`
	Price       json.Number `json:"price"`
	Currency    string      `json:"currency"`
	Image       Image       `json:"image"`
	ImageAlt    string      `json:"image_alt"`
	Attributes  []attribute `json:"attributes"`
}

type attribute struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type catalogView struct {
	catalogData
	Categories []categoryView
}

type categoryView struct {
	category
	Anchor   string
	Products []productView
}

type productView struct {
	product
	PriceText string
}

func buildCatalog(in input, ps *problems) (any, string, string) {
	var d catalogData
	if !decodeInto(in, &d, ps) {
		return nil, "", ""
	}
	loc, _ := localeFor(d.Lang)
	v := catalogView{catalogData: d}
	skus := map[string]string{}
	for i, c := range d.Categories {
		cv := categoryView{category: c, Anchor: "category-" + strconv.Itoa(i+1)}
		for j, p := range c.Products {
			path := "data.categories[" + strconv.Itoa(i) + "].products[" + strconv.Itoa(j) + "]"
			if p.Image != "" {
				checkImage(path+".image", p.Image, ps)
				if p.ImageAlt == "" {
					ps.add(path+".image_alt", "required when image is given")
				}
			}
			if prev, dup := skus[p.SKU]; dup {
				ps.add(path+".sku", "expected a unique SKU, %q is also used by %s", p.SKU, prev)
			} else {
				skus[p.SKU] = path
			}
			cur := p.Currency
			if cur == "" {
				cur = d.Currency
			}
			cv.Products = append(cv.Products, productView{product: p, PriceText: loc.number(formatMoney(decimal(p.Price), cur))})
		}
		v.Categories = append(v.Categories, cv)
	}
	return v, d.Lang, d.Title
}
