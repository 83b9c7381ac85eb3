package scmp.noc.traffic;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws latency against offered load, the classic network-on-chip curve, with XChart: average packet latency,
 * average network latency and 99th-percentile packet latency for each point of a sweep, written as a PNG and,
 * beside it, an SVG of the same name.
 */
public final class LatencyPlot {
    private static final String[] NAMES = {"average packet latency", "average network latency",
        "99th percentile packet latency"};
    private static final Color[] COLORS = {new Color(0, 90, 200), new Color(0, 150, 60), new Color(200, 60, 40)};

    private LatencyPlot() {
    }

    /**
     * Writes the plot.
     *
     * @param points the sweep, in increasing rate
     * @param title the title line
     * @param yLimit the largest latency shown; points above are drawn at the top edge as triangles
     * @param file the PNG to write; the SVG goes beside it, its extension {@code .svg}
     * @throws IOException when a file cannot be written
     */
    public static void write(List<TrafficResult> points, String title, double yLimit, Path file) throws IOException {
        XYChart c = chart(points, title, yLimit);
        String base = file.toString().replaceFirst("\\.png$", "");
        BitmapEncoder.saveBitmap(c, base, BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(c, base, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }

    /** The chart of a sweep, 900 x 560 pixels. */
    static XYChart chart(List<TrafficResult> points, String title, double yLimit) {
        XYChart c = new XYChartBuilder().width(900).height(560).title(title)
                .xAxisTitle("offered load (flits/node/cycle)").yAxisTitle("latency (network cycles)").build();
        XYStyler st = c.getStyler();
        st.setChartBackgroundColor(Color.WHITE).setLegendPosition(Styler.LegendPosition.InsideNW);
        st.setPlotBackgroundColor(Color.WHITE).setMarkerSize(7);
        st.setXAxisMin(0.0).setYAxisMin(0.0).setXAxisDecimalPattern("0.00").setYAxisDecimalPattern("#,##0");
        double[] xs = points.stream().mapToDouble(TrafficResult::offered).toArray();
        boolean clipped = false;
        double[] above = new double[xs.length];
        Arrays.fill(above, Double.NaN);
        for (int k = 0; k < NAMES.length; k++) {
            double[] ys = new double[xs.length];
            for (int i = 0; i < ys.length; i++) {
                TrafficResult r = points.get(i);
                double v = k == 0 ? r.avgPacketLatency() : k == 1 ? r.avgNetworkLatency() : r.p99PacketLatency();
                if (v > yLimit) {
                    // XChart would stretch the axis to the point; keep the interesting range and mark the point
                    above[i] = yLimit;
                    clipped = true;
                    v = yLimit;
                }
                ys[i] = v;
            }
            XYSeries s = c.addSeries(NAMES[k], xs, ys);
            s.setLineColor(COLORS[k]).setLineStyle(SeriesLines.SOLID);
            s.setMarker(SeriesMarkers.CIRCLE).setMarkerColor(COLORS[k]);
        }
        if (clipped) {
            XYSeries s = c.addSeries("above the top of the plot (the CSV has the value)", xs, above);
            s.setLineStyle(SeriesLines.NONE);
            s.setMarker(SeriesMarkers.TRIANGLE_UP).setMarkerColor(Color.DARK_GRAY);
        }
        return c;
    }
}
