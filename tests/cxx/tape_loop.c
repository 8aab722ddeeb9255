// TL902 shown by running: a training loop records two operations a step on one tape and walks
// the tape for the backward pass. Built as it is, the tape keeps every step: it ends with
// 2 * steps operations, and each backward pass walks all earlier steps again, so the gradient of
// `w` is no longer the one step's (6). Built with -DRESET_EACH_STEP, the loop resets the tape.
#include <stdio.h>
#include <stdlib.h>

typedef struct Var { float value, grad; } Var;
typedef struct { Var *in, *out; float scale; } Op;
typedef struct { Op *ops; int num_ops, capacity; } Tape;

static void record(Tape *tape, Var *in, Var *out, float scale) {
  if (tape->num_ops == tape->capacity) {
    tape->capacity = 2 * tape->capacity + 8;
    tape->ops = realloc(tape->ops, tape->capacity * sizeof(Op));
  }
  tape->ops[tape->num_ops++] = (Op){in, out, scale};
}

static Var *scale(Tape *tape, Var *in, float k, Var *out) {
  out->value = in->value * k;
  record(tape, in, out, k);
  return out;
}

static void backward(Tape *tape, Var *loss) {
  loss->grad = 1;
  for (int i = tape->num_ops - 1; i >= 0; --i) tape->ops[i].in->grad += tape->ops[i].scale * tape->ops[i].out->grad;
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 100;
  Tape tape = {0};
  Var w = {1, 0}, h = {0, 0}, y = {0, 0};
  for (int step = 0; step < steps; ++step) {
    w.grad = h.grad = y.grad = 0;
    scale(&tape, scale(&tape, &w, 2, &h), 3, &y);
    backward(&tape, &y);
    w.value -= 1e-6f * w.grad;
#ifdef RESET_EACH_STEP
    tape.num_ops = 0;
#endif
  }
  printf("ops %d grad %g\n", tape.num_ops, w.grad);
  free(tape.ops);
  return 0;
}
