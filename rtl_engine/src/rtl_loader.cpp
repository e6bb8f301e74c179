// SPDX-License-Identifier: Apache-2.0
/// @file
/// The RTL engine plugin cache (see rtl_loader.h).
#include "dsbc/rtl_loader.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#ifndef DSBC_SOURCE_DIR
#error "DSBC_SOURCE_DIR must be defined (the source tree root)"
#endif
#ifndef DSBC_CMAKE_COMMAND
#error "DSBC_CMAKE_COMMAND must be defined (the cmake that builds plugins)"
#endif
#ifndef DSBC_CXX_COMPILER
#error "DSBC_CXX_COMPILER must be defined (the compiler the tools were built with)"
#endif

namespace fs = std::filesystem;

namespace dsbc {

namespace {

/// Bump when the way a plugin is built changes in a way the hashed files do not show.
constexpr const char* kRecipe = "dsbc rtl plugin recipe 1";
constexpr const char* kPluginFile = "dsbc-rtl.so";

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

/// The files a plugin is built from, sorted, as paths relative to the source root.
std::vector<fs::path> plugin_inputs(const fs::path& root) {
  std::vector<fs::path> files;
  std::error_code ec;
  auto add_dir = [&](const fs::path& dir, bool recursive, auto&& keep) {
    if (recursive) {
      for (fs::recursive_directory_iterator it(root / dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec) && keep(it->path())) files.push_back(it->path().lexically_relative(root));
      }
    } else {
      for (fs::directory_iterator it(root / dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec) && keep(it->path())) files.push_back(it->path().lexically_relative(root));
      }
    }
  };
  const auto any = [](const fs::path&) { return true; };
  add_dir("rtl", false, [](const fs::path& p) {
    const std::string n = p.filename().string();
    return n.rfind("dsbc_", 0) == 0 && p.extension() == ".v";
  });
  add_dir("rtl_engine/plugin", false, any);
  add_dir("rtl_engine/include", true, any);
  add_dir("cpp_model/include", true, any);
  files.push_back("cmake/DsbcVerilate.cmake");
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RtlError("cannot read " + path.string() + ": " + std::strerror(errno));
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// SHA-256 (OpenSSL EVP) over length-prefixed strings, as 64 hex digits.
class Sha256 {
 public:
  Sha256() : ctx_(EVP_MD_CTX_new()) {
    if (ctx_ == nullptr || EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr) != 1)
      throw RtlError("OpenSSL: SHA-256 unavailable");
  }
  ~Sha256() { EVP_MD_CTX_free(ctx_); }
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  /// Adds s with its length first, so ("ab","c") and ("a","bc") differ.
  void add(const std::string& s) {
    const std::string len = std::to_string(s.size()) + ":";
    EVP_DigestUpdate(ctx_, len.data(), len.size());
    EVP_DigestUpdate(ctx_, s.data(), s.size());
  }
  std::string hex() {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    EVP_DigestFinal_ex(ctx_, md, &n);
    std::string out;
    char buf[3];
    for (unsigned int i = 0; i < n; ++i) {
      std::snprintf(buf, sizeof buf, "%02x", md[i]);
      out += buf;
    }
    return out;
  }

 private:
  EVP_MD_CTX* ctx_;
};

std::string params_tag(const Config& cfg) {
  std::string tag = "n" + std::to_string(cfg.pes) + "-m" + std::to_string(cfg.barriers) + "-t" +
                    std::to_string(cfg.count_bits) + "-d" + std::to_string(cfg.fifo_depth) + "-" +
                    sched_name(cfg.sched);
  if (cfg.pipe == 1) tag += "-pipe";       // Pipe = 0 keeps the tags (and cache names) it always had
  if (cfg.half_rate == 1) tag += "-half";  // likewise HalfRate = 0
  return tag;
}

std::string plugin_key(const Config& cfg, RtlKind kind) {
  const fs::path root(rtl_source_dir());
  Sha256 h;
  h.add(kRecipe);
  h.add(rtl_kind_name(kind));
  h.add(params_tag(cfg));
  h.add(DSBC_CXX_COMPILER);
  for (const fs::path& f : plugin_inputs(root)) {
    h.add(f.string());
    h.add(read_file(root / f));
  }
  return std::string("rtl-") + rtl_kind_name(kind) + "-" + params_tag(cfg) + "-" + h.hex().substr(0, 16);
}

