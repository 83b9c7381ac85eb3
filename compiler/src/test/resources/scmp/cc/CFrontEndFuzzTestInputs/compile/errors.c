int x = ((((1));
/* unterminated