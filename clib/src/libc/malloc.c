/* malloc, free, calloc, realloc: a boundary-tag allocator with segregated free lists and immediate
 * coalescing.
 *
 * The heap runs from __heap_start (the linker's end of the image) up to the heapend special register
 * (the bottom of the lowest thread stack); it is claimed from the bottom up as needed. Every block is a
 * 4-byte header followed by the payload; payloads are 8-byte aligned and block sizes are multiples of 8.
 *
 *   header:  size | PREV_INUSE (2) | INUSE (1)
 *   free block:  header, next, prev (free-list links) ... footer (its size, in its last word)
 *
 * The footer of a free block lets free() find the block before it; allocated blocks have no footer (the
 * PREV_INUSE bit of the following header says whether there is one). The last header, at `top`, is an
 * epilogue of size 0 marked in use; everything from there up to heapend is unclaimed. A free block
 * that ends at the epilogue is given back to the unclaimed space.
 *
 * Threads of a node are cooperative (they switch only at `suspend`), so no locking is needed. */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "../internal/sys.h"

#define INUSE 1u
#define PREV_INUSE 2u
#define FLAGS 7u
#define MIN_BLOCK 16u
#define NBINS 24

extern char __heap_start[];

typedef struct freeblk {
    unsigned int header;
    struct freeblk *next;
    struct freeblk *prev;
} freeblk;

static int initialized = 0;
static char *top;           /* the epilogue header */
static char *limit;         /* heapend */
static freeblk *bins[NBINS];

#define HDR(b) (*(unsigned int *)(b))
#define SIZE(b) (HDR(b) & ~FLAGS)
#define NEXT_BLOCK(b) ((char *)(b) + SIZE(b))
#define FOOTER(b) (*(unsigned int *)((char *)(b) + SIZE(b) - 4))

static void init(void)
{
    unsigned int start = (unsigned int)__heap_start;
    /* the first header sits 4 bytes below an 8-aligned address */
    start = ((start + 4 + 7) & ~7u) - 4;
    top = (char *)start;
    limit = (char *)__rdsr_heapend();
    HDR(top) = 0 | INUSE | PREV_INUSE;
    initialized = 1;
}

/* Bin of a block size: 16..31 -> 0, 32..63 -> 1, ... */
static int bin_of(unsigned int size)
{
    int b = 0;
    size >>= 5;
    while (size != 0 && b < NBINS - 1) {
        size >>= 1;
        b++;
    }
    return b;
}

static void list_insert(char *blk)
{
    freeblk *f = (freeblk *)blk;
    int b = bin_of(SIZE(blk));
    f->prev = 0;
    f->next = bins[b];
    if (bins[b] != 0)
        bins[b]->prev = f;
    bins[b] = f;
}

static void list_remove(char *blk)
{
    freeblk *f = (freeblk *)blk;
    if (f->prev != 0)
        f->prev->next = f->next;
    else
        bins[bin_of(SIZE(blk))] = f->next;
    if (f->next != 0)
        f->next->prev = f->prev;
}

/* Marks blk (size, flags already in its header) free: footer, next block's PREV_INUSE, free list
 * or the unclaimed space. blk must not be adjacent to another free block. */
static void make_free(char *blk)
{
    char *next = NEXT_BLOCK(blk);
    if (next == top) {
        /* give it back: the epilogue moves down */
        top = blk;
        HDR(top) = INUSE | (HDR(blk) & PREV_INUSE);
        return;
    }
    HDR(blk) &= ~INUSE;
    FOOTER(blk) = SIZE(blk);
    HDR(next) &= ~PREV_INUSE;
    list_insert(blk);
}

/* Block size for a request of n bytes: payload plus header, rounded to 8, at least MIN_BLOCK;
 * 0 if it does not fit in 32 bits. */
static unsigned int block_size(size_t n)
{
    unsigned int s;
    if (n > 0x7ffffff0u)
        return 0;
    s = (n + 4 + 7) & ~7u;
    return s < MIN_BLOCK ? MIN_BLOCK : s;
}

