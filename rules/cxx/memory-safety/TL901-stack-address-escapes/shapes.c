// Shapes of the seed bug beyond a named local array: a compound literal, alloca's block and an
// array member of a local structure, each handed to a tape that keeps it; and the same memory
// where the holder dies with the frame too.
#include <alloca.h>
#include <stdlib.h>
#include <string.h>

typedef struct Var Var;
typedef struct { Var **inputs; int num_inputs; Var *output; } TapeOp;
typedef struct { TapeOp *ops; int num_ops; } Tape;
typedef struct { Var *inputs[2]; float scale; } BinaryArgs;
typedef struct { BinaryArgs args; int arity; } Node;

Tape *g_tape;
Var **g_last;

// Keeps its `inputs` parameter in memory reached from `tape`.
void tape_add_op(Tape *tape, Var **inputs, int n, Var *out) {
  TapeOp *op = &tape->ops[tape->num_ops++];
  op->inputs = inputs;
  op->num_inputs = n;
  op->output = out;
}

// Copies what it is given.
void tape_add_op_copy(Tape *tape, Var **inputs, int n, Var *out) {
  TapeOp *op = &tape->ops[tape->num_ops++];
  op->inputs = malloc(n * sizeof(Var *));
  memcpy(op->inputs, inputs, n * sizeof(Var *));
  op->num_inputs = n;
  op->output = out;
}

// A compound literal in a function is an unnamed array of its frame.
Var *lit_add(Var *a, Var *b, Var *out) {
  tape_add_op(g_tape, (Var *[]){a, b}, 2, out);  // expect: TL901
  return out;
}

void lit_remember(Var *a) {
  g_last = (Var *[1]){a};  // expect: TL901
}

Var *lit_through_local(Var *a, Var *b, Var *out) {
  Var **inputs = (Var *[]){a, b};
  tape_add_op(g_tape, inputs, 2, out);  // expect: TL901
  return out;
}

// alloca's block is freed when the function returns.
Var *alloca_add(Var *a, Var *b, Var *out) {
  Var **inputs = alloca(2 * sizeof(Var *));
  inputs[0] = a;
  inputs[1] = b;
  tape_add_op(g_tape, inputs, 2, out);  // expect: TL901
  return out;
}

Var *alloca_direct(Var *a, Var *out) {
  g_last = __builtin_alloca(sizeof(Var *));  // expect: TL901
  g_last[0] = a;
  return out;
}

// An array member of a local structure decays to a pointer into this frame, at any depth.
Var *member_add(Var *a, Var *b, Var *out) {
  BinaryArgs args = {{a, b}, 1.0f};
  tape_add_op(g_tape, args.inputs, 2, out);  // expect: TL901
  return out;
}

Var *nested_member_add(Var *a, Var *b, Var *out) {
  Node node = {{{a, b}, 1.0f}, 2};
  tape_add_op(g_tape, node.args.inputs, node.arity, out);  // expect: TL901
  return out;
}

Var *member_element(Var *a, Var *b, Var *out) {
  BinaryArgs args = {{a, b}, 1.0f};
  tape_add_op(g_tape, &args.inputs[0], 2, out);  // expect: TL901
  return out;
}

// Not findings. The callee copies the compound literal, the alloca'd block, the array member.
Var *lit_copied(Var *a, Var *b, Var *out) {
  tape_add_op_copy(g_tape, (Var *[]){a, b}, 2, out);
  return out;
}

Var *alloca_copied(Var *a, Var *b, Var *out) {
  Var **inputs = alloca(2 * sizeof(Var *));
  inputs[0] = a;
  inputs[1] = b;
  tape_add_op_copy(g_tape, inputs, 2, out);
  return out;
}

Var *member_copied(Var *a, Var *b, Var *out) {
  BinaryArgs args = {{a, b}, 1.0f};
  tape_add_op_copy(g_tape, args.inputs, 2, out);
  return out;
}

// The tape dies with the frame too: a compound literal tape, an alloca'd tape, a local one.
Var *scratch_lit(Var *a, Var *b, Var *out) {
  TapeOp ops[1];
  tape_add_op(&(Tape){ops, 0}, (Var *[]){a, b}, 2, out);
  return out;
}

Var *scratch_alloca(Var *a, Var *b, Var *out) {
  Tape *tape = alloca(sizeof(Tape));
  tape->ops = alloca(sizeof(TapeOp));
  tape->num_ops = 0;
  Var **inputs = alloca(2 * sizeof(Var *));
  inputs[0] = a;
  inputs[1] = b;
  tape_add_op(tape, inputs, 2, out);
  return out;
}

Var *scratch_member(Var *a, Var *b, Var *out) {
  BinaryArgs args = {{a, b}, 1.0f};
  TapeOp op;
  op.inputs = args.inputs;  // a local structure: dies with the array
  op.output = out;
  return op.output;
}

// The array member of a structure the caller owns, or of a global: not this frame's.
Var *member_of_caller(BinaryArgs *args, Var *out) {
  tape_add_op(g_tape, args->inputs, 2, out);
  return out;
}

BinaryArgs g_args;
Var *member_of_global(Var *out) {
  tape_add_op(g_tape, g_args.inputs, 2, out);
  return out;
}

// A compound literal at file scope has static storage.
Var **g_table = (Var *[]){0, 0};

int main(void) {
  Var **inputs = alloca(2 * sizeof(Var *));  // main's frame lives as long as the program
  inputs[0] = inputs[1] = 0;
  tape_add_op(g_tape, inputs, 2, 0);
  tape_add_op(g_tape, (Var *[]){0, 0}, 2, 0);
  return 0;
}
