package scmp.experiments;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The benchmarks' line charts, drawn by XChart in one style (white background, a legend inside the plot,
 * linear or logarithmic axes) and written as PNG and SVG.
 */
final class Charts {
    /** Distinct colours for series (by processor count, say). */
    static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0x9467bd), new Color(0xff7f0e), new Color(0x8c564b)};

    /** Line styles: the published numbers dashed, ours solid or dotted. */
    enum Style {
        SOLID(new BasicStroke(2.2f)),
        DASHED(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {9f, 6f}, 0f)),
        DOTTED(new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {2f, 5f}, 0f));

        final BasicStroke stroke;

        Style(BasicStroke stroke) {
            this.stroke = stroke;
        }
    }

    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.TRIANGLE_UP};

    private Charts() {
    }

    /**
     * Creates an empty line chart, 960 x 620 pixels.
     *
     * @param title      the title
     * @param xLabel     the x axis title
     * @param yLabel     the y axis title
     * @param logX       whether the x axis is logarithmic
     * @param logY       whether the y axis is logarithmic
     * @param legendLeft whether the legend goes in the top left corner (for lines that rise to the right)
     * @return the chart
     */
    static XYChart lines(String title, String xLabel, String yLabel, boolean logX, boolean logY, boolean legendLeft) {
        XYChart c = new XYChartBuilder().width(960).height(620).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel)
                .build();
        c.getStyler().setChartBackgroundColor(Color.WHITE).setLegendPosition(legendLeft
                ? Styler.LegendPosition.InsideNW : Styler.LegendPosition.InsideNE);
        c.getStyler().setXAxisLogarithmic(logX).setYAxisLogarithmic(logY).setPlotBackgroundColor(Color.WHITE)
                .setMarkerSize(8);
        c.getStyler().setPlotGridLinesColor(new Color(0xe6e6e6));
        // Thousands separated; XChart's own log-axis ticks read 1E4 otherwise.
        c.getStyler().setXAxisDecimalPattern("#,##0.###").setYAxisDecimalPattern("#,##0.###");
        return c;
    }

    /**
     * Adds a line; a NaN y leaves a gap, and a line with no point at all is left out of the chart.
     *
     * @param c      the chart
     * @param name   the legend text
     * @param color  the colour
     * @param style  the line style
     * @param marker 0 circle, 1 square, 2 triangle
     * @param xs     x values
     * @param ys     y values
     */
    static void add(XYChart c, String name, Color color, Style style, int marker, double[] xs, double[] ys) {
        boolean any = false;
        for (double y : ys) {
            any |= !Double.isNaN(y);
        }
        if (!any) {
            return;
        }
        XYSeries s = c.addSeries(name, xs, ys);
        s.setLineColor(color).setLineStyle(style.stroke);
        s.setMarker(MARKERS[marker % MARKERS.length]).setMarkerColor(color);
    }

    /**
     * Writes a chart as {@code BASE.png} and {@code BASE.svg}.
     *
     * @param c    the chart
     * @param base the path without extension
     * @throws IOException when a file cannot be written
     */
    static void write(XYChart c, Path base) throws IOException {
        Path dir = base.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        BitmapEncoder.saveBitmap(c, base.toString(), BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(c, base.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }
}
