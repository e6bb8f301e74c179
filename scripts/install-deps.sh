#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages this project needs, idempotently: nothing is downloaded when
# everything is already there. Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake git python3
  verilator            # lockstep simulation, lint (5.006)
  iverilog             # second simulator (11)
  yosys                # synthesis, BRAM-inference check (0.23)
  libgtest-dev         # GoogleTest 1.12
  libcli11-dev         # command-line parsing of the tools
  libfmt-dev           # text formatting of the tools and report writers (fmt 9)
  clang-format         # make format-check (.clang-format, clang-format 14)
  nextpnr-ice40                 # iCE40 place and route, Fmax (synth flows; its chip database is built in)
  gnuplot-nox                   # report plots
  libsystemc-dev                # SystemC 2.3.4: the system co-simulation top (sim/)
  z3 boolector                   # yosys-smtbmc solvers (make formal)
  nlohmann-json3-dev            # JSON output of the tools
  libssl-dev                    # SHA-256 (libcrypto) keys of the RTL engine plugin cache
  openmpi-bin libopenmpi-dev    # tdmpi: the TD algorithms over real processes (td/mpi, issue 15)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
