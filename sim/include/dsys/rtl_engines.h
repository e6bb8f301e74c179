// SPDX-License-Identifier: Apache-2.0
// The backend of an engine choice (--engine model|rtl|both|systemc) for any legal
// configuration; the RTL comes from the RTL engine plugins (dsbc/rtl_loader.h).
#pragma once

#include <memory>

#include "dsys/system.h"

namespace dsys {

/// Throws ConfigError when the engine cannot be provided (e.g. the plugin build failed, or
/// SystemC is not built in); the message says why.
std::unique_ptr<Backend> make_backend(const SystemConfig& cfg);

}  // namespace dsys
