#include "cli/completion.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

namespace torchlint {

namespace {

struct OptionInfo {
  std::vector<std::string> names;  // "--select", "-j"
  std::string help;
  bool takes_value = false;
  std::vector<std::string> values;  // what its value may be, when known
};

struct CommandInfo {
  std::string name, help;
  std::vector<OptionInfo> options;
  std::vector<std::string> arguments;  // what its positional arguments may be, when known (else files)
};

// Only what a shell can show: no quotes, brackets or colons in descriptions.
std::string plain(std::string s) {
  for (char& c : s)
    if (c == '\'' || c == '"' || c == '[' || c == ']' || c == ':' || c == '`' || c == '$' || c == '\\') c = ' ';
  return s;
}

// The values an option accepts: rule codes, or the set of an IsMember check, which CLI11 writes
// into the type name (`TEXT:{text,json}`).
std::string joined(const std::vector<std::string>& items, const char* separator) {
  return fmt::format("{}", fmt::join(items, separator));
}

std::vector<std::string> values_of(const CLI::Option& opt, const std::vector<std::string>& rule_codes) {
  std::string type = opt.get_type_name();
  if (type.starts_with(kRuleCodeValue)) return rule_codes;
  size_t open = type.find(":{"), close = type.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  std::vector<std::string> out;
  std::string set = type.substr(open + 2, close - open - 2);
  for (size_t b = 0; b <= set.size();) {
    size_t e = std::min(set.find(',', b), set.size());
    if (e > b) out.push_back(plain(set.substr(b, e - b)));
    b = e + 1;
  }
  return out;
}

std::vector<CommandInfo> commands_of(const CLI::App& app, const std::vector<std::string>& rule_codes) {
  std::vector<CommandInfo> out;
  for (const CLI::App* sub : app.get_subcommands({})) {
    CommandInfo c{sub->get_name(), plain(sub->get_description()), {}, {}};
    for (const CLI::Option* opt : sub->get_options()) {
      if (opt->get_positional()) {
        std::vector<std::string> values = values_of(*opt, rule_codes);
        c.arguments.insert(c.arguments.end(), values.begin(), values.end());
      }
      if (opt->get_positional() || opt->get_group().empty()) continue;  // hidden or positional
      OptionInfo o;
      for (const auto& s : opt->get_snames()) o.names.push_back("-" + s);
      for (const auto& l : opt->get_lnames()) o.names.push_back("--" + l);
      o.help = plain(opt->get_description());
      o.takes_value = opt->get_type_size() != 0;
      if (o.takes_value) o.values = values_of(*opt, rule_codes);
      c.options.push_back(std::move(o));
    }
    out.push_back(std::move(c));
  }
  return out;
}

void bash(std::ostream& out, const std::vector<CommandInfo>& commands) {
  out << "# bash completion for torchlint: eval \"$(torchlint completion bash)\"\n_torchlint() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" opts=\"\" args=\"\"\n"
         "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    COMPREPLY=($(compgen -W \"";
  for (size_t i = 0; i < commands.size(); ++i) out << (i ? " " : "") << commands[i].name;
  out << " --help --version -V\" -- \"$cur\"))\n    return\n  fi\n  case \"${COMP_WORDS[1]}\" in\n";
  for (const auto& c : commands) {
    out << "    " << c.name << (c.name == "rule" ? "|explain" : "") << ") opts=\"";
    bool first = true;
    for (const auto& o : c.options)
      for (const auto& n : o.names) out << (first ? "" : " ") << n, first = false;
    out << "\" args=\"" << joined(c.arguments, " ") << "\"\n      case \"$prev\" in\n";
    for (const auto& o : c.options) {
      if (o.values.empty()) continue;
      out << "        " << joined(o.names, "|") << ") COMPREPLY=($(compgen -W \"" << joined(o.values, " ")
          << "\" -- \"$cur\")); return ;;\n";
    }
    out << "      esac ;;\n";
  }
  out << "  esac\n  if [[ \"$cur\" == -* ]]; then\n    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
         "  elif [ -n \"$args\" ]; then\n    COMPREPLY=($(compgen -W \"$args\" -- \"$cur\"))\n  else\n"
         "    COMPREPLY=($(compgen -f -- \"$cur\"))\n  fi\n}\ncomplete -o filenames -F _torchlint torchlint\n";
}

void zsh(std::ostream& out, const std::vector<CommandInfo>& commands) {
  out << "#compdef torchlint\n# zsh completion for torchlint: torchlint completion zsh > \"${fpath[1]}/_torchlint\"\n"
         "_torchlint() {\n  local -a commands\n  commands=(\n";
  for (const auto& c : commands) out << "    '" << c.name << ":" << c.help << "'\n";
  out << "  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' commands\n    return\n  fi\n"
         "  case $words[2] in\n";
  for (const auto& c : commands) {
    out << "    " << c.name << ")\n      _arguments";
    for (const auto& o : c.options)
      for (const auto& n : o.names)
        out << " \\\n        '" << n << "[" << o.help << "]"
            << (o.values.empty() ? (o.takes_value ? ":value:" : "") : ":value:(" + joined(o.values, " ") + ")") << "'";
    out << " \\\n        '*:" << (c.arguments.empty() ? "file:_files" : "code:(" + joined(c.arguments, " ") + ")") << "' ;;\n";
  }
  out << "  esac\n}\n_torchlint \"$@\"\n";
}

void fish(std::ostream& out, const std::vector<CommandInfo>& commands) {
  out << "# fish completion for torchlint: torchlint completion fish > ~/.config/fish/completions/torchlint.fish\n";
  for (const auto& c : commands)
    out << "complete -c torchlint -n '__fish_use_subcommand' -f -a " << c.name << " -d '" << c.help << "'\n";
  for (const auto& c : commands) {
    if (!c.arguments.empty())
      out << "complete -c torchlint -n '__fish_seen_subcommand_from " << c.name << "' -f -a '" << joined(c.arguments, " ")
          << "'\n";
    for (const auto& o : c.options) {
      out << "complete -c torchlint -n '__fish_seen_subcommand_from " << c.name << "'";
      for (const auto& n : o.names) out << (n.starts_with("--") ? " -l " + n.substr(2) : " -s " + n.substr(1));
      out << (o.takes_value ? " -r" : "") << (o.values.empty() ? "" : " -f -a '" + joined(o.values, " ") + "'") << " -d '"
          << o.help << "'\n";
    }
  }
}

}  // namespace

int print_completion(std::ostream& out, const CLI::App& app, const std::string& shell,
                     const std::vector<std::string>& rule_codes) {
  auto commands = commands_of(app, rule_codes);
  if (shell == "bash") bash(out, commands);
  else if (shell == "zsh") zsh(out, commands);
  else fish(out, commands);
  return 0;
}

}  // namespace torchlint
