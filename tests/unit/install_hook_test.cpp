#include <doctest/doctest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/install_hook.h"

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A fresh temporary directory that is the current directory for the scope (install_hook
// works on the repository of the current directory). Git runs without the user's global and
// system configuration, so a global core.hooksPath cannot send the hook elsewhere.
struct Sandbox {
  fs::path dir, old_cwd = fs::current_path();
  Sandbox() {
    std::string tmpl = (fs::temp_directory_path() / "torchlint-hook-XXXXXX").string();
    dir = mkdtemp(tmpl.data());
    setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
    setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
    fs::current_path(dir);
  }
  ~Sandbox() {
    fs::current_path(old_cwd);
    unsetenv("GIT_CONFIG_GLOBAL");
    unsetenv("GIT_CONFIG_NOSYSTEM");
    fs::remove_all(dir);
  }
  int git(const std::string& args) const { return std::system(("git " + args + " >/dev/null 2>&1").c_str()); }
};

int install(bool force, std::string* out_text = nullptr, std::string* err_text = nullptr) {
  std::ostringstream out, err;
  int rc = torchlint::install_hook("/opt/torchlint/bin/torchlint", force, out, err);
  if (out_text) *out_text = out.str();
  if (err_text) *err_text = err.str();
  return rc;
}

const char* kMarker = "# installed by torchlint install-hook";

}  // namespace

TEST_CASE("install-hook writes an executable, marked hook into .git/hooks") {
  Sandbox box;
  REQUIRE(box.git("init -q .") == 0);
  std::string out;
  REQUIRE(install(false, &out) == 0);
  fs::path hook = box.dir / ".git" / "hooks" / "pre-commit";
  REQUIRE(fs::exists(hook));
  CHECK(out.find("pre-commit") != std::string::npos);  // says where it went
  struct stat st{};
  REQUIRE(stat(hook.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0755);
  std::string script = read(hook);
  CHECK(script.starts_with("#!/bin/sh\n"));
  CHECK(script.find(kMarker) != std::string::npos);
  CHECK(script.find("/opt/torchlint/bin/torchlint") != std::string::npos);
  // Nothing but the hook is left behind (the temporary file was renamed into place).
  int entries = 0;
  for (const auto& e : fs::directory_iterator(hook.parent_path()))
    entries += e.path().filename().string().starts_with("pre-commit.torchlint-tmp") ? 1 : 0;
  CHECK(entries == 0);

  SUBCASE("re-installing over its own hook succeeds") { CHECK(install(false) == 0); }

  SUBCASE("a foreign hook is refused without force and replaced with it") {
    std::ofstream(hook) << "#!/bin/sh\necho mine\n";
    std::string err;
    CHECK(install(false, nullptr, &err) == 2);
    CHECK(err.find("--force") != std::string::npos);
    CHECK(read(hook) == "#!/bin/sh\necho mine\n");  // untouched
    CHECK(install(true) == 0);
    CHECK(read(hook).find(kMarker) != std::string::npos);
  }
}

TEST_CASE("install-hook finds the repository from a subdirectory and through a .git file") {
  Sandbox box;
  // `--separate-git-dir` leaves a `.git` file (`gitdir: ...`), as worktrees and submodules do.
  REQUIRE(box.git("init -q --separate-git-dir=" + (box.dir / "store").string() + " work") == 0);
  fs::create_directories(box.dir / "work" / "src");
  fs::current_path(box.dir / "work" / "src");
  REQUIRE(fs::is_regular_file(box.dir / "work" / ".git"));
  CHECK(install(false) == 0);
  CHECK(fs::exists(box.dir / "store" / "hooks" / "pre-commit"));
  CHECK_FALSE(fs::exists(box.dir / "work" / ".git" / "hooks"));
}

TEST_CASE("install-hook outside a git repository is an error") {
  Sandbox box;
  setenv("GIT_CEILING_DIRECTORIES", box.dir.parent_path().c_str(), 1);  // do not find an enclosing repo
  std::string err;
  CHECK(install(false, nullptr, &err) == 2);
  CHECK(err.find("not inside a git repository") != std::string::npos);
  unsetenv("GIT_CEILING_DIRECTORIES");
}