fs::path cache_root() {
  if (const std::string d = env("DSBC_CACHE_DIR"); !d.empty()) return fs::path(d);
  if (const std::string x = env("XDG_CACHE_HOME"); !x.empty()) return fs::path(x) / "dsbc";
  const std::string home = env("HOME");
  if (home.empty()) throw RtlError("cannot find a cache directory: set DSBC_CACHE_DIR, XDG_CACHE_HOME or HOME");
  return fs::path(home) / ".cache" / "dsbc";
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
    ::execvp(argv[0], argv.data());
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

/// An exclusive flock on a file, held for the object's life.
class FileLock {
 public:
  explicit FileLock(const fs::path& path) : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    if (fd_ < 0) throw RtlError("cannot open " + path.string() + ": " + std::strerror(errno));
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno != EINTR) throw RtlError("cannot lock " + path.string() + ": " + std::strerror(errno));
    }
  }
  ~FileLock() { ::close(fd_); }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

/// Configures and builds rtl_engine/plugin for (cfg, kind) in `work`; the plugin ends up as
/// work/dsbc-rtl.so. Returns the exit status of the failing step, 0 on success.
int build_plugin(const Config& cfg, RtlKind kind, const fs::path& work) {
  const fs::path root(rtl_source_dir());
  const fs::path log = work / "build.log";
  const fs::path bin = work / "build";
  const int configure =
      run_logged({DSBC_CMAKE_COMMAND, "-S", (root / "rtl_engine" / "plugin").string(), "-B", bin.string(),
                  "-DCMAKE_BUILD_TYPE=Release", std::string("-DCMAKE_CXX_COMPILER=") + DSBC_CXX_COMPILER,
                  "-DDSBC_N=" + std::to_string(cfg.pes), "-DDSBC_M=" + std::to_string(cfg.barriers),
                  "-DDSBC_T=" + std::to_string(cfg.count_bits), "-DDSBC_D=" + std::to_string(cfg.fifo_depth),
                  std::string("-DDSBC_SCHED=") + sched_name(cfg.sched), "-DDSBC_PIPE=" + std::to_string(cfg.pipe),
                  "-DDSBC_HALF=" + std::to_string(cfg.half_rate), std::string("-DDSBC_KIND=") + rtl_kind_name(kind)},
                 log);
  if (configure != 0) return configure;
  const unsigned jobs = std::max(1U, std::thread::hardware_concurrency());
  const int build = run_logged({DSBC_CMAKE_COMMAND, "--build", bin.string(), "-j", std::to_string(jobs)}, log);
  if (build != 0) return build;
  std::error_code ec;
  fs::copy_file(bin / kPluginFile, work / kPluginFile, fs::copy_options::overwrite_existing, ec);
  if (ec) return -1;
  fs::remove_all(bin, ec);  // the object files are large and never needed again
  return 0;
}

