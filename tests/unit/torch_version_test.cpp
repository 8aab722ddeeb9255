// The project's PyTorch version: parsing releases, conditions and requirement specifiers
// (core/torch_version.h), reading dependency files (cli/torch_requirement.h), and rules whose
// `torch-version` conditions are decided when the rule set is compiled.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/torch_requirement.h"
#include "core/torch_version.h"
#include "python/engine.h"
#include "cli/runner.h"
#include "rulepack/loader.h"

using namespace torchlint;
namespace fs = std::filesystem;

namespace {

std::string oldest(std::string_view specifiers) {
  auto v = oldest_allowed(specifiers);
  return v ? v->str() : "none";
}

size_t findings_of(const py::RuleSet& rules, const std::string& text) {
  std::vector<std::string> texts{text};
  std::string path = (fs::temp_directory_path() / "torchlint_torch_version" / "train.py").string();
  return run_analysis({path}, rules, 1, &texts).findings.size();
}

TorchRequirement known(int major, int minor) { return {TorchVersion{major, minor}, "test"}; }

bool holds(const char* condition, const TorchRequirement& r) {
  auto c = parse_version_condition(condition);
  REQUIRE(c);
  return c->holds(r);
}

// A scratch folder with the given files, removed afterwards.
struct Folder {
  fs::path dir;
  explicit Folder(const std::string& name) : dir(fs::temp_directory_path() / ("torchlint-torch-version-" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Folder() { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) const {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name) << text;
  }
  std::string found() const {
    auto r = torch_requirement_in_folder(dir.string());
    if (!r) return "nothing";
    return (r->oldest ? r->oldest->str() : "unknown") + " from " + fs::path(r->source.substr(0, r->source.find(':'))).filename().string();
  }
};

}  // namespace

TEST_CASE("torch version: release lines from version text") {
  CHECK(parse_torch_version("2.4")->str() == "2.4");
  CHECK(parse_torch_version("2.4.1")->str() == "2.4");
  CHECK(parse_torch_version("v2.10.0+cu121")->str() == "2.10");
  CHECK(parse_torch_version("2.5.0a0")->str() == "2.5");
  CHECK(parse_torch_version("2")->str() == "2.0");
  CHECK(parse_torch_version("2.*")->str() == "2.0");
  CHECK_FALSE(parse_torch_version(""));
  CHECK_FALSE(parse_torch_version("latest"));
  CHECK_FALSE(parse_torch_version("2."));
  CHECK_FALSE(parse_torch_version("2x"));
  CHECK(TorchVersion{2, 10} > TorchVersion{2, 9});  // numbers, not text
}

TEST_CASE("torch version: conditions hold only for a known version") {
  CHECK(holds(">= 2.6", known(2, 6)));
  CHECK(holds(">= 2.6", known(3, 0)));
  CHECK_FALSE(holds(">= 2.6", known(2, 5)));
  CHECK(holds("<2.4", known(2, 3)));
  CHECK_FALSE(holds("<2.4", known(2, 4)));
  CHECK(holds("== 2.1", known(2, 1)));
  CHECK(holds("!= 2.1", known(2, 2)));
  // An unknown version satisfies no condition, and so neither a condition nor its opposite.
  CHECK_FALSE(holds(">= 2.6", {}));
  CHECK_FALSE(holds("< 2.6", {}));
  CHECK_FALSE(parse_version_condition("2.6"));
  CHECK_FALSE(parse_version_condition(">= 2.6rc1"));
  CHECK_FALSE(parse_version_condition("~= 2.6"));
}

TEST_CASE("torch version: the oldest release requirement specifiers allow") {
  CHECK(oldest(">=2.1,<3") == "2.1");
  CHECK(oldest(" >= 1.8 , != 1.9.0") == "1.8");
  CHECK(oldest("==2.4.1") == "2.4");
  CHECK(oldest("==2.1.*") == "2.1");
  CHECK(oldest("~=2.3") == "2.3");
  CHECK(oldest("^2.1") == "2.1");  // Poetry
  CHECK(oldest("=2.1.0=py3.10_cuda11.8_0") == "2.1");  // conda with a build string
  CHECK(oldest("2.2.0") == "2.2");  // Poetry's exact pin
  CHECK(oldest(">=1.8,>=2.0") == "2.0");
  CHECK(oldest("") == "none");
  CHECK(oldest("<3") == "none");
  CHECK(oldest("*") == "none");
}

TEST_CASE("torch version: which requirement lines are about torch") {
  CHECK(*torch_specifiers("torch>=2.1") == ">=2.1");
  CHECK(*torch_specifiers("Torch[opt] == 2.4 ; python_version > '3.8'  # pinned") == "== 2.4");
  CHECK(*torch_specifiers("torch") == "");
  CHECK(*torch_specifiers("  - pytorch=2.1", true) == "=2.1");  // conda
  CHECK(*torch_specifiers("pytorch::pytorch>=2.0", true) == ">=2.0");
  CHECK_FALSE(torch_specifiers("pytorch"));  // to pip, not torch (a keyword in setup.py)
  CHECK(*torch_specifiers("torch @ https://download.pytorch.org/whl/torch.whl") == "");
  CHECK_FALSE(torch_specifiers("torchvision>=0.16"));
  CHECK_FALSE(torch_specifiers("pytorch-lightning>=2.0"));
  CHECK_FALSE(torch_specifiers("torch_geometric"));
  CHECK_FALSE(torch_specifiers("# torch>=2.1"));
  CHECK_FALSE(torch_specifiers("torch is required"));
}

TEST_CASE("torch version: dependency files, the first that names torch deciding") {
  {
    Folder f("pyproject");
    f.write("pyproject.toml", "[project]\nname = \"x\"\ndependencies = [\"numpy\", \"torch>=2.2\"]\n");
    f.write("requirements.txt", "torch==2.6.0\n");
    CHECK(f.found() == "2.2 from pyproject.toml");
  }
  {
    Folder f("poetry");
    f.write("pyproject.toml", "[tool.poetry.dependencies]\npython = \"^3.10\"\ntorch = { version = \"^2.3\", source = \"pytorch\" }\n");
    CHECK(f.found() == "2.3 from pyproject.toml");
  }
  {
    Folder f("unpinned");  // the package allows any torch: what a requirements file pins does not narrow it
    f.write("setup.cfg", "[metadata]\nname = x\n[options]\ninstall_requires =\n    numpy\n    torch\n");
    f.write("requirements.txt", "torch==2.6.0\n");
    CHECK(f.found() == "unknown from setup.cfg");
  }
  {
    Folder f("setup-py");
    f.write("setup.py", "from setuptools import setup\nsetup(name='x', install_requires=['numpy', \"torch>=1.13\"])\n");
    CHECK(f.found() == "1.13 from setup.py");
  }
  {
    Folder f("requirements");  // a pyproject.toml that does not name torch does not decide
    f.write("pyproject.toml", "[tool.black]\nline-length = 100\n");
    f.write("requirements-dev.txt", "torch==2.0\n");  // a tool pin, not the supported floor
    f.write("requirements.txt", "-r missing.txt\n--extra-index-url https://download.pytorch.org/whl/cu121\ntorch>=2.4.0+cu121\n");
    CHECK(f.found() == "2.4 from requirements.txt");
  }
  {
    Folder f("included");  // followed through `-r` includes, relative to the including file
    f.write("requirements.txt", "# the package's dependencies\n-r ./requirements/base.txt\n");
    f.write("requirements/base.txt", "numpy\n--requirement=torch.txt\n");
    f.write("requirements/torch.txt", "torch >=2.1.0, <2.10.0\n");
    f.write("requirements/typing.txt", "torch==2.9.1\n");
    CHECK(f.found() == "2.1 from torch.txt");
  }
  {
    Folder f("include-cycle");
    f.write("requirements.txt", "-r requirements.txt\n");
    CHECK(f.found() == "nothing");
  }
  {
    Folder f("conda");
    f.write("environment.yml", "name: x\ndependencies:\n  - python=3.10\n  - pytorch::pytorch=2.1.0\n");
    CHECK(f.found() == "2.1 from environment.yml");
  }
  {
    Folder f("broken");  // a broken pyproject.toml is the configuration's error to report, not a version
    f.write("pyproject.toml", "[project\ndependencies = [\"torch>=2.6\"]\n");
    CHECK(f.found() == "nothing");
  }
}

TEST_CASE("torch version: files use the configuration's version, else their folders' or parents' files") {
  Folder f("resolver");
  f.write(".git/HEAD", "ref: refs/heads/main\n");
  f.write("requirements.txt", "torch>=2.6\n");
  f.write("pkg/train.py", "");
  f.write("examples/requirements.txt", "torch>=1.13\n");
  f.write("examples/demo.py", "");
  TorchRequirementResolver resolver;
  Config none, pinned;
  pinned.torch_version = TorchVersion{2, 1};
  pinned.torch_version_where = ".torchlint.yaml:1:16";
  CHECK(resolver.for_file((f.dir / "pkg/train.py").string(), none).key() == "2.6");
  CHECK(resolver.for_file((f.dir / "examples/demo.py").string(), none).key() == "1.13");
  const TorchRequirement& configured = resolver.for_file((f.dir / "pkg/train.py").string(), pinned);
  CHECK(configured.key() == "2.1");
  CHECK(configured.source.find(".torchlint.yaml:1:16") != std::string::npos);
}

TEST_CASE("torch version: `torch-version` conditions are decided when the rule set is compiled") {
  const char* pack = R"(id: X001
name: load-without-weights-only
family: test
language: python
severity: warning
message: "m"
match:
  all:
    - pattern: torch.load($P)
    - where: [{not: {torch-version: ">= 2.6"}}]
)";
  std::vector<RuleSpec> specs = load_rule_pack_text(pack, "pack.yaml");
  std::string code = "import torch\nstate = torch.load(path)\n";
  CHECK(findings_of(py::RuleSet(specs), code) == 1);               // unknown: reported
  CHECK(findings_of(py::RuleSet(specs, known(2, 4)), code) == 1);  // supports 2.4: reported
  CHECK(findings_of(py::RuleSet(specs, known(2, 6)), code) == 0);  // needs 2.6: the default is safe
  // Versions that decide every condition alike compile to the same rules (a run shares them).
  CHECK(py::RuleSet(specs, known(2, 6)).version_outcomes() == py::RuleSet(specs, known(2, 8)).version_outcomes());
  CHECK(py::RuleSet(specs, known(2, 4)).version_outcomes() == py::RuleSet(specs).version_outcomes());
  CHECK(py::RuleSet(specs, known(2, 4)).version_outcomes() != py::RuleSet(specs, known(2, 6)).version_outcomes());
  // A set for another torch shares the rules no version decides and compiles the others.
  const char* plain = R"(id: X003
name: plain
family: test
language: python
severity: warning
message: "m"
match:
  pattern: torch.save($$$A)
)";
  std::vector<RuleSpec> both = specs;
  both.push_back(load_rule_pack_text(plain, "plain.yaml").front());
  py::RuleSet old_torch(both, known(2, 4));
  py::RuleSet new_torch(both, known(2, 6), &old_torch);
  CHECK(new_torch.rules()[1].shared_matcher == old_torch.rules()[1].shared_matcher);  // X003: shared
  CHECK(new_torch.rules()[0].shared_matcher != old_torch.rules()[0].shared_matcher);  // X001: its own
  CHECK(findings_of(new_torch, code) == 0);
  CHECK(findings_of(old_torch, code) == 1);
  CHECK(findings_of(new_torch, "import torch\ntorch.save(m, p)\n") == 1);

  const char* bad = R"(id: X002
name: bad-condition
family: test
language: python
severity: warning
message: "m"
match:
  all:
    - pattern: torch.load($P)
    - where: [{torch-version: "2.6"}]
)";
  CHECK_THROWS_WITH_AS(py::RuleSet(load_rule_pack_text(bad, "bad.yaml")), doctest::Contains("bad.yaml:10"), py::RuleCompileError);
}
