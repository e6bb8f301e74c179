// SPDX-License-Identifier: Apache-2.0
/// @file lockstep_engine.h
/// The system run's names for the model's lockstep comparator (dsbc/lockstep.h), which the
/// lockstep tests share: two engines driven with the same inputs, every output of every cycle
/// compared, and (the default, OnMismatch::kThrow) the first difference stops the run.
#pragma once

#include "dsbc/lockstep.h"

namespace dsys {

using LockstepMismatch = dsbc::LockstepMismatch;
using LockstepEngine = dsbc::LockstepEngine;

}  // namespace dsys
