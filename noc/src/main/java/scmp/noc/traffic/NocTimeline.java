package scmp.noc.traffic;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * The timeline of a {@code scmpsim noc} run ({@code --timeline FILE.json}, docs/noc.md section 7), in the Chrome
 * trace-event JSON of {@code scmpsim --timeline} (docs/simulator.md "Timelines") and with its conventions: one
 * process per node ({@code node N}), its packets' injections on an {@code NIU send} track and their arrivals on an
 * {@code NIU receive} track, and each packet a flow arrow from its injection to its arrival, whose receive slice
 * carries its size and latencies. One network cycle is one microsecond of the trace's clock.
 *
 * <p>A packet is written when its tail is taken, so memory stays small; the file holds only what falls in a
 * cycle window: slices are clipped to it, and a packet's arrow is drawn when its injection and its arrival are both
 * in it. A packet's send slice starts when its head enters the network and lasts one cycle per flit; its receive
 * slice ends the cycle its tail is taken and lasts one cycle per flit. Slices on one track never overlap: one
 * starts no earlier than the last ended (packets on different virtual channels may arrive interleaved).
 */
public final class NocTimeline implements PacketListener, AutoCloseable {
    private static final int SEND = 0;
    private static final int RECEIVE = 1;

    private final JsonWriter json;
    private final long from;
    private final long to;
    private final boolean[] named;
    private final long[] sendEnd;
    private final long[] receiveEnd;
    private long events;

    /**
     * Starts a timeline: writes the file's head.
     *
     * @param out   where the JSON goes; {@link #close} closes it
     * @param nodes the network's nodes
     * @param from  the first network cycle shown
     * @param to    the cycle after the last shown ({@link Long#MAX_VALUE}: to the end)
     * @throws IOException when the head cannot be written
     */
    public NocTimeline(Writer out, int nodes, long from, long to) throws IOException {
        if (from < 0 || to <= from) {
            throw new IllegalArgumentException("the cycle window must be FROM:TO with 0 <= FROM < TO");
        }
        this.json = new JsonWriter(out);
        this.from = from;
        this.to = to;
        this.named = new boolean[nodes];
        this.sendEnd = new long[nodes];
        this.receiveEnd = new long[nodes];
        json.beginObject();
        json.name("otherData").beginObject().name("tool").value("scmpsim noc")
                .name("clock").value("1 us of the trace is 1 network cycle").endObject();
        json.name("traceEvents").beginArray();
    }

    /** Returns the number of events written so far. */
    public long events() {
        return events;
    }

    @Override
    public void delivered(long id, int src, int dst, int flits, long created, long injected, long arrived) {
        try {
            long sendAt = Math.max(injected, sendEnd[src]);
            sendEnd[src] = sendAt + flits;
            boolean sent = slice(src, SEND, "packet " + id + " to node " + dst, sendAt, sendEnd[src], id, "to", dst,
                    flits, -1, -1);
            long receiveAt = Math.max(Math.max(arrived + 1 - flits, injected + 1), receiveEnd[dst]);
            receiveEnd[dst] = Math.max(receiveAt + 1, arrived + 1);
            boolean received = slice(dst, RECEIVE, "packet " + id + " from node " + src, receiveAt, receiveEnd[dst],
                    id, "from", src, flits, arrived - created, arrived - injected);
            if (sent && received && sendAt >= from && receiveAt < to) {
                flow("s", src, SEND, sendAt, id);
                flow("f", dst, RECEIVE, receiveAt, id);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a complete slice clipped to the window; returns whether any of it was in the window. */
    private boolean slice(int node, int track, String name, long start, long end, long id, String peer,
            int peerNode, int flits, long latency, long networkLatency) throws IOException {
        long a = Math.max(start, from);
        long b = Math.min(end, to);
        if (b <= a) {
            return false;
        }
        name(node);
        head("X", name, a, node, track).name("dur").value(b - a);
        json.name("args").beginObject().name("packet").value(id).name(peer).value(peerNode).name("flits").value(flits);
        if (latency >= 0) {
            json.name("latency_cycles").value(latency).name("network_latency_cycles").value(networkLatency);
        }
        json.endObject().endObject();
        events++;
        return true;
    }

    private void flow(String ph, int node, int track, long ts, long id) throws IOException {
        head(ph, "packet", ts, node, track).name("id").value(id);
        if (ph.equals("f")) {
            json.name("bp").value("e");
        }
        json.endObject();
        events++;
    }

    private JsonWriter head(String ph, String name, long ts, int pid, int tid) throws IOException {
        return json.beginObject().name("ph").value(ph).name("name").value(name).name("cat").value("packet")
                .name("ts").value(ts).name("pid").value(pid).name("tid").value(tid);
    }

    /** Names a node's process and tracks the first time it has an event. */
    private void name(int node) throws IOException {
        if (named[node]) {
            return;
        }
        named[node] = true;
        meta(node, SEND, "process_name", "name", "node " + node);
        meta(node, SEND, "process_sort_index", "sort_index", null);
        meta(node, SEND, "thread_name", "name", "NIU send");
        meta(node, RECEIVE, "thread_name", "name", "NIU receive");
    }

    private void meta(int pid, int tid, String what, String key, String name) throws IOException {
        json.beginObject().name("ph").value("M").name("name").value(what).name("pid").value(pid).name("tid").value(tid)
                .name("args").beginObject().name(key);
        if (name != null) {
            json.value(name);
        } else {
            json.value(pid);
        }
        json.endObject().endObject();
        events++;
    }

    /** Ends the list of events and closes the file. */
    @Override
    public void close() throws IOException {
        json.endArray();
        json.endObject();
        json.close();
    }
}
