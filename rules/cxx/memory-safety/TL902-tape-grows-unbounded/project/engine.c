#include "engine.h"

Tape g_tape;

static void record(Var *in, Var *out) {
  g_tape.ops[g_tape.len].in = in;
  g_tape.ops[g_tape.len].out = out;
  g_tape.len += 1;
}

Var *mul(Var *a, Var *b, Var *out) {
  out->value = a->value * b->value;
  record(a, out);
  return out;
}

void backward(void) {
  for (int i = g_tape.len - 1; i >= 0; --i) g_tape.ops[i].in->grad += g_tape.ops[i].out->grad;
}

void tape_clear(void) { g_tape.len = 0; }
