/* argv[0], stored by crt0 (used by assert's message). */
char *__progname_full = 0;
