// Predicates about exception handlers and file-wide facts: work retried inside an
// out-of-memory handler, and samplers whose epoch is never set.
#include <algorithm>
#include <cctype>

#include "python/kinds.h"
#include "python/names.h"
#include "python/predicates.h"

namespace torchlint::py {

namespace {

// The handler catches an out-of-memory error: `except torch.cuda.OutOfMemoryError`, or a
// RuntimeError/Exception whose handler tests the message for "out of memory".
bool catches_oom(const SemanticModel& m, TSNode handler) {
  std::string_view text = m.text(handler);
  size_t colon = text.find(':');
  std::string_view head = text.substr(0, colon);
  if (head.find("OutOfMemoryError") != std::string_view::npos) return true;
  // A project's alias of it (`except model_management.OOM_EXCEPTION:`): named for what it is.
  for (size_t at = head.find("OOM"); at != std::string_view::npos; at = head.find("OOM", at + 1)) {
    bool starts = at == 0 || !std::isalnum(static_cast<unsigned char>(head[at - 1])) || head[at - 1] == '_';
    bool ends = at + 3 >= head.size() || !std::islower(static_cast<unsigned char>(head[at + 3]));
    if (starts && ends) return true;
  }
  bool broad = head.find("RuntimeError") != std::string_view::npos || head.find("Exception") != std::string_view::npos;
  return broad && (text.find("out of memory") != std::string_view::npos || text.find("OOM") != std::string_view::npos);
}

TSNode enclosing_handler(const SemanticModel& m, TSNode n, TSNode* try_statement) {
  for (TSNode p : m.ancestors(n)) {
    if (is_scope_boundary(ts_node_symbol(p))) return {};
    if (ts_node_symbol(p) == kinds().except_clause) {
      *try_statement = m.parent(p);
      return p;
    }
  }
  return {};
}

std::string_view callee_text(const SemanticModel& m, TSNode call) { return m.text(field(call, "function")); }

// The call only computes text for a message: it sits in an f-string's interpolation or among
// the arguments of a print or log call (`log.debug(f"Rank {dist.get_global_rank()} OOM'd")`).
// Such a call reruns nothing, whatever it is.
bool formats_message(const SemanticModel& m, TSNode call, TSNode handler) {
  for (TSNode p : m.ancestors(call)) {
    if (ts_node_eq(p, handler)) return false;
    TSSymbol s = ts_node_symbol(p);
    if (s == kinds().interpolation) return true;
    if (s != kinds().call || ts_node_eq(p, call)) continue;
    std::string_view callee = callee_text(m, p);
    std::string_view method = callee.substr(callee.rfind('.') + 1);
    if (method == "print" || is_logger_method_name(method)) return true;
  }
  return false;
}

// A call inside an out-of-memory handler that runs the failed work again: the model, a
// project function that runs one, the same callee as the `try` body, or the enclosing
// function itself. The handler's exception holds the traceback, whose frames hold every
// tensor of the failed attempt, so the retry runs with that memory still allocated.
bool retries_in_oom_handler(const PredicateEnv& e, TSNode call) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  TSNode try_statement{};
  TSNode handler = enclosing_handler(m, call, &try_statement);
  if (ts_node_is_null(handler) || !catches_oom(m, handler) || formats_message(m, call, handler)) return false;
  TSNode callee = field(call, "function");
  if (m.is_model_callee(callee) || m.call_effects(call, kRunsModel)) return true;
  if (const FunctionInfo* f = m.function(m.function_of(call)); f && ts_node_symbol(callee) != k.attribute
                                                                    ? callee_text(m, call) == f->name
                                                                    : f && callee_text(m, call) == "self." + f->name)
    return true;
  TSNode body = field(try_statement, "body");
  if (ts_node_is_null(body)) return false;
  // A call of the try body that is the failed work: a project function (the step itself, not
  // a library helper), or a method of one of the object's components (`self.vae.decode(x)`).
  auto does_work = [&](TSNode c) { return m.call_effects(c, kRunsModel | kBackward | kSteps) != 0; };
  auto is_work = [&](TSNode c) {
    std::string_view t = callee_text(m, c);
    return does_work(c) || (t.starts_with("self.") && std::count(t.begin(), t.end(), '.') >= 2);
  };
  auto calls_in = [&](TSNode scope, auto&& visit) {
    walk(scope, [&](TSNode c) {
      TSSymbol s = ts_node_symbol(c);
      if (s == k.function_definition || s == k.class_definition) return false;
      if (s == k.call) visit(c);
      return true;
    }, [](TSNode) {});
  };
  // One pass over the try body: the failed work it did. The same function again, when it does
  // model work, is a retry (a cache-clearing helper called in both places retries nothing).
  std::vector<std::string_view> work;
  calls_in(body, [&](TSNode c) {
    if (is_work(c)) work.push_back(callee_text(m, c));
  });
  bool same = std::find(work.begin(), work.end(), callee_text(m, call)) != work.end() && does_work(call);
  if (same) return true;
  // A function of this file that does the failed work again in another way (a tiled decode
  // whose lambda calls the same `self.first_stage_model.decode`).
  const FunctionInfo* retry = m.function(m.local_function(m.call_target(call)));
  if (!retry) return false;
  calls_in(field(retry->node, "body"), [&](TSNode c) {
    same = same || std::find(work.begin(), work.end(), callee_text(m, c)) != work.end();
  });
  return same;
}

// Builtins and progress bars that only iterate or count what they are given.
bool is_builtin_iteration(std::string_view callee) {
  for (std::string_view b : {"enumerate", "len", "iter", "next", "zip", "list", "tuple", "print", "isinstance",
                             "tqdm", "tqdm.tqdm", "tqdm.auto.tqdm", "DataLoader"})
    if (callee == b) return true;
  return false;
}

// `arg` is this sampler (`sampler` is its name, if assigned) or a loader built with it: the
// sampler call inline, or a name bound to a value that holds it.
bool carries_sampler(const SemanticModel& m, TSNode arg, TSNode sampler_call, std::string_view sampler) {
  if (!sampler.empty() && m.text(arg) == sampler) return true;
  if (contains_node(arg, sampler_call)) return true;
  TSSymbol s = ts_node_symbol(arg);
  if (s != kinds().identifier && s != kinds().attribute) return false;
  const Assignment* b = m.binding(m.text(arg), ts_node_start_byte(arg), m.function_of(arg));
  if (!b || ts_node_is_null(b->value)) return false;
  if (contains_node(b->value, sampler_call)) return true;
  if (sampler.empty() || ts_node_symbol(b->value) != kinds().call) return false;
  TSNode args = field(b->value, "arguments");
  if (ts_node_is_null(args)) return false;
  bool named = false;
  for_each_named_child(args, [&](TSNode a) {
    if (ts_node_symbol(a) == kinds().keyword_argument) a = field(a, "value");
    if (m.text(a) == sampler) named = true;
    // `DataLoader(ds, **loader_kwargs)` with `loader_kwargs = {"sampler": sampler, ...}`.
    if (is_kind(a, "dictionary_splat") && ts_node_named_child_count(a) == 1) {
      TSNode dict = ts_node_named_child(a, 0);
      const Assignment* d = m.binding(m.text(dict), ts_node_start_byte(dict), m.function_of(dict));
      if (d && !ts_node_is_null(d->value) && ts_node_symbol(d->value) == kinds().dictionary)
        for_each_named_child(d->value, [&](TSNode pair) {
          if (ts_node_symbol(pair) == kinds().pair && m.text(field(pair, "value")) == sampler) named = true;
        });
    }
  });
  return named;
}

// A DistributedSampler that shuffles, in a file that trains, where nothing ever calls
// `set_epoch`: every epoch replays the same order on every rank.
bool sampler_epoch_never_set(const PredicateEnv& e, TSNode call) {
  const SemanticModel& m = e.model;
  if (!m.has_backward_loop()) return false;
  // A sampler built for evaluation (under no-grad, or in evaluation code that trains nothing) is
  // read once per evaluation: the order it visits the data in changes nothing.
  if (m.in_no_grad(call)) return false;
  if (const FunctionInfo* fn = m.function(m.function_of(call)); fn && fn->is_eval && !fn->eval_by_name_only && !fn->steps)
    return false;
  // The sampler's name, when the call is assigned to one (`sampler = DistributedSampler(...)`).
  std::string_view sampler;
  if (TSNode stmt = m.parent(call); ts_node_symbol(stmt) == kinds().assignment && same_node(field(stmt, "right"), call))
    sampler = m.text(field(stmt, "left"));
  for (size_t i = 0; i < m.call_count(); ++i) {
    TSNode other = m.call_node(static_cast<uint32_t>(i));
    if (ts_node_symbol(other) != kinds().call) continue;  // a bare decorator (`@pytest.fixture`)
    TSNode f = field(other, "function");
    if (ts_node_symbol(f) == kinds().attribute && m.text(field(f, "attribute")) == "set_epoch") return false;
    // The sampler or a loader handed to code that may set the epoch (any function that is not
    // torch's own, a Python builtin or of this file: the project's, even one reached by
    // `import *`).
    std::string callee = m.canonical(f);
    if (callee.starts_with("torch.") || is_builtin_iteration(callee)) continue;
    // A function of this file sets no epoch: no set_epoch() call is in the file, and what it
    // hands on is a call of this same table.
    if (m.local_function(m.call_target(other)) >= 0) continue;
    TSNode args = field(other, "arguments");
    if (ts_node_is_null(args)) continue;
    bool hands_over = false;
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == kinds().keyword_argument) a = field(a, "value");
      if (carries_sampler(m, a, call, sampler)) hands_over = true;
    });
    if (hands_over) return false;
  }
  TSNode args = field(call, "arguments");
  bool shuffles = true;
  if (!ts_node_is_null(args))
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == kinds().keyword_argument && m.text(field(a, "name")) == "shuffle" &&
          !is_kind(field(a, "value"), "true"))
        shuffles = false;  // False, or a flag: no claim
      if (is_kind(a, "dictionary_splat")) shuffles = false;
    });
  return shuffles;
}

}  // namespace

const std::vector<NamedPredicate>& handler_predicates() {
  static const std::vector<NamedPredicate> table = {
      {"retries-in-oom-handler", retries_in_oom_handler,
       "the call sits in an out-of-memory except handler and reruns the failed work (a model, a project function that runs one, the try body's callee, the function itself)"},
      {"sampler-epoch-never-set", sampler_epoch_never_set,
       "the DistributedSampler call shuffles (no shuffle=False/flag), the file trains, and no set_epoch() call appears in the file"},
  };
  return table;
}

}  // namespace torchlint::py
