#include <torch/extension.h>

float* first(at::Tensor x) {
  AT_CHECK(x.is_cuda(), "x must be on the GPU");  // expect: TL815
  return x.data_ptr<float>();  // expect: TL815
}

bool is_half(const at::Tensor& x) {
  return x.type().scalarType() == at::ScalarType::Half;  // expect: TL815
}

float* modern(at::Tensor x) {
  TORCH_CHECK(x.is_cuda(), "x must be on the GPU");
  return x.data_ptr<float>();
}

struct Blob {
  float* data() const;
  int type() const;
};

float* not_a_tensor(const Blob& b) { return b.type() ? b.data() : nullptr; }

// A deprecated call in a macro of this file is one finding at the definition, however often
// the macro is used.
#define CHECK_CUDA(x) TORCH_CHECK(x.type().is_cuda(), #x " must be a CUDA tensor")  // expect: TL815

void check_both(at::Tensor a, at::Tensor b) {
  CHECK_CUDA(a);
  CHECK_CUDA(b);
}

// Written in the argument of a macro: reported where it is written.
#define MY_CHECK(c) TORCH_CHECK(c, "bad input")

void check_at_use(at::Tensor t) {
  MY_CHECK(t.type().is_cuda());  // expect: TL815
}
