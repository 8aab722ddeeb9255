// What one file's analysis hands back to torchlint: findings made within the file, and the
// per-function facts that torchlint joins across files (see analyzer/cxx/escape_join.cpp).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace torchlint::cxx {

struct Edit {
  unsigned start = 0, end = 0;  // byte offsets into the file
  std::string text;
};

struct Finding {
  std::string rule;
  unsigned start = 0, end = 0;
  std::map<std::string, std::string> args;  // fills the rule's message template: {VAR}, {CALL}
  std::vector<Edit> edits;                  // the fix, when it is mechanical
};

// Where a pointer value comes from, or where memory behind a pointer lives.
//   stack:  the address of a local variable of this frame (`var` names it)
//   param:  the function's parameter `index` (-1: the object a method is called on)
//   escapes: global, static or heap memory: outlives the call
//   local:  memory that dies with this frame (a local struct)
//   unknown: anything else (never reported)
struct Place {
  std::string kind = "unknown";
  int index = 0;
  std::string var;
};

struct ArgFact {
  Place value;    // the pointer passed
  Place pointee;  // the memory the pointer refers to (for stores into it by the callee)
  unsigned start = 0, end = 0;
  std::string text;
};

struct CallFact {
  std::string callee;  // qualified name of the function called
  unsigned start = 0, end = 0;
  ArgFact receiver;  // for method calls: the object (`pointee` is where it lives)
  std::vector<ArgFact> args;
};

// A parameter (index; -1 the receiver) stored into memory at `into` (escapes, param N, this).
struct Store {
  int param = 0;
  Place into;
};

struct FunctionFact {
  std::string name;
  bool is_main = false;
  std::vector<std::string> params;
  std::vector<Store> stores;
  std::vector<CallFact> calls;
};

// TL812's facts: what a function does about devices, and which functions are registered as ops.
struct DeviceFact {
  std::string name;
  unsigned start = 0, end = 0;  // of the function's name
  bool launches = false;        // a kernel launch (`<<<...>>>`, cudaLaunchKernel)
  bool guards = false;          // a CUDA device guard, or sets the device
  std::vector<std::string> callees;
};

// TL813's facts: a raw pointer taken from a tensor parameter the function never checks for
// contiguity nor makes contiguous.
struct RawPointer {
  std::string function;  // fact name
  std::string param;
  unsigned start = 0, end = 0;  // the data_ptr call
};

struct Registration {
  std::string function;  // fact name of the registered function
  unsigned start = 0, end = 0;
};

// TL902's facts: where a function grows and empties counter-indexed storage (a tape's op count,
// an arena's offset, a global node count), and the loops and calls it makes. A counter is named
// by its field (`Tape::num_ops`) or global (`tape_len`); `Tape::*` stands for every counter of
// `Tape` (the object was freed, cleared or replaced).
//
// A holder says whose counter it is: the object's place (escapes: a global; param N: reached
// from parameter N; local: a local of the function; unknown), and, for one reached from a local
// variable, where that variable takes a new value (its declaration, assignments): a loop with
// one of those inside it works on a fresh object every pass.
struct Holder {
  Place place;
  std::vector<unsigned> fresh_at;
};

struct CounterUse {
  std::string counter;
  unsigned at = 0;
  Holder holder;
};

struct TapeCall {
  std::string callee;  // fact name
  unsigned at = 0;
  Holder receiver;
  std::vector<Holder> args;
};

struct TapeLoop {
  unsigned start = 0, end = 0;                // the whole loop
  unsigned report_start = 0, report_end = 0;  // its keyword
  std::vector<std::string> header;            // counters its condition, init or increment reads
};

struct TapeFact {
  std::string name;
  std::vector<CounterUse> grows, empties;
  std::vector<TapeLoop> loops;
  std::vector<TapeCall> calls;
};

struct FileReport {
  std::string path;
  bool parsed = false;
  unsigned errors = 0;
  std::string first_error;
  std::vector<Finding> findings;
  std::vector<FunctionFact> functions;
  std::vector<DeviceFact> devices;
  std::vector<std::string> inputs;  // absolute paths of the project files the parse read
  std::string headers;              // torch/CUDA headers read: "shim", "real" or "" (none)
  std::vector<std::string> dropped;  // database options the parse did without, by name
  std::vector<Registration> registrations;
  bool registrations_collected = false;
  std::vector<RawPointer> raw_pointers;
  std::vector<TapeFact> tapes;
};

}  // namespace torchlint::cxx
