#include "python/rule_compiler.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "python/kinds.h"
#include "rulepack/loader.h"

namespace torchlint::py {

namespace {

[[noreturn]] void fail(const SourceMark& mark, const std::string& msg) { throw RuleCompileError(mark.str() + ": " + msg); }

std::vector<std::string> names_of_contexts() {
  std::vector<std::string> out;
  for (const auto& c : contexts()) out.push_back(c.name);
  return out;
}
std::vector<std::string> names_of_predicates() {
  std::vector<std::string> out = {"inside", "not-inside", "not", "any", "torch-version"};
  for (const auto& p : predicates()) out.push_back(p.name);
  return out;
}

std::string suggestion(const std::string& word, const std::vector<std::string>& candidates) {
  std::string g = did_you_mean(word, candidates);
  return g.empty() ? "" : "; did you mean `" + g + "`?";
}

ContextFn context_or_fail(const std::string& name, const SourceMark& mark) {
  ContextFn fn = find_context(name);
  if (!fn) fail(mark, "unknown context `" + name + "`" + suggestion(name, names_of_contexts()));
  return fn;
}

// A named node kind by name (0: none). The grammar's lookup compares every symbol's name,
// and rules name a few dozen kinds hundreds of times.
TSSymbol named_kind(const std::string& name) {
  static std::mutex mutex;
  static auto& known = *new std::unordered_map<std::string, TSSymbol>;  // kept to the end of the process
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, fresh] = known.try_emplace(name, 0);
  if (fresh) it->second = ts_language_symbol_for_name(python_language(), name.c_str(), static_cast<uint32_t>(name.size()), true);
  return it->second;
}

// What compiling one rule needs besides its spec.
struct Scope {
  const std::vector<std::string>& metavars;  // bound by the rule's patterns and binds
  const TorchRequirement& torch;             // the project's torch: `torch-version` conditions are constants
  std::string* version_outcomes;             // how each `torch-version` condition was decided, in order
};

Where compile_where(const WhereSpec& w, const Scope& scope) {
  Where out;
  if (w.key == "not" || w.key == "any") {
    out.op = w.key == "not" ? Where::Op::Not : Where::Op::Any;
    for (const auto& c : w.children) out.children.push_back(compile_where(c, scope));
    return out;
  }
  if (w.key == "inside" || w.key == "not-inside") {
    out.op = w.key == "inside" ? Where::Op::Context : Where::Op::NotContext;
    out.context = context_or_fail(w.arg, w.mark);
    return out;
  }
  if (w.key == "torch-version") {
    auto condition = parse_version_condition(w.arg);
    if (!condition) fail(w.mark, "`torch-version` takes a comparison with a release, such as \">= 2.6\" or \"< 2.4\"");
    out.op = Where::Op::Constant;
    out.constant = condition->holds(scope.torch);
    *scope.version_outcomes += out.constant ? '1' : '0';
    return out;
  }
  out.op = Where::Op::Predicate;
  out.predicate = find_predicate(w.key);
  if (!out.predicate) fail(w.mark, "unknown predicate `" + w.key + "`" + suggestion(w.key, names_of_predicates()));
  std::string arg = w.arg;
  size_t dollars = arg.find_first_not_of('$');
  if (arg.empty() || arg[0] != '$' || dollars == std::string::npos)
    fail(w.mark, "`" + w.key + "` takes a metavariable such as $X");
  out.metavariable = arg.substr(dollars);
  const auto& metavars = scope.metavars;
  if (std::find(metavars.begin(), metavars.end(), out.metavariable) == metavars.end())
    fail(w.mark, "`" + arg + "` is not bound by any pattern of this rule" + suggestion(out.metavariable, metavars));
  return out;
}

// Each name once, in the order first bound: rules that repeat a sub-rule (YAML aliases)
// bind the same names hundreds of times, and every `where` looks its name up here.
void collect(const MatchSpec& s, std::vector<std::string>& metavars) {
  std::vector<std::string> found;
  if (s.pattern) {
    try {
      collect_metavariables(compile_pattern(*s.pattern), found);
    } catch (const PatternError&) {
    }
  }
  for (const auto& [name, text] : s.bind) found.push_back(name);
  for (std::string& name : found)
    if (std::find(metavars.begin(), metavars.end(), name) == metavars.end()) metavars.push_back(std::move(name));
  for (const auto* list : {&s.any, &s.all, &s.not_, &s.inside, &s.has})
    for (const auto& c : *list) collect(c, metavars);
}

// The longest identifier the pattern holds as a plain leaf (attribute names such as `item`
// in `$T.item()`): source text that lacks it cannot match. Dotted names are left out
// because an import alias can spell them differently.
void find_required_text(const PatternNode& p, std::string& best) {
  if (p.type == PatternNode::Type::Leaf && p.symbol == kinds().identifier && p.text.size() > best.size())
    best = p.text;
  for (const auto& c : p.children) find_required_text(c, best);
}

// The `$X` names a pattern compares with what they are already bound to (`$$$X` runs never are).
void collect_single_metavariables(const PatternNode& p, std::vector<std::string>& out) {
  if (p.type == PatternNode::Type::Meta && !p.text.empty()) out.push_back(p.text);
  for (const auto& c : p.children) collect_single_metavariables(c, out);
}

void find_required_dotted(const PatternNode& p, std::string& best) {
  if (p.type == PatternNode::Type::Dotted) {
    size_t dot = p.text.rfind('.');
    std::string last = dot == std::string::npos ? p.text : p.text.substr(dot + 1);
    if (last.size() > best.size()) best = last;
  }
  for (const auto& c : p.children) find_required_dotted(c, best);
}

// Whether a `where:` entry only asks about the node's context (binds and reads no metavariable).
bool context_only(const Where& w) {
  if (w.op == Where::Op::Context || w.op == Where::Op::NotContext || w.op == Where::Op::Constant) return true;
  if (w.op == Where::Op::Predicate) return false;
  return std::all_of(w.children.begin(), w.children.end(), context_only);
}

bool only_where(const Matcher& m) {
  return !m.pattern && !m.kind && m.any.empty() && m.all.empty() && m.not_.empty() && m.inside.empty() &&
         m.has.empty() && !m.inside_context && m.bind.empty();
}

// Moves context-only conditions to `early_where`: from `m` itself and from the `all:` parts
// that hold nothing but conditions (all of `all` holds at the same node, so order is free).
void hoist_context_conditions(Matcher& m) {
  auto split = std::stable_partition(m.where.begin(), m.where.end(), [](const Where& w) { return !context_only(w); });
  m.early_where.insert(m.early_where.end(), std::make_move_iterator(split), std::make_move_iterator(m.where.end()));
  m.where.erase(split, m.where.end());
  for (Matcher& part : m.all) {
    if (!only_where(part)) continue;
    m.early_where.insert(m.early_where.end(), std::make_move_iterator(part.early_where.begin()),
                         std::make_move_iterator(part.early_where.end()));
    part.early_where.clear();
  }
}

std::vector<TSSymbol> root_kinds(const Matcher& m);

// The head words one of which a node (of `kind`, when given) needs for `m` to hold there
// (see head_words.h): a pattern's head; the fewest of any part of an `all`; the callee's of
// a call's `function` field (a call's head is its callee's); the union of an `any` whose
// every branch that can start at such a node has some.
std::vector<std::string> head_words(const Matcher& m, std::optional<TSSymbol> kind = std::nullopt) {
  std::vector<std::string> best;
  auto consider = [&](const std::vector<std::string>& words) {
    if (!words.empty() && (best.empty() || words.size() < best.size())) best = words;
  };
  if (m.pattern) {
    std::string_view h = pattern_head(*m.pattern);
    if (!h.empty()) return {std::string(h)};
  }
  for (const Matcher& part : m.all) consider(kind ? head_words(part, kind) : part.heads);
  for (const Matcher& h : m.has)
    if (h.field == "function") consider(h.heads);
  if (!m.any.empty()) {
    std::vector<std::string> all_branches;
    for (const Matcher& branch : m.any) {
      if (kind) {
        std::vector<TSSymbol> starts = root_kinds(branch);
        if (!starts.empty() && std::find(starts.begin(), starts.end(), *kind) == starts.end()) continue;
      }
      std::vector<std::string> words = kind ? head_words(branch, kind) : branch.heads;
      if (words.empty()) return best;
      all_branches.insert(all_branches.end(), words.begin(), words.end());
    }
    std::sort(all_branches.begin(), all_branches.end());
    all_branches.erase(std::unique(all_branches.begin(), all_branches.end()), all_branches.end());
    consider(all_branches);
  }
  return best;
}

// Fills `compared` and `structural` from the matcher's own parts and its sub-rules'.
void note_what_it_compares(Matcher& m) {
  if (m.pattern) {
    std::vector<std::string> names;
    collect_single_metavariables(*m.pattern, names);
    m.compared = std::move(names);
  }
  m.structural = m.where.empty() && m.early_where.empty() && !m.inside_context;
  for (const auto* list : {&m.any, &m.all, &m.not_, &m.inside, &m.has}) {
    for (const Matcher& part : *list) {
      m.structural = m.structural && part.structural;
      m.compared.insert(m.compared.end(), part.compared.begin(), part.compared.end());
    }
  }
  std::sort(m.compared.begin(), m.compared.end());
  m.compared.erase(std::unique(m.compared.begin(), m.compared.end()), m.compared.end());
}

Matcher compile_match(const MatchSpec& s, const Scope& scope) {
  Matcher m;
  if (s.pattern) {
    try {
      m.pattern = &compile_pattern(*s.pattern);
      find_required_text(*m.pattern, m.required_text);
      find_required_dotted(*m.pattern, m.required_dotted);
    } catch (const PatternError& e) {
      fail(s.key_marks.count("pattern") ? s.key_marks.at("pattern") : s.mark, "invalid pattern: " + e.message);
    }
  }
  if (s.kind) {
    TSSymbol sym = named_kind(*s.kind);
    if (sym == 0) fail(s.key_marks.at("kind"), "unknown node kind `" + *s.kind + "` (see `torchlint parse FILE` for the kinds of a file)");
    m.kind = sym;
  }
  if (s.field) {
    if (ts_language_field_id_for_name(python_language(), s.field->c_str(), static_cast<uint32_t>(s.field->size())) == 0)
      fail(s.key_marks.at("field"), "unknown field `" + *s.field + "`");
    m.field = s.field;
  }
  auto compile_each = [&](const std::vector<MatchSpec>& specs, std::vector<Matcher>& out) {
    out.reserve(specs.size());  // a Matcher is large: no moves as the vector grows
    for (const auto& c : specs) out.push_back(compile_match(c, scope));
  };
  compile_each(s.any, m.any);
  compile_each(s.all, m.all);
  compile_each(s.not_, m.not_);
  compile_each(s.inside, m.inside);
  compile_each(s.has, m.has);
  if (s.inside_context) m.inside_context = context_or_fail(*s.inside_context, s.key_marks.at("inside"));
  for (const auto& w : s.where) m.where.push_back(compile_where(w, scope));
  m.bind = s.bind;
  hoist_context_conditions(m);
  m.heads = head_words(m);
  m.starts = root_kinds(m);
  m.named_only = !m.starts.empty() && std::all_of(m.starts.begin(), m.starts.end(), [](TSSymbol k) {
    return ts_language_symbol_type(python_language(), k) == TSSymbolTypeRegular;
  });
  if (m.any.size() > 1)
    for (uint32_t i = 0; i < m.any.size(); ++i) m.any_index.add(i, m.any[i].heads);
  note_what_it_compares(m);
  return m;
}

// The node kinds at which `m` can match; empty means any.
std::vector<TSSymbol> root_kinds(const Matcher& m) {
  std::vector<TSSymbol> out;
  if (m.pattern && m.pattern->type != PatternNode::Type::Meta && m.pattern->type != PatternNode::Type::MetaMulti) {
    if (m.pattern->type == PatternNode::Type::Dotted) return {kinds().identifier, kinds().attribute};
    return {m.pattern->symbol};
  }
  if (m.kind) return {*m.kind};
  for (const auto& a : m.all) {
    auto k = root_kinds(a);
    if (!k.empty()) return k;
  }
  if (!m.any.empty()) {
    for (const auto& a : m.any) {
      auto k = root_kinds(a);
      if (k.empty()) return {};
      out.insert(out.end(), k.begin(), k.end());
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Whether `node`'s head words let `m` hold there (a cheap test before a full evaluation).
bool heads_allow(const Matcher& m, TSNode node, const SemanticModel& model) {
  if (m.heads.empty()) return true;
  for (std::string_view h : node_heads(node, model))
    if (!h.empty() && std::find(m.heads.begin(), m.heads.end(), h) != m.heads.end()) return true;
  return false;
}

bool evaluate_where(const Where& w, const PredicateEnv& env) {
  switch (w.op) {
    case Where::Op::Constant: return w.constant;
    case Where::Op::Context: return w.context(env.model, env.match);
    case Where::Op::NotContext: return !w.context(env.model, env.match);
    case Where::Op::Not: return !evaluate_where(w.children.front(), env);
    case Where::Op::Any:
      return std::any_of(w.children.begin(), w.children.end(), [&](const Where& c) { return evaluate_where(c, env); });
    case Where::Op::Predicate: {
      for (TSNode n : env.bindings.nodes(w.metavariable))
        if (w.predicate(env, n)) return true;
      return false;
    }
  }
  return false;
}

}  // namespace

// Words one of which the text of any node `m` matches must hold (nullopt: none known). An
// `all` needs every part, so the most selective part's words will do; an `any` needs one
// branch, so the union of its branches' words, if every branch has some.
std::optional<std::vector<std::string>> required_words(const Matcher& m) {
  std::optional<std::vector<std::string>> best;
  auto consider = [&](std::optional<std::vector<std::string>> words) {
    if (words && !words->empty() && (!best || words->size() < best->size())) best = std::move(words);
  };
  if (!m.required_text.empty()) consider(std::vector<std::string>{m.required_text});
  if (!m.required_dotted.empty()) consider(std::vector<std::string>{m.required_dotted});
  for (const auto* list : {&m.all, &m.has, &m.inside})
    for (const Matcher& part : *list) consider(required_words(part));
  if (!m.any.empty()) {
    std::vector<std::string> all_branches;
    bool every = true;
    for (const Matcher& branch : m.any) {
      auto words = required_words(branch);
      if (!words) every = false;
      else all_branches.insert(all_branches.end(), words->begin(), words->end());
    }
    if (every) consider(std::move(all_branches));
  }
  return best;
}

RuleIndex::RuleIndex(const std::vector<CompiledRule>& rules)
    : by_kind_(ts_language_symbol_count(python_language())) {
  for (uint32_t i = 0; i < rules.size(); ++i) {
    const std::vector<std::string>& heads = rules[i].matcher().heads;
    if (rules[i].kinds.empty()) {
      any_kind_.add(i, heads);
      for (auto& index : by_kind_) index.add(i, heads);
    }
    // A rule with branches for several kinds (a call, or an f-string) may have head words
    // for one kind only: a call meets it only with the right callee.
    for (TSSymbol k : rules[i].kinds)
      if (k < by_kind_.size()) by_kind_[k].add(i, head_words(rules[i].matcher(), k));
  }
}

bool may_match_file(const CompiledRule& rule, const FileWords& words, const ImportTable& imports) {
  if (rule.file_words.empty()) return true;
  for (const std::string& w : rule.file_words)
    if (words.contains(w) || imports.renames(w)) return true;
  return false;
}

CompiledRule compile_rule(RuleSpec spec_in, const TorchRequirement& torch) {
  std::vector<std::string> metavars;
  collect(*spec_in.match, metavars);
  std::string outcomes;
  Matcher matcher = compile_match(*spec_in.match, Scope{metavars, torch, &outcomes});
  CompiledRule r{std::move(spec_in), std::make_shared<const Matcher>(std::move(matcher)), {}, {}, std::move(outcomes)};
  const RuleSpec& spec = r.spec;
  r.kinds = root_kinds(r.matcher());
  if (auto words = required_words(r.matcher())) r.file_words = std::move(*words);
  auto check_var = [&](const std::optional<std::string>& v, const SourceMark& mark, const char* key) {
    if (!v) return;
    std::string name = v->substr(std::min(v->find_first_not_of('$'), v->size()));
    if (v->empty() || (*v)[0] != '$' || std::find(metavars.begin(), metavars.end(), name) == metavars.end())
      fail(mark, std::string("`") + key + ": " + *v + "` is not a metavariable bound by the rule's patterns" +
                     suggestion(name, metavars));
  };
  check_var(spec.anchor, spec.mark, "anchor");
  check_var(spec.dedupe_by, spec.mark, "dedupe-by");
  // `$X` / `{X}` in messages and fix templates must name bound metavariables: an unknown one
  // would be copied literally into the user's code.
  auto check_template = [&](const std::string& text, const SourceMark& mark, const char* key) {
    for (size_t i = 0; i < text.size(); ++i) {
      bool brace = text[i] == '{';
      if (text[i] != '$' && !brace) continue;
      size_t j = i + 1;
      while (j < text.size() && text[j] == '$') ++j;
      size_t start = j;
      while (j < text.size() && (std::isupper(static_cast<unsigned char>(text[j])) || std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
      if (j == start || (brace && (j >= text.size() || text[j] != '}'))) continue;
      std::string name = text.substr(start, j - start);
      if (std::find(metavars.begin(), metavars.end(), name) == metavars.end())
        fail(mark, std::string("`") + key + "` uses `" + text.substr(i, j - i + (brace ? 1 : 0)) +
                       "`, which no pattern of the rule binds" + suggestion(name, metavars));
    }
  };
  // Errors point at the value that holds the template, not at the rule.
  auto at = [](const std::map<std::string, SourceMark>& marks, const char* key, const SourceMark& fallback) {
    auto it = marks.find(key);
    return it != marks.end() ? it->second : fallback;
  };
  check_template(spec.message, at(spec.key_marks, "message", spec.mark), "message");
  check_template(spec.hint, at(spec.key_marks, "hint", spec.mark), "hint");
  if (spec.fix) {
    const auto& m = spec.fix->key_marks;
    check_template(spec.fix->title, at(m, "title", spec.fix->mark), "fix.title");
    if (spec.fix->with) check_template(*spec.fix->with, at(m, "with", spec.fix->mark), "fix.with");
    if (spec.fix->insert_after) check_template(*spec.fix->insert_after, at(m, "insert-after", spec.fix->mark), "fix.insert-after");
  }
  if (spec.fix) check_var(spec.fix->replace, spec.fix->mark, "replace");
  if (spec.confirm && spec.confirm->rewrite) {
    const FixSpec& edit = *spec.confirm->rewrite;
    check_template(*edit.with, at(edit.key_marks, "with", edit.mark), "confirm.fixed-by.with");
    check_var(edit.replace, edit.mark, "replace");
  }
  return r;
}

namespace {

// A `has` search over fewer named nodes than this is cheaper to run again than to remember.
constexpr int32_t kRememberedSearchNodes = 64;

bool evaluate_has(const Matcher& h, TSNode node, const SemanticModel& model, Bindings& b, MatchCache* cache);

// The key of a remembered search: the matcher, the node and what the names it compares are
// bound to now.
std::string search_key(const Matcher& h, TSNode node, const SemanticModel& model, const Bindings& b) {
  std::string key;
  auto add = [&](uint64_t v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
  add(reinterpret_cast<uintptr_t>(&h));
  add(node_key(node));
  for (const std::string& name : h.compared) {
    const TSNode* bound = b.find(name);
    std::string_view text = bound ? model.text(*bound) : std::string_view{};
    add(bound ? text.size() : UINT64_MAX);
    key.append(text);
  }
  return key;
}

// `has` over a large subtree, once per key: the outcome and the bindings it added.
bool remembered_has(const Matcher& h, TSNode node, const SemanticModel& model, Bindings& b, MatchCache& cache) {
  std::string key = search_key(h, node, model, b);
  if (auto it = cache.has_outcomes.find(key); it != cache.has_outcomes.end()) {
    const Bindings& found = it->second.found;
    b.single.insert(b.single.end(), found.single.begin(), found.single.end());
    b.multi.insert(b.multi.end(), found.multi.begin(), found.multi.end());
    b.literal.insert(b.literal.end(), found.literal.begin(), found.literal.end());
    return it->second.matched;
  }
  Bindings::Mark mark = b.mark();
  bool matched = evaluate_has(h, node, model, b, &cache);
  if (cache.deadline.expired()) return false;  // cut short: not an outcome to remember
  MatchCache::Outcome outcome{matched, {}};
  outcome.found.single.assign(b.single.begin() + mark.single, b.single.end());
  outcome.found.multi.assign(b.multi.begin() + mark.multi, b.multi.end());
  outcome.found.literal.assign(b.literal.begin() + mark.literal, b.literal.end());
  cache.has_outcomes.emplace(std::move(key), std::move(outcome));
  return matched;
}

bool evaluate_has(const Matcher& h, TSNode node, const SemanticModel& model, Bindings& b, MatchCache* cache) {
  bool found = false;
  if (h.field) {
    return any_in_field(node, *h.field, [&](TSNode c) {
      Bindings::Mark mark = b.mark();  // a failed child must not leave its bindings behind
      if (evaluate(h, c, model, b, cache)) return true;
      b.rollback(mark);
      return false;
    });
  }
  if (int32_t at = h.named_only ? model.index_of(node) : -1; at >= 0) {
    // The named descendants in pre-order, from the node table: no tree walk. A nested
    // function or class is skipped whole, as the walk below does.
    for (int32_t i = at + 1, end = model.subtree_end(at); i < end && !found;) {
      if (cache && cache->deadline.expired()) return false;
      if (cache && !cache->pruned.empty() && cache->pruned[i]) {  // nested too deep: not analysed
        i = model.subtree_end(i);
        continue;
      }
      TSNode c = model.node_at(i);
      bool boundary = is_scope_boundary(ts_node_symbol(c));
      if (heads_allow(h, c, model)) {
        Bindings::Mark mark = b.mark();  // a failed descendant must not leave its bindings behind
        if (evaluate(h, c, model, b, cache)) found = true;
        else b.rollback(mark);
      }
      i = boundary ? model.subtree_end(i) : i + 1;
    }
    return found;
  }
  walk(node, [&](TSNode c) {
    if (found || (cache && cache->deadline.expired())) return false;
    if (same_node(c, node)) return true;
    if (!heads_allow(h, c, model)) return !is_scope_boundary(ts_node_symbol(c));
    Bindings::Mark mark = b.mark();  // a failed descendant must not leave its bindings behind
    if (evaluate(h, c, model, b, cache)) found = true;
    else b.rollback(mark);
    return !is_scope_boundary(ts_node_symbol(c));
  }, [](TSNode) {});
  return found;
}

}  // namespace

bool evaluate(const Matcher& m, TSNode node, const SemanticModel& model, Bindings& b, MatchCache* cache) {
  if (cache && cache->deadline.expired()) return false;
  // A kind none of its parts can start at fails before any of them runs: `inside: {any:
  // [{kind: function_definition}, {kind: module}], has: ...}` must not walk every ancestor.
  if (!m.starts.empty() && std::find(m.starts.begin(), m.starts.end(), ts_node_symbol(node)) == m.starts.end())
    return false;
  if (m.kind && ts_node_symbol(node) != *m.kind) return false;
  if (m.pattern) {
    if (m.pattern->symbol != ts_node_symbol(node) && m.pattern->type == PatternNode::Type::Node) return false;
    if (!m.required_text.empty()) {
      std::string_view t = model.text(node);
      if (t.size() < 4096 && t.find(m.required_text) == std::string_view::npos) return false;
    }
    if (!m.required_dotted.empty()) {
      std::string_view t = model.text(node);
      if (t.size() < 4096 && t.find(m.required_dotted) == std::string_view::npos &&
          !model.imports().renames(m.required_dotted))
        return false;
    }
    if (!match_pattern(*m.pattern, node, model, b)) return false;
  }
  if (!m.early_where.empty()) {
    PredicateEnv env{model, node, b};
    for (const auto& w : m.early_where)
      if (!evaluate_where(w, env)) return false;
  }

  // `not:` entries bind nothing and are often the costly part (an `inside`/`has` walk): they
  // run last, once everything cheaper has held.
  auto pure_not = [](const Matcher& a) {
    return !a.not_.empty() && !a.pattern && !a.kind && a.all.empty() && a.any.empty() && a.inside.empty() &&
           a.has.empty() && !a.inside_context && a.where.empty() && a.bind.empty();
  };
  for (const auto& a : m.all)
    if (!pure_not(a) && !evaluate(a, node, model, b, cache)) return false;
  if (!m.any.empty()) {
    bool any = false;
    auto attempt = [&](uint32_t i) {
      Bindings::Mark mark = b.mark();
      any = evaluate(m.any[i], node, model, b, cache);
      if (!any) b.rollback(mark);
      return !any;
    };
    if (m.any_index.empty())
      for (uint32_t i = 0; i < m.any.size() && attempt(i);) ++i;
    else
      m.any_index.for_each(node_heads(node, model), attempt);
    if (!any) return false;
  }
  if (m.inside_context && !m.inside_context(model, node)) return false;
  for (const auto& in : m.inside) {
    bool found = false;
    TSNode child = node;
    for (TSNode p : model.ancestors(node)) {
      if (cache && cache->deadline.expired()) return false;
      bool field_ok = !in.field || in_field(p, *in.field, child);
      // A failed attempt must not leave its bindings behind for the next ancestor.
      Bindings::Mark mark = b.mark();
      if (field_ok && evaluate(in, p, model, b, cache)) found = true;
      else b.rollback(mark);
      if (found || is_scope_boundary(ts_node_symbol(p))) break;
      child = p;
    }
    if (!found) return false;
  }
  for (const auto& h : m.has) {
    int32_t at = cache && h.structural && !h.field && h.named_only ? model.index_of(node) : -1;
    bool large = at >= 0 && model.subtree_end(at) - at > kRememberedSearchNodes;
    if (!(large ? remembered_has(h, node, model, b, *cache) : evaluate_has(h, node, model, b, cache))) return false;
  }
  if (!m.where.empty()) {
    PredicateEnv env{model, node, b};
    for (const auto& w : m.where)
      if (!evaluate_where(w, env)) return false;
  }
  for (const auto& n : m.not_) {
    Bindings::Mark mark = b.mark();
    bool hit = evaluate(n, node, model, b, cache);
    b.rollback(mark);
    if (hit) return false;
  }
  for (const auto& a : m.all)
    if (pure_not(a) && !evaluate(a, node, model, b, cache)) return false;
  for (const auto& [name, text] : m.bind) b.literal.emplace_back(name, text);
  return true;
}

}  // namespace torchlint::py
