#include <stdlib.h>
#include <string.h>

typedef struct Var { float value, grad; } Var;
typedef struct { Var *inputs[2]; Var *output; } TapeOp;
typedef struct { TapeOp *ops; int num_ops, capacity; } Tape;

Tape *g_tape;

// Grows the tape it is given (realloc growth).
void tape_add_op(Tape *tape, Var *a, Var *b, Var *out) {
  if (tape->num_ops == tape->capacity) {
    tape->capacity = 2 * tape->capacity + 16;
    tape->ops = realloc(tape->ops, tape->capacity * sizeof(TapeOp));
  }
  TapeOp *op = &tape->ops[tape->num_ops++];
  op->inputs[0] = a;
  op->inputs[1] = b;
  op->output = out;
}

void tape_reset(Tape *tape) { tape->num_ops = 0; }

Tape *tape_new(void) { return calloc(1, sizeof(Tape)); }

// Records on the global tape.
Var *var_mul(Var *a, Var *b, Var *out) {
  out->value = a->value * b->value;
  tape_add_op(g_tape, a, b, out);
  return out;
}

// Records on the tape it is given.
Var *var_add(Tape *tape, Var *a, Var *b, Var *out) {
  out->value = a->value + b->value;
  tape_add_op(tape, a, b, out);
  return out;
}

// The backward pass: walks the tape.
void backward(Tape *tape) {
  for (int i = tape->num_ops - 1; i >= 0; --i) {
    TapeOp *op = &tape->ops[i];
    op->inputs[0]->grad += op->output->grad;
    op->inputs[1]->grad += op->output->grad;
  }
}

void train_never_reset(Var *w, Var *x, Var *y, int steps) {
  for (int step = 0; step < steps; ++step) {  // expect: TL902
    var_mul(w, x, y);
    backward(g_tape);
    w->value -= 0.01f * w->grad;
  }
}

void train_reset(Var *w, Var *x, Var *y, int steps) {
  for (int step = 0; step < steps; ++step) {
    var_mul(w, x, y);
    backward(g_tape);
    tape_reset(g_tape);
  }
}

void train_reset_inline(Var *w, Var *x, Var *y, int steps) {
  for (int step = 0; step < steps; ++step) {
    var_mul(w, x, y);
    backward(g_tape);
    g_tape->num_ops = 0;
  }
}

void train_cleared(Var *w, Var *x, Var *y, int steps) {
  for (int step = 0; step < steps; ++step) {
    var_mul(w, x, y);
    backward(g_tape);
    memset(g_tape->ops, 0, sizeof(TapeOp));
    memset(g_tape, 0, sizeof(Tape));
  }
}

void train_new_tape(Var *w, Var *x, Var *y, int steps) {
  while (steps-- > 0) {
    g_tape = tape_new();  // a fresh global tape every pass
    var_mul(w, x, y);
    backward(g_tape);
  }
}

// A tape of the caller's, and one of this function's declared before the loop.
void train_on(Tape *tape, Var *w, Var *x, Var *y, int steps) {
  Tape mine = {0};
  for (int step = 0; step < steps; ++step) {  // expect: TL902
    var_add(tape, w, x, y);
    backward(tape);
  }
  do {  // expect: TL902
    var_add(&mine, w, x, y);
    backward(&mine);
  } while (--steps > 0);
}

// A tape local to the pass, or assigned anew in it: fresh every pass.
void train_local(Var *w, Var *x, Var *y, int steps) {
  Tape *tape = 0;
  for (int step = 0; step < steps; ++step) {
    Tape scratch = {0};
    var_add(&scratch, w, x, y);
    backward(&scratch);
    tape = tape_new();
    var_add(tape, w, x, y);
    backward(tape);
    free(tape->ops);
  }
}

// Builds the tape without walking it: a recording loop, not a training loop.
void record_only(Var *w, Var *x, Var *y, int n) {
  for (int i = 0; i < n; ++i) var_mul(w, x, y);
  backward(g_tape);
}

// The step loop never resets; its epoch loop does, after it: the step loop is reported.
void epochs(Var *w, Var *x, Var *y, int n) {
  for (int epoch = 0; epoch < 10; ++epoch) {
    for (int i = 0; i < n; ++i) {  // expect: TL902
      var_mul(w, x, y);
      backward(g_tape);
    }
    tape_reset(g_tape);
  }
}

// A global node list grown through a counter, walked by its own loop in the training loop.
Var g_nodes[1024];
int g_num_nodes;
static Var *node_new(float v) {
  g_nodes[g_num_nodes].value = v;
  return &g_nodes[g_num_nodes++];
}
void train_nodes(int steps) {
  for (int step = 0; step < steps; ++step) {  // expect: TL902
    node_new(1.0f);
    for (int i = g_num_nodes - 1; i >= 0; --i) g_nodes[i].grad = 0;
  }
}

// Pushed and popped in the same pass: bounded.
void train_stack(int steps) {
  for (int step = 0; step < steps; ++step) {
    node_new(1.0f);
    for (int i = 0; i < g_num_nodes; ++i) g_nodes[i].grad += 1;
    g_num_nodes--;
  }
}

// A count of events that indexes nothing: a bounded tracker (it scans its best entries, then
// counts the hit), not a store.
typedef struct { int n_hits; float best[4]; } Tracker;
void track(Tracker *t, float depth) {
  for (int i = (t->n_hits < 4 ? t->n_hits : 4) - 1; i >= 0; --i)
    if (t->best[i] > depth) t->best[i] = depth;
  t->n_hits += 1;
}
void render(Tracker *t, const float *depths, int n) {
  for (int k = 0; k < n; ++k) track(t, depths[k]);
}

// A pool that reuses freed slots: its scan stops at the first free one (a search, not a walk),
// and it grows only when none is free.
typedef struct { int used; Var slots[64]; int in_use[64]; } Pool;
Var *pool_get(Pool *p) {
  for (int i = 0; i < p->used; ++i)
    if (!p->in_use[i]) {
      p->in_use[i] = 1;
      return &p->slots[i];
    }
  p->in_use[p->used] = 1;
  return &p->slots[p->used++];
}
void pool_put(Pool *p, Var *v) { p->in_use[v - p->slots] = 0; }
void simulate(Pool *p, int steps) {
  for (int step = 0; step < steps; ++step) pool_put(p, pool_get(p));
}

// A ring buffer read from its head to its tail: a window, never more than its capacity.
typedef struct { int head, tail; float items[16]; } Ring;
void ring_push(Ring *r, float x) { r->items[r->tail++ % 16] = x; }
float ring_drain(Ring *r) {
  float sum = 0;
  for (int i = r->head; i < r->tail; ++i) sum += r->items[i % 16];
  r->head = r->tail;
  return sum;
}
void stream(Ring *r, const float *xs, int n) {
  for (int k = 0; k < n; ++k) {
    ring_push(r, xs[k]);
    ring_drain(r);
  }
}
