#include <cctype>
#include "python/names.h"
#include "python/torch_api.h"

#include <algorithm>
#include <array>

namespace torchlint::py {

namespace {
template <size_t N>
bool in(const std::array<std::string_view, N>& set, std::string_view s) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

constexpr std::array<std::string_view, 25> kModelNouns = {
    "model", "net", "network", "module", "encoder", "decoder", "generator", "discriminator",
    "classifier", "backbone", "policy", "critic", "actor", "student", "teacher", "unet",
    "transformer", "vae", "autoencoder", "gpt", "resnet", "vit", "bert", "llm", "ddp"};
// A leading verb turns a model noun into a helper: load_model(), build_net(), ...
constexpr std::array<std::string_view, 34> kHelperVerbs = {
    "load", "build", "create", "get", "make", "init", "save", "setup", "prepare", "wrap",
    "compile", "export", "freeze", "unfreeze", "print", "count", "move", "reset", "update",
    "copy", "clone", "convert", "register", "summarize", "check", "is", "has", "gen", "to",
    "from", "log", "show", "plot", "describe"};
constexpr std::array<std::string_view, 10> kEvalWords = {
    "eval", "evaluate", "evaluation", "valid", "validate", "validation", "test", "predict", "infer",
    "inference"};
constexpr std::array<std::string_view, 12> kPeriodicWords = {
    "log", "logging", "print", "verbose", "debug", "display", "report", "save", "checkpoint",
    "done", "last", "first"};
}  // namespace

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t b = 0;
  while (b <= s.size()) {
    size_t e = s.find(sep, b);
    if (e == std::string_view::npos) e = s.size();
    if (e > b) parts.push_back(s.substr(b, e - b));
    b = e + 1;
  }
  return parts;
}

std::string_view last_segment(std::string_view dotted) {
  size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

bool is_model_name(std::string_view name) {
  std::string l = lower(name);
  auto tokens = split(l, '_');
  if (tokens.empty()) return false;
  if (tokens.size() > 1 && in(kHelperVerbs, tokens.front())) return false;
  std::string_view last = tokens.back();
  if (in(kModelNouns, last)) return true;
  if (last.size() > 3 && last.ends_with("net") && !last.ends_with("subnet")) return true;  // resnet, convnet
  return last.size() > 5 && last.ends_with("model");  // rawmodel, basemodel
}

bool is_loss_name(std::string_view name) {
  std::string l = lower(name);
  return l.find("loss") != std::string::npos || l.find("criterion") != std::string::npos;
}

namespace {
// Words that make a loss-named value something about the loss instead of a loss:
// `loss_scale`, `loss_weight`, `loss_fn`, `loss_cfg`, `loss_meter`.
constexpr std::array<std::string_view, 26> kAboutLossWords = {
    "scale", "scales", "scaler", "weight", "weights", "coef", "coeff", "factor", "ratio", "mult", "multiplier",
    "lambda", "fn", "func", "function", "type", "cfg", "config", "name", "names", "key", "keys", "mode",
    "meter", "kwargs", "args"};
}  // namespace

bool is_loss_value_name(std::string_view name, bool called) {
  if (!is_loss_name(name)) return false;
  std::string l = lower(name);
  auto words = split(l, '_');
  if (words.empty()) return true;
  std::string_view last = words.back();
  // A loss function's call gives a loss: `loss_fn(pred, y)`.
  if (called && (last == "fn" || last == "func" || last == "function")) return true;
  return !in(kAboutLossWords, last);
}

bool is_logger_method_name(std::string_view method) {
  for (std::string_view m : {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log",
                             "warning_once", "info_once"})
    if (method == m) return true;
  return false;
}

bool is_clock_api(std::string_view c) {
  for (std::string_view clock : {"time.time", "time.perf_counter", "time.monotonic", "time.time_ns", "time.perf_counter_ns",
                                 "time.monotonic_ns", "time.process_time", "time.process_time_ns", "timeit.default_timer",
                                 "datetime.datetime.now", "datetime.datetime.utcnow"})
    if (c == clock) return true;
  return false;
}

bool is_optimizer_name(std::string_view name) {
  std::string l = lower(name);
  if (l.find("sched") != std::string::npos) return false;
  // `optim`, `optimizer_g`, `optimG`, `g_optims`, `optimiser`; not `optimized`, `optimal`, `optimization`
  // (`torch._dynamo.eval_frame.OptimizedModule` is a class of compiled modules).
  for (size_t at = l.find("optim"); at != std::string::npos; at = l.find("optim", at + 1)) {
    std::string_view rest = std::string_view(l).substr(at + 5), as_written = name.substr(at + 5);
    // A lower-case letter goes on with the word; `optimG` starts a new one.
    auto word_goes_on = [&](size_t i) { return i < rest.size() && std::islower(static_cast<unsigned char>(as_written[i])); };
    if (!word_goes_on(0) || rest.starts_with("izer") || rest.starts_with("iser") || (rest[0] == 's' && !word_goes_on(1)))
      return true;
  }
  for (std::string_view t : split(l, '_'))
    if (t == "opt") return true;
  return false;
}

bool is_grad_scaler_name(std::string_view name) { return lower(name).find("scaler") != std::string::npos; }

bool is_torch_loss_function(std::string_view canonical) { return TorchApi::get().callable_has(canonical, kApiLoss); }

bool is_eval_function_name(std::string_view name) {
  std::string l = lower(name);
  for (std::string_view t : split(l, '_'))
    if (in(kEvalWords, t)) return true;
  return false;
}

bool is_periodic_flag_name(std::string_view name) {
  std::string l = lower(name);
  for (std::string_view t : split(l, '_'))
    if (in(kPeriodicWords, t)) return true;
  return false;
}

}  // namespace torchlint::py
