/* ACLMPL's internal declarations, shared by its source files. */
#ifndef ACLMPL_INTERNAL_H
#define ACLMPL_INTERNAL_H

/* Whether pe is a PE of the partition and bytes a valid length (non-negative, a multiple of 4). */
int __aclmpl_valid(int pe, int bytes);
/* Resets the asynchronous protocol's counters; called on every PE before the program's body. */
void __aclmpl_async_init(void);

#endif
