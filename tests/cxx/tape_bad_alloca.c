// A shape of the seed bug: the operation's inputs live in alloca's block, freed when the
// operation returns. ASan: stack-use-after-return when backward reads it. (A block of constant
// size, as a fixed-arity operation asks for; ASan does not track a variable-size alloca past
// its frame.)
#include <alloca.h>
#include <stdio.h>

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
  Var **inputs = alloca(2 * sizeof(Var *));
  inputs[0] = a;
  inputs[1] = b;
  out->value = a->value + b->value;
  tape_add_op(g_tape, inputs, 2, out);  // expect: TL901
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
