package scmp.noc;

/**
 * Which virtual channels a message may take, and so whether the network keeps the order of messages between
 * two nodes (docs/noc.md section 3, "Point-to-point order").
 */
public enum VcSelection {
    /**
     * A message travels on one virtual channel from its source to its destination, the one of its flow
     * ({@link #flowVc}). Every router gives it the output virtual channel with the number of
     * its input virtual channel. Under deterministic routing the messages of one flow then follow each other
     * through the same FIFO buffers and arrive in the order they were sent; different flows still spread over
     * the virtual channels. The default.
     */
    FLOW,
    /**
     * A message may take any free virtual channel at injection and at every router (BookSim's default). Uses
     * the virtual channels best, but a later message between two nodes may overtake an earlier one.
     */
    ANY;

    /**
     * Returns the virtual channel of the flow from {@code src} to {@code dst} among {@code vcs}: bits 31..16 of
     * {@code src * 0x9E3779B1 XOR dst * 0x85EBCA6B} (32-bit products), modulo {@code vcs}. The two odd constants
     * (the golden-ratio multiplier of Fibonacci hashing and a MurmurHash3 constant) scatter the flows that share
     * a link over the virtual channels like a random choice would; simpler functions such as
     * {@code (src + dst) mod V} put regular patterns on few channels (under tornado traffic on 8x8, every flow
     * on an east link had an odd sum, so two of four channels stayed unused). docs/noc.md gives the
     * measurements. In hardware this is a table of one channel number per destination in each network
     * interface.
     *
     * @param src the sending node
     * @param dst the receiving node
     * @param vcs the virtual channels per port
     * @return the virtual channel, 0..vcs-1
     */
    public static int flowVc(int src, int dst, int vcs) {
        int h = (src * 0x9E3779B1 ^ dst * 0x85EBCA6B) >>> 16;
        return h % vcs;
    }
}
