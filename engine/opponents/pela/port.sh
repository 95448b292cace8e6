#!/bin/sh
# Fill port/ (next to this script) with the Piskvork files pbrain-pela is built from,
# apply the one Linux edit, then print the make command.  See ../README.md.
#
# usage: ./port.sh PISKVORK_DIR
#   PISKVORK_DIR is a clone of https://github.com/plastovicka/Piskvork.
#   If it is a git clone (has .git), each file is taken with `git show COMMIT:PATH` at the
#   commit listed below, whatever is checked out.  Otherwise (or with PORT_FROM_TREE=1) the
#   files are copied from the working tree as they are.
set -eu

. "$(cd "$(dirname "$0")" && pwd)/../port-common.sh"
port_init PISKVORK_DIR "$@"

# commit  upstream path  (port/ path = upstream path without "source/")
FILES='
3232c009cb736ef667b090ed6714530b2b2be2ee source/pbrain/alfabeta.cpp
3232c009cb736ef667b090ed6714530b2b2be2ee source/pbrain/piskcomp.cpp
3232c009cb736ef667b090ed6714530b2b2be2ee source/pbrain/pisktur.cpp
e79c96ff7a6ecc7ea9a4dfc4de628af07e6de223 source/pbrain/board.h
3232c009cb736ef667b090ed6714530b2b2be2ee source/skelet_CPP/pisqpipe.cpp
3232c009cb736ef667b090ed6714530b2b2be2ee source/skelet_CPP/pisqpipe.h
'

rm -rf "$port"
fetch_files "$up" "$port" source/ "$FILES"

# The one edit: Windows path separators in board.h's include of the protocol header.
edit_file "$port/pbrain/board.h" \
	's|#include "\.\.\\skelet_CPP\\pisqpipe\.h"|#include "../skelet_CPP/pisqpipe.h"|' \
	'#include "\.\./skelet_CPP/pisqpipe\.h"' board.h

done_message "$here" "$up"
