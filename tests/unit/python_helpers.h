// Test helpers: parse a snippet, build its model, find nodes by text.
#pragma once
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "python/semantic_model.h"
#include "python/ts.h"

struct Snippet {
  std::string text;
  torchlint::py::Tree tree;
  torchlint::py::ProjectIndex index;
  std::unique_ptr<torchlint::py::SemanticModel> model;

  explicit Snippet(std::string t) : text(std::move(t)) {
    torchlint::py::Parser parser;
    tree = parser.parse(text);
    model = std::make_unique<torchlint::py::SemanticModel>(tree.root(), text, false);
    index.add(model->summary());
    index.complete();
    model->complete(index);
  }

  // The first named node (pre-order) whose text is exactly `s`, and, with `kind`, of that kind.
  TSNode find(const std::string& s, const char* kind = nullptr, int nth = 0) const {
    for (size_t i = 0; i < model->node_count(); ++i) {
      TSNode n = model->node_at(i);
      if (torchlint::py::node_text(n, text) == s && (!kind || std::string(ts_node_type(n)) == kind) && nth-- == 0) {
        model->set_current(static_cast<int32_t>(i));
        return n;
      }
    }
    return TSNode{};
  }
};

// The assignment statement whose text is `text` (must exist).
inline TSNode stmt(const Snippet& s, const std::string& text) {
  TSNode n = s.find(text, "assignment");
  REQUIRE_MESSAGE(!ts_node_is_null(n), text);
  return n;
}
