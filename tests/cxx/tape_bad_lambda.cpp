// A shape of the seed bug in C++: each operation keeps its backward step on the tape as a lambda
// that captures the operation's parameters and locals by reference. ASan: stack-use-after-return
// when backward runs the lambda.
#include <cstdio>
#include <functional>
#include <vector>

struct Var {
  float value, grad;
};
struct Tape {
  std::vector<std::function<void()>> backward;
};

Tape g_tape;

Var *var_scale(Var *in, float k, Var *out) {
  float scale = k;
  out->value = in->value * scale;
  g_tape.backward.push_back([&] { in->grad += scale * out->grad; });  // expect: TL901
  return out;
}

int main() {
  Var a = {1, 0}, c = {0, 1};
  var_scale(&a, 3, &c);
  for (auto it = g_tape.backward.rbegin(); it != g_tape.backward.rend(); ++it) (*it)();
  std::printf("%g\n", a.grad);
  return 0;
}
