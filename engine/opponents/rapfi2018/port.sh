#!/bin/sh
# Fill port/ (next to this script) with the Rapfi (2018) files pbrain-rapfi2018 is built
# from, apply the Linux edits, then print the make command.  See ../README.md.
#
# usage: ./port.sh RAPFI_DIR
#   RAPFI_DIR is a clone of https://github.com/dhbloo/Rapfi-gomocup (the 2018 engine, not
#   dhbloo/rapfi).  If it is a git clone (has .git), each file is taken with
#   `git show COMMIT:PATH` at the commit listed below, whatever is checked out.  Otherwise
#   (or with PORT_FROM_TREE=1) the files are copied from the working tree as they are.
set -eu

. "$(cd "$(dirname "$0")" && pwd)/../port-common.sh"
port_init RAPFI_DIR "$@"

# commit  upstream path  (port/ path = upstream path without "AIRapFi/")
# Build set as in AIRapFi/AIRapFi.vcxproj at e2379d9 (which adds Config.cpp, the built-in
# evaluation tables); the c4aa854 files are unchanged in e2379d9.
FILES='
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/Board.cpp
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/Board.h
e2379d9fb956a198bd5aee24a3765f8544130ba3 AIRapFi/Config.cpp
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/Define.h
e2379d9fb956a198bd5aee24a3765f8544130ba3 AIRapFi/Evaluator.cpp
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/Evaluator.h
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/HashTable.cpp
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/HashTable.h
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/Main.cpp
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/MoveDatabase.cpp
c4aa854c786f163fdd9180a23c8b4951793f596f AIRapFi/Search.cpp
e2379d9fb956a198bd5aee24a3765f8544130ba3 AIRapFi/Search.h
'

rm -rf "$port"
fetch_files "$up" "$port" AIRapFi/ "$FILES"

# Edit 1: Define.h defines a global std::mt19937_64 named `random`, which clashes with
# glibc's random() from <stdlib.h> ("redeclared as different kind of entity").  Rename it
# and keep the uses (Board.cpp `random()`, Evaluator.cpp/Search.cpp `dis(random)`) through
# a macro.  rapfi_compat.h (force-included) declares random() before the macro.
edit_file "$port/Define.h" \
	's|^static std::mt19937_64 random(time(NULL));$|static std::mt19937_64 rapfi_random(time(NULL)); // port: glibc has random()\n#define random rapfi_random|' \
	'^#define random rapfi_random$' Define.h

# Edit 2: getTime() uses clock(), which MSVC implements as wall-clock time since process
# start but glibc as processor time of the process.  Use a monotonic wall clock (ms).
edit_file "$port/Define.h" \
	's|return clock() \* 1000L / CLOCKS_PER_SEC;|return (long)std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count(); // port: wall clock, as MSVC clock()|' \
	'return (long)std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now()' Define.h

# Edit 3: header name case (<Windows.h> -> <windows.h>, i.e. ../compat/windows.h).
edit_file "$port/Evaluator.cpp" \
	's|^#include <Windows.h>|#include <windows.h>|' \
	'^#include <windows.h>' Evaluator.cpp

# Edit 4: the default config path ("config" next to the binary) is built with Windows
# path separators.
edit_file "$port/Main.cpp" \
	"s|strPath.find_last_of('\\\\\\\\', strPath.length());|strPath.find_last_of('/', strPath.length()); // port: path separator|" \
	"strPath.find_last_of('/', strPath.length());" Main.cpp
edit_file "$port/Main.cpp" \
	's|return path + "\\\\config";|return path + "/config"; // port: path separator|' \
	'return path + "/config";' Main.cpp

done_message "$here" "$up"
