// Standard owners that are locals free their memory when the frame ends: pointers to the
// frame's arrays stored in it die with it. A local std::array's data is the frame itself.
#include <array>
#include <memory>
#include <vector>

struct Var {
  float value, grad;
};

void tape_add_op(Var **inputs, int n);  // keeps `inputs` (below)

float visit(Var *a, Var *b) {
  Var *inputs[] = {a, b};
  std::vector<Var **> pending(4);
  pending.data()[0] = inputs;
  std::unique_ptr<Var **[]> block(new Var **[4]);
  block.get()[0] = inputs;
  return pending.data()[0][0]->value + block.get()[0][1]->value;
}

// A heap block a unique_ptr the caller owns, or a global vector, keeps: outlives the call.
std::vector<Var **> g_pending(4);
void remember(Var *a, std::unique_ptr<Var **[]> &block) {
  Var *inputs[] = {a};
  g_pending.data()[0] = inputs;  // expect: TL901
  block.get()[0] = inputs;  // expect: TL901
}

void add(Var *a, Var *b) {
  std::array<Var *, 2> inputs{a, b};
  tape_add_op(inputs.data(), 2);  // expect: TL901
}

Var **g_inputs;
void tape_add_op(Var **inputs, int n) { g_inputs = inputs; }
