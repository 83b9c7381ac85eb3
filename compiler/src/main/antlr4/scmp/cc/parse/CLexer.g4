/*
 * The token vocabulary of C99 as the parser sees it. scmpcc's own preprocessor (scmp.cc.pp) produces the
 * tokens, so this lexer is never run on source text: it exists to give every keyword and punctuator a
 * token type whose literal name ('int', '+=') the token adapter (scmp.cc.parse.TokenAdapter) looks up.
 */
lexer grammar CLexer;

tokens { TypedefName, IntegerConstant, FloatingConstant, CharacterConstant, StringLiteral, Stray }

Auto: 'auto'; Break: 'break'; Case: 'case'; Char: 'char'; Const: 'const'; Continue: 'continue';
Default: 'default'; Do: 'do'; Double: 'double'; Else: 'else'; Enum: 'enum'; Extern: 'extern';
Float: 'float'; For: 'for'; Goto: 'goto'; If: 'if'; Inline: 'inline'; Int: 'int'; Long: 'long';
Register: 'register'; Restrict: 'restrict'; Return: 'return'; Short: 'short'; Signed: 'signed';
Sizeof: 'sizeof'; Static: 'static'; Struct: 'struct'; Switch: 'switch'; Typedef: 'typedef';
Union: 'union'; Unsigned: 'unsigned'; Void: 'void'; Volatile: 'volatile'; While: 'while';
Bool: '_Bool'; Alignof: '_Alignof'; Alignas: '_Alignas'; Noreturn: '_Noreturn'; StaticAssert: '_Static_assert';
ThreadLocal: '_Thread_local'; Complex: '_Complex'; Generic: '_Generic';
Attribute: '__attribute__'; Asm: '__asm__'; Extension: '__extension__'; Typeof: '__typeof__';
VaArg: '__builtin_va_arg'; Offsetof: '__builtin_offsetof'; BuiltinVaList: '__builtin_va_list';
Real: '__real__'; Imag: '__imag__';

LeftParen: '('; RightParen: ')'; LeftBracket: '['; RightBracket: ']'; LeftBrace: '{'; RightBrace: '}';
Less: '<'; LessEqual: '<='; Greater: '>'; GreaterEqual: '>='; LeftShift: '<<'; RightShift: '>>';
Plus: '+'; PlusPlus: '++'; Minus: '-'; MinusMinus: '--'; Star: '*'; Div: '/'; Mod: '%';
And: '&'; Or: '|'; AndAnd: '&&'; OrOr: '||'; Caret: '^'; Not: '!'; Tilde: '~';
Question: '?'; Colon: ':'; Semi: ';'; Comma: ',';
Assign: '='; StarAssign: '*='; DivAssign: '/='; ModAssign: '%='; PlusAssign: '+='; MinusAssign: '-=';
LeftShiftAssign: '<<='; RightShiftAssign: '>>='; AndAssign: '&='; XorAssign: '^='; OrAssign: '|=';
Equal: '=='; NotEqual: '!='; Arrow: '->'; Dot: '.'; Ellipsis: '...';

Identifier: [a-zA-Z_] [a-zA-Z_0-9]*;
Whitespace: [ \t\r\n]+ -> skip;
