// SPDX-License-Identifier: Apache-2.0
/// @file
/// Verilated replay binary cache (see rtl_cache.h).
#include "rtl_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "replay_cli.h"

#ifndef DSBC_SOURCE_DIR
#error "DSBC_SOURCE_DIR must be defined (the source tree root)"
#endif

namespace fs = std::filesystem;

namespace dsbc::cli {

namespace {

constexpr const char* kBinaryName = "dsbc-replay-rtl";

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

/// Files matching <dir>/*<suffix>, sorted (empty if dir does not exist).
std::vector<std::string> glob(const fs::path& dir, const std::string& suffix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() >= suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0 &&
        it->is_regular_file(ec)) {
      out.push_back(it->path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Sources {
  std::string root;
  std::vector<std::string> rtl;          ///< rtl/dsbc_*.v
  std::vector<std::string> cpp;          ///< C++ sources handed to verilator
  std::vector<std::string> headers;      ///< headers they include (hashed only)
};

Sources collect_sources() {
  Sources s;
  s.root = source_dir();
  const fs::path root(s.root);
  // Only the DSBC unit's files: rtl/ also holds other designs (e.g. the Wired-NOR baseline).
  s.rtl = glob(root / "rtl", ".v");
  std::erase_if(s.rtl, [](const std::string& f) {
    return fs::path(f).filename().string().rfind("dsbc_", 0) != 0;
  });
  if (s.rtl.empty()) {
    throw ToolError(2, "no RTL sources in " + (root / "rtl").string() +
                           " (set DSBC_SOURCE_DIR to the DSBC source tree)");
  }
  s.cpp.push_back((root / "tools" / "dsbc_replay_rtl_main.cpp").string());
  s.cpp.push_back((root / "tools" / "replay_cli.cpp").string());
  for (const auto& f : glob(root / "cpp_model" / "src", ".cpp")) s.cpp.push_back(f);
  for (const auto& f : s.cpp) {
    if (!fs::exists(f)) throw ToolError(2, "missing source file " + f);
  }
  s.headers.push_back((root / "tools" / "replay_cli.h").string());
  for (const auto& f : glob(root / "cpp_model" / "include" / "dsbc", ".h")) {
    s.headers.push_back(f);
  }
  for (const auto& f : glob(root / "testbench" / "common", ".h")) s.headers.push_back(f);
  return s;
}

class Fnv1a {
 public:
  void add(const void* data, size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) {
      h_ ^= p[i];
      h_ *= 0x100000001b3ULL;
    }
  }
  void add(const std::string& s) {
    add(s.data(), s.size());
    const char zero = 0;
    add(&zero, 1);  // separator, so ("ab","c") and ("a","bc") differ
  }
  std::string hex() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h_));
    return buf;
  }

 private:
  uint64_t h_ = 0xcbf29ce484222325ULL;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ToolError(2, "cannot read " + path + ": " + std::strerror(errno));
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string cflags(const Sources& s) {
  return "-std=c++20 -O2 -I" + s.root + "/cpp_model/include -I" + s.root + "/testbench/common";
}

/// The verilator command line (argv), building into `build_dir`.
std::vector<std::string> verilator_args(const std::string& verilator, const dsbc::Config& cfg,
                                        const Sources& s, const fs::path& build_dir) {
  std::vector<std::string> a = {verilator, "--cc", "--exe", "--build", "-j", "2", "-O3",
                                "--x-assign", "fast", "--x-initial", "fast", "-Wno-fatal",
                                "--top-module", "dsbc_top"};
  a.push_back("-GNumPes=" + std::to_string(cfg.pes));
  a.push_back("-GNumBarriers=" + std::to_string(cfg.barriers));
  a.push_back("-GCountBits=" + std::to_string(cfg.count_bits));
  a.push_back("-GFifoDepth=" + std::to_string(cfg.fifo_depth));
  a.push_back("-CFLAGS");
  a.push_back(cflags(s));
  a.push_back("--Mdir");
  a.push_back((build_dir / "obj").string());
  a.push_back("-o");
  a.push_back((build_dir / kBinaryName).string());
  a.insert(a.end(), s.rtl.begin(), s.rtl.end());
  a.insert(a.end(), s.cpp.begin(), s.cpp.end());
  return a;
}

std::string source_hash(const Sources& s) {
  Fnv1a h;
  // The recipe: a change of flags or of the file list must also give a new directory.
  h.add("dsbc-replay-rtl recipe 1");
  h.add(cflags(s));
  std::vector<std::string> files = s.rtl;
  files.insert(files.end(), s.cpp.begin(), s.cpp.end());
  files.insert(files.end(), s.headers.begin(), s.headers.end());
  for (const auto& f : files) {
    h.add(fs::path(f).lexically_relative(s.root).string());
    h.add(read_file(f));
  }
  return h.hex();
}

fs::path cache_root() {
  if (const std::string d = env("DSBC_CACHE_DIR"); !d.empty()) return fs::path(d);
  if (const std::string x = env("XDG_CACHE_HOME"); !x.empty()) return fs::path(x) / "dsbc";
  const std::string home = env("HOME");
  if (home.empty()) {
    throw ToolError(2, "cannot find a cache directory: set DSBC_CACHE_DIR, XDG_CACHE_HOME or "
                       "HOME");
  }
  return fs::path(home) / ".cache" / "dsbc";
}

std::string dir_name(const dsbc::Config& cfg, const std::string& hash) {
  return "rtl-n" + std::to_string(cfg.pes) + "-m" + std::to_string(cfg.barriers) + "-t" +
         std::to_string(cfg.count_bits) + "-d" + std::to_string(cfg.fifo_depth) + "-" + hash;
}

bool is_executable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

/// verilator from PATH, or "" when there is none.
std::string find_verilator() {
  const std::string path = env("PATH");
  std::stringstream ss(path);
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    if (dir.empty()) dir = ".";
    const fs::path candidate = fs::path(dir) / "verilator";
    if (is_executable(candidate)) return candidate.string();
  }
  return "";
}

