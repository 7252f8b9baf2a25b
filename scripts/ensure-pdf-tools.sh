#!/usr/bin/env bash
# Makes sure Debian's qpdf and poppler-utils (pdftotext, pdftoppm) are installed: the integration tests check
# the documents the server writes with `qpdf --check` and read their text with `pdftotext`.
set -euo pipefail
if command -v qpdf >/dev/null && command -v pdftotext >/dev/null; then exit 0; fi
echo "Installing qpdf and poppler-utils from Debian's packages..."
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq qpdf poppler-utils >/dev/null
