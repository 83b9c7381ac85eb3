package scmp.niu;

/**
 * What one node's NIU did during a run (scmpsim --stats).
 *
 * @param messagesSent     messages started by this node's threads ({@code sendh_*})
 * @param flitsSent        flits this NIU injected into the network
 * @param messagesReceived messages whose tail this NIU took
 * @param flitsReceived    flits this NIU took from its ejection port
 * @param threadsStarted   threads started by THREAD messages that arrived here
 * @param dmaWords         words the DMA engine read for {@code sendm}/{@code sendme}
 * @param wordsWritten     words incoming DATA messages wrote into this node's memory
 */
public record NiuStats(long messagesSent, long flitsSent, long messagesReceived, long flitsReceived,
                       long threadsStarted, long dmaWords, long wordsWritten) {
}
