#include "cli/cache.h"

#include "core/version.h"

#include <fmt/format.h>
#include <elf.h>
#include <link.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/fixer.h"

namespace torchlint {

namespace fs = std::filesystem;
using json = nlohmann::json;

// A fast 64-bit hash, eight bytes at a time (a cache key, not a security boundary).
uint64_t content_hash(std::string_view text) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ text.size();
  size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, text.data() + i, 8);
    h = (h ^ w) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  for (; i < text.size(); ++i) h = (h ^ static_cast<unsigned char>(text[i])) * 0x100000001b3ull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  return h ^ (h >> 33);
}

namespace {
// The linker's build ID of the running program (a hash of its contents), read from its
// loaded notes: no file to read. Empty when it was linked without one.
std::string gnu_build_id() {
  std::string id;
  dl_iterate_phdr([](dl_phdr_info* info, size_t, void* out) {
    for (int i = 0; i < info->dlpi_phnum; ++i) {
      const ElfW(Phdr)& ph = info->dlpi_phdr[i];
      if (ph.p_type != PT_NOTE) continue;
      const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
      const char* end = p + ph.p_memsz;
      while (p + sizeof(ElfW(Nhdr)) <= end) {
        const auto* note = reinterpret_cast<const ElfW(Nhdr)*>(p);
        const char* name = p + sizeof(ElfW(Nhdr));
        const char* desc = name + ((note->n_namesz + 3) & ~3u);
        if (desc + note->n_descsz > end) break;
        if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
          static_cast<std::string*>(out)->assign(desc, note->n_descsz);
          return 1;
        }
        p = desc + ((note->n_descsz + 3) & ~3u);
      }
    }
    return 1;  // the first object is the program itself: stop there
  }, &id);
  return id;
}
}  // namespace

// A rebuilt torchlint (new predicates, same version number) must not reuse results of the
// old one: its build ID says so, else its own bytes (6 MB read and hashed every run).
uint64_t binary_identity() {
  static const uint64_t id = [] {
    if (std::string build_id = gnu_build_id(); !build_id.empty()) return content_hash(build_id);
    std::ifstream in("/proc/self/exe", std::ios::binary | std::ios::ate);
    std::string bytes(static_cast<size_t>(std::max<std::streamoff>(0, in.tellg())), '\0');
    in.seekg(0);
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return content_hash(bytes);
  }();
  return id;
}

// Which build of torchlint wrote an entry: its summary (the facts the project index is built
// from) depends on the analyzer's code, whatever the rules.
static std::string analyzer_key() { return fmt::format("{}:{:016x}", version(), binary_identity()); }

std::string hash_rules(const std::vector<const py::RuleSet*>& sets) {
  std::set<const py::RuleSet*> unique(sets.begin(), sets.end());
  std::set<std::string> described;  // in text order, not address order: the same key every run
  for (const py::RuleSet* s : unique) {
    std::string one = "torch " + s->version_outcomes() + "\n";  // how its `torch-version` conditions were decided
    for (const auto& r : s->rules()) one += r.spec.source + std::string(to_string(r.spec.severity)) + "\n";
    for (const RuleSpec* u : {s->unused_suppression_rule(), s->syntax_error_rule()})
      if (u) one += u->source + std::string(to_string(u->severity)) + "\n";
    // How unused suppressions are judged depends on which rules exist and which ran.
    for (const auto& code : s->available_rules()) one += code + ",";
    described.insert(std::move(one));
  }
  std::string all = analyzer_key();
  for (const std::string& one : described) all += "\n--set--\n" + one;
  return fmt::format("{:016x}", content_hash(all));
}


ResultCache::ResultCache(std::string dir, std::string rules_hash)
    : dir_((fs::path(dir) / (std::string("v") + version())).string()), rules_hash_(std::move(rules_hash)) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  // Keep the cache out of version control without asking the user to.
  if (!fs::exists(fs::path(dir) / ".gitignore", ec)) std::ofstream(fs::path(dir) / ".gitignore") << "*\n";
}

