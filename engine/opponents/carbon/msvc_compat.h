/* Forced-included (g++ -include) into every Carbon translation unit:
   MSVC's <stdlib.h> provides the __min/__max macros that AICarbon.cpp, AICarbonMove.cpp
   and AICarbonHash.h use. */
#ifndef CARBON_MSVC_COMPAT_H
#define CARBON_MSVC_COMPAT_H
#include <stdlib.h>
#ifndef __min
#define __min(a, b) (((a) < (b)) ? (a) : (b))
#endif
#ifndef __max
#define __max(a, b) (((a) > (b)) ? (a) : (b))
#endif
#endif
