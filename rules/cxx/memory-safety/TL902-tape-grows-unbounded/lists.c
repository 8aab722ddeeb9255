// A list built to a known size copies itself into a bigger block as it grows (a hand-written
// realloc walks it to copy it): that copy is not a walk, and the loop that builds the list is
// not a tape that keeps every iteration. A tape grown the same way and walked by a backward pass
// still is; so is a loop that reads the whole list every pass.
#include <stdlib.h>

typedef struct { int *items; int len, cap; } List;

// A hand-written realloc: copies the list into a block of the new size and installs it.
static void list_reserve(List *l, int cap) {
  int *items = malloc(cap * sizeof(int));
  for (int i = 0; i < l->len; ++i) items[i] = l->items[i];
  free(l->items);
  l->items = items;
  l->cap = cap;
}

void list_push(List *l, int x) {
  if (l->len == l->cap) list_reserve(l, 2 * l->cap + 4);
  l->items[l->len++] = x;
}

List g_squares;

// Not findings: the loops build lists of `n` items.
void build_squares(int n) {
  for (int i = 0; i < n; ++i) list_push(&g_squares, i * i);
}

void build_into(List *out, const int *xs, int n) {
  for (int i = 0; i < n; ++i) list_push(out, xs[i]);
}

typedef struct { float x, y; } Point;
typedef struct { Point *pts; int count, capacity; } Polyline;

// The copy moves fields one by one, in a `while` loop.
static void polyline_grow(Polyline *p) {
  int capacity = p->capacity ? 2 * p->capacity : 8;
  Point *pts = malloc(capacity * sizeof(Point));
  int i = 0;
  while (i < p->count) {
    pts[i].x = p->pts[i].x;
    pts[i].y = p->pts[i].y;
    ++i;
  }
  free(p->pts);
  p->pts = pts;
  p->capacity = capacity;
}

void polyline_add(Polyline *p, float x, float y) {
  if (p->count == p->capacity) polyline_grow(p);
  p->pts[p->count].x = x;
  p->pts[p->count++].y = y;
}

void trace(Polyline *p, const float *xs, const float *ys, int n) {
  for (int i = 0; i < n; ++i) polyline_add(p, xs[i], ys[i]);
}

// Findings. Every pass also sums the whole list (a copy that is not installed in the list is a
// read of it).
float running_totals(List *l, const int *xs, int n) {
  float total = 0;
  for (int i = 0; i < n; ++i) {  // expect: TL902
    list_push(l, xs[i]);
    int *snapshot = malloc(l->len * sizeof(int));
    for (int k = 0; k < l->len; ++k) snapshot[k] = l->items[k];
    total += snapshot[0];
    free(snapshot);
  }
  return total;
}

// A tape that grows by the same hand-written realloc, walked backwards every step and never reset.
typedef struct Var { float value, grad; } Var;
typedef struct { Var *in, *out; } Op;
typedef struct { Op *ops; int num_ops, capacity; } Tape;

static void tape_grow(Tape *t) {
  int capacity = 2 * t->capacity + 16;
  Op *ops = malloc(capacity * sizeof(Op));
  for (int i = 0; i < t->num_ops; ++i) ops[i] = t->ops[i];
  free(t->ops);
  t->ops = ops;
  t->capacity = capacity;
}

static void record(Tape *t, Var *in, Var *out) {
  if (t->num_ops == t->capacity) tape_grow(t);
  t->ops[t->num_ops].in = in;
  t->ops[t->num_ops++].out = out;
}

static void backward(Tape *t) {
  for (int i = t->num_ops - 1; i >= 0; --i) t->ops[i].in->grad += t->ops[i].out->grad;
}

void train(Tape *t, Var *w, Var *y, int steps) {
  for (int step = 0; step < steps; ++step) {  // expect: TL902
    record(t, w, y);
    backward(t);
  }
}

void train_reset(Tape *t, Var *w, Var *y, int steps) {
  for (int step = 0; step < steps; ++step) {
    record(t, w, y);
    backward(t);
    t->num_ops = 0;
  }
}
