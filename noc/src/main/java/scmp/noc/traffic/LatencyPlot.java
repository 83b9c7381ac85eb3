package scmp.noc.traffic;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws latency against offered load, the classic network-on-chip curve, as a PNG with Java2D: average
 * packet latency, average network latency and 99th-percentile packet latency for each point of a sweep.
 */
public final class LatencyPlot {
    private static final int W = 900;
    private static final int H = 560;
    private static final int LEFT = 80;
    private static final int RIGHT = 30;
    private static final int TOP = 50;
    private static final int BOTTOM = 70;

    private LatencyPlot() {
    }

    /**
     * Writes the plot.
     *
     * @param points the sweep, in increasing rate
     * @param title the title line
     * @param yLimit the largest latency shown; points above are clipped to the top edge
     * @param file the PNG to write
     * @throws IOException when the file cannot be written
     */
    public static void write(List<TrafficResult> points, String title, double yLimit, Path file) throws IOException {
        BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            draw(g, points, title, yLimit);
        } finally {
            g.dispose();
        }
        ImageIO.write(img, "png", file.toFile());
    }

    private static void draw(Graphics2D g, List<TrafficResult> points, String title, double yLimit) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, W, H);
        double xMax = 0.05;
        double yMax = 10;
        for (TrafficResult r : points) {
            xMax = Math.max(xMax, r.offered());
            yMax = Math.max(yMax, Math.min(yLimit, r.p99PacketLatency()));
        }
        xMax = niceCeil(xMax * 1.05);
        yMax = niceCeil(yMax * 1.05);
        int pw = W - LEFT - RIGHT;
        int ph = H - TOP - BOTTOM;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        FontMetrics fm = g.getFontMetrics();
        for (int k = 0; k <= 10; k++) {
            double xv = xMax * k / 10;
            double yv = yMax * k / 10;
            int x = LEFT + pw * k / 10;
            int y = TOP + ph - ph * k / 10;
            g.setColor(new Color(230, 230, 230));
            g.drawLine(x, TOP, x, TOP + ph);
            g.drawLine(LEFT, y, LEFT + pw, y);
            g.setColor(Color.DARK_GRAY);
            String xs = String.format(Locale.ROOT, "%.2f", xv);
            g.drawString(xs, x - fm.stringWidth(xs) / 2, TOP + ph + 18);
            String ys = String.format(Locale.ROOT, "%.0f", yv);
            g.drawString(ys, LEFT - 8 - fm.stringWidth(ys), y + 4);
        }
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, TOP, pw, ph);
        String xl = "offered load (flits/node/cycle)";
        g.drawString(xl, LEFT + pw / 2 - fm.stringWidth(xl) / 2, H - 25);
        Graphics2D gr = (Graphics2D) g.create();
        gr.rotate(-Math.PI / 2);
        String yl = "latency (network cycles)";
        gr.drawString(yl, -(TOP + ph / 2) - fm.stringWidth(yl) / 2, 22);
        gr.dispose();
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString(title, LEFT, TOP - 20);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        boolean clipped = series(g, points, 0, new Color(0, 90, 200), xMax, yMax, pw, ph);
        clipped |= series(g, points, 1, new Color(0, 150, 60), xMax, yMax, pw, ph);
        clipped |= series(g, points, 2, new Color(200, 60, 40), xMax, yMax, pw, ph);
        String[] names = {"average packet latency", "average network latency", "99th percentile packet latency"};
        Color[] colors = {new Color(0, 90, 200), new Color(0, 150, 60), new Color(200, 60, 40)};
        for (int k = 0; k < 3; k++) {
            int y = TOP + 18 + 18 * k;
            g.setColor(colors[k]);
            g.fillRect(LEFT + 12, y - 9, 14, 10);
            g.setColor(Color.BLACK);
            g.drawString(names[k], LEFT + 32, y);
        }
        if (clipped) {
            int y = TOP + 18 + 18 * 3;
            g.setColor(Color.DARK_GRAY);
            triangle(g, LEFT + 19, y - 4);
            g.setColor(Color.BLACK);
            g.drawString("above the top of the plot (the CSV has the value)", LEFT + 32, y);
        }
    }

    /** A small upward triangle centred at (x, y): a point above the plot's top edge. */
    private static void triangle(Graphics2D g, int x, int y) {
        g.fillPolygon(new int[] {x - 5, x + 5, x}, new int[] {y + 4, y + 4, y - 5}, 3);
    }

    /** Draws one series; returns whether a point lay above the top edge (drawn there as a triangle). */
    private static boolean series(Graphics2D g, List<TrafficResult> points, int which, Color color, double xMax,
            double yMax, int pw, int ph) {
        boolean clipped = false;
        g.setColor(color);
        g.setStroke(new BasicStroke(2f));
        int px = -1;
        int py = -1;
        for (TrafficResult r : points) {
            double v = which == 0 ? r.avgPacketLatency() : which == 1 ? r.avgNetworkLatency() : r.p99PacketLatency();
            int x = LEFT + (int) Math.round(pw * r.offered() / xMax);
            int y = TOP + ph - (int) Math.round(ph * Math.min(v, yMax) / yMax);
            if (px >= 0) {
                g.drawLine(px, py, x, y);
            }
            if (v > yMax) {
                triangle(g, x, y + 2);
                clipped = true;
            } else {
                g.fillOval(x - 3, y - 3, 7, 7);
            }
            px = x;
            py = y;
        }
        return clipped;
    }

    /** Rounds up to 1, 2 or 5 times a power of ten. */
    static double niceCeil(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }
}
