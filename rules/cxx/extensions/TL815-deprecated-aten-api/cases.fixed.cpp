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
