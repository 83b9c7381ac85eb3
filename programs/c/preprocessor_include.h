#ifndef PREPROCESSOR_INCLUDE_H
#define PREPROCESSOR_INCLUDE_H
#define HDR_VALUE (__LINE__ * 0 + 77)
static int header_counter = 1;
static const char *hdr_func(void) { return "hdr"; }
#endif