/// Runs argv with stdout and stderr appended to `log`; returns the exit status (or -1).
int run_logged(const std::vector<std::string>& args, const fs::path& log) {
  {
    std::ofstream header(log, std::ios::app);
    header << "$";
    for (const auto& a : args) header << ' ' << a;
    header << "\n\n";
  }
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    const int null_fd = ::open("/dev/null", O_RDONLY);
    if (fd < 0) ::_exit(127);
    if (null_fd >= 0) ::dup2(null_fd, 0);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::execv(argv[0], argv.data());
    const std::string msg = std::string("exec ") + argv[0] + ": " + std::strerror(errno) + "\n";
    (void)!::write(2, msg.data(), msg.size());
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::string source_dir() {
  if (const std::string d = env("DSBC_SOURCE_DIR"); !d.empty()) return d;
  return DSBC_SOURCE_DIR;
}

std::string rtl_cache_dir(const dsbc::Config& cfg) {
  const Sources s = collect_sources();
  return (cache_root() / dir_name(cfg, source_hash(s))).string();
}

std::string ensure_rtl_binary(const dsbc::Config& cfg) {
  const Sources s = collect_sources();
  const fs::path root = cache_root();
  const std::string name = dir_name(cfg, source_hash(s));
  const fs::path dir = root / name;
  const fs::path binary = dir / kBinaryName;
  if (is_executable(binary)) return binary.string();

  const std::string verilator = find_verilator();
  if (verilator.empty()) throw ToolError(2, "verilator not found: run scripts/install-deps.sh");

  std::cerr << "dsbc-replay: verilating N=" << cfg.pes << " M=" << cfg.barriers
            << " T=" << cfg.count_bits << " D=" << cfg.fifo_depth << " (first use, cached in "
            << dir.string() << ")" << std::endl;

  std::error_code ec;
  fs::create_directories(root, ec);
  if (ec) throw ToolError(2, "cannot create " + root.string() + ": " + ec.message());
  const fs::path tmp = root / (name + ".tmp-" + std::to_string(::getpid()));
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec) throw ToolError(2, "cannot create " + tmp.string() + ": " + ec.message());

  const int status = run_logged(verilator_args(verilator, cfg, s, tmp), tmp / "build.log");
  if (status != 0 || !is_executable(tmp / kBinaryName)) {
    const fs::path failed = root / (name + ".failed");
    fs::remove_all(failed, ec);
    fs::rename(tmp, failed, ec);
    const fs::path log = ec ? tmp / "build.log" : failed / "build.log";
    throw ToolError(2, "verilator build failed for " + cfg.to_string() + " (status " +
                           std::to_string(status) + "); see " + log.string());
  }

  // A directory without the binary is a leftover (e.g. the binary was deleted): replace it.
  if (fs::exists(dir, ec) && !is_executable(binary)) fs::remove_all(dir, ec);
  fs::rename(tmp, dir, ec);
  if (ec) {
    // Another process may have finished the same build first; its result is as good.
    std::error_code ignored;
    fs::remove_all(tmp, ignored);
    if (!is_executable(binary)) {
      throw ToolError(2, "cannot move the build into " + dir.string() + ": " + ec.message());
    }
  }
  return binary.string();
}

}  // namespace dsbc::cli
