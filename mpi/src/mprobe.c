/* Matched probes (MPI-3 section 3.8.2): MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv (docs/mpi.md, "Matched
 * probes"). The same text in every libmpi (SCMP's, the T3D's, the SP's), over what their engines share: the
 * unexpected queue of each communicator (c->sends[Q_P2P], announced messages no receive has matched yet, in
 * each sender's order) and the receive start, which takes the first announcement of that queue it matches.
 *
 * A matched probe takes the announcement (an eager message with its payload, or the RTS of a rendezvous, or
 * whatever the machine's transport queues there) out of the queue into an MPI_Message: no later receive or
 * probe sees it, and a sender's MPI_Cancel of it finds it gone ("too late", as for a matched message). MPI_Mrecv
 * puts it back at the head of the queue and starts an ordinary receive from its source with its tag, which
 * takes that first announcement at once, in the same call (the process is the only thread that runs there:
 * handlers on SCMP never interrupt it, the T3D and the SP take messages in only when the process looks), so the
 * message is received as any other: the eager payload copied, or the CTS of the family's rendezvous sent, the
 * thesis family's flag and all. A file of its own, so that programs that do not call these do not link it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"


#define MSG_MAGIC 0x4d504d47    /* "MPMG" */

struct __mpi_message {
    int magic;
    MPI_Comm comm;
    int source;                 /* the sender's rank in comm */
    struct __mpi_env *e;        /* the announcement, out of the queue */
};

/* (A call that completes one operation leaves the status's MPI_ERROR as it was: MPI-3.1 section 3.2.5.) */
static void null_status(MPI_Status *status)
{
    if (status != MPI_STATUS_IGNORE) {
        status->MPI_SOURCE = MPI_PROC_NULL;
        status->MPI_TAG = MPI_ANY_TAG;
        status->__count = 0;
        status->__cancelled = 0;
    }
}

/* Looks once: 1 with *message and the status made when a matching message has been announced (it leaves the
 * queue), 0 when none has, or an error code through err. */
static int mprobe_once(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status, int *err)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct __mpi_env *e, **ep;
    struct __mpi_message *m;
    int src;
    *err = MPI_SUCCESS;
    if (source == MPI_PROC_NULL) {
        null_status(status);
        *message = MPI_MESSAGE_NO_PROC;
        return 1;
    }
    e = __mpi_find_unexpected(c, Q_P2P, source, tag, &src);
    if (!e)
        return 0;
    m = (struct __mpi_message *)malloc(sizeof *m);
    if (!m) {
        *err = MPI_ERR_NO_MEM;
        return 1;
    }
    for (ep = &c->sends[Q_P2P]; *ep != e; ep = &(*ep)->next)
        ;
    *ep = e->next;
    e->next = 0;
    m->magic = MSG_MAGIC;
    m->comm = comm;
    m->source = src;
    m->e = e;
    *message = m;
    if (status != MPI_STATUS_IGNORE) {
        status->MPI_SOURCE = src;
        status->MPI_TAG = e->tag;
        status->__count = e->bytes;
        status->__cancelled = 0;
    }
    return 1;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status)
{
    int err = __mpi_check_probe(source, tag, comm);
    if (err == MPI_SUCCESS && (!flag || !message))
        err = MPI_ERR_ARG;
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Improbe");
    *flag = mprobe_once(source, tag, comm, message, status, &err);
    if (err != MPI_SUCCESS)
        return __mpi_no_mem(comm, "MPI_Improbe", (int)sizeof(struct __mpi_message));
    if (!*flag)
        IDLE();         /* a program that loops on MPI_Improbe lets the handlers run */
    return MPI_SUCCESS;
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
    int seen, err = __mpi_check_probe(source, tag, comm);
    if (err == MPI_SUCCESS && !message)
        err = MPI_ERR_ARG;
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Mprobe");
    for (;;) {
        seen = __mpi_arrivals;
        if (mprobe_once(source, tag, comm, message, status, &err)) {
            if (err != MPI_SUCCESS)
                return __mpi_no_mem(comm, "MPI_Mprobe", (int)sizeof(struct __mpi_message));
            return MPI_SUCCESS;
        }
        /* look again only when something new has been queued; until then only read */
        __mpi_wait_change(&__mpi_arrivals, seen);
    }
}

/* The message handle's checks; its announcement goes back to the head of its communicator's queue, where the
 * receive about to start (from its source, with its tag) takes it first. */
static int check_message(MPI_Message *message, void *buf, int count, MPI_Datatype type, MPI_Comm *comm)
{
    struct __mpi_message *m;
    struct __mpi_comm *c;
    int err;
    *comm = MPI_COMM_WORLD;
    if (!message)
        return MPI_ERR_ARG;
    m = *message;
    if (m == MPI_MESSAGE_NO_PROC)
        return __mpi_check_recv(buf, count, type, MPI_PROC_NULL, MPI_ANY_TAG, MPI_COMM_WORLD);
    if (!m || m->magic != MSG_MAGIC)
        return MPI_ERR_REQUEST;
    *comm = m->comm;
    c = __mpi_comm(m->comm);
    if (!c)
        return MPI_ERR_COMM;
    err = __mpi_check_recv(buf, count, type, m->source, m->e->tag, m->comm);
    if (err != MPI_SUCCESS)
        return err;
#if defined(__T3D__) || defined(__SP__)
    __mpi_take_in();            /* what has come goes behind it now, not during the receive's start */
#endif
    m->e->next = c->sends[Q_P2P];
    c->sends[Q_P2P] = m->e;
    return MPI_SUCCESS;
}

static void drop_message(MPI_Message *message)
{
    struct __mpi_message *m = *message;
    *message = MPI_MESSAGE_NULL;
    if (m != MPI_MESSAGE_NO_PROC) {
        m->magic = 0;
        free(m);
    }
}

int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status)
{
    MPI_Comm comm;
    int err = check_message(message, buf, count, datatype, &comm), source, tag;
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Mrecv");
    if (*message == MPI_MESSAGE_NO_PROC) {
        null_status(status);
        drop_message(message);
        return MPI_SUCCESS;
    }
    source = (*message)->source;
    tag = (*message)->e->tag;
    drop_message(message);
    err = __mpi_recv(buf, count, datatype, source, tag, comm, Q_P2P, status);
    return __mpi_error(comm, err, "MPI_Mrecv");
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request)
{
    MPI_Comm comm;
    int err, source = MPI_PROC_NULL, tag = MPI_ANY_TAG;
    if (!request)
        return __mpi_error(message && *message && *message != MPI_MESSAGE_NO_PROC && (*message)->magic == MSG_MAGIC
                               ? (*message)->comm : MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Imrecv");
    err = check_message(message, buf, count, datatype, &comm);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Imrecv");
    if (*message != MPI_MESSAGE_NO_PROC) {
        source = (*message)->source;
        tag = (*message)->e->tag;
    }
    drop_message(message);
    return __mpi_error(comm, __mpi_irecv(buf, count, datatype, source, tag, comm, Q_P2P, request), "MPI_Imrecv");
}

MPI_Fint MPI_Message_c2f(MPI_Message message)
{
    return (MPI_Fint)message;
}

MPI_Message MPI_Message_f2c(MPI_Fint message)
{
    return (MPI_Message)message;
}
