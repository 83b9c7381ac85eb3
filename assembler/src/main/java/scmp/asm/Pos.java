package scmp.asm;

/**
 * A source position, 1-based line and column, carried by every AST node so that errors found long after
 * parsing (at the end of the file, when forward references are resolved) still point at the right place.
 */
record Pos(int line, int col) {
}
