package scmp.machine;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.cpu.ThreadContext;

/**
 * The host threads on which a quiet round's busy nodes run side by side (docs/performance.md, "Parallel nodes").
 * A step runs {@link Node#runUntil} of a batch of nodes up to one limit: the calling thread and the pool's workers
 * take the nodes in batch order (node order) from a shared counter, so a node is taken only after every node
 * before it. The workers are made at the first step and live until {@link #close()}; between steps they wait
 * parked, and a step allocates nothing.
 *
 * <p>What a node may touch while it runs in a step is its own: its memory, its contexts, its counters, its
 * engine (the compiled engine's regions are shared, but compiled under a lock and immutable once published), and
 * the reads of its own device's state. The one way out of a node during a round is its device port (a network
 * instruction, {@code endt}), which may change state that the hardware shares between nodes (the list of sending
 * NIUs, a count of blocked threads, a watch's output). Every node's port is therefore an {@link OrderedPort}: in a
 * step, a node that calls its port first waits until every node before it in the batch has finished its run, so
 * the ports are called in node order, each node's calls together, exactly as one host thread running the nodes
 * one after the other calls them. Nodes that do not call their port (the common case: a send ends a quiet round)
 * never wait. Host calls never run in a step (a machine of several live nodes stops its cores in front of every
 * {@code hcall}), and the networks, remote writes and idle skipping's bookkeeping run in the serial part.
 */
final class ParallelNodes implements AutoCloseable {

    /** Spins before a waiting thread parks: a step of a few microseconds should not pay a park and an unpark. */
    private static final int SPINS = 1 << 8;
    /** The position of closed claims: beyond every batch. */
    private static final long CLOSED = Integer.MAX_VALUE;
    /** The longest a waiting thread parks before it looks again. */
    private static final long PARK_NANOS = 100_000;
    /** A step whose nodes have not all finished after this long is a defect of the pool, reported, not waited for. */
    private static final long STUCK_NANOS = 120_000_000_000L;

    private final int workers;
    private Thread[] threads;
    private Thread caller;
    private volatile boolean closed;
    /** Incremented to start a step; the workers wait for a value they have not seen. */
    private volatile int generation;
    /**
     * The step's claims: its generation in the upper half, the next batch position in the lower, so that a worker
     * still leaving one step cannot take a position of the next before it has seen the next begin.
     */
    private final AtomicLong claims = new AtomicLong();
    private final AtomicInteger remaining = new AtomicInteger();
    /** Per batch position: 1 once that node's run has finished. */
    private final AtomicIntegerArray finished;
    private final Throwable[] failures;
    private Node[] batch;
    private int count;
    private long limit;

    /**
     * Creates a pool; its threads are made at the first step.
     *
     * @param threads host threads a step uses, the caller's included (at least 2)
     * @param nodes   the largest batch
     */
    ParallelNodes(int threads, int nodes) {
        this.workers = threads - 1;
        this.finished = new AtomicIntegerArray(nodes);
        this.failures = new Throwable[nodes];
    }

