// SPDX-License-Identifier: Apache-2.0
// UTS tree generator (see uts.h). The random stream, the child-count laws and the caps
// follow the UTS description (Olivier et al., LCPC 2006) and the UTS distribution's
// semantics, so that the sample trees come out with their published sizes; the SHA-1
// itself is OpenSSL's.
#include "td/uts.h"

#include <openssl/evp.h>

#include <cmath>
#include <stdexcept>

#include "td/workload.h"

namespace td::uts {

namespace {
// 2^31: the 31-bit draw over this is a probability in [0, 1).
constexpr double kTwo31 = 2147483648.0;
// UTS's cyclic shape writes pi as this literal; using M_PI gives the same double, but
// keeping the literal keeps the correspondence obvious.
constexpr double kPi = 3.141592653589793;

void put_be32(std::uint8_t* out, std::uint32_t v) {
  out[0] = static_cast<std::uint8_t>(v >> 24);
  out[1] = static_cast<std::uint8_t>(v >> 16);
  out[2] = static_cast<std::uint8_t>(v >> 8);
  out[3] = static_cast<std::uint8_t>(v);
}
}  // namespace

Params sample_tree(const std::string& name) {
  // sample_trees.sh of the UTS distribution (docs/td.md cites it with the published sizes).
  Params p;
  if (name == "T1") {  // -t 1 -a 3 -d 10 -b 4 -r 19
    p.type = TreeType::Geometric, p.shape = Shape::Fixed, p.depth = 10, p.b0 = 4, p.root_seed = 19;
  } else if (name == "T2") {  // -t 1 -a 2 -d 16 -b 6 -r 502
    p.type = TreeType::Geometric, p.shape = Shape::Cyclic, p.depth = 16, p.b0 = 6, p.root_seed = 502;
  } else if (name == "T3") {  // -t 0 -b 2000 -q 0.124875 -m 8 -r 42
    p.type = TreeType::Binomial, p.b0 = 2000, p.q = 0.124875, p.m = 8, p.root_seed = 42;
  } else if (name == "T4") {  // -t 2 -a 0 -d 16 -b 6 -r 1 -q 0.234375 -m 4
    p.type = TreeType::Hybrid, p.shape = Shape::Linear, p.depth = 16, p.b0 = 6, p.q = 0.234375, p.m = 4;
    p.root_seed = 1;
  } else if (name == "T5") {  // -t 1 -a 0 -d 20 -b 4 -r 34
    p.type = TreeType::Geometric, p.shape = Shape::Linear, p.depth = 20, p.b0 = 4, p.root_seed = 34;
  } else {
    throw ConfigError("--workload uts: key 'tree': '" + name + "' is not one of T1|T2|T3|T4|T5");
  }
  return p;
}

std::vector<std::string> sample_tree_names() { return {"T1", "T2", "T3", "T4", "T5"}; }

Stats published_stats(const std::string& name) {
  // sample_trees.sh: "Tree size = ..., tree depth = ..., num leaves = ..." per sample tree.
  if (name == "T1") return Stats{4'130'071, 3'305'118, 10};
  if (name == "T2") return Stats{4'117'769, 2'342'762, 81};
  if (name == "T3") return Stats{4'112'897, 3'599'034, 1'572};
  if (name == "T4") return Stats{4'132'453, 3'108'986, 134};
  if (name == "T5") return Stats{4'147'582, 2'181'318, 20};
  throw ConfigError("--workload uts: key 'tree': '" + name + "' is not a sample tree (legal: T1..T5)");
}

struct Generator::Ctx {
  EVP_MD* md = nullptr;
  EVP_MD_CTX* ctx = nullptr;
};

Generator::Generator(const Params& p) : p_(p), ctx_(std::make_unique<Ctx>()) {
  // Fetch SHA-1 once: per-call lookups (the one-shot SHA1()) cost more than the hash.
  ctx_->md = EVP_MD_fetch(nullptr, "SHA1", nullptr);
  ctx_->ctx = EVP_MD_CTX_new();
  if (!ctx_->md || !ctx_->ctx) {
    EVP_MD_free(ctx_->md);
    EVP_MD_CTX_free(ctx_->ctx);
    throw std::runtime_error("uts: OpenSSL has no SHA-1 digest available");
  }
}

Generator::~Generator() {
  EVP_MD_CTX_free(ctx_->ctx);
  EVP_MD_free(ctx_->md);
}

State Generator::digest(const std::uint8_t* a, std::size_t na, const std::uint8_t* b, std::size_t nb) const {
  State out{};
  unsigned int len = 0;
  if (EVP_DigestInit_ex2(ctx_->ctx, ctx_->md, nullptr) != 1 || EVP_DigestUpdate(ctx_->ctx, a, na) != 1 ||
      (nb > 0 && EVP_DigestUpdate(ctx_->ctx, b, nb) != 1) || EVP_DigestFinal_ex(ctx_->ctx, out.data(), &len) != 1 ||
      len != out.size())
    throw std::runtime_error("uts: OpenSSL SHA-1 failed");
  return out;
}

State Generator::root() const {
  std::uint8_t in[20] = {};
  put_be32(in + 16, static_cast<std::uint32_t>(p_.root_seed));
  return digest(in, sizeof in, nullptr, 0);
}

State Generator::child(const State& parent, int i) const {
  std::uint8_t idx[4];
  put_be32(idx, static_cast<std::uint32_t>(i));
  return digest(parent.data(), parent.size(), idx, sizeof idx);
}

double to_prob(const State& s) {
  const std::uint32_t v =
      (std::uint32_t{s[16]} << 24) | (std::uint32_t{s[17]} << 16) | (std::uint32_t{s[18]} << 8) | std::uint32_t{s[19]};
  return static_cast<double>(v & 0x7fffffffu) / kTwo31;
}

int Generator::binomial(const State& s) const { return to_prob(s) < p_.q ? p_.m : 0; }

int Generator::geometric(const State& s, int height) const {
  double bi = p_.b0;
  if (height > 0) {
    const double d = height, g = p_.depth;
    switch (p_.shape) {
      case Shape::Linear: bi = p_.b0 * (1.0 - d / g); break;
      case Shape::Expdec:  // expected size polynomial in the depth
        bi = p_.b0 * std::pow(d, -std::log(p_.b0) / std::log(g));
        break;
      case Shape::Cyclic: bi = height > 5 * p_.depth ? 0.0 : std::pow(p_.b0, std::sin(2.0 * kPi * d / g)); break;
      case Shape::Fixed: bi = height < p_.depth ? p_.b0 : 0.0; break;
    }
  }
  // A geometric law with mean bi has success probability p = 1/(1+bi); the child count is
  // the inverse CDF at the node's draw u. bi = 0 gives log(0) = -inf below: 0 children.
  const double p = 1.0 / (1.0 + bi);
  const double u = to_prob(s);
  const double k = std::floor(std::log(1.0 - u) / std::log(1.0 - p));
  if (!(k >= 0.0)) return 0;  // bi <= 0 beyond a linear shape's depth (NaN or negative)
  return k > kMaxChildren ? kMaxChildren : static_cast<int>(k);
}

int Generator::num_children(const State& s, int height) const {
  switch (p_.type) {
    case TreeType::Binomial:
      // The root has floor(b0) children (UTS lets only a binomial root exceed the cap).
      if (height == 0) return static_cast<int>(std::floor(p_.b0));
      return std::min(binomial(s), kMaxChildren);
    case TreeType::Geometric: return geometric(s, height);
    case TreeType::Hybrid:
      if (height < p_.shift * p_.depth) return geometric(s, height);
      return std::min(binomial(s), kMaxChildren);
  }
  return 0;
}

Stats tree_stats(const Params& p, std::int64_t max_nodes) {
  Generator gen(p);
  Stats st;
  struct Frame {
    State s;
    int height;
  };
  std::vector<Frame> stack;
  stack.push_back({gen.root(), 0});
  while (!stack.empty()) {
    const Frame f = stack.back();
    stack.pop_back();
    if (++st.nodes > max_nodes)
      throw ConfigError("--workload uts: key 'maxnodes': the tree has more than " + std::to_string(max_nodes) +
                        " nodes");
    if (f.height > st.depth) st.depth = f.height;
    const int k = gen.num_children(f.s, f.height);
    if (k == 0) ++st.leaves;
    for (int i = 0; i < k; ++i) stack.push_back({gen.child(f.s, i), f.height + 1});
  }
  return st;
}

}  // namespace td::uts
