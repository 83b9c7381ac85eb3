package scmp.tests;

import java.util.List;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The identity corpus on the reference interpreter: every case of {@link IdentityCorpusTest}, which runs scmpsim's
 * default engine (the compiled one), run again with {@code scmpsim --engine=interp} must give the same golden record
 * byte for byte (exit code, cycles, instructions, digests of stdout, stderr and the statistics). Both engines are
 * thus held to one record: the interpreter is the oracle, the compiled engine must match it.
 *
 * <p>By default the suite leaves out the 16-rank cases of the seven heaviest MPI programs ({@link #HEAVY}: 150 of
 * the class's 360 case-seconds, under both protocol families), whose 4-rank cases it runs: the engines execute the
 * same library code there, and at 16 ranks only more of it. {@code -Dscmp.identity.full=true} runs every case, as
 * before a change to either engine or a regeneration of the golden records should.
 */
@Execution(ExecutionMode.CONCURRENT)
class InterpreterIdentityCorpusTest {
    private static final List<String> ENGINE = List.of("--engine=interp");
    /** Every case, the heavy programs' 16-rank ones too. */
    private static final boolean FULL = Boolean.getBoolean("scmp.identity.full");
    /** The programs whose 16-rank cases run only with {@link #FULL}. */
    private static final List<String> HEAVY = List.of("mpi/idupmany.c", "mpi/nbcvec.c", "mpi/manyruns.c",
            "mpi/transpose.c", "mpi/manygets.c", "mpi/info.c", "mpi/coll.c");

    static List<IdentityCorpusTest.Case> cases() throws Exception {
        return IdentityCorpusTest.cases().stream()
                .filter(c -> FULL || !c.simArgs().contains("-n=16") || HEAVY.stream().noneMatch(c.name()::startsWith))
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void interpretedRunIsIdenticalToTheGoldenRecord(IdentityCorpusTest.Case c) throws Exception {
        IdentityCorpusTest.assertGolden(c, IdentityCorpusTest.record(c, ENGINE), ENGINE);
    }
}
