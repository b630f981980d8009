#ifndef CRASHSCAN_CCXXABI_SHIM_H
#define CRASHSCAN_CCXXABI_SHIM_H

#include <stddef.h>

// The C++ runtime's demangler (libstdc++'s, the Itanium C++ ABI that Apple platforms use too):
// crash reports name C++ frames by their mangled symbols (`_ZN3foo3barEv`). Declared here because
// no C header exports it; libstdc++ (installed with the compiler) defines it.
char *__cxa_demangle(const char *mangled_name, char *output_buffer, size_t *length, int *status);

#endif
