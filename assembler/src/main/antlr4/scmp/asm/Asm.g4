/*
 * SCMP assembly language, one physical line at a time.
 *
 * The assembler lexes the whole file with AsmLexer, splits the token stream at NEWLINE tokens (and at block
 * comments that span lines) and parses each line separately with the `line` rule. Parsing line by line is
 * what lets the assembler report every bad line and keep going: a syntax error costs exactly one line.
 *
 * The grammar is deliberately permissive about what an identifier means: mnemonics, directives, registers,
 * message types, special registers and symbols are all IDENT tokens. Their meaning depends on the operand
 * slot they fill, which only the instruction table (scmp.isa.Instruction) knows, so AstBuilder and Assembler
 * decide it, not the parser. Docs: docs/assembler.md.
 */
grammar Asm;

// ---------------------------------------------------------------- parser

/** One physical line: statements separated by ';'. */
line
    : statement (SEMI statement)* EOF
    ;

/** Zero or more labels, then optionally an instruction, directive or assignment; may be empty. */
statement
    : label* (assignment | instruction)?
    ;

label
    : IDENT COLON      # namedLabel
    | NUMBER COLON     # numericLabel
    ;

/** {@code sym = expr}, the same as {@code .set sym, expr}. */
assignment
    : IDENT EQUALS expr
    ;

/** A mnemonic or directive and its operands. */
instruction
    : IDENT operands?
    ;

/**
 * Operands are separated by commas. Blank-separated numbers, strings and names after the first operand are
 * parsed too, because `.file 1 "a.c"` and `.loc 1 10 4` use that form; the assembler rejects them everywhere
 * else with "missing ','". Only plain tokens may follow, so that `4(a0` still reads as a memory operand.
 */
operands
    : operand (COMMA operand)*                       # commaOperands
    | operand (loose+=(NUMBER | STRING | IDENT))+    # spaceOperands
    ;

/**
 * {@code (a0)} is a memory operand with offset 0 (or, where an expression is expected, the symbol a0 in
 * parentheses); {@code expr(a0)} is a memory operand. The base is an optional tail of the expression rather
 * than a separate alternative so that {@code 4(a0} is reported as a missing ')'.
 */
operand
    : LPAREN IDENT RPAREN                  # baseOperand
    | expr (LPAREN base=IDENT RPAREN)?     # exprOperand
    | STRING                               # stringOperand
    | AT IDENT                             # attrOperand
    ;

/** Operators bind as in C: unary, then * / %, + -, << >>, &, ^, |. */
expr
    : op=(MINUS | PLUS | TILDE) expr              # unaryExpr
    | expr op=(STAR | SLASH | PERCENT) expr       # binaryExpr
    | expr op=(PLUS | MINUS) expr                 # binaryExpr
    | expr op=(SHL | SHR) expr                    # binaryExpr
    | expr op=AMP expr                            # binaryExpr
    | expr op=CARET expr                          # binaryExpr
    | expr op=PIPE expr                           # binaryExpr
    | primary                                     # primaryExpr
    ;

primary
    : NUMBER                   # numberPrimary
    | FLOAT                    # floatPrimary
    | CHAR                     # charPrimary
    | LOCALREF                 # localRefPrimary
    | IDENT                    # symbolPrimary
    | RELOC_OP expr RPAREN     # relocPrimary
    | LPAREN expr RPAREN       # parenPrimary
    ;

// ---------------------------------------------------------------- lexer

NEWLINE : '\n' ;
WS : [ \t\f\r\u000B]+ -> skip ;
LINE_COMMENT : ('#' | '//') ~[\n]* -> skip ;
/* Kept (hidden) rather than skipped, so that a comment spanning lines still ends the line it started on. */
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;
/* Matches only when no closing delimiter follows: a terminated comment is one character longer. */
UNTERMINATED_COMMENT : '/*' ( ~'*' | '*'+ ~[*/] )* '*'* ;

STRING : '"' (ESC | ~["\\\n])* '"' ;
UNTERMINATED_STRING : '"' (ESC | ~["\\\n])* ;
CHAR : '\'' (ESC | ~['\\\n])* '\'' ;
UNTERMINATED_CHAR : '\'' (ESC | ~['\\\n])* ;
fragment ESC : '\\' ~[\n] ;

/* %hi( %lo( %ha( as one token, so that '%' followed by a name stays the modulo operator elsewhere. */
RELOC_OP : '%' [A-Za-z_]+ [ \t]* '(' ;

/* Order matters where lengths tie: FLOAT, NUMBER and LOCALREF win over BADNUMBER. */
FLOAT
    : DIGITS '.' DIGITS? EXPONENT?
    | DIGITS EXPONENT
    | '0' [xX] HEXDIGIT* ('.' HEXDIGIT*)? [pP] [+-]? DIGITS
    ;
NUMBER
    : DIGITS
    | '0' [xX] HEXDIGIT+
    | '0' [bB] [01]+
    ;
/* 1b / 1f: the nearest numeric label 1 backward / forward. */
LOCALREF : DIGITS [bBfF] ;
BADNUMBER : [0-9] [0-9A-Za-z_.$]* ;
fragment DIGITS : [0-9]+ ;
fragment HEXDIGIT : [0-9a-fA-F] ;
fragment EXPONENT : [eE] [+-]? DIGITS ;

IDENT : [A-Za-z_.$] [A-Za-z0-9_.$]* ;

COLON : ':' ;
COMMA : ',' ;
SEMI : ';' ;
LPAREN : '(' ;
RPAREN : ')' ;
PLUS : '+' ;
MINUS : '-' ;
STAR : '*' ;
SLASH : '/' ;
PERCENT : '%' ;
SHL : '<<' ;
SHR : '>>' ;
AMP : '&' ;
PIPE : '|' ;
CARET : '^' ;
TILDE : '~' ;
AT : '@' ;
EQUALS : '=' ;

/* Anything else is one bad character; the assembler reports it instead of letting the lexer recover. */
ERRCHAR : . ;