    /**
     * Runs {@code batch[0 .. count - 1]} up to {@code limit}, each node's ports ordered as described above, and
     * returns when every one has finished. An exception of a node's run is rethrown here, the first in node order,
     * once all have finished (a guest fault is not one: the node reports it as its stop).
     *
     * @param batch the nodes, in node order, each with its {@link OrderedPort}
     * @param count how many
     * @param limit the first cycle not to execute
     */
    void step(Node[] batch, int count, long limit) {
        if (threads == null) {
            start();
        }
        int g = generation + 1;
        // close the claims before the step's fields change: a worker still leaving the last step must not compare
        // its stale claim with this step's count and take a position that does not exist
        claims.set((long) g << 32 | CLOSED);
        this.batch = batch;
        this.count = count;
        this.limit = limit;
        for (int i = 0; i < count; i++) {
            finished.set(i, 0);
            failures[i] = null;
            ((OrderedPort) batch[i].networkPort()).enter(this, i);
        }
        remaining.set(count);
        claims.set((long) g << 32);
        generation = g;   // publishes the batch to the workers
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
        work(g);
        int spins = 0;
        long since = 0;
        while (remaining.get() != 0) {
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                // a bounded park: the last node's thread unparks this one, and a wake-up is never waited for long
                LockSupport.parkNanos(this, PARK_NANOS);
                if (since == 0) {
                    since = System.nanoTime();
                } else if (System.nanoTime() - since > STUCK_NANOS) {
                    throw new IllegalStateException(state());
                }
            }
        }
        for (int i = 0; i < count; i++) {
            ((OrderedPort) batch[i].networkPort()).leave();
        }
        for (int i = 0; i < count; i++) {
            Throwable t = failures[i];
            if (t != null) {
                failures[i] = null;
                if (t instanceof RuntimeException r) {
                    throw r;
                }
                if (t instanceof Error e) {
                    throw e;
                }
                throw new IllegalStateException(t);
            }
        }
        this.batch = null;
    }

    /** What a stuck step looks like, for the exception that ends it. */
    private String state() {
        StringBuilder sb = new StringBuilder("parallel step stuck: remaining ").append(remaining.get())
                .append(", claims ").append(claims.get() >>> 32).append(':').append((int) claims.get())
                .append(", count ").append(count).append(", generation ").append(generation).append(", finished");
        for (int i = 0; i < count; i++) {
            sb.append(' ').append(finished.get(i));
        }
        for (Thread t : threads) {
            sb.append(", ").append(t.getName()).append(' ').append(t.getState());
        }
        return sb.toString();
    }

    private void start() {
        caller = Thread.currentThread();
        threads = new Thread[workers];
        for (int w = 0; w < workers; w++) {
            Thread t = new Thread(this::worker, "scmpsim-nodes-" + (w + 1));
            t.setDaemon(true);
            threads[w] = t;
            t.start();
        }
    }

    /** Takes nodes of step {@code g} until none is left. */
    private void work(int g) {
        while (true) {
            long v = claims.get();
            if ((int) (v >>> 32) != g || (int) v >= count) {
                return;
            }
            if (!claims.compareAndSet(v, v + 1)) {
                continue;
            }
            int i = (int) v;
            try {
                batch[i].runUntil(limit);
            } catch (Throwable t) {
                failures[i] = t;
            } finally {
                finished.set(i, 1);
                if (remaining.decrementAndGet() == 0) {
                    LockSupport.unpark(caller);
                }
            }
        }
    }

    private void worker() {
        int seen = 0;
        while (true) {
            int spins = 0;
            while (generation == seen && !closed) {
                if (++spins < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.parkNanos(this, PARK_NANOS);
                }
            }
            if (closed) {
                return;
            }
            seen = generation;
            work(seen);
        }
    }

    /** Waits until every node before batch position {@code index} has finished its run. */
    void awaitTurn(int index) {
        for (int j = 0; j < index; j++) {
            int spins = 0;
            while (finished.get(j) == 0) {
                if (++spins < SPINS) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
        }
    }

    /** Ends the workers and waits for them; the pool is not used again. */
    @Override
    public void close() {
        closed = true;
        if (threads == null) {
            return;
        }
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * A node's device port as the machine hands it to the node when it may run in a step: outside a step it passes
     * every call through; in a step it first waits for the node's turn ({@link #awaitTurn}).
     */
    static final class OrderedPort implements NetworkPort {
        private final NetworkPort device;
        private ParallelNodes pool;
        private int index = -1;

        OrderedPort(NetworkPort device) {
            this.device = device;
        }

        void enter(ParallelNodes p, int position) {
            pool = p;
            index = position;
        }

        void leave() {
            index = -1;
        }

        @Override
        public int request(int op, long cycle, ThreadContext thread, int v0, int v1, int v2, int v3) {
            if (index > 0) {
                pool.awaitTurn(index);
            }
            return device.request(op, cycle, thread, v0, v1, v2, v3);
        }

        @Override
        public void threadEnded(long cycle, ThreadContext thread) {
            if (index > 0) {
                pool.awaitTurn(index);
            }
            device.threadEnded(cycle, thread);
        }
    }
}
