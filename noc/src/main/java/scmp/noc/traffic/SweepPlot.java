package scmp.noc.traffic;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
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
 * Draws a sweep with XChart, written as a PNG and, beside it, an SVG of the same name. Against offered load:
 * on the left axis, the classic latency curve (average packet latency, average network latency, 99th-percentile
 * packet latency); on the right axis, the accepted throughput, the offered load itself (the line accepted
 * throughput follows until saturation) and the pattern's ideal throughput under dimension-order routing. A
 * vertical line marks where the sweep found saturation. With several seeds, the averages carry their 95%
 * confidence intervals as error bars.
 */
public final class SweepPlot {
    /** The name of the accepted throughput series. */
    static final String ACCEPTED = "accepted throughput (right axis)";
    /** The name of the series of points above the top of the plot. */
    static final String ABOVE = "above the top of the plot (the CSV has the value)";

    private static final String[] NAMES = {"average packet latency", "average network latency",
        "99th percentile packet latency"};
    private static final Color[] COLORS = {new Color(0, 90, 200), new Color(0, 150, 60), new Color(200, 60, 40)};
    private static final Color THROUGHPUT = new Color(130, 60, 170);
    private static final Color GUIDE = new Color(120, 120, 120);

    private SweepPlot() {
    }

    /**
     * Writes the plot.
     *
     * @param sweep  the sweep, in increasing rate
     * @param title  the title line
     * @param yLimit the largest latency shown; points above are drawn at the top edge as triangles
     * @param ideal  the ideal throughput of the pattern, flits/node/cycle, or NaN to leave it out
     * @param file   the PNG to write; the SVG goes beside it, its extension {@code .svg}
     * @throws IOException when a file cannot be written
     */
    public static void write(TrafficStudy.Sweep sweep, String title, double yLimit, double ideal, Path file)
            throws IOException {
        XYChart c = chart(sweep, title, yLimit, ideal);
        String base = file.toString().replaceFirst("\\.png$", "");
        BitmapEncoder.saveBitmap(c, base, BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(c, base, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }

    /** The chart of a sweep, 900 x 720 pixels. */
    static XYChart chart(TrafficStudy.Sweep sweep, String title, double yLimit, double ideal) {
        List<SeedRuns> points = sweep.points();
        XYChart c = new XYChartBuilder().width(900).height(720).title(title)
                .xAxisTitle("offered load (flits/node/cycle)").yAxisTitle("latency (network cycles)").build();
        c.setYAxisGroupTitle(1, "throughput (flits/node/cycle)");
        XYStyler st = c.getStyler();
        st.setChartBackgroundColor(Color.WHITE).setLegendPosition(Styler.LegendPosition.OutsideS);
        st.setPlotBackgroundColor(Color.WHITE).setMarkerSize(7);
        st.setXAxisMin(0.0).setYAxisMin(0, 0.0).setYAxisMin(1, 0.0);
        // no decimal pattern for the y axes: XChart would apply it to both, printing throughputs as 0 and 1
        st.setXAxisDecimalPattern("0.00");
        st.setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        st.setErrorBarsColorSeriesColor(true);
        boolean seeds = points.stream().anyMatch(p -> p.runs().size() > 1);
        double[] xs = points.stream().mapToDouble(p -> p.mean().rate()).toArray();
        boolean clipped = false;
        double[] above = new double[xs.length];
        Arrays.fill(above, Double.NaN);
        for (int k = 0; k < NAMES.length; k++) {
            double[] ys = new double[xs.length];
            double[] err = new double[xs.length];
            for (int i = 0; i < ys.length; i++) {
                SeedRuns p = points.get(i);
                TrafficResult r = p.mean();
                double v = k == 0 ? r.avgPacketLatency() : k == 1 ? r.avgNetworkLatency() : r.p99PacketLatency();
                Estimate e = k == 0 ? p.packetLatency() : k == 1 ? p.networkLatency() : null;
                err[i] = e == null || Double.isNaN(e.halfWidth()) ? 0 : e.halfWidth();
                if (v > yLimit) {
                    // XChart would stretch the axis to the point; keep the interesting range and mark the point
                    above[i] = yLimit;
                    clipped = true;
                    v = yLimit;
                    err[i] = 0;
                }
                ys[i] = v;
            }
            XYSeries s = seeds && k < 2 ? c.addSeries(NAMES[k], xs, ys, err) : c.addSeries(NAMES[k], xs, ys);
            s.setLineColor(COLORS[k]).setLineStyle(SeriesLines.SOLID);
            s.setMarker(SeriesMarkers.CIRCLE).setMarkerColor(COLORS[k]);
        }
        if (clipped) {
            XYSeries s = c.addSeries(ABOVE, xs, above);
            s.setLineStyle(SeriesLines.NONE);
            s.setMarker(SeriesMarkers.TRIANGLE_UP).setMarkerColor(Color.DARK_GRAY);
        }
        double[] acc = values(points, p -> p.mean().accepted());
        XYSeries a = seeds ? c.addSeries(ACCEPTED, xs, acc, values(points, p -> zeroIfNaN(p.accepted().halfWidth())))
                : c.addSeries(ACCEPTED, xs, acc);
        a.setYAxisGroup(1);
        a.setLineColor(THROUGHPUT).setLineStyle(SeriesLines.SOLID);
        a.setMarker(SeriesMarkers.DIAMOND).setMarkerColor(THROUGHPUT);
        double xMax = xs.length == 0 ? 1 : xs[xs.length - 1];
        XYSeries offered = c.addSeries("offered load (right axis)", new double[] {0, xMax}, new double[] {0, xMax});
        offered.setYAxisGroup(1);
        offered.setLineColor(GUIDE).setLineStyle(SeriesLines.DOT_DOT);
        offered.setMarker(SeriesMarkers.NONE);
        if (!Double.isNaN(ideal)) {
            XYSeries bound = c.addSeries(String.format(Locale.ROOT, "ideal throughput, DOR (%.3f, right axis)", ideal),
                    new double[] {0, xMax}, new double[] {ideal, ideal});
            bound.setYAxisGroup(1);
            bound.setLineColor(THROUGHPUT).setLineStyle(SeriesLines.DASH_DASH);
            bound.setMarker(SeriesMarkers.NONE);
        }
        st.setYAxisMax(1, Math.max(xMax, Double.isNaN(ideal) ? 0 : ideal) * 1.05);
        String label = saturationLabel(sweep);
        if (label != null) {
            double lo = sweep.lastStable();
            double hi = sweep.knee().mean().rate();
            st.setAnnotationLineColor(Color.BLACK).setAnnotationLineStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0)).setAnnotationTextFontColor(Color.BLACK);
            c.addAnnotation(new AnnotationLine((lo + hi) / 2, true, false));
            c.addAnnotation(new AnnotationText(label, (lo + hi) / 2, yLimit * 0.9, false));
        }
        return c;
    }

    /** The words by the saturation line: the last load the network kept up with and the first it did not. */
    static String saturationLabel(TrafficStudy.Sweep sweep) {
        return sweep.knee() == null ? null
                : String.format(Locale.ROOT, "saturation %.3f-%.3f", sweep.lastStable(), sweep.knee().mean().rate());
    }

    private static double[] values(List<SeedRuns> points, ToDoubleFunction<SeedRuns> f) {
        return points.stream().mapToDouble(f).toArray();
    }

    private static double zeroIfNaN(double v) {
        return Double.isNaN(v) ? 0 : v;
    }
}