/// True if an executable `verilator` is on PATH (the plugin build needs it; checked first so
/// that a missing toolchain gets a hint rather than a build log).
bool have_verilator() {
  std::string path = env("PATH");
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find(':', start);
    if (end == std::string::npos) end = path.size();
    const std::string dir = end > start ? path.substr(start, end - start) : ".";
    const fs::path candidate = fs::path(dir) / "verilator";
    if (::access(candidate.c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

/// The plugin file of (cfg, kind), building it first when it is not in the cache.
fs::path ensure_plugin(const Config& cfg, RtlKind kind) {
  const fs::path root = cache_root();
  const std::string name = plugin_key(cfg, kind);
  const fs::path dir = root / name;
  const fs::path plugin = dir / kPluginFile;
  std::error_code ec;
  if (fs::is_regular_file(plugin, ec)) return plugin;

  if (!have_verilator()) throw RtlError("verilator not found: run scripts/install-deps.sh");
  // One build per configuration at a time: a second process (e.g. parallel tests) waits for
  // the first and then finds the plugin.
  fs::create_directories(root, ec);
  if (ec) throw RtlError("cannot create " + root.string() + ": " + ec.message());
  const FileLock lock(root / (name + ".lock"));
  if (fs::is_regular_file(plugin, ec)) return plugin;

  std::cerr << "dsbc: verilating " << cfg.to_string() << " (" << rtl_kind_name(kind) << ", first use; cached in "
            << dir.string() << ")" << std::endl;
  const fs::path tmp = root / (name + ".tmp-" + std::to_string(::getpid()));
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec) throw RtlError("cannot create " + tmp.string() + ": " + ec.message());

  const int status = build_plugin(cfg, kind, tmp);
  if (status != 0 || !fs::is_regular_file(tmp / kPluginFile, ec)) {
    const fs::path failed = root / (name + ".failed");
    fs::remove_all(failed, ec);
    fs::rename(tmp, failed, ec);
    const fs::path log = ec ? tmp / "build.log" : failed / "build.log";
    throw RtlError("building the RTL plugin for " + cfg.to_string() + " (" + rtl_kind_name(kind) + ") failed (status " +
                   std::to_string(status) + "); see " + log.string());
  }
  // A directory without the plugin is a leftover (e.g. the file was deleted): replace it.
  if (fs::exists(dir, ec) && !fs::is_regular_file(plugin, ec)) fs::remove_all(dir, ec);
  fs::rename(tmp, dir, ec);
  if (ec) {
    // Another process may have finished the same build first; its result is as good.
    std::error_code ignored;
    fs::remove_all(tmp, ignored);
    if (!fs::is_regular_file(plugin, ignored))
      throw RtlError("cannot move the build into " + dir.string() + ": " + ec.message());
  }
  return plugin;
}

}  // namespace

const char* rtl_kind_name(RtlKind kind) {
  switch (kind) {
    case RtlKind::kCpp: return "cpp";
    case RtlKind::kCppFst: return "cpp-fst";
    case RtlKind::kSystemC: return "systemc";
  }
  return "unknown";
}

std::string rtl_source_dir() {
  if (const std::string d = env("DSBC_SOURCE_DIR"); !d.empty()) return d;
  return DSBC_SOURCE_DIR;
}

std::string rtl_plugin_dir(const Config& cfg, RtlKind kind) { return (cache_root() / plugin_key(cfg, kind)).string(); }

const RtlPluginInfo& load_rtl_plugin(const Config& cfg, RtlKind kind) {
  cfg.validate();
  static std::mutex mu;
  static std::map<std::string, const RtlPluginInfo*> loaded;
  const std::lock_guard<std::mutex> lock(mu);
  const std::string path = ensure_plugin(cfg, kind).string();
  if (auto it = loaded.find(path); it != loaded.end()) return *it->second;

  // Never closed: engines made by the plugin may live until exit.
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = ::dlerror();
    throw RtlError("cannot load " + path + ": " + (why != nullptr ? why : "unknown error") +
                   " (delete the directory to rebuild it)");
  }
  using InfoFn = const RtlPluginInfo* (*)();
  auto info_fn = reinterpret_cast<InfoFn>(::dlsym(handle, "dsbc_rtl_plugin_info"));
  if (info_fn == nullptr) throw RtlError(path + " is not an RTL plugin (no dsbc_rtl_plugin_info)");
  const RtlPluginInfo* info = info_fn();
  if (info->abi != kRtlPluginAbi)
    throw RtlError(path + ": plugin interface " + std::to_string(info->abi) + ", this tool speaks " +
                   std::to_string(kRtlPluginAbi) + " (rebuild the tool)");
  if (info->kind != kind || info->pes != cfg.pes || info->barriers != cfg.barriers ||
      info->count_bits != cfg.count_bits || info->fifo_depth != cfg.fifo_depth || info->sched != cfg.sched ||
      info->pipe != cfg.pipe || info->half_rate != cfg.half_rate)
    throw RtlError(path + " holds another configuration than " + cfg.to_string());
  loaded.emplace(path, info);
  return *info;
}

std::unique_ptr<Engine> make_rtl_engine(const Config& cfg, const RtlEngineOptions& opts) {
  const RtlKind kind = opts.waves_path.empty() ? RtlKind::kCpp : RtlKind::kCppFst;
  return std::unique_ptr<Engine>(load_rtl_plugin(cfg, kind).make_engine(cfg, opts));
}

}  // namespace dsbc
