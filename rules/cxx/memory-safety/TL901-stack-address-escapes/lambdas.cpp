// A C++ tape of backward closures: a lambda that captures the operation's variables by
// reference holds their addresses, and dangles once it outlives the operation.
#include <functional>
#include <utility>
#include <vector>

struct Var {
  float value, grad;
};
struct Tape {
  std::vector<std::function<void()>> backward;
  std::function<void()> last;
};

Tape g_tape;
std::vector<std::function<void()>> g_closures;

// Keeps the closure it is given on the tape of its parameter.
void tape_record(Tape *tape, std::function<void()> step) { tape->backward.push_back(std::move(step)); }

// Runs the closure and keeps nothing.
void run_now(const std::function<void()> &step) { step(); }

template <typename F>
void for_each_input(Var **inputs, int n, F &&f) {
  for (int i = 0; i < n; ++i) f(inputs[i]);
}

Var *mul(Var *a, Var *b, Var *out) {
  float scale = b->value;
  out->value = a->value * scale;
  g_tape.backward.push_back([&] { a->grad += scale * out->grad; });  // expect: TL901
  return out;
}

Var *mul_named_capture(Var *a, Var *b, Var *out) {
  float scale = b->value;
  tape_record(&g_tape, [&scale, a, out] { a->grad += scale * out->grad; });  // expect: TL901
  return out;
}

Var *mul_kept_in_local(Var *a, Var *b, Var *out) {
  float scale = b->value;
  auto step = [&]() { a->grad += scale * out->grad; };
  g_closures.push_back(step);  // expect: TL901
  return out;
}

Var *mul_pointer_capture(Tape *tape, Var *a, Var *out) {
  float scale = 2;
  std::function<void()> step = [p = &scale, a, out] { a->grad += *p * out->grad; };
  tape->backward.emplace_back(step);  // expect: TL901
  return out;
}

Var *mul_assigned(Var *a, Var *out) {
  float scale = 2;
  g_tape.last = [&] { a->grad += scale * out->grad; };  // expect: TL901
  return out;
}

// Not findings. Captured by value: the tape holds copies.
Var *mul_by_value(Var *a, Var *b, Var *out) {
  float scale = b->value;
  g_tape.backward.push_back([=] { a->grad += scale * out->grad; });
  tape_record(&g_tape, [a, scale, out] { a->grad += scale * out->grad; });
  return out;
}

// References captured by reference refer to the caller's objects, not to this frame.
Var *add_refs(Var &a, Var &out) {
  g_tape.backward.push_back([&] { a.grad += out.grad; });
  return &out;
}

// The tape is local: it dies with the frame it points into.
void backward_local(Var *a, Var *out) {
  float scale = 2;
  Tape local;
  local.backward.push_back([&] { a->grad += scale * out->grad; });
  tape_record(&local, [&] { a->grad += scale; });
  for (auto &step : local.backward) step();
}

// Run at once, never kept.
void accumulate(Var **inputs, int n, Var *out) {
  float total = 0;
  run_now([&] { total += out->grad; });
  for_each_input(inputs, n, [&](Var *in) { in->grad += total; });
}

int main() {
  Var a{1, 0}, out{0, 1};
  float scale = 3;  // main's frame lives as long as the program
  g_tape.backward.push_back([&] { a.grad += scale * out.grad; });
  return 0;
}
