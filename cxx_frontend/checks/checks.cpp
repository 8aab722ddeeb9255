// The table of named checks (`check:` in a clang rule).
#include <map>

#include "checks/check.h"

namespace torchlint::cxx {

void check_kernel_on_default_stream(CheckContext&, const std::string&);
void check_unchecked_kernel_launch(CheckContext&, const std::string&);
void check_device_sync_in_op(CheckContext&, const std::string&);
void check_stack_address_escapes(CheckContext&, const std::string&);
void check_missing_device_guard(CheckContext&, const std::string&);
void check_int32_numel(CheckContext&, const std::string&);
void check_data_ptr_contiguity(CheckContext&, const std::string&);
void check_cxx_item_in_loop(CheckContext&, const std::string&);
void check_cxx_missing_zero_grad(CheckContext&, const std::string&);
void check_cxx_loss_kept_with_graph(CheckContext&, const std::string&);
void check_cxx_eval_without_no_grad_guard(CheckContext&, const std::string&);
void check_tape_grows_unbounded(CheckContext&, const std::string&);

namespace {
const std::map<std::string, CheckFunction>& table() {
  static const std::map<std::string, CheckFunction> checks = {
      {"kernel-on-default-stream", check_kernel_on_default_stream},
      {"unchecked-kernel-launch", check_unchecked_kernel_launch},
      {"device-sync-in-op", check_device_sync_in_op},
      {"stack-address-escapes", check_stack_address_escapes},
      {"missing-device-guard", check_missing_device_guard},
      {"int32-numel", check_int32_numel},
      {"data-ptr-unchecked-contiguity", check_data_ptr_contiguity},
      {"cxx-item-in-loop", check_cxx_item_in_loop},
      {"cxx-missing-zero-grad", check_cxx_missing_zero_grad},
      {"cxx-loss-kept-with-graph", check_cxx_loss_kept_with_graph},
      {"cxx-eval-without-no-grad-guard", check_cxx_eval_without_no_grad_guard},
      {"tape-grows-unbounded", check_tape_grows_unbounded},
  };
  return checks;
}
}  // namespace

const CheckFunction* find_check(const std::string& name) {
  auto it = table().find(name);
  return it == table().end() ? nullptr : &it->second;
}

std::vector<std::string> check_names() {
  std::vector<std::string> out;
  for (const auto& [name, fn] : table()) out.push_back(name);
  return out;
}

}  // namespace torchlint::cxx
