#include "cxx/cxx_runner.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/suppressions.h"
#include "cxx/escape_join.h"
#include "cxx/guard_join.h"
#include "cxx/report_cache.h"
#include "cxx/tape_join.h"
#include "python/engine.h"

extern char** environ;

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace torchlint::cxx {

namespace {

struct Answer {
  bool ok = false;
  std::string why;  // when not ok
  json body;
};

// Starts torchlint-cxx with the request on stdin and reads its whole answer.
Answer ask(const std::string& program, const json& request) {
  Answer a;
  char request_path[] = "/tmp/torchlint-cxx-XXXXXX";
  int in = mkstemp(request_path);
  if (in < 0) return {false, "cannot create a temporary file", {}};
  std::string text = request.dump();
  bool written = ::write(in, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::lseek(in, 0, SEEK_SET);
  ::unlink(request_path);
  int out[2];
  if (!written || pipe2(out, O_CLOEXEC) != 0) {
    ::close(in);
    return {false, "cannot pass the request", {}};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  pid_t pid = 0;
  char* argv[] = {const_cast<char*>(program.c_str()), nullptr};
  int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in);
  ::close(out[1]);
  if (rc != 0) {
    ::close(out[0]);
    return {false, "cannot start " + program, {}};
  }
  std::string answer;
  char buf[65536];
  for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    answer.append(buf, static_cast<size_t>(n));
  }
  ::close(out[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) return {false, "the C/C++ front end crashed (signal " + std::to_string(WTERMSIG(status)) + ")", {}};
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return {false, "the C/C++ front end failed", {}};
  try {
    a.body = json::parse(answer);
    a.ok = true;
  } catch (const std::exception&) {
    a.why = "the C/C++ front end gave no readable answer";
  }
  return a;
}

json rules_request(const std::vector<RuleSpec>& rules) {
  json out = json::array();
  for (const RuleSpec& r : rules) {
    json rule = {{"id", r.id}};
    if (!r.check.empty()) rule["check"] = r.check;
    json matchers = json::array();
    for (const auto& m : r.matchers) matchers.push_back({{"expr", m.expression}, {"member_fix", m.fix_member}});
    if (!matchers.empty()) rule["matchers"] = matchers;
    out.push_back(rule);
  }
  return out;
}

// Asks for a group of files, in `jobs` parallel chunks; a chunk whose process fails is asked
// again one file at a time, so that one file Clang cannot handle costs only its own findings.
std::vector<json> ask_all(const std::string& program, const std::vector<std::string>& files, const json& base,
                          unsigned jobs, const std::map<std::string, std::string>* texts, std::vector<std::string>& notes) {
  if (files.empty()) return {};
  // Chunks of at most kFilesPerProcess: Clang's memory is returned with its process, so peak
  // memory stays that of one chunk per worker however many files there are.
  constexpr size_t kFilesPerProcess = 8;
  size_t chunks = std::max<size_t>({1, std::min<size_t>(jobs, files.size()), (files.size() + kFilesPerProcess - 1) / kFilesPerProcess});
  std::vector<std::vector<std::string>> parts(chunks);
  for (size_t i = 0; i < files.size(); ++i) parts[i % chunks].push_back(files[i]);
  // Contents travel with their chunk (staged changes, stdin).
  auto request_for = [&](const std::vector<std::string>& part) {
    json request = base;
    request["files"] = part;
    if (texts) {
      json contents = json::object();
      for (const auto& f : part)
        if (auto it = texts->find(f); it != texts->end()) contents[f] = it->second;
      request["texts"] = contents;
    }
    return request;
  };
  std::vector<Answer> answers(chunks);
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (unsigned w = 0; w < std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(chunks))); ++w)
    threads.emplace_back([&] {
      for (size_t c; (c = next++) < chunks;) answers[c] = ask(program, request_for(parts[c]));
    });
  for (auto& t : threads) t.join();
  std::vector<json> reports;
  for (size_t c = 0; c < chunks; ++c) {
    if (answers[c].ok) {
      for (auto& f : answers[c].body["files"]) reports.push_back(std::move(f));
      for (auto& e : answers[c].body["rule_errors"]) reports.push_back({{"rule_error", e}});
      continue;
    }
    for (const auto& file : parts[c]) {
      Answer one = parts[c].size() == 1 ? answers[c] : ask(program, request_for({file}));
      if (one.ok) {
        for (auto& f : one.body["files"]) reports.push_back(std::move(f));
      } else {
        notes.push_back(file + ": not checked: " + one.why);
        reports.push_back({{"unchecked", file}});
      }
    }
  }
  return reports;
}

// How the run's files parsed, for one line at the end of the run.
struct ParseCounts {
  size_t files = 0, clean = 0, failed = 0, shim = 0, real = 0;
  std::set<std::string> dropped;  // database options the parses did without (nvcc's, gcc's), by name
  size_t dropped_files = 0;

  void add(const json& report) {
    ++files;
    if (report.value("errors", 0) == 0) ++clean;
    else ++failed;
    std::string headers = report.value("headers", "");
    shim += headers == "shim";
    real += headers == "real";
    auto d = report.value("dropped", std::vector<std::string>{});
    dropped_files += !d.empty();
    dropped.insert(d.begin(), d.end());
  }

  std::string summary() const {
    auto n = [](size_t count, const char* one, const char* many) { return std::to_string(count) + " " + (count == 1 ? one : many); };
    return "C/C++/CUDA: " + n(files, "file", "files") + " parsed: " + std::to_string(clean) + " cleanly, " +
           std::to_string(shim) + " with torchlint's header shim, " + std::to_string(real) + " with real torch headers, " +
           std::to_string(failed) + " with errors";
  }

  // Option names only: a value (a path, a file name) is counted, never quoted.
  std::string dropped_note() const {
    if (dropped.empty()) return "";
    std::string names;
    size_t shown = 0, more = 0, values = 0;
    for (const auto& d : dropped) {
      if (!d.starts_with("-") || d.size() > 40) ++values;
      else if (shown++ < 8) names += (names.empty() ? "" : ", ") + d;
      else ++more;
    }
    if (more) names += ", and " + std::to_string(more) + " more";
    if (values) names += (names.empty() ? "" : "; ") + std::to_string(values) + " unknown option value" + (values == 1 ? "" : "s");
    return "compilation database: options a parse does not use were dropped for " + std::to_string(dropped_files) +
           (dropped_files == 1 ? " file: " : " files: ") + names;
  }
};

const RuleSpec* spec_of(const py::RuleSet& set, const std::string& id) {
  for (const auto& r : set.cxx_rules())
    if (r.id == id) return &r;
  return nullptr;
}

Diagnostic make_diagnostic(const RuleSpec& spec, const std::string& path, uint32_t start, uint32_t end,
                           const std::map<std::string, std::string>& args, const json& edits) {
  Diagnostic d;
  d.rule_id = spec.id;
  d.rule_name = spec.name;
  d.severity = spec.severity;
  d.path = path;
  d.range = {start, end};
  d.message = fill_template(spec.message, args);
  d.hint = fill_template(spec.hint, args);
  if (spec.fix && edits.is_array() && !edits.empty()) {
    Fix fix;
    fix.title = fill_template(spec.fix->title, args);
    fix.applicability = spec.fix->applicability;
    for (const auto& e : edits) fix.edits.push_back({{e.value("start", 0u), e.value("end", 0u)}, e.value("text", ""), {}, {}});
    d.fix = std::move(fix);
  }
  return d;
}

}  // namespace

