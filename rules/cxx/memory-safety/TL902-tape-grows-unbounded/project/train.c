#include "engine.h"

// The growth, the walk and the reset are all in engine.c: only the join across files sees them.
void train(Var *w, Var *x, Var *y, int steps) {
  for (int step = 0; step < steps; ++step) {  // expect: TL902
    mul(w, x, y);
    backward();
  }
}

void train_fixed(Var *w, Var *x, Var *y, int steps) {
  for (int step = 0; step < steps; ++step) {
    mul(w, x, y);
    backward();
    tape_clear();
  }
}
