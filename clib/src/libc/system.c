#include <stdlib.h>

/* There is no command processor: system(NULL) is 0 and every command fails. */
int system(const char *command)
{
    return command == NULL ? 0 : -1;
}
