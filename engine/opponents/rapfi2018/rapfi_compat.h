/* Linux stand-ins for the MSVC/Win32 names Rapfi (dhbloo/Rapfi-gomocup, AIRapFi/) uses
   beyond ../compat/windows.h.  Force-included into every file with -include (our own file;
   no upstream code).
   - C headers that MSVC's <string>/<iostream> bring in transitively and the code relies on
     (SHRT_MIN, INT_MAX, LONG_MAX, INT32_MIN, logf/roundf/floorf, memset); <stdlib.h> must
     also come before Define.h's "#define random rapfi_random" (see port.sh).
   - <chrono> for Define.h's getTime() (port.sh makes it use steady_clock).
   - sscanf_s: only used with %d/%f and, in main(), "config=%s" with a size argument that
     sscanf ignores.
   - MAX_PATH, GetModuleFileName (path of the running binary, for the "config" file that
     Rapfi reads from its own directory).
   - Console colours for Evaluator::trace() (debug board dump): accepted and ignored.
   - `using std::reverse`: Evaluator.cpp calls reverse() unqualified on std::array
     iterators; MSVC finds std::reverse by argument-dependent lookup (its iterators are
     classes in std), libstdc++'s are plain pointers. */
#ifndef RAPFI_COMPAT_H
#define RAPFI_COMPAT_H

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <limits.h>
#include <math.h>
#include <unistd.h>
#include <chrono>
#include <algorithm>
#include <windows.h> /* ../compat/windows.h: DWORD, HANDLE, GetStdHandle */

#define sscanf_s sscanf

using std::reverse;

#ifndef MAX_PATH
#define MAX_PATH 260
#endif

/* Win32 fills buf with the full path of the executable (hModule NULL), returns its length. */
inline DWORD GetModuleFileName(void *, char *buf, DWORD size)
{
	if(size == 0) return 0;
	ssize_t n = readlink("/proc/self/exe", buf, size - 1);
	if(n < 0) n = 0;
	buf[n] = '\0';
	return (DWORD)n;
}

typedef unsigned short WORD;
#define STD_OUTPUT_HANDLE ((DWORD)-11)
#define FOREGROUND_GREEN 0x0002
#define FOREGROUND_RED 0x0004
#define BACKGROUND_INTENSITY 0x0080
inline BOOL SetConsoleTextAttribute(HANDLE, WORD) { return TRUE; }

#endif
