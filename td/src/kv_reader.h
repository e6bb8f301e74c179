// SPDX-License-Identifier: Apache-2.0
// Internal: the one reader of key=value options in the TD lab. Algorithm options
// (`--opt key=value`), workload spec keys (`tree:lambda=0.9`) and tick counts all go
// through it, so every value means the same everywhere: integers are decimal (`010` is
// ten, `0x10` is an error), a malformed or out-of-range value is an error naming the key
// and its legal range, and a key nobody reads is an error.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <set>
#include <string>

namespace td::detail {

/// Parses a whole string as a decimal integer (optional leading '-', digits only);
/// false if anything else is in it or it overflows 64 bits.
bool parse_decimal(const std::string& text, std::int64_t& out);

/// Parses a whole string as a decimal number (e.g. `0.9`, `1e-3`); false otherwise
/// (hexadecimal, `inf`, `nan`, trailing text).
bool parse_real(const std::string& text, double& out);

/// Typed reads of a key=value map. `where` prefixes every error message (e.g.
/// "--opt (algorithm cda)" or "--workload tree").
class KvReader {
 public:
  KvReader(std::string where, const std::map<std::string, std::string>& kv) : where_(std::move(where)), kv_(kv) {}
  /// Integer `key` in [lo, hi], `def` when absent.
  std::int64_t i(const std::string& key, std::int64_t def, std::int64_t lo, std::int64_t hi);
  /// Real `key` in [lo, hi], `def` when absent.
  double d(const std::string& key, double def, double lo, double hi);
  /// String `key` among `allowed`, `def` when absent.
  std::string s(const std::string& key, const std::string& def, std::initializer_list<const char*> allowed);
  /// Whether `key` was given (does not count as reading it).
  bool has(const std::string& key) const { return kv_.count(key) != 0; }
  /// Marks `key` as known without reading it (it is read elsewhere).
  void known(const std::string& key) { used_.insert(key); }
  /// Rejects keys that were never read, listing the known ones.
  void done() const;

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& what) const;
  std::string where_;
  const std::map<std::string, std::string>& kv_;
  std::set<std::string> used_;
};

}  // namespace td::detail
