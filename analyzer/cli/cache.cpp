#include "cli/cache.h"

#include "core/version.h"

#include <fmt/format.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/fixer.h"
#include "cli/git_diff.h"

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


namespace {
constexpr std::string_view kSealTag = "torchlint-hmac-sha256 ";
constexpr size_t kKeyBytes = 32;
constexpr size_t kMaxEntryBytes = size_t{256} << 20;  // no entry torchlint writes comes near
constexpr auto kCollectEvery = std::chrono::hours(24);
constexpr auto kTempLifetime = std::chrono::hours(1);  // older temporary files belong to no live run
constexpr const char* kTempFolder = "tmp";
constexpr const char* kCollectStamp = "last-collected";
constexpr const char* kUntrackedStamp = "untracked-checked";  // see tracked_by_git_remembered

// Keeps the folder out of version control without asking the user to.
void ignore_in_git(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir / ".gitignore", ec)) std::ofstream(dir / ".gitignore") << "*\n";
}

fs::path key_file() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg == '/') return fs::path(xdg) / "torchlint" / "cache-key";
  const char* home = std::getenv("HOME");
  if (home && *home == '/') return fs::path(home) / ".cache" / "torchlint" / "cache-key";
  return {};
}

// The key in `file` when only its owner, this user, can read it: a key that others can read
// (or that a repository checkout could have put there) would let them forge entries.
std::string read_key(const fs::path& file, std::string& why) {
  int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno != ENOENT) why = fmt::format("cannot read its key {}: {}", file.string(), std::strerror(errno));
    return "";
  }
  struct stat st{};
  std::string key(kKeyBytes, '\0');
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid() && (st.st_mode & 077) == 0 &&
            st.st_size == static_cast<off_t>(kKeyBytes) && ::read(fd, key.data(), kKeyBytes) == static_cast<ssize_t>(kKeyBytes);
  ::close(fd);
  if (ok) return key;
  why = fmt::format("its key {} is not a {}-byte file that only you own and can read (mode 0600); remove it and torchlint makes a new one",
                    file.string(), kKeyBytes);
  return "";
}

// A new random key, published with link(): of two runs creating it at once, one wins and
// both read the winner's.
void create_key(const fs::path& file) {
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  unsigned char bytes[kKeyBytes];
  if (RAND_bytes(bytes, sizeof bytes) != 1) return;
  std::string tmp = file.string() + ".new-XXXXXX";
  int fd = ::mkstemp(tmp.data());  // mode 0600
  if (fd < 0) return;
  bool written = ::write(fd, bytes, sizeof bytes) == static_cast<ssize_t>(sizeof bytes) && ::fsync(fd) == 0;
  ::close(fd);
  if (written) (void)::link(tmp.c_str(), file.c_str());
  ::unlink(tmp.c_str());
}

std::string mac_of(std::string_view key, std::string_view payload) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(payload.data()),
       payload.size(), mac, &size);
  std::string hex;
  for (unsigned i = 0; i < size; ++i) hex += fmt::format("{:02x}", mac[i]);
  return hex;
}

// A whole regular file (never a link), at most kMaxEntryBytes; marks it used (its mtime,
// what collection goes by) when it was last marked over a day ago.
std::optional<std::string> read_entry_file(const std::string& file) {
  int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  struct stat st{};
  std::optional<std::string> text;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<uintmax_t>(st.st_size) <= kMaxEntryBytes) {
    std::string bytes(static_cast<size_t>(st.st_size), '\0');
    if (::read(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size())) text = std::move(bytes);
    if (text && ::time(nullptr) - st.st_mtime > 24 * 3600) (void)::futimens(fd, nullptr);
  }
  ::close(fd);
  return text;
}

// Whether git tracks anything under `dir` (a cache committed to the repository). Not in a
// repository, or no git: nothing is tracked.
bool tracked_by_git(const fs::path& dir) {
  std::error_code ec;
  fs::path abs = fs::absolute(dir, ec).lexically_normal();
  if (ec || !fs::exists(fs::symlink_status(abs, ec))) return false;
  if (abs.filename().empty()) abs = abs.parent_path();
  try {
    return !run_git("-C " + shell_quote(abs.parent_path().string()) + " ls-files -z -- " + shell_quote(abs.filename().string())).empty();
  } catch (const GitError&) {
    return false;
  }
}

