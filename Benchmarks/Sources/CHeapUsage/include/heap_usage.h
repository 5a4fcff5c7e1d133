#ifndef HEAP_USAGE_H
#define HEAP_USAGE_H

#include <stddef.h>

/// The bytes the C allocator has handed out and not yet had back, in every arena and in mapped
/// chunks: what a program's live allocations occupy, slack of each allocation included, without
/// the memory the allocator keeps after frees. 0 where the platform does not say.
size_t heap_bytes_in_use(void);

#endif
