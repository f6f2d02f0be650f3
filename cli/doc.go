// Package cli implements the folio command-line tool: Main runs one
// subcommand with the given arguments and standard streams and returns
// the process exit code.
//
// Subcommands:
//
//	convert -i in.html -o out.pdf [--audit] [--strict] [--fix] [--json]
//	        [--title T] [--author A] [--lang L] [--size S] [--orientation O]
//	convert - -o out.pdf            read HTML from standard input
//	render-template -t ID -d data.json -o out.pdf [--audit] [--html out.html] [--sample]
//	list-templates [--json]
//	inspect-pdf file.pdf [--json]
//	validate file.html|file.pdf [--json] [--min-score N]
//	batch DIR|manifest.jsonl -o OUTDIR [-j N] [--shard i/n] [--audit] [--strict] [--force]
//	serve [--addr :8080] [--api-keys-file F] …
//	version
//	help [subcommand]
//
// "-" stands for standard input as an input and for standard output as
// an output (-o -). Relative URLs in a converted file resolve in the
// file's directory and nowhere outside it; HTML read from standard input
// resolves relative URLs only with --base-dir.
//
// Only regular files are read (named pipes, devices, sockets and
// directories are refused, so nothing can block a read forever), and a
// file that is a symbolic link leading out of its directory — for batch,
// out of the tree given — is refused. Outputs are written through a
// temporary file in the output tree renamed into place: a link at a
// destination the CLI derived (batch, convert without -o) is replaced,
// never followed; a name given with -o is honoured as given (a link is
// written through, a pipe or device such as /dev/null written in place). Standard input, --timeout and
// SIGINT/SIGTERM: the conversion deadline covers reading the input, and
// a signal ends any command but serve within about 2s (exit 3); a second
// signal ends the process at once.
//
// Exit codes, the same for every subcommand:
//
//	0  success
//	1  the accessibility audit found errors where that is a failure:
//	   validate (or its score is below --min-score), and convert,
//	   render-template and batch with --strict (no output is written).
//	   With --audit alone the report is printed and the PDF written.
//	2  usage error or bad input: unknown flag, missing argument, unreadable
//	   or malformed input file, unknown template, invalid template data
//	3  internal error or exceeded limit: conversion failure, page/depth/
//	   time limits, output not writable, server failure
//
// Every option of serve may also come from a FOLIO_* environment
// variable (FOLIO_ADDR, FOLIO_MEMORY_BUDGET, …; `folio serve -h` lists
// them all); a flag given on the command line wins over the variable.
package cli
