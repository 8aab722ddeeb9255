// `torchlint review`: a GitHub pull-request review of the commit the pull request proposes.
#pragma once
#include <string>

#include "cli/check_command.h"

namespace torchlint {

struct ReviewOptions {
  CheckOptions check;        // paths and rule selection
  std::string github_event;  // the pull_request event JSON ($GITHUB_EVENT_PATH)
  bool post = false;         // post the review (token: $GITHUB_TOKEN) instead of printing it
  std::string api_url;       // default: $GITHUB_API_URL, else https://api.github.com
};

// Analyses the pull request's head commit in a temporary worktree (whatever is checked out),
// keeps the findings its diff against the base touches, and prints or posts the review.
// Returns the exit code; throws ConfigError and GitError for what stops it.
int run_review(ReviewOptions o);

}  // namespace torchlint
