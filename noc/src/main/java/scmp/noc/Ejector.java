package scmp.noc;

/**
 * The receiving end of one node's ejection channel: a buffer of {@code depth} flits per virtual channel, as
 * in the network interface's receive logic. Messages may arrive interleaved on several virtual channels, but
 * the network interface is handed one message at a time: the oldest message whose head has arrived, then
 * only that message's flits until its tail. Every flit taken frees a slot and sends a credit to the router.
 */
final class Ejector {
    private final Channel channel;
    private final int vcs;
    private final int depth;
    private final int creditDelay;
    private final long[] flits;
    private final long[] times;
    private final int[] head;
    private final int[] count;
    private int held;
    private int current = -1;
    private int lastVc;

    Ejector(Channel channel, int creditDelay) {
        this.channel = channel;
        this.vcs = channel.vcs;
        this.depth = channel.depth;
        this.creditDelay = creditDelay;
        this.flits = new long[vcs * depth];
        this.times = new long[vcs * depth];
        this.head = new int[vcs];
        this.count = new int[vcs];
    }

    /** Moves the flits due by {@code now} from the channel into their virtual channels' buffers. */
    void absorb(long now) {
        while (channel.flitDue(now)) {
            int vc = channel.frontVc();
            if (count[vc] == depth) {
                throw new IllegalStateException("ejection buffer overflow at " + channel);
            }
            int slot = head[vc] + count[vc];
            if (slot >= depth) {
                slot -= depth;
            }
            flits[vc * depth + slot] = channel.frontFlit();
            times[vc * depth + slot] = channel.frontTime();
            count[vc]++;
            held++;
            channel.popFlit();
        }
    }

    /** Returns the virtual channel whose flit goes next to the network interface, or -1. */
    private int select(long now) {
        absorb(now);
        if (held == 0) {
            return -1;
        }
        if (current >= 0) {
            return count[current] != 0 ? current : -1;
        }
        int best = -1;
        long bestTime = Long.MAX_VALUE;
        for (int v = 0; v < vcs; v++) {
            if (count[v] != 0 && times[v * depth + head[v]] < bestTime) {
                best = v;
                bestTime = times[v * depth + head[v]];
            }
        }
        return best;
    }

    long peek(long now) {
        int vc = select(now);
        return vc < 0 ? Flit.NONE : flits[vc * depth + head[vc]];
    }

    long poll(long now) {
        int vc = select(now);
        if (vc < 0) {
            return Flit.NONE;
        }
        long flit = flits[vc * depth + head[vc]];
        head[vc] = head[vc] + 1 == depth ? 0 : head[vc] + 1;
        count[vc]--;
        held--;
        current = Flit.isTail(flit) ? -1 : vc;
        lastVc = vc;
        channel.sendCredit(vc, now + creditDelay);
        return flit;
    }

    /** Returns the flits in the buffer of one virtual channel (not those still on the wire). */
    int buffered(int vc) {
        return count[vc];
    }

    /** Returns the flits in all buffers. */
    int held() {
        return held;
    }

    /** Returns the virtual channel of the flit last taken. */
    int lastVc() {
        return lastVc;
    }

    /** Returns the virtual channel of the message being handed over, or -1 between messages. */
    int currentVc() {
        return current;
    }

    /** Returns the flit the network interface would get next, ignoring arrivals after the last absorb. */
    long front() {
        int vc = current;
        if (vc < 0) {
            for (int v = 0; v < vcs; v++) {
                if (count[v] != 0) {
                    vc = v;
                    break;
                }
            }
        }
        return vc < 0 || count[vc] == 0 ? Flit.NONE : flits[vc * depth + head[vc]];
    }
}
