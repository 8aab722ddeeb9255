#include "cli/github_api.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/config.h"

extern char** environ;

namespace torchlint {

namespace fs = std::filesystem;

namespace {

// A private folder (mode 0700) for the request's files, removed with everything in it.
class PrivateFolder {
 public:
  PrivateFolder() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/torchlint-review-XXXXXX";
    if (!mkdtemp(pattern.data())) throw ConfigError("cannot create a temporary folder for the review request");
    path_ = pattern;
  }
  ~PrivateFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  PrivateFolder(const PrivateFolder&) = delete;
  PrivateFolder& operator=(const PrivateFolder&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

void write_private(const std::string& path, const std::string& text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  bool ok = fd >= 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  if (fd >= 0) ::close(fd);
  if (!ok) throw ConfigError("cannot write " + path);
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs curl with `args`, its standard output into `stdout_path`; its exit status, or -1 when
// it cannot start.
int run_curl(std::vector<std::string> args, const std::string& stdout_path) {
  args.insert(args.begin(), "curl");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, "curl", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// GitHub's error answer in one line: its message and each listed error.
std::string github_message(const std::string& response) {
  auto j = nlohmann::json::parse(response, nullptr, false);
  if (!j.is_object() || !j.contains("message")) return response.substr(0, 500);
  std::string out = j["message"].is_string() ? j["message"].get<std::string>() : j["message"].dump();
  if (j.contains("errors")) out += " " + j["errors"].dump();
  return out;
}

}  // namespace

void post_review(const ReviewTarget& target, const std::string& payload, const std::string& token) {
  std::string api = target.api_url;
  while (api.ends_with('/')) api.pop_back();
  if (!api.starts_with("https://") && !api.starts_with("http://"))
    throw ConfigError("--api-url must be an http(s) URL such as https://api.github.com, not `" + target.api_url + "`");
  std::string url = api + "/repos/" + target.repository + "/pulls/" + std::to_string(target.number) + "/reviews";
  if (token.find_first_of("\r\n") != std::string::npos) throw ConfigError("GITHUB_TOKEN holds a line break");
  PrivateFolder folder;
  write_private(folder.file("headers"), "Authorization: Bearer " + token +
                                            "\nAccept: application/vnd.github+json\nX-GitHub-Api-Version: 2022-11-28\n"
                                            "Content-Type: application/json\nUser-Agent: torchlint\n");
  write_private(folder.file("payload.json"), payload);
  int rc = run_curl({"--silent", "--show-error", "--max-time", "120", "--request", "POST", "--header", "@" + folder.file("headers"),
                     "--data-binary", "@" + folder.file("payload.json"), "--output", folder.file("response"),
                     "--write-out", "%{http_code}", url},
                    folder.file("status"));
  if (rc == -1) throw ConfigError("cannot run curl, which posts the review: install it, or post the payload that `torchlint review` prints");
  if (rc != 0) throw ConfigError("posting the review to " + url + " failed (curl exit status " + std::to_string(rc) + ")");
  std::string status = read_all(folder.file("status"));
  if (!status.starts_with("2"))
    throw ConfigError("GitHub refused the review (HTTP " + status + " from " + url + "): " + github_message(read_all(folder.file("response"))));
}

}  // namespace torchlint
