#include <string.h>

static char *strtok_next;

char *strtok(char *str, const char *delim)
{
    char *tok;

    if (str == NULL)
        str = strtok_next;
    if (str == NULL)
        return NULL;
    str += strspn(str, delim);
    if (*str == '\0') {
        strtok_next = NULL;
        return NULL;
    }
    tok = str;
    str += strcspn(str, delim);
    if (*str != '\0') {
        *str = '\0';
        strtok_next = str + 1;
    } else {
        strtok_next = NULL;
    }
    return tok;
}
