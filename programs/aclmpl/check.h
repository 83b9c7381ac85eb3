/* Shared by the ACLMPL test programs: a failed check prints the PE, the line and what it expected, and makes
 * the program fail (aclmpl_run returns 1 when any PE's body does). */
#include <stdio.h>
#include <aclmpl.h>

static int failures;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (!(cond)) {                                                       \
            failures++;                                                      \
            printf("PE %d line %d: ", aclmpl_self(), __LINE__);              \
            printf(__VA_ARGS__);                                             \
            printf("\n");                                                    \
        }                                                                    \
    } while (0)

/* PE 0 reports: every PE's failures were counted on that PE; aclmpl_run combines the results. */
static int report(const char *name, int status) {
    if (aclmpl_self() == 0) {
        printf("%s: %s\n", name, status == 0 ? "OK" : "FAILED");
    }
    return status;
}
