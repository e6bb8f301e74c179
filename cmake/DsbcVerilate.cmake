# SPDX-License-Identifier: Apache-2.0
# The one recipe that turns RTL into a Verilated C++ (or SystemC) model. Every Verilated
# build of the project goes through these functions: the lockstep test matrix, the
# benchmarks, the Wired-NOR tests (ahead of time, from the main CMake tree) and the RTL
# engine plugins that tools build on first use for any legal configuration
# (rtl_engine/plugin/CMakeLists.txt, driven by rtl_engine/src/rtl_loader.cpp). Change a flag
# here and every build, and the plugin cache key (this file is hashed), follows.
#
#   dsbc_verilate_top(<target> TOP <module> PREFIX <prefix> SOURCES <v files...>
#                     PARAMS <Name=value...> [TRACE] [SYSTEMC] [COVERAGE])
#   dsbc_verilate(<target> <N> <M> <T> <D> PREFIX <prefix> [SCHED rr|arb] [PIPE 0|1] [HALF 0|1] [TRACE] [SYSTEMC]
#                 [COVERAGE])
#       the DSBC unit (dsbc_top) with NumPes=N, NumBarriers=M, CountBits=T, FifoDepth=D,
#       the scheduler Sched (rr -> 0, the default; arb -> 1; the names of dsbc::Sched),
#       Pipe (0 default; 1: the pipelined global sum, rr only) and HalfRate (HALF; 0 default;
#       1: half the request rate, rr only).
#   COVERAGE: line and toggle coverage points (make coverage, mk/coverage.mk); the same flags
#       otherwise, so the instrumented model is the model every other build simulates.
include_guard(GLOBAL)

find_package(verilator 5.0 REQUIRED HINTS $ENV{VERILATOR_ROOT} /usr/share/verilator)

# The source tree root (this file lives in <root>/cmake).
get_filename_component(DSBC_SOURCE_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

# The DSBC unit's RTL: every rtl/dsbc_*.v (the Wired-NOR and NCL designs live in folders of
# their own and are not part of it).
file(GLOB DSBC_RTL_SOURCES CONFIGURE_DEPENDS ${DSBC_SOURCE_ROOT}/rtl/dsbc_*.v)

# Verilator flags, once for every build:
#  -Wall, warnings not fatal here (`make lint` is the place that must be clean);
#  --x-assign/--x-initial unique: X values become random when +verilator+rand+reset is set,
#   so a missing reset shows up in the lockstep runs (RtlEngine rand_seed);
#  -O3 Verilator optimisation; the generated C++ of wide configurations is large, so the
#   one-time "slow" code (constructors, trace declarations) is compiled without optimisation
#   and only the per-cycle code with -O2.
set(DSBC_VERILATOR_ARGS -Wall -Wno-fatal --x-assign unique --x-initial unique -O3)

function(dsbc_verilate_top target)
  cmake_parse_arguments(V "TRACE;SYSTEMC;COVERAGE" "TOP;PREFIX" "SOURCES;PARAMS" ${ARGN})
  if(NOT V_TOP OR NOT V_PREFIX OR NOT V_SOURCES)
    message(FATAL_ERROR "dsbc_verilate_top(${target}): TOP, PREFIX and SOURCES are required")
  endif()
  set(params)
  foreach(p IN LISTS V_PARAMS)
    list(APPEND params -G${p})
  endforeach()
  set(extra)
  if(V_TRACE)
    list(APPEND extra TRACE_FST)
  endif()
  if(V_SYSTEMC)
    list(APPEND extra SYSTEMC)
  endif()
  # Line and toggle points only (no user covers: the RTL has none outside `ifdef FORMAL`).
  # Verilator then defines VM_COVERAGE and links its coverage runtime itself.
  if(V_COVERAGE)
    list(APPEND params --coverage-line --coverage-toggle)
  endif()
  verilate(${target} ${extra}
    SOURCES ${V_SOURCES}
    TOP_MODULE ${V_TOP}
    PREFIX ${V_PREFIX}
    OPT_SLOW -O0
    OPT_FAST -O2
    OPT_GLOBAL -O1
    VERILATOR_ARGS ${DSBC_VERILATOR_ARGS} ${params})
  # No debug info for the (large) generated code: it costs build time, not run time.
  target_compile_options(${target} PRIVATE -g0)
endfunction()

# The RTL parameter Sched of a scheduler name; a fatal error names the legal ones.
function(dsbc_sched_param name out)
  if(name STREQUAL "rr")
    set(${out} 0 PARENT_SCOPE)
  elseif(name STREQUAL "arb")
    set(${out} 1 PARENT_SCOPE)
  else()
    message(FATAL_ERROR "dsbc_verilate: SCHED '${name}' is not a scheduler: legal rr, arb")
  endif()
endfunction()

function(dsbc_verilate target n m t d)
  # SCHED, PIPE and HALF are taken here; the remaining arguments (PREFIX <prefix>, TRACE,
  # SYSTEMC, COVERAGE) go through unchanged.
  cmake_parse_arguments(S "" "SCHED;PIPE;HALF" "" ${ARGN})
  if(NOT S_SCHED)
    set(S_SCHED rr)
  endif()
  if(NOT S_PIPE)
    set(S_PIPE 0)
  endif()
  if(NOT S_PIPE MATCHES "^[01]$")
    message(FATAL_ERROR "dsbc_verilate: PIPE '${S_PIPE}': legal 0, 1")
  endif()
  if(NOT S_HALF)
    set(S_HALF 0)
  endif()
  if(NOT S_HALF MATCHES "^[01]$")
    message(FATAL_ERROR "dsbc_verilate: HALF '${S_HALF}': legal 0, 1")
  endif()
  # HalfRate = 0 is the RTL's default: left off, so every existing build's command line (and
  # the plugin cache key of rtl_engine, which hashes the arguments) stays as it was.
  set(half_param)
  if(S_HALF STREQUAL "1")
    set(half_param HalfRate=1)
  endif()
  dsbc_sched_param(${S_SCHED} sched)
  dsbc_verilate_top(${target} ${S_UNPARSED_ARGUMENTS}
    TOP dsbc_top
    SOURCES ${DSBC_RTL_SOURCES}
    PARAMS NumPes=${n} NumBarriers=${m} CountBits=${t} FifoDepth=${d} Sched=${sched} Pipe=${S_PIPE} ${half_param})
endfunction()
