// The fixed twin of tape_bad_alloca.c: the inputs come from the heap, and the tape frees them
// when it is reset. ASan: clean.
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

void tape_reset(Tape *tape) {
  for (int i = 0; i < tape->num_ops; ++i) free(tape->ops[i].inputs);
  tape->num_ops = 0;
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
  tape_reset(g_tape);
  return 0;
}
