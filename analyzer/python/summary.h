// Function summaries: what each function and class of a file does, as plain data (no syntax
// tree), so that they can be cached, joined across files by the project index and outlive
// the tree they were computed from.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/interned.h"

namespace torchlint::py {

// What a function does, as far as rules care. Direct effects are computed from the body;
// the project index adds what its callees do (see ProjectIndex::complete).
enum Effect : uint32_t {
  kBackward = 1u << 0,        // runs backward somewhere (loops included)
  kSteps = 1u << 1,           // one call is one training step: backward/step outside its own loops
  kClearsGrad = 1u << 2,      // zero_grad() / p.grad = None
  kSyncs = 1u << 3,           // reads a tensor on the host (.item(), .cpu(), ...) unconditionally
  kSetsEval = 1u << 4,        // switches something to eval mode
  kSetsTrain = 1u << 5,       // switches something to train mode
  kLeavesEval = 1u << 6,      // its last mode switch is to eval: the caller continues in eval mode
  kRunsModel = 1u << 7,       // calls a model's forward with gradients on (not under its own no-grad)
  kNoGradBody = 1u << 8,      // decorated @torch.no_grad() / @inference_mode() (or a project wrapper)
  kNoGradWrapper = 1u << 9,   // a decorator or context-manager factory that enters no-grad
  kReturnsLoss = 1u << 10,    // returns a loss (or a container holding one)
  kReturnsOutput = 1u << 11,  // returns a model output with autograd history
  kReturnsModel = 1u << 12,   // returns a module (a factory)
  kIsModuleMethod = 1u << 13, // a method of an nn.Module subclass
  // torch.compile (compiled.cpp). Direct: how a decorator treats the body.
  kCompileRoot = 1u << 14,     // compiled itself: `@torch.compile`, passed to torch.compile, a compiled module's forward
  kCompileDisabled = 1u << 15, // `@torch.compiler.disable`: runs eagerly, a graph break where compiled code calls it
  kCompileOpaque = 1u << 16,   // `@allow_in_graph`, a custom op: Dynamo does not trace the body, no graph break
  // Joined: Dynamo traces the body (a root, or called from compiled code outside eager-only branches).
  kCompiled = 1u << 17,
  // Of kSyncs: what it reads on the host is a device tensor by its own flow (`p.grad`, a
  // model's output), not only what a caller may hand it.
  kSyncsOwnTensor = 1u << 18,
  // Every return is softmax probabilities (`return F.softmax(out, dim=1)`): a model whose
  // forward ends so hands probabilities to its caller, not logits.
  kReturnsProbabilities = 1u << 19,
  // Reads a host clock itself (`time.time()`, `time.perf_counter()`): a timer helper
  // (`timer.toc()`), whose call after a synchronize times the GPU work. Not inherited.
  kReadsClock = 1u << 20,
  // Runs every training step (FunctionFacts::every_step), decided at the join. Not inherited:
  // rules report what it does where it does it, not at each call.
  kEveryStep = 1u << 21,
  // Returns a call that only its name says is a loss (`return meter.get_loss()`): a loss unless
  // the project's methods of that name all return something else, decided at the join.
  kReturnsLossByName = 1u << 22,
};
// A call matched to a project method by its name only (`*.method`): its structure counts, never
// what it reads or returns, and whether it matched at all is not a fact about this call.
constexpr uint32_t kMethodNameOnlyEffects =
    ~(kSyncs | kSyncsOwnTensor | kReturnsLoss | kReturnsOutput | kReturnsModel | kReturnsProbabilities);
// The bits of a function's own joined effects that its model reads (SemanticModel::complete):
// the others do not change its analysis, so a different index that differs only there answers alike.
constexpr uint32_t kOwnEffectsRead =
    kNoGradBody | kSteps | kBackward | kClearsGrad | kIsModuleMethod | kRunsModel | kCompiled | kCompileRoot;
// The effects a caller inherits from a callee, for a call outside the caller's own loops and
// for one inside them.
constexpr uint32_t kInheritedEffects = kBackward | kClearsGrad | kSyncs | kSyncsOwnTensor | kSetsEval | kSetsTrain | kRunsModel;

// A reference to a function or class as written at a call site, resolved through the file's
// imports as far as one file allows: `pkg.utils.validate`, `.utils.validate` (relative),
// `pkg.train.Trainer.step` (a method of a known class), `*.optimize` (a method of an
// unknown receiver: matched only when the project defines one method of that name).
struct CallRef {
  Interned target;  // shared: most targets recur across a project's call sites
  bool in_loop = false;       // inside a loop of the caller: does not make one call one step
  bool under_no_grad = false; // inside a no-grad region of the caller
  bool after_eval = false;    // the caller's last mode switch before it is to eval
  bool periodic = false;      // under a periodic guard (`if step % N == 0:`)
  bool eager_only = false;    // under `if not torch.compiler.is_compiling():`: never traced by Dynamo
  bool constant_args = false; // a plain function handed only literals (`require_package("x")`): no tensors
  bool before_backward = false; // the caller calls backward() after it: part of a training step's forward
  // The innermost loop around it runs the caller's backward after it: one call per step (a
  // call in an epoch loop before the inner batch loop's backward runs once per epoch).
  bool step_of_loop = false;
  // The innermost loop around it: 1-based within the caller (0: none), and whether that loop
  // clears gradients itself (`optimizer.zero_grad()`, `p.grad = None` in its body).
  uint16_t loop = 0;
  bool loop_clears_grad = false;
  // What each argument is, for the callee's parameters: one character per positional argument,
  // then `|name=c` per keyword one. `t`: a device tensor by the caller's flow; `a` + k: the
  // caller's own parameter k, handed on; `.`: unknown; `*`: a splat (positions end there).
  std::string args;
  // The project class of each argument that is an instance of one, as `slot=class;` entries
  // (slot: the position, or the keyword): `2=pkg.misc.NativeScaler;`. A class may be a
  // producer's (`pkg.build#0`) or a parameter's (`pkg.train@3`) as in call targets.
  std::string arg_classes;
};

// A mode switch or a call, in source order, to compute what mode a function leaves behind.
struct ModeEvent {
  enum Kind : uint8_t { Eval, Train, Call } kind;
  uint32_t ref = 0;  // index into calls, for Call
};

struct FunctionSummary {
  std::string qualname;             // module.Class.method / module.function
  uint32_t effects = 0;             // direct effects (Effect bits)
  std::vector<CallRef> calls;
  std::vector<ModeEvent> modes;     // mode switches and calls, in source order
  std::vector<uint32_t> returns_from;  // indices into calls whose results are returned
  std::vector<uint32_t> decorators;    // indices into calls: the decorators applied to it
  // Submodules it calls that `calls` cannot name (`self.block(x)`, `for layer in self.layers:
  // layer(x)`), as `pkg.Block.__call__`: what Dynamo inlines when it compiles this function.
  std::vector<std::string> inlines;
  // Its only forwards are calls of parameters annotated with a class of another file
  // (`encoder: EncoderStep`): it runs a model (kRunsModel) when one of these class targets
  // is an nn.Module, or is no project class at all. Decided at the join.
  std::vector<std::string> runs_model_if_module;
  std::vector<std::string> params;  // parameter names in order (`self` included); `*` for a splat
  // Parameters it runs as a model with gradients on (`net(x)`, `net.forward(x)`): bit = index
  // in params. Joined through the calls that hand them on (FunctionFacts::runs_params).
  uint32_t runs_params = 0;
  // Parameters it returns as they came (`return input_dict` on some path): the call's value is,
  // there, what the caller handed it.
  uint32_t returns_params = 0;
  // The project class whose instance it returns, as a CallRef target: [0] for the value as a
  // whole, [k + 1] for element k of a returned tuple (`return model, optimizer`); empty: unknown.
  // A call site's `model = build(cfg)` then `model(x)` has the target `pkg.build#w.__call__`.
  std::vector<std::string> returned_classes;
};

struct ClassSummary {
  std::string qualname;
  std::vector<std::string> bases;   // as CallRef targets
  bool is_module = false;           // an nn.Module (directly, by its known bases)
  bool is_loss = false;             // a loss module (torch.nn.*Loss base)
  bool has_stochastic_layers = false;  // builds Dropout / BatchNorm layers (mode matters)
};

struct FileSummary {
  std::string module;               // dotted module path of the file
  std::vector<FunctionSummary> functions;
  std::vector<ClassSummary> classes;
  FunctionSummary module_level;     // calls made at module level (qualname: the module)
  // What the file hands to torch.compile, as call targets: `pkg.model.GPT.__call__` for a
  // module instance (its forward), `pkg.train.step` for a function.
  std::vector<std::string> compiled;
  // Names the module binds by `from X import Y [as Z]`: (Z, X.Y). A package's `__init__.py`
  // re-exports its classes so (`from pkg import Net` names `pkg.net.Net`).
  std::vector<std::pair<std::string, std::string>> imported_names;
};

// Resolved facts of one function after the project-wide join.
struct FunctionFacts {
  uint32_t effects = 0;             // direct and inherited
  bool called_only_under_no_grad = false;
  bool called_after_eval = false;   // some caller switches to eval mode before calling it
  bool feeds_backward = false;      // some caller, with grad on, calls backward() after it
  // Parameters (bit = index in FunctionSummary::params) some call site in the project hands a
  // device tensor, directly or through its own parameters.
  uint32_t device_tensor_params = 0;
  // Parameters some call site hands a data loader (something iterated for batches), directly
  // or through its own parameters: a loop over one is a loop over data.
  uint32_t loader_params = 0;
  // Parameters it runs as a model with gradients on, itself or through the functions it hands
  // them to (a loss helper `dsm_loss(scorenet, x)` that calls `scorenet(x)`).
  uint32_t runs_params = 0;
  // The project class of the instance each parameter holds at every call site that names one
  // (index = FunctionSummary::params); empty: unknown, or call sites disagree. A call of the
  // parameter (`loss_scaler(loss, opt)`, target `pkg.train@4.__call__`) resolves through it.
  std::vector<std::string> param_classes;
  // Some call site runs it in a loop that clears no gradients, neither itself nor through
  // another call of that loop: a step function called so accumulates its gradients.
  bool looped_without_clearing = false;
  // Runs every training step: called, not under a periodic guard, from a training loop before
  // its backward (a model's forward, a loss), by a step function called in a loop, or by such a function.
  bool every_step = false;
};

// One question a file's analysis asked the project index, and the answer it got.
struct IndexQuery {
  // kEffects: what a call target does (masked for name-only matches); kResolves: whether it
  // names a project function at all; kFunction: the joined effects of one of the file's own
  // functions; kCallers: what its callers do around it (no-grad, eval); kClass: class facts;
  // kRunsArguments / kReturnsArguments: which arguments a call target runs as a model / returns.
  enum Kind : char {
    kEffects = 'L', kFunction = 'F', kCallers = 'K', kResolves = 'R', kClass = 'C', kRunsArguments = 'A',
    kReturnsArguments = 'P'
  };
  Kind kind = kEffects;
  Interned key;     // a call target or a qualname
  Interned answer;  // ProjectIndex::answer
  // kEffects / kFunction: the effect bits the analysis read. An index whose answer differs
  // only in other bits leaves the file's findings as they are.
  uint32_t bits = ~0u;
};

}  // namespace torchlint::py
