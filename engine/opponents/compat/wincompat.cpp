/* pthread/std::thread based implementation of the few Win32 calls used by pbrain-pela and
   pbrain-carbon.
   COMPAT_TICKS_SINCE_START: GetTickCount counts from process start, not from boot (Carbon's
   getTime() casts the result to a 64-bit long on Linux, so this avoids any 2^32 wrap). */
#include "windows.h"
#include <time.h>
#include <unistd.h>
#include <mutex>
#include <condition_variable>
#include <thread>

static uint64_t monotonic_ms()
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

#ifdef COMPAT_TICKS_SINCE_START
static const uint64_t tick_base = monotonic_ms();
#else
static const uint64_t tick_base = 0; /* like Win32: milliseconds since boot */
#endif

/* wraps at 2^32 like Win32's */
DWORD GetTickCount()
{
	return (DWORD)(monotonic_ms() - tick_base);
}

struct WinEvent {
	std::mutex m;
	std::condition_variable cv;
	bool manual;
	bool signaled;
};

HANDLE CreateEvent(void *, BOOL manualReset, BOOL initialState, const char *)
{
	WinEvent *e = new WinEvent; /* never freed: lives for the whole process */
	e->manual = manualReset != 0;
	e->signaled = initialState != 0;
	return e;
}

BOOL SetEvent(HANDLE h)
{
	WinEvent *e = (WinEvent *)h;
	std::lock_guard<std::mutex> lk(e->m);
	e->signaled = true;
	if(e->manual) e->cv.notify_all(); else e->cv.notify_one();
	return TRUE;
}

BOOL ResetEvent(HANDLE h)
{
	WinEvent *e = (WinEvent *)h;
	std::lock_guard<std::mutex> lk(e->m);
	e->signaled = false;
	return TRUE;
}

DWORD WaitForSingleObject(HANDLE h, DWORD ms)
{
	WinEvent *e = (WinEvent *)h;
	std::unique_lock<std::mutex> lk(e->m);
	if(ms == INFINITE) {
		e->cv.wait(lk, [e] { return e->signaled; });
	} else if(!e->cv.wait_for(lk, std::chrono::milliseconds(ms), [e] { return e->signaled; })) {
		return 0x102; /* WAIT_TIMEOUT */
	}
	if(!e->manual) e->signaled = false;
	return 0; /* WAIT_OBJECT_0 */
}

HANDLE CreateThread(void *, size_t, LPTHREAD_START_ROUTINE fn, LPVOID arg, DWORD, DWORD *tid)
{
	std::thread t([fn, arg] { fn(arg); });
	t.detach();
	if(tid) *tid = 1;
	return (HANDLE)1;
}

HANDLE GetStdHandle(DWORD) { return 0; }

/* never report an interactive console: the "should not be started directly" banner
   would only confuse a manager */
BOOL GetConsoleMode(HANDLE, DWORD *) { return FALSE; }

void Sleep(DWORD ms) { usleep((useconds_t)ms * 1000); }
