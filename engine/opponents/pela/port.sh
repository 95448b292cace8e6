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

if [ $# -ne 1 ]; then
	echo "usage: $0 PISKVORK_DIR" >&2
	exit 2
fi
up=$1
here=$(cd "$(dirname "$0")" && pwd)
port=$here/port

# commit  upstream path  (port/ path = upstream path without "source/")
FILES='
3232c009cb736ef667b090ed6714530b2b2be2ee source/pbrain/alfabeta.cpp
3232c009cb736ef667b090ed6714530b2b2be2ee source/pbrain/piskcomp.cpp
3232c009cb736ef667b090ed6714530b2b2be2ee source/pbrain/pisktur.cpp
e79c96ff7a6ecc7ea9a4dfc4de628af07e6de223 source/pbrain/board.h
3232c009cb736ef667b090ed6714530b2b2be2ee source/skelet_CPP/pisqpipe.cpp
3232c009cb736ef667b090ed6714530b2b2be2ee source/skelet_CPP/pisqpipe.h
'

if [ -e "$up/.git" ] && [ "${PORT_FROM_TREE:-0}" != 1 ]; then
	mode=git
else
	mode=tree
fi

rm -rf "$port"
mkdir -p "$port/pbrain" "$port/skelet_CPP"

while read -r commit path; do
	[ -n "$path" ] || continue
	dest=$port/${path#source/}
	if [ "$mode" = git ]; then
		if ! git -C "$up" cat-file -e "$commit:$path" 2>/dev/null; then
			echo "port.sh: $commit:$path not found in $up (full clone needed)" >&2
			exit 1
		fi
		git -C "$up" show "$commit:$path" > "$dest"
	else
		if [ ! -f "$up/$path" ]; then
			echo "port.sh: $up/$path not found" >&2
			exit 1
		fi
		cp "$up/$path" "$dest"
	fi
done <<LIST
$FILES
LIST

# The one edit: Windows path separators in board.h's include of the protocol header.
sed 's|#include "\.\.\\skelet_CPP\\pisqpipe\.h"|#include "../skelet_CPP/pisqpipe.h"|' \
	"$port/pbrain/board.h" > "$port/pbrain/board.h.tmp"
mv "$port/pbrain/board.h.tmp" "$port/pbrain/board.h"
if ! grep -q '#include "\.\./skelet_CPP/pisqpipe\.h"' "$port/pbrain/board.h"; then
	echo "port.sh: board.h include edit did not apply" >&2
	exit 1
fi

if [ "$mode" = tree ]; then
	echo "port.sh: copied from the working tree of $up (commits not checked)"
fi
echo "port.sh: $port ready.  Build with:"
echo "  make -C $here"
