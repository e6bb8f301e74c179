// SPDX-License-Identifier: Apache-2.0
/// @file runtime.cpp
/// The heap-ordered control/broadcast tree every engine shares (computed, not stored).
#include "td/runtime.h"

#include <algorithm>
#include <stdexcept>

namespace td {

NodeId Runtime::tree_parent(NodeId pe) const { return pe == 0 ? -1 : (pe - 1) / tree_arity(); }

std::vector<NodeId> Runtime::tree_children(NodeId pe) const {
  std::vector<NodeId> c;
  const int arity = tree_arity();
  for (int k = 1; k <= arity; ++k) {
    const std::int64_t ch = static_cast<std::int64_t>(pe) * arity + k;
    if (ch < npes()) c.push_back(static_cast<NodeId>(ch));
  }
  return c;
}

std::size_t Runtime::tree_nchildren(NodeId pe) const {
  const std::int64_t first = static_cast<std::int64_t>(pe) * tree_arity() + 1;
  if (first >= npes()) return 0;
  return static_cast<std::size_t>(std::min<std::int64_t>(tree_arity(), npes() - first));
}

NodeId Runtime::tree_child_towards(NodeId anc, NodeId desc) const {
  NodeId x = desc;
  while (x > 0 && tree_parent(x) != anc) x = tree_parent(x);
  if (x <= 0) throw std::logic_error("tree_child_towards: not a descendant");
  return x;
}

}  // namespace td
