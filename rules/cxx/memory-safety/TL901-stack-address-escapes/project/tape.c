#include "tape.h"

Tape *g_tape;

void tape_add_op(Tape *tape, Var **inputs, int n, Var *out) {
  TapeOp *op = &tape->ops[tape->num_ops++];
  op->inputs = inputs;  // keeps the caller's pointer
  op->num_inputs = n;
  op->output = out;
}

// Keeps its inputs through the setter of setter.c.
void tape_record(Tape *tape, Var **inputs, int n, Var *out) {
  TapeOp *op = &tape->ops[tape->num_ops++];
  op_set_inputs(op, inputs, n);
  op->output = out;
}
