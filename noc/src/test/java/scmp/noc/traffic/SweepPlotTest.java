package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.w3c.dom.Document;

/**
 * The sweep plot: a PNG and an SVG; latencies on the left axis, above the limit marked at the top edge;
 * accepted throughput on the right axis; saturation marked; error bars with several seeds.
 */
class SweepPlotTest {

    private static TrafficResult point(double rate, double acc, double avg, double net, double p99) {
        return new TrafficResult(rate, rate, acc, 100, avg, p99, net, p99, 3.0, true, 1000, 50, 0.5, 0, 0);
    }

    private static SeedRuns one(TrafficResult r) {
        return new SeedRuns(1, List.of(r));
    }

    private static final List<SeedRuns> POINTS = List.of(one(point(0.1, 0.1, 25, 24, 40)),
            one(point(0.2, 0.2, 30, 28, 60)), one(point(0.3, 0.25, 80, 40, 900)));

    private static final TrafficStudy.Sweep SWEEP = new TrafficStudy.Sweep(POINTS, POINTS.get(2), "test");

    @Test
    void writesPngAndSvg(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("sweep.png");
        SweepPlot.write(SWEEP, "mesh 4x4, uniform", 500, 0.5, png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img);
        assertEquals(900, img.getWidth());
        assertEquals(720, img.getHeight());
        Path svg = dir.resolve("sweep.svg");
        assertTrue(Files.isRegularFile(svg));
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = f.newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        assertEquals("0 0 900 720", doc.getDocumentElement().getAttribute("viewBox"));
    }

    @Test
    void pointsAboveTheLimitAreClippedAndMarked() {
        XYChart c = SweepPlot.chart(SWEEP, "t", 500, 0.5);
        XYSeries p99 = c.getSeriesMap().get("99th percentile packet latency");
        assertEquals(500, p99.getYData()[2]);
        assertEquals(60, p99.getYData()[1]);
        XYSeries above = c.getSeriesMap().get(SweepPlot.ABOVE);
        assertTrue(Double.isNaN(above.getYData()[0]) && Double.isNaN(above.getYData()[1]));
        assertEquals(500, above.getYData()[2]);
        // nothing above the limit: no marker series
        TrafficStudy.Sweep low = new TrafficStudy.Sweep(POINTS.subList(0, 2), null, null);
        assertNull(SweepPlot.chart(low, "t", 500, 0.5).getSeriesMap().get(SweepPlot.ABOVE));
    }

    @Test
    void acceptedThroughputOnTheRightAxisAndSaturationMarked() {
        XYChart c = SweepPlot.chart(SWEEP, "t", 500, 0.5);
        XYSeries acc = c.getSeriesMap().get(SweepPlot.ACCEPTED);
        assertEquals(1, acc.getYAxisGroup());
        assertEquals(0.25, acc.getYData()[2]);
        assertEquals(0, c.getSeriesMap().get("average packet latency").getYAxisGroup());
        XYSeries ideal = c.getSeriesMap().get("ideal throughput, DOR (0.500, right axis)");
        assertEquals(0.5, ideal.getYData()[0]);
        assertEquals(0.2, SWEEP.lastStable());
        assertEquals("saturation 0.200-0.300", SweepPlot.saturationLabel(SWEEP));
        assertNull(SweepPlot.saturationLabel(new TrafficStudy.Sweep(POINTS, null, null)));
    }

    @Test
    void severalSeedsGiveErrorBars() {
        TrafficResult a = point(0.1, 0.1, 25, 24, 40);
        TrafficResult b = point(0.1, 0.12, 27, 26, 42);
        TrafficStudy.Sweep s = new TrafficStudy.Sweep(List.of(new SeedRuns(1, List.of(a, b))), null, null);
        XYSeries avg = SweepPlot.chart(s, "t", 500, Double.NaN).getSeriesMap().get("average packet latency");
        assertEquals(26, avg.getYData()[0], 1e-12);
        assertEquals(12.706 * Math.sqrt(2) / Math.sqrt(2), avg.getExtraValues()[0], 1e-2);
    }
}
