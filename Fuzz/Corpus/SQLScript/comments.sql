-- leading; comment
/* block; comment */ SELECT 1; -- trailing
/* unterminated