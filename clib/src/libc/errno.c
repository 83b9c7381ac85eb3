#include <errno.h>

/* One errno per node (each node has its own memory); the threads of a node share it. */
int errno = 0;
