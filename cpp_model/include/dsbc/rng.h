// SPDX-License-Identifier: Apache-2.0
/// @file
/// The random source of the stimulus agents (dsbc::Stimulus): xoshiro256** (Blackman and
/// Vigna's generator, written here from its published definition), seeded through splitmix64,
/// with the few draws the agents need, each a few nanoseconds. The agents used to take a
/// std::mt19937_64 draw through std::uniform_real_distribution per held task and per PE per
/// cycle, two thirds of the closed loop's time (docs/performance.md 2a).
///
/// Why the distributions are the ones the options name (tested in cpp_model/test/rng_test.cpp):
/// - bernoulli(threshold(p)) is true iff a uniform 32-bit word is below round(p * 2^32), so
///   with probability round(p * 2^32) / 2^32: p itself to within 2^-33 (p = 0 and p = 1 exactly).
/// - below(n) is uniform on [0, n), exactly (Lemire's multiply-and-reject).
/// - geometric(p) is the number of failures before the first success of independent
///   Bernoulli(p) trials, P(G >= k) = (1 - p)^k. Where p is large enough that G < 8 is
///   likely ((1 - p)^8 < 1/2: the acts' 0.5), G >= k for k <= 8 iff a uniform 64-bit word is
///   below round((1 - p)^k * 2^64), so to within 2^-64, by compares instead of a log; beyond
///   (G >= 8: the trials are independent), and for small p (the tries' 0.02) from 0, it adds
///   a fresh G' = floor(ln U / ln(1 - p)) with U uniform on (0, 1]:
///   P(G' >= j) = P(U <= (1 - p)^j) = (1 - p)^j (to double precision: computed as ln U times
///   1 / ln(1 - p), a rounding more than the quotient, about 2^-52 relative, which moves G'
///   only where the quotient is that close to an integer).
///   A per-cycle Bernoulli(p) decision may therefore be replaced by "act again after G more
///   eligible cycles", drawn once per action: the trials are independent, so which cycle acts
///   next has the same law either way.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace dsbc {

class Rng {
 public:
  explicit Rng(uint64_t seed) {
    // splitmix64 spreads any seed (0 included) over the 256-bit state, never all zero.
    uint64_t x = seed;
    for (uint64_t& word : s_) {
      x += 0x9e3779b97f4a7c15ULL;
      uint64_t z = x;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      word = z ^ (z >> 31);
    }
    refill();
  }

  /// 64 uniform bits (xoshiro256**): the generator's next output.
  uint64_t next() {
    const uint64_t v = buf_[pos_];
    if (++pos_ == kBuffered) refill();
    return v;
  }

  /// 32 uniform bits: the two halves of one next() in turn (the low half first; a next() in
  /// between takes the output after this one, and the high half is still the next next32()).
  /// Without a branch on which half is due: the agents draw a random number of these per
  /// cycle, so such a branch is mispredicted often (docs/performance.md 2a). The outputs are
  /// made kBuffered at a time, so that taking one is an index step.
  uint32_t next32() {
    // keep: all ones if the high half is due (it is returned and kept), else zero (the low half
    // of the next output is returned, its high half kept). Masks, not ?:, which the compiler may
    // turn into the branch this avoids.
    const uint32_t keep = 0U - static_cast<uint32_t>(half_valid_);
    const uint64_t v = buf_[pos_];
    const uint32_t result = (half_ & keep) | (static_cast<uint32_t>(v) & ~keep);
    half_ = (half_ & keep) | (static_cast<uint32_t>(v >> 32) & ~keep);
    pos_ += 1 - (keep & 1);
    half_valid_ = !half_valid_;
    if (pos_ == kBuffered) refill();
    return result;
  }

  /// The integer threshold of probability p for bernoulli(): round(p * 2^32), clamped to
  /// [0, 2^32] (2^32: always true).
  static uint64_t threshold(double p) {
    if (!(p > 0)) return 0;
    if (p >= 1) return uint64_t{1} << 32;
    return static_cast<uint64_t>(std::llround(p * 4294967296.0));
  }
  /// True with probability threshold / 2^32.
  bool bernoulli(uint64_t threshold) { return next32() < threshold; }

