/*
 * The C99 grammar of scmpcc (ISO/IEC 9899:1999 annex A, with the GNU __attribute__, __asm__ and
 * __extension__ that system headers use). The tokens come from scmp.cc.pp through TokenAdapter.
 *
 * The typedef-name ambiguity (is `T * x;` a declaration or a product?) is resolved the way C compilers
 * always have: an identifier's token type is TypedefName exactly while a typedef of that name is in scope.
 * The actions below keep that scope (TypedefScopes) current as declarations and blocks complete, and the
 * adapter's tokens read it when the parser asks for their type; a token's type is frozen once consumed.
 * Binary operators use one left-recursive rule whose alternatives are listed by decreasing precedence.
 * Assignment takes a conditional expression on its left; the type checker reports non-lvalues there, as
 * gcc does ("lvalue required as left operand of assignment").
 */
parser grammar CParser;

options { tokenVocab = CLexer; }

@members {
/** Typedef names in scope; the token adapter consults it (see the grammar's header comment). */
public TypedefScopes scopes = new TypedefScopes();
}

// ---------------------------------------------------------------------------------------------- expressions

primaryExpression
    : Identifier                                                   # identifierExpr
    | constant                                                     # constantExpr
    | StringLiteral+                                               # stringExpr
    | '(' expression ')'                                           # parenExpr
    | '(' compoundStatement ')'                                    # statementExpr
    | VaArg '(' assignmentExpression ',' typeName ')'              # vaArgExpr
    | Offsetof '(' typeName ',' offsetofDesignator ')'             # offsetofExpr
    | Generic '(' assignmentExpression ',' genericAssociation (',' genericAssociation)* ')'  # genericExpr
    ;

genericAssociation
    : (typeName | Default) ':' assignmentExpression
    ;

offsetofDesignator
    : Identifier ('.' Identifier | '[' expression ']')*
    ;

constant
    : IntegerConstant | FloatingConstant | CharacterConstant
    ;

postfixExpression
    : primaryExpression postfixSuffix*                              # primaryPostfix
    | Extension? '(' typeName ')' '{' (initializerList ','?)? '}' postfixSuffix*  # compoundLiteral
    ;

postfixSuffix
    : '[' expression ']'                                           # indexSuffix
    | '(' argumentExpressionList? ')'                              # callSuffix
    | op=('.' | '->') Identifier                                   # memberSuffix
    | op=('++' | '--')                                             # postIncSuffix
    ;

argumentExpressionList
    : assignmentExpression (',' assignmentExpression)*
    ;

unaryExpression
    : postfixExpression                                            # postfixUnary
    | op=('++' | '--') unaryExpression                             # preIncUnary
    | op=('&' | '*' | '+' | '-' | '~' | '!') castExpression        # operatorUnary
    | Sizeof unaryExpression                                       # sizeofExpr
    | Sizeof '(' typeName ')'                                      # sizeofType
    | Alignof '(' typeName ')'                                     # alignofType
    | Alignof unaryExpression                                      # alignofExpr
    | Extension castExpression                                     # extensionUnary
    | op=(Real | Imag) castExpression                              # realImagUnary
    ;

castExpression
    : '(' typeName ')' castExpression                              # cast
    | unaryExpression                                              # unaryCast
    ;

binaryExpression
    : castExpression                                               # castBinary
    | binaryExpression op=('*' | '/' | '%') binaryExpression       # binary
    | binaryExpression op=('+' | '-') binaryExpression             # binary
    | binaryExpression op=('<<' | '>>') binaryExpression           # binary
    | binaryExpression op=('<' | '>' | '<=' | '>=') binaryExpression # binary
    | binaryExpression op=('==' | '!=') binaryExpression           # binary
    | binaryExpression op='&' binaryExpression                     # binary
    | binaryExpression op='^' binaryExpression                     # binary
    | binaryExpression op='|' binaryExpression                     # binary
    | binaryExpression op='&&' binaryExpression                    # binary
    | binaryExpression op='||' binaryExpression                    # binary
    ;