std::string ResultCache::file_for(const std::string& path) const {
  std::error_code ec;
  std::string abs = fs::absolute(path, ec).lexically_normal().string();
  return (fs::path(dir_) / fmt::format("{:016x}.json", content_hash(abs))).string();
}

namespace {
json function_to_json(const py::FunctionSummary& f) {
  json calls = json::array();
  for (const auto& c : f.calls)
    calls.push_back({c.target.str(),
                     (c.in_loop ? 1 : 0) | (c.under_no_grad ? 2 : 0) | (c.after_eval ? 4 : 0) | (c.periodic ? 8 : 0) |
                         (c.eager_only ? 16 : 0) | (c.constant_args ? 32 : 0) | (c.before_backward ? 64 : 0) |
                         (c.step_of_loop ? 128 : 0) | (c.loop_clears_grad ? 256 : 0),
                     c.args, c.arg_classes, c.loop});
  json modes = json::array();
  for (const auto& m : f.modes) modes.push_back({static_cast<int>(m.kind), m.ref});
  return {{"q", f.qualname}, {"e", f.effects}, {"c", calls}, {"m", modes}, {"r", f.returns_from}, {"d", f.decorators},
          {"i", f.inlines}, {"a", f.runs_model_if_module}, {"p", f.params}, {"rc", f.returned_classes},
          {"rp", f.runs_params}, {"tp", f.returns_params}};
}

py::FunctionSummary function_from_json(const json& j) {
  py::FunctionSummary f;
  f.qualname = j.at("q");
  f.effects = j.at("e");
  for (const auto& c : j.at("c")) {
    int flags = c.at(1);
    py::CallRef r;
    r.target = Interned(c.at(0).get<std::string>());
    r.in_loop = (flags & 1) != 0;
    r.under_no_grad = (flags & 2) != 0;
    r.after_eval = (flags & 4) != 0;
    r.periodic = (flags & 8) != 0;
    r.eager_only = (flags & 16) != 0;
    r.constant_args = (flags & 32) != 0;
    r.before_backward = (flags & 64) != 0;
    r.step_of_loop = (flags & 128) != 0;
    r.loop = c.at(4).get<uint16_t>();
    r.loop_clears_grad = (flags & 256) != 0;
    r.args = c.at(2).get<std::string>();
    r.arg_classes = c.at(3).get<std::string>();
    f.calls.push_back(std::move(r));
  }
  for (const auto& m : j.at("m")) f.modes.push_back({static_cast<py::ModeEvent::Kind>(m.at(0).get<int>()), m.at(1)});
  f.returns_from = j.at("r").get<std::vector<uint32_t>>();
  f.decorators = j.at("d").get<std::vector<uint32_t>>();
  f.inlines = j.at("i").get<std::vector<std::string>>();
  f.runs_model_if_module = j.at("a").get<std::vector<std::string>>();
  f.params = j.at("p").get<std::vector<std::string>>();
  f.returned_classes = j.at("rc").get<std::vector<std::string>>();
  f.runs_params = j.at("rp");
  f.returns_params = j.at("tp");
  return f;
}

json summary_to_json(const py::FileSummary& s) {
  json functions = json::array(), classes = json::array();
  for (const auto& f : s.functions) functions.push_back(function_to_json(f));
  for (const auto& c : s.classes)
    classes.push_back({{"q", c.qualname}, {"b", c.bases}, {"m", c.is_module}, {"l", c.is_loss}, {"s", c.has_stochastic_layers}});
  return {{"module", s.module}, {"functions", functions}, {"classes", classes}, {"top", function_to_json(s.module_level)},
          {"compiled", s.compiled}, {"imports", s.imported_names}};
}

py::FileSummary summary_from_json(const json& j) {
  py::FileSummary s;
  s.module = j.at("module");
  for (const auto& f : j.at("functions")) s.functions.push_back(function_from_json(f));
  for (const auto& c : j.at("classes"))
    s.classes.push_back({c.at("q"), c.at("b").get<std::vector<std::string>>(), c.at("m"), c.at("l"), c.at("s")});
  s.module_level = function_from_json(j.at("top"));
  s.compiled = j.at("compiled").get<std::vector<std::string>>();
  s.imported_names = j.at("imports").get<std::vector<std::pair<std::string, std::string>>>();
  return s;
}
}  // namespace

