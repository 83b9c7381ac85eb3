/* Host entry for the e2e program built against the host build of clib: its symbols carry the prefix
 * scmp_, so main is scmp_main and exit is scmp_exit (which flushes clib's stdout and ends). */
int scmp_main(int argc, char **argv);
void scmp_exit(int status);
extern char *scmp___progname_full;

int main(int argc, char **argv)
{
    scmp___progname_full = argv[0];
    scmp_exit(scmp_main(argc, argv));
    return 0;
}
