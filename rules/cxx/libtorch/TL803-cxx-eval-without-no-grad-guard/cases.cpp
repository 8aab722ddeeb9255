#include <torch/torch.h>

#include <memory>
#include <utility>
#include <vector>

struct NetImpl : torch::nn::Module {
  at::Tensor forward(at::Tensor x);
};
TORCH_MODULE(Net);
using Data = std::vector<std::pair<at::Tensor, at::Tensor>>;

double evaluate(Net model, Data& data) {
  model->eval();
  double total = 0;
  for (auto& [x, y] : data) {
    auto out = model->forward(x);  // expect: TL803
    total += torch::nn::functional::mse_loss(out, y).item<double>();
    total += model(x).item<double>();  // only the first forward is reported
  }
  return total;
}

at::Tensor predict(Net model, at::Tensor x) {
  model->train(false);
  return model(x);  // expect: TL803
}

at::Tensor predict_shared(std::shared_ptr<NetImpl> net, at::Tensor x) {
  net->eval();
  return net->forward(x);  // expect: TL803
}

// Validation inside the epoch loop, after the training loop: evaluation with autograd on.
void fit(Net model, torch::optim::SGD& optimizer, Data& train, Data& val) {
  for (int epoch = 0; epoch < 10; ++epoch) {
    model->train();
    for (auto& [x, y] : train) {
      optimizer.zero_grad();
      auto loss = torch::nn::functional::mse_loss(model->forward(x), y);
      loss.backward();
      optimizer.step();
    }
    model->eval();
    for (auto& [x, y] : val) model->forward(x);  // expect: TL803
  }
}

// Validation every 100 steps, switched back to train mode after it.
void fit_periodic(Net model, torch::optim::SGD& optimizer, Data& train, at::Tensor probe) {
  int step = 0;
  for (auto& [x, y] : train) {
    optimizer.zero_grad();
    auto loss = torch::nn::functional::mse_loss(model->forward(x), y);
    loss.backward();
    optimizer.step();
    if (step++ % 100 == 0) {
      model->eval();
      auto score = model->forward(probe);  // expect: TL803
      model->train();
    }
  }
}

struct Evaluator {
  Net model_;
  at::Tensor run(at::Tensor x) {
    model_->eval();
    return model_->forward(x);  // expect: TL803
  }
};

// Guards: in the function, in an enclosing block, an inference-mode guard, AutoGradMode(false).
at::Tensor guarded(Net model, at::Tensor x) {
  torch::NoGradGuard no_grad;
  model->eval();
  return model->forward(x);
}

at::Tensor guarded_block(Net model, Data& data) {
  model->eval();
  at::Tensor last;
  {
    c10::InferenceMode guard;
    for (auto& [x, y] : data) last = model->forward(x);
  }
  return last;
}

at::Tensor guarded_autograd_mode(Net model, at::Tensor x) {
  model->eval();
  torch::AutoGradMode enable(false);
  return model(x);
}

at::Tensor guarded_grad_mode(Net model, at::Tensor x) {
  torch::autograd::GradMode::set_enabled(false);
  model->eval();
  return model(x);
}

at::Tensor guarded_at(Net model, at::Tensor x) {
  at::NoGradGuard no_grad;
  torch::InferenceMode inference;
  model->eval();
  return model(x);
}

// Not guards: inference mode and autograd mode explicitly enabled.
at::Tensor not_guarded(Net model, at::Tensor x) {
  torch::InferenceMode off(false);
  torch::AutoGradMode on(true);
  model->eval();
  return model(x);  // expect: TL803
}

// A guard after the forward, or in a block that ended before it, does not cover it.
at::Tensor guard_too_late(Net model, at::Tensor x) {
  model->eval();
  {
    torch::NoGradGuard no_grad;
  }
  auto out = model(x);  // expect: TL803
  torch::NoGradGuard late;
  return out;
}

// Every call of this helper in the file holds a guard: its caller decides.
at::Tensor infer(Net model, at::Tensor x) {
  model->eval();
  return model->forward(x);
}
at::Tensor serve(Net model, at::Tensor x) {
  torch::NoGradGuard no_grad;
  return infer(model, x);
}

// Fine-tuning with frozen batch-norm: the loop after eval() trains.
void finetune(Net model, torch::optim::SGD& optimizer, Data& data) {
  model->eval();
  for (auto& [x, y] : data) {
    optimizer.zero_grad();
    auto loss = torch::nn::functional::mse_loss(model->forward(x), y);
    loss.backward();
    optimizer.step();
  }
}

// Training resumes before the forward.
void resume(Net model, at::Tensor x) {
  model->eval();
  model->train();
  auto loss = model->forward(x).sum();
  loss.backward();
}

// Trains through a helper of the file.
void apply_step(at::Tensor loss, torch::optim::SGD& optimizer) {
  loss.backward();
  optimizer.step();
}
void finetune_helper(Net model, torch::optim::SGD& optimizer, Data& data) {
  model->eval();
  for (auto& [x, y] : data) apply_step(torch::nn::functional::mse_loss(model(x), y), optimizer);
}

// The mode comes from a flag: the caller decides.
at::Tensor step_or_eval(Net model, at::Tensor x, bool training) {
  if (training)
    model->train();
  else
    model->eval();
  return model->forward(x);
}

// Another model runs forward: not the one switched to eval.
at::Tensor teacher_student(Net teacher, Net student, at::Tensor x) {
  teacher->eval();
  return student->forward(x);
}

// Templates over the data loader: the forward's argument has a dependent type.
template <typename Loader>
double evaluate_loader(Net model, Loader& loader) {
  model->eval();
  double total = 0;
  for (auto& batch : loader) total += model->forward(batch.data).template item<double>();  // expect: TL803
  return total;
}

template <typename Loader, typename Optimizer>
void finetune_loader(Net model, Loader& loader, Optimizer& optimizer) {
  model->eval();
  for (auto& batch : loader) {
    auto loss = torch::nn::functional::mse_loss(model->forward(batch.data), batch.target);
    loss.backward();
    optimizer.step();
  }
}
