// Posting a pull-request review to GitHub's REST API (or an Enterprise server's, or a stand-in
// for tests), with curl: the token travels in a private header file, never on a command line.
#pragma once
#include <string>

namespace torchlint {

struct ReviewTarget {
  std::string api_url;     // https://api.github.com, or $GITHUB_API_URL
  std::string repository;  // owner/name
  long number = 0;         // the pull request
};

// POSTs `payload` to {api_url}/repos/{repository}/pulls/{number}/reviews with `token`.
// Throws ConfigError, saying what GitHub answered, unless it accepted the review.
void post_review(const ReviewTarget& target, const std::string& payload, const std::string& token);

}  // namespace torchlint
