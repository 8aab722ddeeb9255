#include <stdlib.h>

typedef struct Var Var;
typedef struct { Var **inputs; int num_inputs; Var *output; } TapeOp;
typedef struct { TapeOp *ops; int num_ops; } Tape;
typedef struct { Var **slots; } Frame;

Tape *g_tape;
Var **g_last_inputs;

// Keeps its `inputs` parameter in memory reached from `tape`.
void tape_add_op(Tape *tape, Var **inputs, int n, Var *out) {
  TapeOp *op = &tape->ops[tape->num_ops++];
  op->inputs = inputs;
  op->num_inputs = n;
  op->output = out;
}

// Forwards to tape_add_op: keeps its parameter too.
void record(Var **inputs, int n, Var *out) { tape_add_op(g_tape, inputs, n, out); }

// Copies what it is given: keeps nothing of the caller's.
void tape_add_op_copy(Tape *tape, Var **inputs, int n, Var *out) {
  TapeOp *op = &tape->ops[tape->num_ops++];
  op->inputs = malloc(n * sizeof(Var *));
  for (int i = 0; i < n; ++i) op->inputs[i] = inputs[i];
  op->output = out;
}

Var *var_add(Var *a, Var *b, Var *out) {
  Var *inputs[] = {a, b};
  tape_add_op(g_tape, inputs, 2, out);  // expect: TL901
  return out;
}

Var *var_mul(Var *a, Var *b, Var *out) {
  Var *inputs[2] = {a, b};
  record(inputs, 2, out);  // expect: TL901
  return out;
}

void remember(Var *a) {
  Var *inputs[1] = {a};
  g_last_inputs = inputs;  // expect: TL901
}

void into_caller(Frame *frame, Var *a) {
  Var *local = a;
  frame->slots = &local;  // expect: TL901
}

Var *var_sub(Var *a, Var *b, Var *out) {
  Var **inputs = malloc(2 * sizeof(Var *));  // heap: outlives the call, correctly
  inputs[0] = a;
  inputs[1] = b;
  tape_add_op(g_tape, inputs, 2, out);
  return out;
}

Var *var_copy(Var *a, Var *b, Var *out) {
  Var *inputs[] = {a, b};
  tape_add_op_copy(g_tape, inputs, 2, out);  // the callee copies
  return out;
}

Var *scratch_tape(Var *a, Var *b, Var *out) {
  TapeOp ops[4];
  Tape local = {ops, 0};  // the tape dies with this frame too
  Var *inputs[] = {a, b};
  tape_add_op(&local, inputs, 2, out);
  return out;
}

void local_struct(Var *a) {
  Var *inputs[1] = {a};
  TapeOp op;
  op.inputs = inputs;  // a local structure: dies with the array
  (void)op;
}

int main(void) {
  Var *inputs[2] = {0, 0};
  tape_add_op(g_tape, inputs, 2, 0);  // main's frame lives as long as the program
  return 0;
}
