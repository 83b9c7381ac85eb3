package scmp.experiments;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/** A line chart written as a PNG with Java2D: linear or logarithmic axes, markers, dashed series, a legend. */
final class Plot {
    /** Distinct colours for series (by processor count, say). */
    static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0x9467bd), new Color(0xff7f0e), new Color(0x8c564b)};

    /** Line styles. */
    enum Style { SOLID, DASHED, DOTTED }

    /**
     * One line: points (x, y); a NaN y leaves a gap.
     *
     * @param name   legend text
     * @param color  colour
     * @param style  line style
     * @param marker 0 circle, 1 square, 2 triangle
     * @param xs     x values
     * @param ys     y values
     */
    record Series(String name, Color color, Style style, int marker, double[] xs, double[] ys) {
    }

    private static final int W = 960;
    private static final int H = 620;
    private static final int LEFT = 90;
    private static final int RIGHT = 30;
    private static final int TOP = 60;
    private static final int BOTTOM = 70;

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final boolean logX;
    private final boolean logY;
    private final List<Series> series = new ArrayList<>();
    private double[] xTicks;
    private boolean legendLeft;

    Plot(String title, String xLabel, String yLabel, boolean logX, boolean logY) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.logX = logX;
        this.logY = logY;
    }

    Plot add(Series s) {
        series.add(s);
        return this;
    }

    /** Uses exactly these x tick positions (the configurations' values) instead of computed ones. */
    Plot xTicks(double... ticks) {
        this.xTicks = ticks.clone();
        return this;
    }

    /** Puts the legend in the top left corner (for lines that rise to the right). */
    Plot legendLeft() {
        this.legendLeft = true;
        return this;
    }

    boolean isEmpty() {
        for (Series s : series) {
            for (double y : s.ys()) {
                if (!Double.isNaN(y)) {
                    return false;
                }
            }
        }
        return true;
    }

    private double tx(double v) {
        return logX ? Math.log10(v) : v;
    }

    private double ty(double v) {
        return logY ? Math.log10(v) : v;
    }

    void write(Path file) throws IOException {
        double x0 = Double.POSITIVE_INFINITY;
        double x1 = Double.NEGATIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY;
        double y1 = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.xs().length; i++) {
                if (Double.isNaN(s.ys()[i])) {
                    continue;
                }
                x0 = Math.min(x0, tx(s.xs()[i]));
                x1 = Math.max(x1, tx(s.xs()[i]));
                y0 = Math.min(y0, ty(s.ys()[i]));
                y1 = Math.max(y1, ty(s.ys()[i]));
            }
        }
        if (x0 > x1) {
            x0 = 0;
            x1 = 1;
            y0 = 0;
            y1 = 1;
        }
        if (!logY) {
            y0 = Math.min(0, y0);
        }
        double[] yt = ticks(y0, y1, logY);
        y0 = Math.min(y0, yt[0]);
        y1 = Math.max(y1, yt[yt.length - 1]);
        double padX = (x1 - x0) * 0.05 + (x1 == x0 ? 0.5 : 0);
        x0 -= padX;
        x1 += padX;
        if (y1 == y0) {
            y1 = y0 + 1;
        }

        BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, W, H);
        int pw = W - LEFT - RIGHT;
        int ph = H - TOP - BOTTOM;
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
        g.setFont(font.deriveFont(Font.BOLD, 17f));
        FontMetrics fm = g.getFontMetrics();
        g.setColor(Color.BLACK);
        g.drawString(title, (W - fm.stringWidth(title)) / 2, 32);
        g.setFont(font);
        fm = g.getFontMetrics();

        // grid and ticks
        double[] xt = xTicks != null ? xTicks : ticks(x0, x1, logX);
        g.setStroke(new BasicStroke(1f));
        for (double t : yt) {
            double v = logY ? Math.log10(t) : t;
            if (v < y0 - 1e-9 || v > y1 + 1e-9) {
                continue;
            }
            int py = TOP + ph - (int) Math.round((v - y0) / (y1 - y0) * ph);
            g.setColor(new Color(0xe6e6e6));
            g.drawLine(LEFT, py, LEFT + pw, py);
            g.setColor(Color.BLACK);
            String s = label(t);
            g.drawString(s, LEFT - 8 - fm.stringWidth(s), py + fm.getAscent() / 2 - 2);
        }
        for (double t : xt) {
            double v = logX ? Math.log10(t) : t;
            if (v < x0 - 1e-9 || v > x1 + 1e-9) {
                continue;
            }
            int px = LEFT + (int) Math.round((v - x0) / (x1 - x0) * pw);
            g.setColor(new Color(0xe6e6e6));
            g.drawLine(px, TOP, px, TOP + ph);
            g.setColor(Color.BLACK);
            String s = label(t);
            g.drawString(s, px - fm.stringWidth(s) / 2, TOP + ph + fm.getAscent() + 6);
        }
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, TOP, pw, ph);
        g.drawString(xLabel, LEFT + (pw - fm.stringWidth(xLabel)) / 2, H - 22);
        Graphics2D gy = (Graphics2D) g.create();
        gy.rotate(-Math.PI / 2);
        gy.drawString(yLabel, -(TOP + (ph + fm.stringWidth(yLabel)) / 2), 24);
        gy.dispose();

        // series
        for (Series s : series) {
            g.setColor(s.color());
            g.setStroke(stroke(s.style()));
            double lx = Double.NaN;
            double ly = Double.NaN;
            for (int i = 0; i < s.xs().length; i++) {
                if (Double.isNaN(s.ys()[i])) {
                    lx = Double.NaN;
                    continue;
                }
                double px = LEFT + (tx(s.xs()[i]) - x0) / (x1 - x0) * pw;
                double py = TOP + ph - (ty(s.ys()[i]) - y0) / (y1 - y0) * ph;
                if (!Double.isNaN(lx)) {
                    g.draw(new Line2D.Double(lx, ly, px, py));
                }
                lx = px;
                ly = py;
            }
            g.setStroke(new BasicStroke(1.5f));
            for (int i = 0; i < s.xs().length; i++) {
                if (Double.isNaN(s.ys()[i])) {
                    continue;
                }
                int px = (int) Math.round(LEFT + (tx(s.xs()[i]) - x0) / (x1 - x0) * pw);
                int py = (int) Math.round(TOP + ph - (ty(s.ys()[i]) - y0) / (y1 - y0) * ph);
                marker(g, s.marker(), px, py);
            }
        }

        // legend
        int lw = 0;
        for (Series s : series) {
            lw = Math.max(lw, fm.stringWidth(s.name()));
        }
        int lh = series.size() * 20 + 10;
        int lxp = legendLeft ? LEFT + 10 : LEFT + pw - lw - 70;
        int lyp = TOP + 10;
        g.setColor(new Color(255, 255, 255, 230));
        g.fillRect(lxp, lyp, lw + 60, lh);
        g.setColor(Color.GRAY);
        g.setStroke(new BasicStroke(1f));
        g.drawRect(lxp, lyp, lw + 60, lh);
        int row = 0;
        for (Series s : series) {
            int yy = lyp + 18 + row * 20;
            g.setColor(s.color());
            g.setStroke(stroke(s.style()));
            g.drawLine(lxp + 8, yy - 5, lxp + 44, yy - 5);
            g.setStroke(new BasicStroke(1.5f));
            marker(g, s.marker(), lxp + 26, yy - 5);
            g.setColor(Color.BLACK);
            g.drawString(s.name(), lxp + 52, yy);
            row++;
        }
        g.dispose();
        Files.createDirectories(file.toAbsolutePath().getParent());
        ImageIO.write(img, "png", file.toFile());
    }

    private static Stroke stroke(Style style) {
        switch (style) {
            case DASHED:
                return new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {9f, 6f}, 0f);
            case DOTTED:
                return new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {2f, 5f}, 0f);
            default:
                return new BasicStroke(2.2f);
        }
    }

    private static void marker(Graphics2D g, int kind, int x, int y) {
        switch (kind % 3) {
            case 1:
                g.fillRect(x - 4, y - 4, 8, 8);
                break;
            case 2:
                g.fillPolygon(new int[] {x - 5, x + 5, x}, new int[] {y + 4, y + 4, y - 5}, 3);
                break;
            default:
                g.fillOval(x - 4, y - 4, 8, 8);
        }
    }

    /** Tick values (not transformed) covering [a, b] (transformed). */
    private static double[] ticks(double a, double b, boolean log) {
        List<Double> t = new ArrayList<>();
        if (log) {
            int lo = (int) Math.floor(a + 1e-9);
            int hi = (int) Math.ceil(b - 1e-9);
            if (hi == lo) {
                hi++;
            }
            for (int e = lo; e <= hi; e++) {
                t.add(Math.pow(10, e));
                if (hi - lo <= 2 && e < hi) {
                    t.add(2 * Math.pow(10, e));
                    t.add(5 * Math.pow(10, e));
                }
            }
        } else {
            double span = b - a;
            if (span <= 0) {
                span = Math.abs(b) > 0 ? Math.abs(b) : 1;
            }
            double raw = span / 6;
            double mag = Math.pow(10, Math.floor(Math.log10(raw)));
            double step = raw / mag < 1.5 ? mag : raw / mag < 3 ? 2 * mag : raw / mag < 7 ? 5 * mag : 10 * mag;
            double start = Math.floor(a / step) * step;
            for (double v = start; v <= b + step * 0.999; v += step) {
                t.add(Math.abs(v) < step * 1e-9 ? 0 : v);
            }
        }
        double[] r = new double[t.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = t.get(i);
        }
        return r;
    }

    private static String label(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e7) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        if (Math.abs(v) >= 1e7 || Math.abs(v) < 1e-3) {
            return String.format(Locale.ROOT, "%.0e", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
