package scmp.noc;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The watch bit: one flit followed through every stage of every router, at the cycles the spec gives. */
class TraceTest {

    @Test
    void watchedHeadFlitVisitsEveryStageOnTime() {
        RouterNetwork net = RouterNetwork.mesh(2, 1, NocConfig.defaults());
        List<String> events = new ArrayList<>();
        net.setTracer((cycle, event, router, port, vc, detail, flit) ->
                events.add(cycle + " " + event + " r" + router + " p" + port + (event == FlitTracer.Event.ROUTE ? " ->" + detail : "")));
        long head = Flit.watched(net.headFlit(0, 1, 1, 1));
        net.inject(0, head);
        net.step();
        net.inject(0, Flit.of(7, false, true)); // not watched: no events
        long tail = Flit.NONE;
        for (int c = 0; c < 30 && tail == Flit.NONE; c++) {
            long f = net.pollEject(1);
            if (Flit.isTail(f)) {
                tail = f;
            }
            net.step();
        }
        assertEquals(List.of(
                "0 INJECT r0 p0",
                "1 ARRIVE r0 p0",
                "1 ROUTE r0 p0 ->1",
                "2 VC_ALLOC r0 p0",
                "3 SWITCH r0 p1",
                "6 ARRIVE r1 p2",
                "6 ROUTE r1 p2 ->0",
                "7 VC_ALLOC r1 p2",
                "8 SWITCH r1 p0",
                "11 EJECT r1 p0"), events);
    }

    @Test
    void printingTracerNamesRoutersAndPorts() {
        RouterNetwork net = RouterNetwork.mesh(2, 2, NocConfig.defaults());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        net.setTracer(FlitTracer.printing(new PrintStream(bytes, true), net.topology()));
        net.inject(0, Flit.watched(net.headFlit(0, 3, 1, 1)) | Flit.TAIL);
        for (int c = 0; c < 30; c++) {
            net.pollEject(3);
            net.step();
        }
        String out = bytes.toString();
        int vc = VcSelection.flowVc(0, 3, 4);   // the flow's virtual channel, kept on every hop
        assertTrue(out.contains("ROUTE    (0,0) L vc " + vc + " -> E"), out);
        assertTrue(out.contains("ROUTE    (1,0) W vc " + vc + " -> S"), out);
        assertTrue(out.contains("SWITCH   (1,1) L vc " + vc), out);
        assertTrue(out.contains("EJECT    (1,1) L"), out);
    }
}
