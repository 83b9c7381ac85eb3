/* General active target (MPI-2 section 6.4.2: MPI_Win_post, start, complete, wait and test) for the libraries
 * whose origin learns by itself when its operations are complete at their targets (t3d/win_t3d.c: t3d_quiet;
 * sp/win_lapi.c: LAPI's counters), so that a target need not count what it was sent (SCMP's win.c does).
 *
 * Counted, never ordered: each process has a block of notices that the others write, two words per rank: the
 * posts that rank made to it (as a target), and the access epochs that rank completed at it (as an origin).
 * MPI_Win_post sends each origin of its group one more post; MPI_Win_start waits until each target of its
 * group has posted once more than the epochs it started there; MPI_Win_complete completes every operation of
 * this process, then sends each target one more completion; MPI_Win_wait (MPI_Win_test) waits (looks once)
 * until each origin of its group has completed once more than the epochs it waited for. An origin cannot start
 * its next epoch at a target before the target posts again, which it does after its wait.
 *
 * The library supplies notify(w, rank, kind, count): rank's notice of kind from this process becomes count (the
 * notices of that kind this process has sent it so far, the previous plus one); noted(w, kind, rank): this
 * process's notice of kind from rank, read fresh; complete_all(w): every operation of this process on the window
 * complete, returning an error code; pscw_idle(w): what a waiting process does between two looks; exposed(w):
 * what the target does when an exposure epoch ends (the window's memory as the origins left it). Needs a
 * `struct win` with comm, rank, size and `int *pscw` (0 at first, freed with the window) and win_of().
 * SCMP's win.c, whose target counts what it was sent, takes only the state and the groups from here: it defines
 * its own PS_* slots (more of them: the totals) with PS_SLOTS, and WIN_PSCW_GROUPS_ONLY, before including this. */
#ifndef MPI_WIN_PSCW_H
#define MPI_WIN_PSCW_H

#define NOTE_POST 0
#define NOTE_COMPLETE 1

/* Per rank: epochs started at it, epochs waited for (its completions), the notices sent to it of each kind;
 * the groups of the current access and exposure epochs (as ranks of the window's communicator). */
#ifndef PS_SLOTS
#define PS_STARTED 0
#define PS_WAITED 1
#define PS_SENT 2           /* two: NOTE_POST, NOTE_COMPLETE */
#define PS_START 4
#define PS_POST 5
#define PS_SLOTS 6
#endif
#define PS(w, what, r) (w)->pscw[(what) * (w)->size + (r)]
#define PS_NSTART(w) (w)->pscw[PS_SLOTS * (w)->size]
#define PS_NPOST(w) (w)->pscw[PS_SLOTS * (w)->size + 1]

static int *pscw_of(struct win *w)
{
    if (!w->pscw)
        w->pscw = (int *)__mpi_xcalloc(PS_SLOTS * w->size + 2, sizeof(int), "MPI_Win_post");
    return w->pscw;
}

/* The ranks of group in the window's communicator, into the access (what PS_START) or exposure (PS_POST)
 * group; returns their number, or -1 for a process outside the window. */
static int group_ranks(struct win *w, MPI_Group group, int what)
{
    MPI_Group wg;
    int n, i, *in, *out = pscw_of(w) + what * w->size;
    if (MPI_Group_size(group, &n) != MPI_SUCCESS || n > w->size)
        return -1;
    in = (int *)__mpi_xmalloc((n + 1) * sizeof(int), "MPI_Win_start");
    for (i = 0; i < n; i++)
        in[i] = i;
    MPI_Comm_group(w->comm, &wg);
    MPI_Group_translate_ranks(group, n, in, wg, out);
    MPI_Group_free(&wg);
    free(in);
    for (i = 0; i < n; i++)
        if (out[i] < 0 || out[i] >= w->size)
            return -1;
    return n;
}

#ifndef WIN_PSCW_GROUPS_ONLY
static void send_note(struct win *w, int rank, int kind)
{
    notify(w, rank, kind, ++PS(w, PS_SENT + kind, rank));
}

int MPI_Win_post(MPI_Group group, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int i, n;
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_post");
    if ((n = group_ranks(w, group, PS_POST)) < 0)
        return __mpi_win_error(win, MPI_ERR_GROUP, "MPI_Win_post");
    PS_NPOST(w) = n;
    for (i = 0; i < n; i++)
        send_note(w, PS(w, PS_POST, i), NOTE_POST);
    return MPI_SUCCESS;
}

int MPI_Win_start(MPI_Group group, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int i, n;
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_start");
    if ((n = group_ranks(w, group, PS_START)) < 0)
        return __mpi_win_error(win, MPI_ERR_GROUP, "MPI_Win_start");
    PS_NSTART(w) = n;
    for (i = 0; i < n; i++) {
        int t = PS(w, PS_START, i);
        while (noted(w, NOTE_POST, t) <= PS(w, PS_STARTED, t))
            pscw_idle(w);
        PS(w, PS_STARTED, t)++;
    }
    return MPI_SUCCESS;
}

int MPI_Win_complete(MPI_Win win)
{
    struct win *w = win_of(win);
    int i, err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_complete");
    pscw_of(w);
    err = complete_all(w);
    for (i = 0; i < PS_NSTART(w); i++)
        send_note(w, PS(w, PS_START, i), NOTE_COMPLETE);
    PS_NSTART(w) = 0;
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_error(win, err, "MPI_Win_complete");
}

/* Whether every origin of the exposure epoch has completed (and its operations are then all in the window). */
static int exposure_done(struct win *w)
{
    int i;
    for (i = 0; i < PS_NPOST(w); i++) {
        int o = PS(w, PS_POST, i);
        if (noted(w, NOTE_COMPLETE, o) <= PS(w, PS_WAITED, o))
            return 0;
    }
    for (i = 0; i < PS_NPOST(w); i++)
        PS(w, PS_WAITED, PS(w, PS_POST, i))++;
    PS_NPOST(w) = 0;
    exposed(w);
    return 1;
}

int MPI_Win_wait(MPI_Win win)
{
    struct win *w = win_of(win);
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_wait");
    pscw_of(w);
    while (!exposure_done(w))
        pscw_idle(w);
    return MPI_SUCCESS;
}

int MPI_Win_test(MPI_Win win, int *flag)
{
    struct win *w = win_of(win);
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_test");
    pscw_of(w);
    *flag = exposure_done(w);
    if (!*flag)
        pscw_idle(w);
    return MPI_SUCCESS;
}

#endif

#endif
