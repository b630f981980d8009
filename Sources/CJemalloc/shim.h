#ifndef CRASHSCAN_CJEMALLOC_SHIM_H
#define CRASHSCAN_CJEMALLOC_SHIM_H

// jemalloc (Debian: libjemalloc-dev), the allocator of the crashscan executables on Linux: linked
// before the C library, its malloc and free are the process's. mallctl tunes it.
#include <jemalloc/jemalloc.h>

#endif
