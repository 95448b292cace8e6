#!/bin/sh
# Fill port/ (next to this script) with the Carbon-Gomoku files pbrain-carbon is built from,
# apply the Random.cpp edit, generate the six table files, then print the make command.
# See ../README.md.
#
# usage: ./port.sh CARBON_DIR
#   CARBON_DIR is a clone of https://github.com/gomoku/Carbon-Gomoku.
#   If it is a git clone (has .git), each file is taken with `git show COMMIT:PATH` at the
#   commit listed below, whatever is checked out.  Otherwise (or with PORT_FROM_TREE=1) the
#   files are copied from the working tree as they are.
#   Needs python3 (or set PYTHON) for tools/gen_tables.py and tools/gen_hash.py.
set -eu

. "$(cd "$(dirname "$0")" && pwd)/../port-common.sh"
port_init CARBON_DIR "$@"
py=${PYTHON:-python3}

# commit  upstream path (the repository is flat; same name in port/)
FILES='
c3626aad71fbbed45cf6cb7602167d5f624a92c6 AICarbon.cpp
c3626aad71fbbed45cf6cb7602167d5f624a92c6 AICarbon.h
c3626aad71fbbed45cf6cb7602167d5f624a92c6 AICarbonMove.cpp
c3626aad71fbbed45cf6cb7602167d5f624a92c6 AICarbonHash.h
c3626aad71fbbed45cf6cb7602167d5f624a92c6 pisqpipe.cpp
c3626aad71fbbed45cf6cb7602167d5f624a92c6 pisqpipe.h
ab41c18186d6bb632460cda7879619ca99827b0f AIwrapper.cpp
0dcbe3738fcc3a139126ab70e9bebef12d14a622 OXTypes.h
0d3dc17ea543ed6f61dabcc04f2d429389c9de52 OXPlayer.h
7baddc67735c1b3f1f97a30c05ddfd6ec7bc04f6 Random.h
7baddc67735c1b3f1f97a30c05ddfd6ec7bc04f6 COUNT5.CPP
a5a7dc0541ffebb6f8264830195491e6d4dca8d3 Random.cpp
'

rm -rf "$port"
fetch_files "$up" "$port" "" "$FILES"

# Edit: _random(x) = x * rand() / RAND_MAX overflows int with glibc's RAND_MAX (2^31-1;
# MSVC's is 32767) and can reach x itself; scale in 64 bit to [0, x).
edit_file "$port/Random.cpp" \
	's|return x \* rand() / RAND_MAX;|return (int)((long long)x * rand() / ((long long)RAND_MAX + 1)); // port: glibc RAND_MAX is 2^31-1, x*rand() would overflow int|' \
	'(long long)RAND_MAX + 1' Random.cpp

# Generated tables (not taken from upstream, see ../README.md).  STATUS1 is declared
# non-const because AICarbon::initExact5() rewrites entries for the exact-five rule.
"$py" "$here/tools/gen_tables.py" STATUS1 > "$port/STATUS1.CPP"
edit_file "$port/STATUS1.CPP" \
	'1s|^const char STATUS1\[256\]\[256\] = {$|char STATUS1[256][256] = { // port: not const, initExact5() rewrites it|' \
	'^char STATUS1' 'STATUS1 declaration'
"$py" "$here/tools/gen_tables.py" CONFIG "$port/COUNT5.CPP" > "$port/CONFIG.CPP"
"$py" "$here/tools/gen_tables.py" PRIOR3 > "$port/PRIOR3.CPP"
for t in hashValA hashValB hashValC; do
	"$py" "$here/tools/gen_hash.py" "$t" > "$port/$t.cpp"
done

done_message "$here" "$up"
