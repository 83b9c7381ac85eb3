#include "../internal/stdio_impl.h"

size_t fwrite(const void *ptr, size_t size, size_t nmemb, FILE *stream)
{
    unsigned int total, done;
    if (size == 0 || nmemb == 0)
        return 0;
    total = size * nmemb;
    done = __stdio_write(stream, (const char *)ptr, total);
    if (done == total)
        return nmemb;
    return done / size;
}
