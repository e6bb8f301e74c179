// SPDX-License-Identifier: Apache-2.0
// Nothing left here: the comparator moved to cpp_model (dsbc/lockstep.h, src/lockstep.cpp).
// This file only remains until sim/CMakeLists.txt stops listing it; then delete it.
#include "dsys/lockstep_engine.h"
