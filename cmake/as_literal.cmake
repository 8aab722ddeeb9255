# as_literal(PATH VAR): the text of PATH as C++ raw string literals, in chunks under the
# compilers' literal length limits (adjacent literals concatenate).
function(as_literal path var)
  file(READ ${path} text)
  string(LENGTH "${text}" len)
  set(out "")
  set(pos 0)
  while(pos LESS len)
    string(SUBSTRING "${text}" ${pos} 8000 chunk)
    string(APPEND out "R\"TLTEXT(${chunk})TLTEXT\"\n")
    math(EXPR pos "${pos} + 8000")
  endwhile()
  set(${var} "${out}" PARENT_SCOPE)
endfunction()
