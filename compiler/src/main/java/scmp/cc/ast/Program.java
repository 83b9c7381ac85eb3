package scmp.cc.ast;

import java.util.List;

/**
 * A checked translation unit: its function definitions and every file-scope or static object, in the order
 * they appeared, plus the top-level {@code asm} blocks and the {@code #pragma weak} directives (each NAME or
 * NAME=TARGET).
 */
public record Program(String fileName, List<Function> functions, List<Var> globals, List<String> toplevelAsm,
                      List<String> weak) {

    /**
     * A function definition: its symbol, parameters, every local (temporaries included) and body; whether it
     * allocates variable-length arrays on the stack (then it needs a frame, which its exit restores sp from).
     */
    public record Function(Var var, List<Var> params, List<Var> locals, Stmt.Block body, boolean variadic,
                           boolean dynamicStack) {
    }
}
