/* The symmetric heap (include/shmem.h, docs/t3d.md "libshmem"). Every PE runs one image, so the arena,
 * __shmem_heap (shmem_heap.s, or a program's SHMEM_SYMMETRIC_HEAP), is at one address everywhere; the calls
 * are collective, so every PE's allocator makes the same choices and a block has the same address on every PE.
 * First fit over blocks that each start with an 8-byte header (the block's size, header included, and whether
 * it is in use); shfree merges free neighbours. */
#include <shmem.h>

extern long long __shmem_heap[];
extern const long __shmem_heap_bytes;

typedef struct {
    unsigned long size;
    unsigned long used;
} header;

#define HEADER 8ul

static int ready;

static char *arena(void) {
    return (char *) __shmem_heap;
}

static unsigned long arena_bytes(void) {
    return (unsigned long) __shmem_heap_bytes & ~7ul;
}

void *shmalloc(size_t bytes) {
    if (!ready) {
        header *first = (header *) arena();
        first->size = arena_bytes();
        first->used = 0;
        ready = 1;
    }
    void *block = 0;
    if (bytes <= arena_bytes()) {
        unsigned long need = ((bytes + 7) & ~7ul) + HEADER;
        for (char *p = arena(); p < arena() + arena_bytes(); p += ((header *) p)->size) {
            header *h = (header *) p;
            if (!h->used && h->size >= need) {
                if (h->size - need >= 2 * HEADER) {
                    header *rest = (header *) (p + need);
                    rest->size = h->size - need;
                    rest->used = 0;
                    h->size = need;
                }
                h->used = 1;
                block = p + HEADER;
                break;
            }
        }
    }
    /* no PE may write into the block on another PE before that PE has it */
    shmem_barrier_all();
    return block;
}

void shfree(void *ptr) {
    /* every PE is done with the block everywhere before it is reused */
    shmem_barrier_all();
    if (ptr == 0 || !ready) {
        return;
    }
    ((header *) ((char *) ptr - HEADER))->used = 0;
    char *end = arena() + arena_bytes();
    for (char *p = arena(); p < end; p += ((header *) p)->size) {
        header *h = (header *) p;
        while (!h->used && p + h->size < end && !((header *) (p + h->size))->used) {
            h->size += ((header *) (p + h->size))->size;
        }
    }
}
