package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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

/** The latency-against-load plot: a PNG and an SVG, latencies above the limit marked at the top edge. */
class LatencyPlotTest {

    private static TrafficResult point(double rate, double avg, double net, double p99) {
        return new TrafficResult(rate, rate, rate, 100, avg, p99, net, p99, 3.0, true, 1000, 50, 0.5, 0);
    }

    private static final List<TrafficResult> SWEEP = List.of(point(0.1, 25, 24, 40), point(0.2, 30, 28, 60),
            point(0.3, 80, 40, 900));

    @Test
    void writesPngAndSvg(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("sweep.png");
        LatencyPlot.write(SWEEP, "mesh 4x4, uniform", 500, png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img);
        assertEquals(900, img.getWidth());
        assertEquals(560, img.getHeight());
        Path svg = dir.resolve("sweep.svg");
        assertTrue(Files.isRegularFile(svg));
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = f.newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        assertEquals("0 0 900 560", doc.getDocumentElement().getAttribute("viewBox"));
    }

    @Test
    void pointsAboveTheLimitAreClippedAndMarked() {
        XYChart c = LatencyPlot.chart(SWEEP, "t", 500);
        assertEquals(4, c.getSeriesMap().size());
        XYSeries p99 = c.getSeriesMap().get("99th percentile packet latency");
        assertEquals(500, p99.getYData()[2]);
        assertEquals(60, p99.getYData()[1]);
        XYSeries above = c.getSeriesMap().get("above the top of the plot (the CSV has the value)");
        assertTrue(Double.isNaN(above.getYData()[0]) && Double.isNaN(above.getYData()[1]));
        assertEquals(500, above.getYData()[2]);
        // nothing above the limit: no marker series
        assertEquals(3, LatencyPlot.chart(SWEEP.subList(0, 2), "t", 500).getSeriesMap().size());
    }
}
