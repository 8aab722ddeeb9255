#include <torch/torch.h>

#include <memory>
#include <utility>
#include <vector>

struct Net : torch::nn::Module {
  at::Tensor forward(at::Tensor x);
};
using Data = std::vector<std::pair<at::Tensor, at::Tensor>>;

double train(std::shared_ptr<Net> net, torch::optim::SGD& optimizer, Data& data) {
  double total = 0;
  for (int epoch = 0; epoch < 10; ++epoch) {
    int step = 0;
    for (auto& [x, y] : data) {
      optimizer.zero_grad();
      auto loss = torch::nn::functional::mse_loss(net->forward(x), y);
      loss.backward();
      optimizer.step();
      total += loss.item<double>();  // expect: TL801
      if (step++ % 100 == 0) total += loss.item().to<double>();  // periodic: fine
    }
    total += data.back().first.item<double>();  // after the step loop, once per epoch: fine
  }
  return total;
}

// Inference: no backward, no step.
double evaluate(std::shared_ptr<Net> net, Data& data) {
  double correct = 0;
  torch::NoGradGuard no_grad;
  for (auto& [x, y] : data) correct += net->forward(x).item<double>();
  return correct;
}
