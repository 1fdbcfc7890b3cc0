#include "HeapStatistics.h"

#include <malloc.h>

size_t heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  // Small chunks and large (mmapped) blocks.
  return info.uordblks + info.hblkhd;
}
