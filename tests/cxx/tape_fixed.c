// The fixed twin of tape_bad.c: each operation records a heap copy of its inputs.
// ASan: clean.
#include <stdio.h>
#include <stdlib.h>

typedef struct Var { float value, grad; } Var;
typedef struct { Var **inputs; int num_inputs; Var *output; } TapeOp;
typedef struct { TapeOp ops[64]; int num_ops; } Tape;

static Tape g_tape_storage;
Tape *g_tape = &g_tape_storage;

void tape_add_op(Tape *tape, Var **inputs, int n, Var *out) {
  TapeOp *op = &tape->ops[tape->num_ops++];
  op->inputs = inputs;
  op->num_inputs = n;
  op->output = out;
}

Var *var_add(Var *a, Var *b, Var *out) {
  Var **inputs = malloc(2 * sizeof(Var *));
  inputs[0] = a;
  inputs[1] = b;
  out->value = a->value + b->value;
  tape_add_op(g_tape, inputs, 2, out);
  return out;
}

void backward(Tape *tape) {
  for (int i = tape->num_ops - 1; i >= 0; --i)
    for (int k = 0; k < tape->ops[i].num_inputs; ++k) tape->ops[i].inputs[k]->grad += tape->ops[i].output->grad;
}

int main(void) {
  Var a = {1, 0}, b = {2, 0}, c = {0, 1};
  var_add(&a, &b, &c);
  backward(g_tape);
  printf("%g %g\n", a.grad, b.grad);
  for (int i = 0; i < g_tape->num_ops; ++i) free(g_tape->ops[i].inputs);
  return 0;
}
