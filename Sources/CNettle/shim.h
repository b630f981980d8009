#ifndef CRASHSCAN_CNETTLE_SHIM_H
#define CRASHSCAN_CNETTLE_SHIM_H

// Nettle (Debian: nettle-dev) computes SHA-256 with the CPU's SHA extensions where there are
// any: 1.4 GB/s here against ~0.2 GB/s for the portable Swift version it replaced.
#include <nettle/sha2.h>

#endif