// What identifies git's index for the work tree holding `dir`: every git command that changes
// what is tracked writes a new index and renames it into place (a new inode, size or time).
// Empty when there is no `.git` folder above `dir` (a worktree's `.git` file: always asked).
std::string index_identity(const fs::path& dir) {
  std::error_code ec;
  for (fs::path at = fs::absolute(dir, ec).lexically_normal(); !ec && !at.empty(); at = at.parent_path()) {
    struct stat st{};
    if (::stat((at / ".git" / "index").c_str(), &st) == 0)
      return fmt::format("{} {}:{}:{}:{}.{}", at.string(), st.st_dev, st.st_ino, st.st_size, st.st_mtim.tv_sec,
                         st.st_mtim.tv_nsec);
    if (fs::exists(at / ".git", ec) || at == at.root_path()) break;
  }
  return "";
}

// tracked_by_git, asked once per state of git's index: the answer "not tracked" is kept in a
// stamp sealed with the user's key (a committed stamp cannot be forged), so a warm run does
// not start git. Any checkout, pull or `git add` makes a new index and git is asked again.
bool tracked_by_git_remembered(const fs::path& dir, std::string_view key) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(dir, ec))) return false;
  std::string identity = index_identity(dir);
  if (identity.empty()) return tracked_by_git(dir);
  std::string seal = mac_of(key, "untracked " + fs::absolute(dir, ec).lexically_normal().string() + " " + identity);
  fs::path stamp = dir / kUntrackedStamp;
  std::string kept;
  if (std::optional<std::string> text = read_entry_file(stamp.string())) kept = *text;
  if (kept.size() == seal.size() && CRYPTO_memcmp(kept.data(), seal.data(), seal.size()) == 0) return false;
  if (tracked_by_git(dir)) return true;
  std::ofstream(stamp, std::ios::binary | std::ios::trunc) << seal;
  return false;
}

bool is_hex(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f'); });
}

// The names torchlint gives its files; collection touches nothing else.
bool is_entry_name(std::string_view name) {  // 0123456789abcdef.json, cxx-0123456789abcdef.json
  if (name.starts_with("cxx-")) name.remove_prefix(4);
  return name.size() == 21 && name.ends_with(".json") && is_hex(name.substr(0, 16));
}
bool is_temp_name(std::string_view name) {  // what write_file_atomically leaves behind a kill
  size_t at = name.rfind(".torchlint-tmp-");
  return at != std::string_view::npos && name.size() - at == 15 + 6;
}
bool is_version_folder(std::string_view name) {  // v0.1.0
  return name.size() > 1 && name[0] == 'v' &&
         std::all_of(name.begin() + 1, name.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
}

// At most once a day (a stamp file says when it last ran): a collection lists every entry.
void collect_when_due(const fs::path& root) {
  std::error_code ec;
  fs::path stamp = root / kCollectStamp;
  auto last = fs::last_write_time(stamp, ec);
  if (!ec && fs::file_time_type::clock::now() - last < kCollectEvery) return;
  std::ofstream{stamp};
  fs::last_write_time(stamp, fs::file_time_type::clock::now(), ec);
  collect_cache(root);
}
}  // namespace

const std::string& cache_key(std::string* why) {
  static std::string reason;
  static const std::string key = [] {
    fs::path file = key_file();
    if (file.empty()) {
      reason = "neither $XDG_CACHE_HOME nor $HOME says where to keep its key";
      return std::string();
    }
    std::string k = read_key(file, reason);
    if (k.empty() && reason.empty()) {
      create_key(file);
      k = read_key(file, reason);
      if (k.empty() && reason.empty()) reason = "cannot create its key " + file.string();
    }
    return k;
  }();
  if (why) *why = reason;
  return key;
}

