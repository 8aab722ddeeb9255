// Name-based heuristics shared by the semantic model and predicates. Each takes the last
// segment of a dotted name (`self.model` -> `model`) unless it says otherwise.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace torchlint::py {

std::string lower(std::string_view s);
std::vector<std::string_view> split(std::string_view s, char sep);
std::string_view last_segment(std::string_view dotted);

bool is_model_name(std::string_view name);
bool is_loss_name(std::string_view name);
// A value named as a loss (`d_loss`, `loss_g`, `total_loss`), not as something about one
// (`loss_scale`, `loss_weight`, `loss_fn`). `called`: the name of a function whose call
// gives the value (`compute_loss(...)`, `loss_fn(...)`, not `get_loss_scale(...)`).
bool is_loss_value_name(std::string_view name, bool called = false);
bool is_optimizer_name(std::string_view name);
// A method of a logger (logging.Logger, loguru, transformers' `warning_once`): `debug`, `info`...
bool is_logger_method_name(std::string_view method);
// A host clock read, by canonical name (`time.time`, `time.perf_counter`, `timeit.default_timer`...).
bool is_clock_api(std::string_view canonical);
bool is_grad_scaler_name(std::string_view name);
// torch.nn.functional.* losses and torch.nn.*Loss classes, by canonical name.
bool is_torch_loss_function(std::string_view canonical);
// Function names that mark evaluation code: evaluate, run_validation, test_epoch, ...
bool is_eval_function_name(std::string_view name);
// Identifiers in an `if` condition that mark a branch not taken every iteration.
bool is_periodic_flag_name(std::string_view name);

}  // namespace torchlint::py
