#include <stdlib.h>

/* Programs run without an environment (envp is 0). */
char *getenv(const char *name)
{
    (void)name;
    return NULL;
}
