#include "tape.h"

// The store happens in tape.c: only the join across files sees it.
Var *var_add(Var *a, Var *b, Var *out) {
  Var *inputs[] = {a, b};
  tape_add_op(g_tape, inputs, 2, out);  // expect: TL901
  return out;
}
