#!/usr/bin/env bash
# Installs what folio's tests and tools need on a fresh machine: the Go
# modules, and poppler-utils + qpdf (pdftotext, pdfinfo, pdftoppm, qpdf)
# which the conformance tests use to check produced PDFs from outside.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
go mod download
