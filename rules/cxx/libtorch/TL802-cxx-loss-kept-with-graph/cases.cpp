#include <torch/torch.h>

#include <deque>
#include <memory>
#include <utility>
#include <vector>

struct Net : torch::nn::Module {
  at::Tensor forward(at::Tensor x);
};
using Data = std::vector<std::pair<at::Tensor, at::Tensor>>;

struct Trainer {
  std::shared_ptr<Net> net;
  torch::optim::SGD* optimizer;
  std::vector<at::Tensor> history_;
  std::deque<at::Tensor> recent_;

  void fit(Data& data) {
    for (auto& [x, y] : data) {
      optimizer->zero_grad();
      auto loss = torch::nn::functional::mse_loss(net->forward(x), y);
      loss.backward();
      optimizer->step();
      history_.emplace_back(loss);  // expect: TL802
      recent_.insert(recent_.end(), loss);  // expect: TL802
    }
  }
};

void train(std::shared_ptr<Net> net, torch::optim::SGD& optimizer, Data& data) {
  std::vector<at::Tensor> losses, copies, moved, detached, inputs, guarded;
  std::vector<float> values;
  int step = 0;
  for (auto& [x, y] : data) {
    optimizer.zero_grad();
    auto loss = torch::nn::functional::mse_loss(net->forward(x), y);
    loss.backward();
    optimizer.step();
    losses.push_back(loss);  // expect: TL802
    auto kept = loss;  // a copy: the same graph
    copies.push_back(kept);  // expect: TL802
    moved.push_back(std::move(kept));  // expect: TL802
    {
      torch::NoGradGuard no_grad;  // too late: the graph was built with the loss
      guarded.push_back(loss);  // expect: TL802
    }
    detached.push_back(loss.detach());
    detached.push_back(loss.detach().clone());
    if (step++ % 100 == 0) values.push_back(loss.item<float>());
    inputs.push_back(x);  // never backpropagated
    std::vector<at::Tensor> step_parts;  // lives for one iteration
    step_parts.push_back(loss);
  }
  losses.push_back(data.back().second);  // after the loop
}

// The loss is assigned before backward through another name.
void through_assignment(std::shared_ptr<Net> net, torch::optim::SGD& optimizer, Data& data) {
  std::vector<at::Tensor> totals;
  at::Tensor total;
  for (auto& [x, y] : data) {
    optimizer.zero_grad();
    total = torch::nn::functional::mse_loss(net->forward(x), y);
    at::Tensor loss;
    loss = total;
    loss.backward();
    optimizer.step();
    totals.push_back(total);  // expect: TL802
  }
}

// Emptied every iteration: nothing is kept across steps.
void cleared(std::shared_ptr<Net> net, torch::optim::SGD& optimizer, Data& data) {
  std::vector<at::Tensor> window, swapped;
  for (auto& [x, y] : data) {
    optimizer.zero_grad();
    auto loss = torch::nn::functional::mse_loss(net->forward(x), y);
    loss.backward();
    optimizer.step();
    window.push_back(loss);
    swapped.push_back(loss);
    window.clear();
    swapped = {};
  }
}

void summarize(std::vector<at::Tensor>& losses);

// Handed to a function that may empty it.
void handed_on(std::shared_ptr<Net> net, torch::optim::SGD& optimizer, Data& data) {
  std::vector<at::Tensor> losses;
  for (auto& [x, y] : data) {
    optimizer.zero_grad();
    auto loss = torch::nn::functional::mse_loss(net->forward(x), y);
    loss.backward();
    optimizer.step();
    losses.push_back(loss);
    summarize(losses);
  }
}

// Outputs kept for a later loss, not backpropagated: not a loss.
at::Tensor accumulate(std::shared_ptr<Net> net, Data& data) {
  std::vector<at::Tensor> outputs;
  for (auto& [x, y] : data) outputs.push_back(net->forward(x));
  return outputs.front();
}

// Backward after the loop, once: no loop around it.
void once(std::shared_ptr<Net> net, Data& data) {
  std::vector<at::Tensor> losses;
  auto loss = torch::nn::functional::mse_loss(net->forward(data[0].first), data[0].second);
  loss.backward();
  losses.push_back(loss);
}
