package fonts

import (
	"strconv"
	"strings"

	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/harfbuzz"
)

// This file holds the OpenType features a caller asks for
// (ShapeOptions.Features: CSS font-feature-settings, font-variant-* and
// font-kerning) and what a face offers.

// HasFeature reports whether the face's GSUB or GPOS table has a feature
// of tag (four characters, e.g. "smcp").
func (f *Face) HasFeature(tag string) bool {
	if len(tag) != 4 {
		return false
	}
	pf, err := f.load()
	if err != nil {
		return false
	}
	t := ot.MustNewTag(tag)
	for _, ft := range pf.font.GSUB.Features {
		if ft.Tag == t {
			return true
		}
	}
	for _, ft := range pf.font.GPOS.Features {
		if ft.Tag == t {
			return true
		}
	}
	return false
}

// appendFeatures appends to dst the harfbuzz features of list, items
// "tag=value" joined by commas (ShapeOptions.Features); malformed items
// are skipped. Each applies to the whole text; of two items of a tag the
// later wins, as in harfbuzz.
func appendFeatures(dst []harfbuzz.Feature, list string) []harfbuzz.Feature {
	for item := range strings.SplitSeq(list, ",") {
		tag, val, ok := strings.Cut(item, "=")
		if !ok || len(tag) != 4 {
			continue
		}
		v, err := strconv.ParseUint(val, 10, 32)
		if err != nil {
			continue
		}
		dst = append(dst, harfbuzz.Feature{Tag: ot.MustNewTag(tag), Value: uint32(v),
			Start: harfbuzz.FeatureGlobalStart, End: harfbuzz.FeatureGlobalEnd})
	}
	return dst
}

// maxFeatureSets bounds the distinct feature lists one shaper state
// shapes with: harfbuzz keeps a plan per list in the buffer, so past it
// the buffer (and its plans) is replaced.
const maxFeatureSets = 32

// features returns the harfbuzz features for opts, kept for the next
// call with the same options.
func (sh *hbShaper) features(opts ShapeOptions) []harfbuzz.Feature {
	if opts.Features == "" {
		if opts.NoLigatures {
			return noLigatureFeatures
		}
		return nil
	}
	if sh.featList == opts.Features && sh.featNoLiga == opts.NoLigatures {
		return sh.feats
	}
	// a new slice: the buffer's plans may refer to the old one
	var feats []harfbuzz.Feature
	if opts.NoLigatures {
		feats = append(feats, noLigatureFeatures...)
	}
	sh.feats = appendFeatures(feats, opts.Features)
	sh.featList, sh.featNoLiga = opts.Features, opts.NoLigatures
	if sh.featSets++; sh.featSets > maxFeatureSets {
		sh.buf = harfbuzz.NewBuffer()
		sh.featSets = 0
	}
	return sh.feats
}
