/* The debugging table (docs/mpi.md, "Debugging"): a self-describing list of the addresses of libmpi's state
 * and of the offsets, widths and values the simulator needs to read it, written by the compiler from the
 * structures themselves. scmpsim (scmp.machine.MpiState) finds it by its symbol __mpi_debug and prints, per
 * rank, the posted receives, the announced messages no receive has taken and the pending sends, at a
 * deadlock or with --mpi-state. Entries: {name, value, width}; width is the byte width of a field (value is
 * then its offset), 0 for addresses and constants. The list ends with a null name. */
#include <stddef.h>
#include "mpi_internal.h"

struct __mpi_debug_entry {
    const char *name;
    int value;
    int width;
};

extern struct __mpi_env *__mpi_early;
extern struct __mpi_env *__mpi_limbo;

#define FIELD(name, type, member) { name, offsetof(type, member), sizeof(((type *)0)->member) }
#define ADDR(name, sym) { name, (int)&sym, 0 }
#define CONST(name, v) { name, v, 0 }

const struct __mpi_debug_entry __mpi_debug[] = {
    CONST("version", 2),
    ADDR("protocol", __mpi_protocol),
    ADDR("initialized", __mpi_initialized),
    ADDR("finalized", __mpi_finalized),
    ADDR("comms", __mpi_comm_tab),          /* a pointer to the table of communicator pointers (comm.c) */
    ADDR("comms.cap", __mpi_comm_cap),      /* its number of entries */
    FIELD("comm.used", struct __mpi_comm, used),
    FIELD("comm.context", struct __mpi_comm, context),
    FIELD("comm.rank", struct __mpi_comm, rank),
    FIELD("comm.size", struct __mpi_comm, size),
    FIELD("comm.nodes", struct __mpi_comm, nodes),
    FIELD("comm.recvs", struct __mpi_comm, recvs),
    FIELD("comm.sends", struct __mpi_comm, sends),
    ADDR("active", __mpi_active),
    ADDR("early", __mpi_early),
    ADDR("limbo", __mpi_limbo),
    FIELD("request.next", struct __mpi_request, next),
    FIELD("request.anext", struct __mpi_request, anext),
    FIELD("request.kind", struct __mpi_request, kind),
    FIELD("request.mode", struct __mpi_request, mode),
    FIELD("request.q", struct __mpi_request, q),
    FIELD("request.proto", struct __mpi_request, proto),
    FIELD("request.state", struct __mpi_request, state),
    FIELD("request.comm", struct __mpi_request, comm),
    FIELD("request.peer", struct __mpi_request, peer),
    FIELD("request.node", struct __mpi_request, node),
    FIELD("request.tag", struct __mpi_request, tag),
    FIELD("request.bytes", struct __mpi_request, bytes),
    FIELD("env.next", struct __mpi_env, next),
    FIELD("env.kind", struct __mpi_env, kind),
    FIELD("env.src_node", struct __mpi_env, src_node),
    FIELD("env.context", struct __mpi_env, context),
    FIELD("env.tag", struct __mpi_env, tag),
    FIELD("env.bytes", struct __mpi_env, bytes),
    CONST("const.MPI_ANY_SOURCE", MPI_ANY_SOURCE),
    CONST("const.MPI_ANY_TAG", MPI_ANY_TAG),
    CONST("const.MPI_PROTO_THESIS", MPI_PROTO_THESIS),
    CONST("const.Q_COLL", Q_COLL),
    CONST("const.REQ_SEND", REQ_SEND),
    CONST("const.ENV_EAGER", ENV_EAGER),
    CONST("state.inactive", ST_INACTIVE),
    CONST("state.waiting for the receiver's CTS", ST_POSTED),
    CONST("state.waiting for the payload", ST_DATA),
    CONST("state.payload being read by the DMA engine", ST_DMA),
    CONST("state.complete", ST_DONE),
    CONST("mode.standard", MODE_STANDARD),
    CONST("mode.buffered", MODE_BUFFERED),
    CONST("mode.synchronous", MODE_SYNC),
    CONST("mode.ready", MODE_READY),
    { 0, 0, 0 }
};