conditionalExpression
    : binaryExpression ('?' expression ':' conditionalExpression)?
    ;

assignmentExpression
    : conditionalExpression (assignmentOperator assignmentExpression)?
    ;

assignmentOperator
    : '=' | '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '&=' | '^=' | '|='
    ;

expression
    : assignmentExpression (',' assignmentExpression)*
    ;

constantExpression
    : conditionalExpression
    ;

// --------------------------------------------------------------------------------------------- declarations

declaration
    : declarationSpecifiers initDeclaratorList[$declarationSpecifiers.isTypedef]? ';'
    | staticAssertDeclaration
    ;

declarationSpecifiers returns [boolean isTypedef = false]
locals [boolean typeSeen = false]
    : ( storageClassSpecifier { if ($storageClassSpecifier.start.getType() == Typedef) $isTypedef = true; }
      | typeSpecifier { $typeSeen = true; }
      | {!$typeSeen}? typedefName { $typeSeen = true; }
      | typeQualifier
      | functionSpecifier
      | alignmentSpecifier
      | attributeSpecifier
      )+
    ;

initDeclaratorList[boolean isTypedef]
    : initDeclarator[$isTypedef] (',' initDeclarator[$isTypedef])*
    ;

initDeclarator[boolean isTypedef]
    : declarator { scopes.declare($declarator.ctx, $isTypedef); } asmLabel? attributeSpecifier* ('=' initializer)?
    ;

asmLabel
    : Asm '(' StringLiteral+ ')'
    ;

storageClassSpecifier
    : Typedef | Extern | Static | ThreadLocal | Auto | Register
    ;

typeSpecifier
    : Void | Char | Short | Int | Long | Float | Double | Signed | Unsigned | Bool | Complex | BuiltinVaList
    | structOrUnionSpecifier
    | enumSpecifier
    | Typeof '(' (typeName | expression) ')'
    ;

typedefName
    : TypedefName
    ;

structOrUnionSpecifier
    : kind=(Struct | Union) attributeSpecifier* tag=Identifier? '{' structDeclaration* '}' attributeSpecifier*
    | kind=(Struct | Union) attributeSpecifier* tag=Identifier
    ;

structDeclaration
    : specifierQualifierList structDeclaratorList? ';'
    | staticAssertDeclaration
    | ';'
    ;

specifierQualifierList
locals [boolean typeSeen = false]
    : ( typeSpecifier { $typeSeen = true; }
      | {!$typeSeen}? typedefName { $typeSeen = true; }
      | typeQualifier
      | alignmentSpecifier
      | attributeSpecifier
      | Extension
      )+
    ;

structDeclaratorList
    : structDeclarator (',' structDeclarator)*
    ;

structDeclarator
    : declarator attributeSpecifier*
    | declarator? ':' constantExpression attributeSpecifier*
    ;

enumSpecifier
    : Enum attributeSpecifier* tag=Identifier? '{' enumerator (',' enumerator)* ','? '}'
    | Enum attributeSpecifier* tag=Identifier
    ;

enumerator
    : Identifier { scopes.declareOrdinary($Identifier.text); } attributeSpecifier* ('=' constantExpression)?
    ;

typeQualifier
    : Const | Restrict | Volatile
    ;

functionSpecifier
    : Inline | Noreturn | Extension
    ;

alignmentSpecifier
    : Alignas '(' (typeName | constantExpression) ')'
    ;

declarator
    : pointer* directDeclarator
    ;

pointer
    : '*' (typeQualifier | attributeSpecifier)*
    ;

directDeclarator
    : name=(Identifier | TypedefName)                                      # nameDeclarator
    | '(' attributeSpecifier* declarator ')'                               # parenDeclarator
    | directDeclarator '[' (typeQualifier | Static)* assignmentExpression? ']'  # arrayDeclarator
    | directDeclarator lb='[' (typeQualifier | Static)* '*' ']'            # vlaStarDeclarator
    | directDeclarator '(' parameterTypeList? ')'                          # functionDeclarator
    | directDeclarator '(' identifierList ')'                              # krFunctionDeclarator
    ;