/* Cuts blk (in use) to size, freeing the rest if it is big enough to be a block. */
static void split(char *blk, unsigned int size)
{
    unsigned int have = SIZE(blk);
    if (have - size >= MIN_BLOCK) {
        char *rest = blk + size;
        char *after;
        HDR(blk) = size | (HDR(blk) & FLAGS);
        HDR(rest) = (have - size) | PREV_INUSE | INUSE;
        after = NEXT_BLOCK(rest);
        /* coalesce the rest with a free block after it */
        if (after != top && (HDR(after) & INUSE) == 0) {
            list_remove(after);
            HDR(rest) += SIZE(after);
        }
        make_free(rest);
    }
}

/* Claims size bytes from the unclaimed space; 0 if there is no room. */
static char *claim(unsigned int size)
{
    char *blk = top;
    if ((unsigned int)(limit - top) < size + 4)
        return 0;
    HDR(blk) = size | INUSE | (HDR(top) & PREV_INUSE);
    top = blk + size;
    HDR(top) = INUSE | PREV_INUSE;
    return blk;
}

void *malloc(size_t n)
{
    unsigned int size = block_size(n);
    int b;
    char *blk;

    if (!initialized)
        init();
    if (size == 0) {
        errno = ENOMEM;
        return NULL;
    }
    /* first fit in the bin of this size, then the first block of any larger bin */
    b = bin_of(size);
    {
        freeblk *f;
        for (f = bins[b]; f != 0; f = f->next) {
            if (SIZE((char *)f) >= size)
                break;
        }
        while (f == 0 && ++b < NBINS)
            f = bins[b];
        if (f != 0) {
            char *next;
            blk = (char *)f;
            list_remove(blk);
            HDR(blk) |= INUSE;
            next = NEXT_BLOCK(blk);
            HDR(next) |= PREV_INUSE;
            split(blk, size);
            return blk + 4;
        }
    }
    blk = claim(size);
    if (blk == 0) {
        errno = ENOMEM;
        return NULL;
    }
    return blk + 4;
}

void free(void *p)
{
    char *blk, *next;
    if (p == NULL)
        return;
    blk = (char *)p - 4;
    next = NEXT_BLOCK(blk);
    /* coalesce with the next block */
    if (next != top && (HDR(next) & INUSE) == 0) {
        list_remove(next);
        HDR(blk) += SIZE(next);
    }
    /* coalesce with the previous block */
    if ((HDR(blk) & PREV_INUSE) == 0) {
        unsigned int psize = *(unsigned int *)(blk - 4);
        char *prev = blk - psize;
        list_remove(prev);
        HDR(prev) = (psize + SIZE(blk)) | (HDR(prev) & FLAGS);
        blk = prev;
    }
    make_free(blk);
}

void *calloc(size_t nmemb, size_t size)
{
    void *p;
    size_t total;
    if (nmemb != 0 && size > 0xffffffffu / nmemb) {
        errno = ENOMEM;
        return NULL;
    }
    total = nmemb * size;
    p = malloc(total);
    if (p != NULL)
        memset(p, 0, total);
    return p;
}

void *realloc(void *p, size_t n)
{
    char *blk, *next;
    unsigned int size, have;
    void *q;

    if (p == NULL)
        return malloc(n);
    if (n == 0) {
        free(p);
        return NULL;
    }
    size = block_size(n);
    if (size == 0) {
        errno = ENOMEM;
        return NULL;
    }
    blk = (char *)p - 4;
    have = SIZE(blk);
    if (size <= have) {
        split(blk, size);
        return p;
    }
    next = NEXT_BLOCK(blk);
    if (next == top) {
        /* the last block: grow into the unclaimed space */
        if ((unsigned int)(limit - blk) >= size + 4) {
            HDR(blk) = size | (HDR(blk) & FLAGS);
            top = blk + size;
            HDR(top) = INUSE | PREV_INUSE;
            return p;
        }
    } else if ((HDR(next) & INUSE) == 0 && have + SIZE(next) >= size) {
        /* absorb the free block after it */
        char *after;
        list_remove(next);
        HDR(blk) += SIZE(next);
        after = NEXT_BLOCK(blk);
        HDR(after) |= PREV_INUSE;
        split(blk, size);
        return p;
    }
    q = malloc(n);
    if (q == NULL)
        return NULL;
    memcpy(q, p, have - 4);
    free(p);
    return q;
}
