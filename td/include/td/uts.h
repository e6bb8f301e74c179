// SPDX-License-Identifier: Apache-2.0
/// @file uts.h
/// The Unbalanced Tree Search (UTS) tree generator (Olivier et al., LCPC 2006): node
/// states from UTS's SHA-1 splittable random stream (OpenSSL libcrypto's SHA-1), the
/// binomial / geometric / hybrid child-count laws, and a tree-statistics walk that does
/// not need the simulated machine. Our own code after the public description of UTS.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace td::uts {

/// UTS tree types (`-t`): 0 binomial, 1 geometric, 2 hybrid.
enum class TreeType { Binomial, Geometric, Hybrid };
/// Geometric shape functions (`-a`): 0 linear, 1 expdec, 2 cyclic, 3 fixed.
enum class Shape { Linear, Expdec, Cyclic, Fixed };

/// UTS caps every node but a binomial root at this many children.
constexpr int kMaxChildren = 100;

/// Parameters of one UTS tree; defaults are UTS's own (`-t 1 -a 0 -d 6 -b 4 -r 0`,
/// q = 15/64, m = 4, shift depth 0.5).
struct Params {
  TreeType type = TreeType::Geometric;
  Shape shape = Shape::Linear;
  int depth = 6;               ///< gen_mx (`-d`): depth scale of the geometric shapes
  double b0 = 4.0;             ///< root branching factor (`-b`)
  double q = 15.0 / 64.0;      ///< binomial: probability that a node has m children (`-q`)
  int m = 4;                   ///< binomial: children of a non-leaf (`-m`)
  std::int32_t root_seed = 0;  ///< root id (`-r`)
  double shift = 0.5;          ///< hybrid: geometric above depth shift*depth (`-f`)
};

/// The 20-byte SHA-1 digest that is a node's random state.
using State = std::array<std::uint8_t, 20>;

/// Parameters of a UTS sample tree T1..T5 (the UTS distribution's sample_trees.sh);
/// throws ConfigError naming `tree` for another name.
Params sample_tree(const std::string& name);

/// Names of the sample trees, "T1".."T5".
std::vector<std::string> sample_tree_names();

/// Generates node states and child counts. Holds one reusable OpenSSL digest context,
/// so one instance must not be shared between threads.
class Generator {
 public:
  explicit Generator(const Params& p);
  ~Generator();
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;
  /// State of the root: SHA-1 of 16 zero bytes and the root seed (big-endian).
  State root() const;
  /// State of child `i` of a node: SHA-1 of the parent's state and i (big-endian).
  State child(const State& parent, int i) const;
  /// Number of children of the node with state `s` at depth `height` (root: 0).
  int num_children(const State& s, int height) const;
  const Params& params() const { return p_; }

 private:
  State digest(const std::uint8_t* a, std::size_t na, const std::uint8_t* b, std::size_t nb) const;
  int geometric(const State& s, int height) const;
  int binomial(const State& s) const;
  Params p_;
  struct Ctx;
  std::unique_ptr<Ctx> ctx_;
};

/// The uniform draw of a state: its last four bytes, big-endian, low 31 bits, over 2^31.
double to_prob(const State& s);

/// Size of a UTS tree.
struct Stats {
  std::int64_t nodes = 0;   ///< all nodes, root included
  std::int64_t leaves = 0;  ///< nodes without children
  int depth = 0;            ///< largest node depth (root: 0)
};

/// Walks the whole tree depth-first without the machine. Throws ConfigError naming
/// `maxnodes` when the tree has more than `max_nodes` nodes.
Stats tree_stats(const Params& p, std::int64_t max_nodes);

/// The published size of sample tree T1..T5: the "Tree size, tree depth, num leaves" comment
/// lines of the UTS distribution's sample_trees.sh (numbers nobody here computed; the real-run
/// oracle, tdmpi-oracle, checks task counts against them). Throws ConfigError naming `tree`.
Stats published_stats(const std::string& name);

}  // namespace td::uts
