#include "tape.h"

// The store happens in tape.c: only the join across files sees it.
Var *var_add(Var *a, Var *b, Var *out) {
  Var *inputs[] = {a, b};
  tape_add_op(g_tape, inputs, 2, out);  // expect: TL901
  return out;
}

// The store is two calls away, in setter.c.
Var *var_mul(Var *a, Var *b, Var *out) {
  Var *inputs[] = {a, b};
  tape_record(g_tape, inputs, 2, out);  // expect: TL901
  return out;
}

// Through the macros of tape.h: a local array, a compound literal.
Var *var_sub(Var *a, Var *b, Var *out) {
  RECORD2(a, b, out);  // expect: TL901
  return out;
}

Var *var_div(Var *a, Var *b, Var *out) {
  RECORD_LIT(out, a, b);  // expect: TL901
  return out;
}
