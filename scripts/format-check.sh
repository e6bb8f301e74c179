#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks that the project's C++ files are formatted as .clang-format says (make format-check).
# Lists every file clang-format would change and exits 1; exits 0 when all are clean, 2 when
# clang-format is missing. Files: the C++ sources and headers git knows (tracked, or new and
# not ignored), so build folders are never looked at; without git, a find that skips build*/.
# Fix a listed file with: clang-format -i FILE; `format-check.sh --fix` (make format) fixes all.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v clang-format >/dev/null 2>&1; then
  echo "format-check: clang-format not found: run scripts/install-deps.sh" >&2
  exit 2
fi

patterns=('*.cpp' '*.cc' '*.h' '*.hpp' '*.inc')
files=()
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files --cached --others --exclude-standard -- "${patterns[@]}" | sort -u)
else
  mapfile -t files < <(find . \( -path './build*' -o -path './.git' \) -prune -o -type f \
    \( -name '*.cpp' -o -name '*.cc' -o -name '*.h' -o -name '*.hpp' -o -name '*.inc' \) -print |
    sed 's|^\./||' | sort)
fi

bad=()
checked=0
for f in "${files[@]}"; do
  [ -f "$f" ] || continue  # tracked but deleted in the work tree
  checked=$((checked + 1))
  if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
    bad+=("$f")
  fi
done

if [ "${1:-}" = "--fix" ] && [ ${#bad[@]} -ne 0 ]; then  # make format
  clang-format -i "${bad[@]}"
  echo "format: reformatted ${#bad[@]} of $checked C++ files"
  exit 0
fi

if [ ${#bad[@]} -ne 0 ]; then
  echo "format-check: ${#bad[@]} of $checked C++ files are not formatted as .clang-format says:"
  printf '  %s\n' "${bad[@]}"
  echo "fix with: clang-format -i <file>"
  exit 1
fi
echo "format-check: all $checked C++ files formatted"
