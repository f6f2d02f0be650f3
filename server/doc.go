// Package server is folio's HTTP API: an http.Handler serving /api/v1
// (render, render-template, templates, validate, health, openapi.json) and
// /metrics, with the limits and the error model a public service needs.
//
// Every error is an RFC 9457 problem document (application/problem+json)
// with a stable machine-readable code; see Problem, which repeats at most
// a bounded part of any input. Request bodies are limited
// (Config.MaxBodyBytes), and a request is admitted into a budget of body
// bytes held at once (Config.BodyBudget) before its body is read, so that
// concurrent large bodies cannot exhaust memory; renders run under a deadline
// (Config.RenderTimeout) and a concurrency limit with a bounded queue
// (Config.MaxConcurrent, Config.MaxQueue), and request HTML can read
// nothing but the request's own multipart parts and data: URIs.
//
// The conversion work is behind the Engine interface so that handlers can
// be tested with a fake; DefaultEngine calls the folio facade and the
// built-in templates.
//
// Run serves a handler on an address with production timeouts and a
// graceful shutdown when its context ends.
package server
