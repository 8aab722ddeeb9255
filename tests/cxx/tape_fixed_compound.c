// The fixed twin of tape_bad_compound.c: the operation still passes a compound literal, and the
// tape copies the inputs into the operation (option C of the seed). ASan: clean.
#include <stdio.h>
#include <string.h>

typedef struct Var { float value, grad; } Var;
typedef struct { Var *inputs[4]; int num_inputs; Var *output; } TapeOp;
typedef struct { TapeOp ops[64]; int num_ops; } Tape;

static Tape g_tape_storage;
Tape *g_tape = &g_tape_storage;

void tape_add_op(Tape *tape, Var **inputs, int n, Var *out) {
  TapeOp *op = &tape->ops[tape->num_ops++];
  memcpy(op->inputs, inputs, n * sizeof(Var *));
  op->num_inputs = n;
  op->output = out;
}

Var *var_add(Var *a, Var *b, Var *out) {
  out->value = a->value + b->value;
  tape_add_op(g_tape, (Var *[]){a, b}, 2, out);
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
  return 0;
}
