// Package server is folio's HTTP API: an http.Handler serving /api/v1
// (render, render-template, templates, validate, inspect, health,
// openapi.json), /metrics and the playground page at / (Config.DisableUI
// turns it off), with the limits and the error model a public service
// needs.
//
// Every error is an RFC 9457 problem document (application/problem+json)
// with a stable machine-readable code; see Problem, which repeats at most
// a bounded part of any input. Request bodies are limited
// (Config.MaxBodyBytes). Admission is by memory: before its body is read a
// request reserves the memory its render is estimated to need, from its
// size (cost.go), in a budget (Config.MemoryBudget, with the body bytes
// themselves in Config.BodyBudget); requests that do not fit wait in
// arrival order, and only when the budget and the queue
// (Config.MaxQueue) are both full is one refused, with 503 and
// Retry-After. Admitted requests render under a deadline
// (Config.RenderTimeout), at most Config.MaxConcurrent at once, and
// request HTML can read nothing but the request's own multipart parts
// and data: URIs.
//
// The conversion work is behind the Engine interface so that handlers can
// be tested with a fake; DefaultEngine calls the folio facade and the
// built-in templates.
//
// Run serves a handler on an address with production timeouts and a
// graceful shutdown when its context ends.
package server
