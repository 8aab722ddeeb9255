#include "tape.h"

// The store itself, in a third file: tape_record (tape.c) hands the inputs here.
void op_set_inputs(TapeOp *op, Var **inputs, int n) {
  op->inputs = inputs;
  op->num_inputs = n;
}
