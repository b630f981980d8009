#ifndef CRASHSCAN_CMALLOC_SHIM_H
#define CRASHSCAN_CMALLOC_SHIM_H

// glibc's malloc tuning (mallopt), which the Glibc module does not export. Part of libc: no
// package and nothing to link.
#ifdef __linux__
#include <malloc.h>
#endif

#endif
