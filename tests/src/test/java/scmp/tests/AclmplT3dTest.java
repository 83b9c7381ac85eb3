package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ACLMPL on the T3D model (docs/aclmpl.md, "On the T3D"): the test programs of programs/aclmpl that
 * {@link AclmplTest} runs on the SCMP chip, compiled with {@code -mmachine=t3d} (the T3D's libaclport.a, over
 * libshmem) and run on 2, 8 and 32 PEs, at -O0 on 8, and on 8 with the data cache, which remote writes do not
 * update. Among the checks: the buffer pool overflowing into the linked list and the register reset (async.c),
 * binary swap equal bit for bit to the tree reduce on integers (global.c).
 */
class AclmplT3dTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} on {1} PEs at -O{2}, data cache {3}")
    @CsvSource({
        "port,2,1,false", "port,8,1,false", "port,32,1,false", "port,8,0,false", "port,8,1,true",
        "p2p,2,1,false", "p2p,8,1,false", "p2p,32,1,false", "p2p,8,0,false", "p2p,8,1,true",
        "async,2,1,false", "async,8,1,false", "async,32,1,false", "async,8,0,false", "async,8,1,true",
        "global,2,1,false", "global,8,1,false", "global,32,1,false", "global,8,0,false", "global,8,1,true"})
    void programChecksEveryResult(String program, int pes, int opt, boolean cache) {
        Path exe = dir.resolve(program);
        E2e.Cc cc = E2e.scmpcc("-O" + opt, "-mmachine=t3d", "-o", exe.toString(),
                E2e.root().resolve("programs/aclmpl/" + program + ".c").toString());
        assertEquals(0, cc.status(), cc.stderr());
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(pes), "--mem", "1M", "--param", "dataCache=" + cache,
                exe.toString());
        assertEquals(program + ": OK\n", s.stdout(), s.stderr());
        assertEquals(0, s.exit(), s.stderr());
    }
}
