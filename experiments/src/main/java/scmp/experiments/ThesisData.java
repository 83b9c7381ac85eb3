package scmp.experiments;

import java.util.List;

/**
 * The published numbers of the thesis's Tables 5.1 and 5.2, in its unit: thousands of clock cycles (the
 * thesis, section 5: "All benchmark times presented are in thousands of clock ticks (or microseconds,
 * assuming a 1 GHz system clock)"; docs/thesis-tables.md explains why the numbers bear this out).
 */
public final class ThesisData {
    private ThesisData() {
    }

    /** The two benchmarks. */
    public enum Bench {
        /** Conjugate Gradient, Table 5.1; size = nonzeros of A. */
        CG,
        /** Householder QR, Table 5.2; size = n of the n x n matrix. */
        QR;

        /** Lower-case name, as in file names and the CSV. */
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One configuration of a thesis table.
     *
     * @param bench  the benchmark
     * @param size   nonzeros (CG) or matrix order (QR)
     * @param nodes  processors
     * @param mpi    the thesis's MPI time, thousands of cycles
     * @param nativ  the thesis's native SCMP time, thousands of cycles
     * @param ratio  the thesis's ratio MPI / native, as printed
     */
    public record Row(Bench bench, int size, int nodes, long mpi, long nativ, double ratio) {
        /** The key used in the CSV and in selections: {@code cg-2000-4}. */
        public String key() {
            return bench.id() + "-" + size + "-" + nodes;
        }
    }

    /** Table 5.1: Conjugate Gradient Performance Numbers. */
    public static final List<Row> TABLE_5_1 = List.of(
            new Row(Bench.CG, 2000, 4, 2717, 1695, 1.603),
            new Row(Bench.CG, 5000, 4, 3203, 2178, 1.471),
            new Row(Bench.CG, 10000, 4, 4005, 2983, 1.343),
            new Row(Bench.CG, 50000, 4, 10462, 9451, 1.107),
            new Row(Bench.CG, 500000, 4, 82306, 81293, 1.012),
            new Row(Bench.CG, 2000, 8, 3146, 1267, 2.483),
            new Row(Bench.CG, 5000, 8, 3397, 1516, 2.241),
            new Row(Bench.CG, 10000, 8, 3797, 1921, 1.977),
            new Row(Bench.CG, 50000, 8, 6958, 5150, 1.351),
            new Row(Bench.CG, 500000, 8, 43064, 41262, 1.044),
            new Row(Bench.CG, 2000, 16, 5586, 1055, 5.295),
            new Row(Bench.CG, 5000, 16, 5712, 1190, 4.800),
            new Row(Bench.CG, 10000, 16, 5920, 1402, 4.223),
            new Row(Bench.CG, 50000, 16, 7493, 3048, 2.458),
            new Row(Bench.CG, 500000, 16, 25508, 21150, 1.206));

    /** Table 5.2: QR Decomposition Performance Numbers. */
    public static final List<Row> TABLE_5_2 = List.of(
            new Row(Bench.QR, 8, 64, 556, 77, 7.221),
            new Row(Bench.QR, 16, 64, 1181, 164, 7.201),
            new Row(Bench.QR, 128, 4, 22340, 17277, 1.293),
            new Row(Bench.QR, 128, 16, 14205, 5580, 2.546),
            new Row(Bench.QR, 128, 32, 12479, 3524, 3.541),
            new Row(Bench.QR, 128, 64, 17576, 2648, 6.637),
            new Row(Bench.QR, 256, 4, 143258, 126760, 1.130),
            new Row(Bench.QR, 256, 16, 64229, 35626, 1.803),
            new Row(Bench.QR, 256, 32, 47988, 19791, 2.425),
            new Row(Bench.QR, 256, 64, 61566, 11993, 5.133),
            new Row(Bench.QR, 512, 4, 1033072, 974639, 1.060),
            new Row(Bench.QR, 512, 16, 360416, 257151, 1.402),
            new Row(Bench.QR, 512, 32, 233885, 134709, 1.736),
            new Row(Bench.QR, 512, 64, 248394, 73206, 3.393),
            new Row(Bench.QR, 1024, 4, 7872544, 7652352, 1.029));

    /** Both tables, 5.1 first. */
    public static List<Row> all() {
        List<Row> rows = new java.util.ArrayList<>(TABLE_5_1);
        rows.addAll(TABLE_5_2);
        return rows;
    }

    /** The mesh the thesis's processor count runs on: 4 = 2x2, 8 = 4x2, 16 = 4x4, 32 = 8x4, 64 = 8x8. */
    public static int[] mesh(int nodes) {
        int y = 1;
        for (int d = 1; d * d <= nodes; d++) {
            if (nodes % d == 0) {
                y = d;
            }
        }
        return new int[] {nodes / y, y};
    }
}