  /// Uniform on [0, n), n >= 1 (Lemire: the high word of a 32x32 product, rejecting the few
  /// low words that would favour some values).
  uint32_t below(uint32_t n) {
    uint64_t m = static_cast<uint64_t>(next32()) * n;
    if (static_cast<uint32_t>(m) < n) {
      const uint32_t reject = static_cast<uint32_t>(-n) % n;  // 2^32 mod n
      while (static_cast<uint32_t>(m) < reject) m = static_cast<uint64_t>(next32()) * n;
    }
    return static_cast<uint32_t>(m >> 32);
  }

  /// Never: what geometric() returns for p = 0 (no trial ever succeeds).
  static constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();
  /// The law of geometric() for one p, computed once per option: at_least[k - 1] =
  /// round((1 - p)^k * 2^64), k = 1..kTable (long double: 64 bits of mantissa), and
  /// 1 / ln(1 - p) for the log (0 for p >= 1, +infinity for p <= 0, where no trial succeeds).
  static constexpr int kTable = 8;
  struct Geometric {
    uint64_t at_least[kTable];
    double scale;
    bool table;  ///< (1 - p)^kTable < 1/2: the table decides most draws (else only the log is used)
  };
  static Geometric geometric_law(double p) {
    Geometric g{};
    g.scale = !(p > 0) ? std::numeric_limits<double>::infinity() : p >= 1 ? 0.0 : 1 / std::log1p(-p);
    const long double q = p >= 1 ? 0.0L : p <= 0 ? 1.0L : 1.0L - static_cast<long double>(p);
    for (int k = 1; k <= kTable; ++k) {
      const long double t = std::pow(q, static_cast<long double>(k)) * 18446744073709551616.0L;  // * 2^64
      g.at_least[k - 1] = t >= 18446744073709551615.0L ? ~uint64_t{0} : static_cast<uint64_t>(t + 0.5L);
    }
    g.table = g.at_least[kTable - 1] < (uint64_t{1} << 63);
    return g;
  }
  /// Failures before the first success of Bernoulli(p) trials, p given as geometric_law(p):
  /// P(G >= k) = (1 - p)^k. kNever for p <= 0, 0 for p >= 1. With the table, G >= k iff a
  /// uniform 64-bit word is below at_least[k - 1] (the thresholds fall with k, so G is the
  /// number of them above the word: compares without a branch, at p = 0.5 about two thirds of
  /// the log's cost); past the table, G = kTable + a fresh G' (P(G' >= j) = (1 - p)^j, the
  /// trials being independent); without it G = G'. G' = floor(ln U * scale) with U uniform on
  /// (0, 1]: P(G' >= j) = P(ln U <= j ln(1 - p)) = P(U <= (1 - p)^j).
  uint64_t geometric(const Geometric& law) {
    if (law.scale == std::numeric_limits<double>::infinity()) return kNever;
    uint64_t g = 0;
    if (law.table) {
      const uint64_t word = next();
      for (const uint64_t t : law.at_least) g += static_cast<uint64_t>(word < t);
      if (g < static_cast<uint64_t>(kTable)) return g;
    }
    // U uniform on (0, 1] in steps of 2^-53: ln U is finite and <= 0, and so is scale (0 for
    // p = 1: G' = 0), so the product is >= 0 and the conversion truncates to its floor.
    const double u = static_cast<double>((next() >> 11) + 1) * 0x1.0p-53;
    const double tail = std::log(u) * law.scale;
    return tail >= 1e18 ? kNever : g + static_cast<uint64_t>(tail);
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  /// The next kBuffered outputs of xoshiro256**, in order, from buf_[0].
  void refill() {
    for (uint64_t& out : buf_) {
      out = rotl(s_[1] * 5, 7) * 9;
      const uint64_t t = s_[1] << 17;
      s_[2] ^= s_[0];
      s_[3] ^= s_[1];
      s_[1] ^= s_[2];
      s_[0] ^= s_[3];
      s_[2] ^= t;
      s_[3] = rotl(s_[3], 45);
    }
    pos_ = 0;
  }

  static constexpr size_t kBuffered = 16;
  uint64_t s_[4];
  uint64_t buf_[kBuffered];  ///< outputs made, not yet taken: buf_[pos_] is the next
  size_t pos_ = 0;
  uint32_t half_ = 0;
  bool half_valid_ = false;
};

}  // namespace dsbc