std::optional<std::string> read_sealed_entry(const std::string& file) {
  const std::string& key = cache_key();
  if (key.empty()) return std::nullopt;
  std::optional<std::string> text = read_entry_file(file);
  if (!text || !text->starts_with(kSealTag)) return std::nullopt;
  size_t newline = text->find('\n');
  if (newline == std::string::npos) return std::nullopt;
  std::string_view written = std::string_view(*text).substr(kSealTag.size(), newline - kSealTag.size());
  std::string_view payload = std::string_view(*text).substr(newline + 1);
  std::string expected = mac_of(key, payload);
  if (written.size() != expected.size() || CRYPTO_memcmp(written.data(), expected.data(), expected.size()) != 0) return std::nullopt;
  return std::string(payload);
}

void write_sealed_entry(const std::string& file, std::string_view payload) {
  const std::string& key = cache_key();
  if (key.empty()) return;
  write_file_atomically(file, std::string(kSealTag) + mac_of(key, payload) + "\n" + std::string(payload));
}

void collect_cache(const fs::path& root, const CollectLimits& limits) {
  struct Entry {
    fs::path path;
    fs::file_time_type used;
    uintmax_t bytes;
  };
  std::vector<Entry> kept;
  auto now = fs::file_time_type::clock::now();
  std::error_code ec;
  for (fs::directory_iterator folder(root, ec), end; !ec && folder != end; folder.increment(ec)) {
    std::string name = folder->path().filename().string();
    bool versions = is_version_folder(name);
    if (!(versions || name == kTempFolder) || !folder->is_directory(ec) || folder->is_symlink(ec)) continue;
    std::error_code inner;
    for (fs::directory_iterator it(folder->path(), inner); !inner && it != end; it.increment(inner)) {
      std::error_code one;
      std::string file = it->path().filename().string();
      if (it->is_symlink(one) || !it->is_regular_file(one)) continue;
      auto used = it->last_write_time(one);
      if (one) continue;
      if (is_temp_name(file)) {
        if (now - used > kTempLifetime) fs::remove(it->path(), one);
      } else if (versions && is_entry_name(file)) {
        if (now - used > limits.max_unused) fs::remove(it->path(), one);
        else kept.push_back({it->path(), used, it->file_size(one)});
      }
    }
    if (versions) fs::remove(folder->path(), inner);  // only when it is empty
  }
  uintmax_t total = 0;
  for (const Entry& e : kept) total += e.bytes;
  std::sort(kept.begin(), kept.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
  for (const Entry& e : kept) {
    if (total <= limits.max_bytes) break;
    fs::remove(e.path, ec);
    total -= e.bytes;
  }
}

std::string private_temp_dir(const fs::path& root) {
  std::error_code ec;
  if (fs::is_symlink(root, ec)) return "";  // a repository's link would lead the files elsewhere
  fs::create_directories(root, ec);
  ignore_in_git(root);
  fs::path dir = root / kTempFolder;
  (void)::mkdir(dir.c_str(), 0700);
  struct stat st{};
  if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0) return "";
  ignore_in_git(dir);  // whatever the folder above says
  return dir.string();
}

std::unique_ptr<ResultCache> open_result_cache(const std::string& dir, std::string rules_hash, std::string& note) {
  std::string why;
  if (cache_key(&why).empty()) {
    note = "the cache is off: " + why;
    return nullptr;
  }
  if (tracked_by_git_remembered(dir, cache_key())) {
    note = "the cache is off: git tracks files in " + dir + " (a committed cache is never read)";
    return nullptr;
  }
  return std::make_unique<ResultCache>(dir, std::move(rules_hash));
}

ResultCache::ResultCache(std::string dir, std::string rules_hash)
    : root_(std::move(dir)), dir_((fs::path(root_) / (std::string("v") + version())).string()), rules_hash_(std::move(rules_hash)) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  ignore_in_git(root_);
}

ResultCache::~ResultCache() {
  try {
    collect_when_due(root_);
  } catch (const std::exception&) {
    // Collection is housekeeping: the run's results stand without it.
  }
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
  std::optional<std::string> payload = read_sealed_entry(file_for(path));
  if (!payload) return std::nullopt;  // none, or not written by torchlint for this user
  try {
    json j = json::parse(*payload);
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
  write_sealed_entry(file_for(path), j.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace torchlint
