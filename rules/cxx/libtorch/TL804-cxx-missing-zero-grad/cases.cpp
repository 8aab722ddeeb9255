#include <torch/torch.h>

#include <memory>
#include <utility>
#include <vector>

struct Net : torch::nn::Module {
  at::Tensor forward(at::Tensor x);
};
using Data = std::vector<std::pair<at::Tensor, at::Tensor>>;

void never_cleared(std::shared_ptr<Net> net, torch::optim::Adam& optimizer, Data& data) {
  for (auto& [x, y] : data) {  // expect: TL804
    auto loss = torch::nn::functional::mse_loss(net->forward(x), y);
    loss.backward();
    optimizer.step();
  }
}

void cleared_by_optimizer(std::shared_ptr<Net> net, torch::optim::Adam& optimizer, Data& data) {
  for (auto& [x, y] : data) {
    optimizer.zero_grad();
    auto loss = torch::nn::functional::mse_loss(net->forward(x), y);
    loss.backward();
    optimizer.step();
  }
}

void cleared_by_module(std::shared_ptr<Net> net, torch::optim::Adam& optimizer, Data& data) {
  for (size_t i = 0; i < data.size(); ++i) {
    auto loss = torch::nn::functional::mse_loss(net->forward(data[i].first), data[i].second);
    loss.backward();
    optimizer.step();
    net->zero_grad();
  }
}

// The epoch loop contains a cleared step loop: only the innermost training loop is judged.
void epochs(std::shared_ptr<Net> net, torch::optim::SGD& optimizer, Data& data) {
  for (int epoch = 0; epoch < 3; ++epoch)
    for (auto& [x, y] : data) {
      optimizer.zero_grad();
      auto loss = torch::nn::functional::mse_loss(net->forward(x), y);
      loss.backward();
      optimizer.step();
    }
}
