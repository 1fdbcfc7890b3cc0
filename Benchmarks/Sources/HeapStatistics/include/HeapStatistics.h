// The heap bytes in use, for the memory table of `make bench` (glibc's
// mallinfo2, which the Swift Glibc module does not export).
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes in chunks the allocator has handed out and not taken back.
size_t heap_bytes_in_use(void);

#endif
