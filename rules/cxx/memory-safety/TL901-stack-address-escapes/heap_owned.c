// Heap memory that a local owns and frees before the function returns dies with the frame:
// pointers to the frame's arrays stored there do not outlive the call. Heap memory that is
// kept (a global's, the caller's, returned) does.
#include <stdlib.h>
#include <string.h>

typedef struct Var { float value, grad; } Var;
typedef struct { Var ***slots; int n; } Scratch;

Scratch g_scratch;
Var ***g_kept;
void tape_adopt(Var ***block);  // defined elsewhere: may keep the block

// Grows the scratch list by hand: the new block becomes the list's (`s->slots = grown`), so what
// it stores in it lives as long as the caller's list.
void scratch_push(Scratch *s, Var **inputs) {
  Var ***grown = malloc((s->n + 1) * sizeof *grown);
  if (s->n) memcpy(grown, s->slots, s->n * sizeof *grown);
  grown[s->n] = inputs;
  free(s->slots);
  s->slots = grown;
  s->n++;
}

void scratch_free(Scratch *s) {
  free(s->slots);
  s->slots = 0;
  s->n = 0;
}

Scratch *scratch_new(void) { return calloc(1, sizeof(Scratch)); }

void scratch_delete(Scratch *s) {
  free(s->slots);
  free(s);
}

// Not findings: a local list, freed before the function returns.
float visit(Var *a, Var *b) {
  Var *inputs[] = {a, b};
  Scratch s = {0, 0};
  scratch_push(&s, inputs);
  float sum = s.slots[0][0]->value + s.slots[0][1]->value;
  scratch_free(&s);
  return sum;
}

// A local pointer to a heap block the function frees.
float visit_block(Var *a) {
  Var *inputs[] = {a};
  Var ***block = malloc(4 * sizeof *block);
  block[0] = inputs;
  float v = block[0][0]->value;
  free(block);
  return v;
}

// A heap list the function frees through a function of this file.
float visit_heap_list(Var *a) {
  Var *inputs[] = {a};
  Scratch *s = scratch_new();
  s->slots = malloc(sizeof *s->slots);
  s->slots[0] = inputs;
  float v = s->slots[0][0]->value;
  scratch_delete(s);
  return v;
}

// Findings: the global list keeps the frame's array.
void remember(Var *a, Var *b) {
  Var *inputs[] = {a, b};
  scratch_push(&g_scratch, inputs);  // expect: TL901
}

// A heap block that is kept in a global, handed to a function that may keep it, or returned
// outlives the call.
void keep_block(Var *a) {
  Var *inputs[] = {a};
  Var ***block = malloc(4 * sizeof *block);
  block[0] = inputs;  // expect: TL901
  g_kept = block;
}

void hand_off(Var *a) {
  Var *inputs[] = {a};
  Var ***block = malloc(4 * sizeof *block);
  block[0] = inputs;  // expect: TL901
  tape_adopt(block);
}

Var ***return_block(Var *a) {
  Var *inputs[] = {a};
  Var ***block = malloc(4 * sizeof *block);
  block[0] = inputs;  // expect: TL901
  return block;
}

// A list a factory hands out may be anyone's (here the global one): keeping a pointer to it in a
// local structure does not make it this frame's.
Scratch *shared_scratch(void) { return &g_scratch; }
typedef struct { Scratch *target; int depth; } Visit;
void visit_shared(Var *a) {
  Var *inputs[] = {a};
  Scratch *s = shared_scratch();
  Visit v = {0, 0};
  v.target = s;
  s->slots[0] = inputs;  // expect: TL901
}
