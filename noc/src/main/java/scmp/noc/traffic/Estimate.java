package scmp.noc.traffic;

import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The mean of a measurement repeated over independent runs (one per seed) with its 95% confidence interval by
 * Student's t: {@code mean +- t(0.975, n - 1) s / sqrt(n)}, {@code s} the sample standard deviation.
 *
 * @param mean      the mean
 * @param halfWidth half the width of the 95% confidence interval; NaN with fewer than two runs
 * @param n         the number of runs
 */
public record Estimate(double mean, double halfWidth, int n) {

    /**
     * Estimates from samples.
     *
     * @param samples one value per run, at least one
     * @return the estimate
     */
    public static Estimate of(double... samples) {
        int n = samples.length;
        if (n == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double sum = 0;
        for (double x : samples) {
            sum += x;
        }
        double mean = sum / n;
        if (n < 2) {
            return new Estimate(mean, Double.NaN, n);
        }
        double ss = 0;
        for (double x : samples) {
            ss += (x - mean) * (x - mean);
        }
        double s = Math.sqrt(ss / (n - 1));
        return new Estimate(mean, tQuantile(n - 1) * s / Math.sqrt(n), n);
    }

    /** Returns the 0.975 quantile of Student's t distribution with {@code df} degrees of freedom. */
    static double tQuantile(int df) {
        return TDistribution.of(df).inverseCumulativeProbability(0.975);
    }

    /** Returns {@code mean +- halfWidth} with a given number of decimals, or the mean alone for a single run. */
    public String format(int decimals) {
        String f = "%." + decimals + "f";
        return Double.isNaN(halfWidth) ? String.format(Locale.ROOT, f, mean)
                : String.format(Locale.ROOT, f + " +- " + f, mean, halfWidth);
    }
}