std::optional<CacheEntry> ResultCache::load(const std::string& path, uint64_t hash) const {
  std::ifstream in(file_for(path), std::ios::binary);
  if (!in) return std::nullopt;
  try {
    json j = json::parse(in);
    if (j.at("path").get<std::string>() != path || j.at("content_hash").get<uint64_t>() != hash) return std::nullopt;
    // The summary is the analyzer's reading of the file: another build may read it otherwise.
    if (j.at("analyzer").get<std::string>() != analyzer_key()) return std::nullopt;
    CacheEntry e;
    e.content_hash = hash;
    e.summary = summary_from_json(j.at("summary"));
    e.results_key = j.at("results_key").get<std::string>();
    for (const auto& q : j.at("queries")) {
      std::string kind = q.at(0);
      if (kind.size() != 1) return std::nullopt;
      e.queries.push_back({static_cast<py::IndexQuery::Kind>(kind[0]), q.at(1).get<std::string>(), q.at(2).get<std::string>(),
                           q.at(3).get<uint32_t>()});
    }
    if (j.contains("syntax_error_offset")) e.syntax_error_offset = j["syntax_error_offset"].get<uint32_t>();
    for (const auto& f : j.at("findings")) {
      Diagnostic d;
      d.rule_id = f.at("rule");
      d.rule_name = f.at("name");
      d.severity = parse_severity(f.at("severity").get<std::string>()).value_or(Severity::Warning);
      d.confidence = parse_confidence(f.at("confidence").get<std::string>()).value_or(Confidence::Medium);
      d.path = path;
      d.range = {f.at("start"), f.at("end")};
      d.message = f.at("message");
      d.hint = f.at("hint");
      if (f.contains("region")) d.region = ByteRange{f["region"].at(0), f["region"].at(1)};
      if (f.contains("fix")) {
        const json& x = f["fix"];
        Fix fix{x.at("title"), parse_applicability(x.at("applicability").get<std::string>()).value_or(Applicability::DisplayOnly), {}};
        for (const auto& ed : x.at("edits")) fix.edits.push_back({{ed.at("start"), ed.at("end")}, ed.at("text"), {}, {}});
        d.fix = std::move(fix);
      }
      e.findings.push_back(std::move(d));
    }
    return e;
  } catch (const json::exception&) {
    return std::nullopt;  // a damaged or older entry is a miss, never an error
  }
}

namespace {
json queries_to_json(const std::vector<py::IndexQuery>& queries) {
  json out = json::array();
  for (const auto& q : queries) out.push_back({std::string(1, static_cast<char>(q.kind)), q.key.str(), q.answer.str(), q.bits});
  return out;
}
}  // namespace

void ResultCache::store(const std::string& path, const CacheEntry& e) const {
  json findings = json::array();
  for (const auto& d : e.findings) {
    json f = {{"rule", d.rule_id}, {"name", d.rule_name}, {"severity", to_string(d.severity)},
              {"confidence", to_string(d.confidence)},
              {"start", d.range.start}, {"end", d.range.end}, {"message", d.message}, {"hint", d.hint}};
    if (d.region) f["region"] = {d.region->start, d.region->end};  // diff-based review needs it
    if (d.fix) {
      json edits = json::array();
      for (const auto& ed : d.fix->edits)
        edits.push_back({{"start", ed.range.start}, {"end", ed.range.end}, {"text", ed.replacement}});
      f["fix"] = {{"title", d.fix->title}, {"applicability", to_string(d.fix->applicability)}, {"edits", edits}};
    }
    findings.push_back(std::move(f));
  }
  json j = {{"path", path},
            {"content_hash", e.content_hash},
            {"analyzer", analyzer_key()},
            {"summary", summary_to_json(e.summary)},
            {"results_key", e.results_key},
            {"queries", queries_to_json(e.queries)},
            {"findings", findings}};
  if (e.syntax_error_offset) j["syntax_error_offset"] = *e.syntax_error_offset;
  write_file_atomically(file_for(path), j.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace torchlint