identifierList
    : Identifier (',' Identifier)*
    ;

parameterTypeList
    : parameterDeclaration (',' parameterDeclaration)* (',' '...')?
    ;

parameterDeclaration
    : declarationSpecifiers declarator
    | declarationSpecifiers abstractDeclarator?
    ;

typeName
    : specifierQualifierList abstractDeclarator?
    ;

abstractDeclarator
    : pointer+
    | pointer* directAbstractDeclarator
    ;

directAbstractDeclarator
    : '(' attributeSpecifier* abstractDeclarator ')'                       # parenAbstract
    | '[' (typeQualifier | Static)* assignmentExpression? ']'              # arrayAbstract
    | lb='[' typeQualifier* '*' ']'                                        # vlaStarAbstract
    | '(' parameterTypeList? ')'                                           # functionAbstract
    | directAbstractDeclarator '[' (typeQualifier | Static)* assignmentExpression? ']'  # arrayAbstractSuffix
    | directAbstractDeclarator lb='[' typeQualifier* '*' ']'               # vlaStarAbstractSuffix
    | directAbstractDeclarator '(' parameterTypeList? ')'                  # functionAbstractSuffix
    ;

initializer
    : assignmentExpression
    | '{' (initializerList ','?)? '}'
    ;

initializerList
    : designation? initializer (',' designation? initializer)*
    ;

designation
    : designator+ '='
    | Identifier ':'
    | designator                                                   // GNU's obsolete `[index] value`
    ;

designator
    : '[' constantExpression ('...' constantExpression)? ']'
    | '.' Identifier
    ;

staticAssertDeclaration
    : StaticAssert '(' constantExpression ',' StringLiteral+ ')' ';'
    ;

attributeSpecifier
    : Attribute '(' '(' balancedToken* ')' ')'
    ;

balancedToken
    : '(' balancedToken* ')'
    | ~('(' | ')')
    ;

// ----------------------------------------------------------------------------------------------- statements

statement
    : label=(Identifier | TypedefName) ':' attributeSpecifier* statement  # labeledStatement
    | Case constantExpression ('...' constantExpression)? ':' statement  # caseStatement
    | Default ':' statement                                        # defaultStatement
    | compoundStatement                                            # blockStatement
    | expression? ';'                                              # expressionStatement
    | If '(' expression ')' statement (Else statement)?            # ifStatement
    | Switch '(' expression ')' statement                          # switchStatement
    | While '(' expression ')' statement                           # whileStatement
    | Do statement While '(' expression ')' ';'                    # doStatement
    | For '(' forInit expression? ';' expression? ')' statement    # forStatement
    | Goto Identifier ';'                                          # gotoStatement
    | Continue ';'                                                 # continueStatement
    | Break ';'                                                    # breakStatement
    | Return expression? ';'                                       # returnStatement
    | asmStatement                                                 # asmStmt
    ;

forInit
    : declaration
    | expression? ';'
    ;

asmStatement
    : Asm typeQualifier* '(' StringLiteral+ (':' asmOperands? (':' asmOperands? (':' asmClobbers?)?)?)? ')' ';'
    ;

asmOperands
    : asmOperand (',' asmOperand)*
    ;

asmOperand
    : StringLiteral '(' expression ')'
    ;

asmClobbers
    : StringLiteral (',' StringLiteral)*
    ;

compoundStatement
@init { scopes.enter(); }
    : '{' blockItem* '}'
    ;
    finally { scopes.exit(); }

blockItem
    : declaration
    | statement
    ;

// -------------------------------------------------------------------------------------- translation unit

compilationUnit
    : externalDeclaration* EOF
    ;

externalDeclaration
    : functionDefinition
    | declaration
    | Asm '(' StringLiteral+ ')' ';'
    | ';'
    ;

functionDefinition
    : declarationSpecifiers declarator { scopes.declare($declarator.ctx, false); scopes.parametersOf($declarator.ctx); }
      declaration* compoundStatement
    ;
