#include "cli/review_command.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/config.h"
#include "cli/git_diff.h"
#include "cli/github_api.h"

namespace torchlint {

namespace fs = std::filesystem;

namespace {

struct PullRequestEvent {
  std::string base_sha, head_sha, repository;
  long number = 0;
};

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

// The parts of a `pull_request` (or `pull_request_target`) event a review needs.
PullRequestEvent read_event(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError(path + ": cannot read the GitHub event");
  auto j = nlohmann::json::parse(in, nullptr, false);
  const char* needs = "`torchlint review` needs a `pull_request` or `pull_request_target` event";
  if (!j.is_object()) throw ConfigError(path + ": not a GitHub event (not a JSON object); " + needs);
  if (!j.contains("pull_request") || !j["pull_request"].is_object()) {
    std::string what = j.contains("ref") && j.contains("commits") ? " (this looks like a `push` event)" : "";
    throw ConfigError(path + ": not a pull-request event" + what + "; " + needs + " (its JSON has a `pull_request` object)");
  }
  const auto& pr = j["pull_request"];
  auto text = [&](const nlohmann::json& at, const char* key, const char* where) {
    if (!at.contains(key) || !at[key].is_string() || at[key].get<std::string>().empty())
      throw ConfigError(path + ": the pull-request event has no `" + where + "`");
    return at[key].get<std::string>();
  };
  PullRequestEvent e;
  e.base_sha = text(pr.value("base", nlohmann::json::object()), "sha", "pull_request.base.sha");
  e.head_sha = text(pr.value("head", nlohmann::json::object()), "sha", "pull_request.head.sha");
  for (const std::string& sha : {e.base_sha, e.head_sha})
    if (sha.find_first_not_of("0123456789abcdef") != std::string::npos) throw ConfigError(path + ": `" + sha + "` is not a commit id");
  if (j.contains("repository") && j["repository"].is_object()) e.repository = j["repository"].value("full_name", "");
  if (pr.contains("number") && pr["number"].is_number_integer()) e.number = pr["number"].get<long>();
  return e;
}

// Throws a clear error when `sha` is not a commit of the local clone.
void require_commit(const std::string& root, const std::string& sha, const std::string& role) {
  try {
    run_git("-C " + shell_quote(root) + " cat-file -e " + shell_quote(sha + "^{commit}"));
  } catch (const GitError&) {
    throw ConfigError("the pull request's " + role + " commit " + sha +
                      " is not in this clone: the job must fetch it and the history back to the merge base "
                      "(actions/checkout with `fetch-depth: 0`, or `git fetch origin " + sha + "`)");
  }
}

// The pull request's head checked out in a temporary worktree, removed when this goes.
class HeadWorktree {
 public:
  HeadWorktree(const std::string& root, const std::string& sha) : root_(root) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/torchlint-review-XXXXXX";
    if (!mkdtemp(pattern.data())) throw ConfigError("cannot create a temporary folder for the pull request's head");
    folder_ = pattern;
    path_ = folder_ + "/head";
    // No hooks: checking out the head must run nothing of the repository's.
    run_git("-C " + shell_quote(root) + " -c core.hooksPath=/dev/null worktree add --quiet --detach " + shell_quote(path_) +
            " " + shell_quote(sha));
  }
  ~HeadWorktree() {
    try {
      run_git("-C " + shell_quote(root_) + " worktree remove --force " + shell_quote(path_));
    } catch (const GitError&) {
      std::cerr << "warning: could not remove the temporary worktree " << path_ << " (`git worktree prune` will)\n";
    }
    std::error_code ec;
    fs::remove_all(folder_, ec);
  }
  HeadWorktree(const HeadWorktree&) = delete;
  HeadWorktree& operator=(const HeadWorktree&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string root_, folder_, path_;
};

// Runs in `dir` until it goes, then back where it was.
class WorkingFolder {
 public:
  explicit WorkingFolder(const fs::path& dir) : previous_(fs::current_path()) {
    std::error_code ec;
    fs::current_path(dir, ec);
    if (ec) throw ConfigError("the pull request's head has no folder " + dir.string() + " (the job's working folder)");
  }
  ~WorkingFolder() {
    std::error_code ec;
    fs::current_path(previous_, ec);
  }
  WorkingFolder(const WorkingFolder&) = delete;
  WorkingFolder& operator=(const WorkingFolder&) = delete;

 private:
  fs::path previous_;
};

std::string api_url_in_effect(const std::string& flag) {
  if (!flag.empty()) return flag;
  const char* env = std::getenv("GITHUB_API_URL");  // set by GitHub Actions, Enterprise servers included
  return env && *env ? env : "https://api.github.com";
}

}  // namespace

int run_review(ReviewOptions o) {
  PullRequestEvent event = read_event(o.github_event);
  std::string token;
  if (o.post) {
    const char* env = std::getenv("GITHUB_TOKEN");
    if (!env || !*env)
      throw ConfigError("--post needs a token in GITHUB_TOKEN (in a workflow: `env: { GITHUB_TOKEN: ${{ github.token }} }` "
                        "and `permissions: { pull-requests: write }`)");
    token = env;
    if (event.repository.empty() || event.number <= 0)
      throw ConfigError(o.github_event + ": the event names no `repository.full_name` and `pull_request.number` to post to");
  }
  std::string root = trimmed(run_git("rev-parse --show-toplevel"));
  require_commit(root, event.base_sha, "base");
  require_commit(root, event.head_sha, "head");
  try {
    run_git("-C " + shell_quote(root) + " merge-base " + shell_quote(event.base_sha) + " " + shell_quote(event.head_sha));
  } catch (const GitError&) {
    throw ConfigError("the pull request's base " + event.base_sha + " and head " + event.head_sha +
                      " have no common ancestor in this clone: fetch the whole history (actions/checkout with `fetch-depth: 0`)");
  }
  fs::path inside = fs::current_path().lexically_relative(root);
  for (std::string& p : o.check.paths)  // absolute paths into the checkout name the same files in the worktree
    if (fs::path(p).is_absolute()) p = fs::path(p).lexically_relative(fs::current_path()).string();
  HeadWorktree head(root, event.head_sha);
  std::string payload;
  int rc;
  {
    WorkingFolder in_head(fs::path(head.path()) / inside);
    o.check.diff_base = event.base_sha;
    o.check.review_commit = event.head_sha;
    o.check.review_payload = &payload;
    o.check.format = "github-review";  // no progress line
    rc = run_check(o.check);
  }
  if (!o.post) {
    std::cout << payload;
    return rc;
  }
  post_review({api_url_in_effect(o.api_url), event.repository, event.number}, payload, token);
  std::cerr << "Posted the review to pull request #" << event.number << " of " << event.repository << ".\n";
  return rc;
}

}  // namespace torchlint
