#ifndef CRASHSCAN_CARCHIVE_SHIM_H
#define CRASHSCAN_CARCHIVE_SHIM_H

// libarchive (Debian: libarchive-dev) opens the zip, tar, tar.gz, tgz and gz exports.
#include <archive.h>
#include <archive_entry.h>

// AE_IFREG is a cast macro, which Swift cannot import.
static inline unsigned int carchive_regular_file_type(void) { return (unsigned int)AE_IFREG; }
static inline unsigned int carchive_directory_type(void) { return (unsigned int)AE_IFDIR; }
static inline unsigned int carchive_symlink_type(void) { return (unsigned int)AE_IFLNK; }

#endif
