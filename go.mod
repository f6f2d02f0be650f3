module github.com/seed28491532/folio

go 1.26.8

require (
	github.com/andybalholm/cascadia v1.3.5 // indirect
	github.com/go-fonts/dejavu v0.3.2 // indirect
	github.com/go-fonts/liberation v0.3.3 // indirect
	github.com/go-text/typesetting v0.3.5 // indirect
	github.com/prometheus/client_golang v1.25.0 // indirect
	github.com/tdewolff/parse/v2 v2.8.20 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