std::string fill_template(const std::string& text, const std::map<std::string, std::string>& args) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{') {
      size_t close = text.find('}', i);
      if (close != std::string::npos) {
        auto it = args.find(text.substr(i + 1, close - i - 1));
        if (it != args.end()) {
          out += it->second;
          i = close;
          continue;
        }
      }
    }
    out += text[i];
  }
  return out;
}

// What a cached report also depends on: the front end itself (its version and build).
std::string frontend_identity(const std::string& program) {
  std::error_code ec;
  auto size = fs::file_size(program, ec);
  auto time = fs::last_write_time(program, ec).time_since_epoch().count();
  return std::to_string(size) + ":" + std::to_string(time);
}

// Where torchlint-cxx is installed: beside the running torchlint.
fs::path frontend_beside_self() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path("torchlint-cxx") : self.parent_path() / "torchlint-cxx";
}

std::string find_frontend() {
  if (const char* env = std::getenv("TORCHLINT_CXX"); env && *env) return env;
  std::error_code ec;
  fs::path candidate = frontend_beside_self();
  return fs::exists(candidate, ec) ? candidate.string() : "";
}

CxxResult run_cxx_analysis(const std::vector<std::string>& files, const std::vector<const py::RuleSet*>& rule_sets,
                           const CxxOptions& options) {
  CxxResult result;
  if (files.empty()) return result;
  std::string program = find_frontend();
  if (program.empty()) {
    std::string count = std::to_string(files.size()) + " C/C++/CUDA file" + (files.size() == 1 ? "" : "s");
#ifdef TORCHLINT_WITH_CXX_FRONTEND
    // Built with it, so a missing one is a broken installation (a binary copied alone), not a choice.
    result.setup_error = frontend_beside_self().string() + " is missing: torchlint checks C, C++ and CUDA files with it (" +
                         count + " in this run); install it beside torchlint, or set TORCHLINT_CXX to its path";
#else
    result.notes.push_back(count + " not checked: this torchlint was built without its Clang front end (torchlint-cxx; "
                           "scripts/setup.sh installs libclang-16-dev and builds it)");
#endif
    return result;
  }
  // One request per rule set (configurations may differ across a repository).
  std::map<const py::RuleSet*, std::vector<std::string>> groups;
  std::map<std::string, const py::RuleSet*> set_of;
  for (size_t i = 0; i < files.size(); ++i) {
    if (rule_sets[i]->cxx_rules().empty()) continue;
    groups[rule_sets[i]].push_back(files[i]);
    set_of[files[i]] = rule_sets[i];
  }
  std::vector<json> reports;
  for (const auto& [set, group] : groups) {
    json base = {{"rules", rules_request(set->cxx_rules())}, {"compile_db", options.compile_db}, {"fast_headers", options.fast_headers}};
    // Unchanged files (and headers, and databases) keep their reports; the rest are asked.
    std::optional<ReportCache> cache;
    if (!options.cache_dir.empty() && !options.texts) cache.emplace(options.cache_dir, base.dump() + "|" + frontend_identity(program));
    std::vector<std::string> ask_for;
    for (const auto& file : group) {
      if (auto hit = cache ? cache->load(file) : std::nullopt) reports.push_back(std::move(*hit));
      else ask_for.push_back(file);
    }
    for (auto& r : ask_all(program, ask_for, base, options.jobs, options.texts, result.notes)) {
      if (cache && r.value("parsed", false) && r.contains("path")) cache->store(r.value("path", ""), r);
      reports.push_back(std::move(r));
    }
  }
  std::map<std::string, std::vector<Diagnostic>> by_file;
  std::map<std::string, std::vector<const json*>> by_project;
  std::vector<std::string> broken;
  bool broken_without_database = false;  // a file that failed with default flags: -p may help
  std::set<std::string> unchecked;
  ParseCounts counts;
  for (const json& r : reports) {
    if (r.contains("unchecked")) {
      unchecked.insert(r.value("unchecked", ""));
      continue;
    }
    if (r.contains("rule_error")) {
      const json& e = r["rule_error"];
      for (const auto& [set, group] : groups)
        if (const RuleSpec* spec = spec_of(*set, e.value("rule", ""))) {
          int index = e.value("index", -1);
          SourceMark mark = index >= 0 && static_cast<size_t>(index) < spec->matchers.size() ? spec->matchers[index].mark : spec->mark;
          result.rule_errors.push_back(mark.str() + ": " + spec->id + ": " + e.value("message", ""));
          break;
        }
      continue;
    }
    std::string path = r.value("path", "");
    const py::RuleSet* set = set_of[path];
    if (!set) continue;
    counts.add(r);
    if (r.value("errors", 0) > 0) {
      broken.push_back(r.value("first_error", path));
      auto inputs = r.value("inputs", std::vector<std::string>{});
      broken_without_database |= std::none_of(inputs.begin(), inputs.end(), [](const std::string& i) {
        return i.ends_with("/compile_commands.json");
      });
    }
    auto& list = by_file[path];
    for (const json& f : r["findings"]) {
      const RuleSpec* spec = spec_of(*set, f.value("rule", ""));
      if (!spec) continue;
      list.push_back(make_diagnostic(*spec, path, f.value("start", 0u), f.value("end", 0u),
                                     f.value("args", std::map<std::string, std::string>{}), f["edits"]));
    }
    by_project[py::project_root(path)].push_back(&r);
  }
  // Facts that only several files together establish, per project root.
  using Join = std::vector<JoinedFinding> (*)(const std::vector<const json*>&);
  const std::pair<const char*, Join> joins[] = {{"stack-address-escapes", join_escapes},
                                                {"missing-device-guard", join_device_guards},
                                                {"data-ptr-unchecked-contiguity", join_raw_pointers},
                                                {"tape-grows-unbounded", join_tapes}};
  for (const auto& [root, project] : by_project)
    for (const auto& [check, join] : joins)
      for (const JoinedFinding& j : join(project)) {
        std::string path = (*project[j.file]).value("path", "");
        for (const RuleSpec& spec : set_of[path]->cxx_rules())
          if (spec.check == check) by_file[path].push_back(make_diagnostic(spec, path, j.start, j.end, j.args, {}));
      }
  for (const std::string& path : files) {
    if (unchecked.count(path)) continue;
    auto it = by_file.find(path);
    std::string text;
    const std::string* given = nullptr;
    if (options.texts)
      if (auto g = options.texts->find(path); g != options.texts->end()) given = &g->second;
    if (given) {
      text = *given;
    } else {
      std::ifstream in(path, std::ios::binary);
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    ++result.files;
    result.lines += static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
    if (it == by_file.end() || it->second.empty()) continue;
    auto source = std::make_unique<SourceFile>(path, std::move(text));
    std::vector<Diagnostic>& found = it->second;
    std::erase_if(found, [&](const Diagnostic& d) { return d.range.end > source->text.size() || d.range.start > d.range.end; });
    for (Diagnostic& d : found) resolve_positions(*source, d);
    std::vector<Suppression> suppressions = parse_cxx_suppressions(*source);
    apply_suppressions(found, suppressions);
    for (Diagnostic& d : found) result.findings.push_back(std::move(d));
    result.sources.push_back(std::move(source));
  }
  if (counts.files > 0) result.parse_summary = counts.summary();
  if (!broken.empty()) {
    std::sort(broken.begin(), broken.end());
    // The database advice only where none was found and none was named with -p.
    bool advise_database = broken_without_database && options.compile_db.empty();
    result.notes.push_back(std::to_string(broken.size()) + " C/C++/CUDA file" + (broken.size() == 1 ? "" : "s") +
                           (broken.size() == 1 ? " did not compile cleanly and was checked as far as it parsed"
                                                : " did not compile cleanly and were checked as far as they parsed") +
                           " (first: " + broken.front() + ")" +
                           (advise_database ? "; give torchlint the project's compile_commands.json with -p DIR" : ""));
  }
  if (std::string dropped = counts.dropped_note(); !dropped.empty()) result.notes.push_back(dropped);
  return result;
}

}  // namespace torchlint::cxx
