/* Minimal Linux stand-in for <windows.h>, just enough for pbrain-pela (Piskvork
   source/pbrain + source/skelet_CPP/pisqpipe.cpp) and pbrain-carbon (AIwrapper.cpp +
   pisqpipe.cpp).  Implementation in wincompat.cpp.
   COMPAT_MINMAX: define the MSVC min/max (pela uses them; Carbon uses __min/__max from
   ../carbon/msvc_compat.h instead). */
#ifndef OPPONENTS_WINCOMPAT_H
#define OPPONENTS_WINCOMPAT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#include <stddef.h>

typedef uint32_t DWORD;
typedef uint64_t DWORD64;
typedef int BOOL;
typedef void *HANDLE;
typedef void *LPVOID;
#ifndef FALSE
#define FALSE 0
#endif
#ifndef TRUE
#define TRUE 1
#endif
#define WINAPI
#define INFINITE 0xFFFFFFFFu
#define STD_INPUT_HANDLE ((DWORD)-10)

typedef DWORD (*LPTHREAD_START_ROUTINE)(LPVOID);

DWORD GetTickCount();
HANDLE CreateEvent(void *attr, BOOL manualReset, BOOL initialState, const char *name);
BOOL SetEvent(HANDLE h);
BOOL ResetEvent(HANDLE h);
DWORD WaitForSingleObject(HANDLE h, DWORD ms);
HANDLE CreateThread(void *attr, size_t stack, LPTHREAD_START_ROUTINE fn, LPVOID arg, DWORD flags, DWORD *tid);
HANDLE GetStdHandle(DWORD which);
BOOL GetConsoleMode(HANDLE h, DWORD *mode);
void Sleep(DWORD ms);

#define _strnicmp strncasecmp
#define _stricmp strcasecmp
#define _atoi64 atoll
#define UInt32x32To64(a, b) ((uint64_t)(uint32_t)(a) * (uint64_t)(uint32_t)(b))

#ifdef COMPAT_MINMAX
template <class T> inline T min(T a, T b) { return a < b ? a : b; }
template <class T> inline T max(T a, T b) { return a > b ? a : b; }
#endif

#endif
