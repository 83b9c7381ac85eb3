/* strings.h - SCMP C library. */
#ifndef _STRINGS_H
#define _STRINGS_H

#ifndef __SCMP_SIZE_T
#define __SCMP_SIZE_T
typedef unsigned int size_t;
#endif

int strcasecmp(const char *s1, const char *s2);
int strncasecmp(const char *s1, const char *s2, size_t n);

#endif
