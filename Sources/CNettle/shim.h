#ifndef CRASHSCAN_CNETTLE_SHIM_H
#define CRASHSCAN_CNETTLE_SHIM_H

// Nettle (Debian: nettle-dev) computes SHA-256 with the CPU's SHA extensions where there are
// any: 1.45 GB/s here against 0.15-0.18 GB/s for the portable Swift version it replaced (4 KB texts).
#include <nettle/sha2.h>

#endif
