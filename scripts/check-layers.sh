#!/usr/bin/env bash
# Fails when a source file includes a header of a higher layer, or of a library beside
# its own, as src/layers.txt orders them. Prints each offending include.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

grep -rHE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z_]+/' src tools include \
    --include='*.h' --include='*.cc' |
  awk -v layers=src/layers.txt '
    BEGIN {
      n = 0
      while ((getline line < layers) > 0) {
        sub(/#.*/, "", line)
        k = split(line, word, /[ \t]+/)
        if (k == 0 || (k == 1 && word[1] == "")) continue
        first = (word[1] == "") ? 2 : 1
        if (word[first] == "alias") { alias[word[first + 1]] = word[first + 2]; continue }
        for (i = first; i <= k; i++) if (word[i] != "") rank[word[i]] = n
        n++
      }
    }
    {
      file = $0; sub(/:.*/, "", file)
      split(file, part, "/")
      lib = (part[1] == "src") ? part[2] : (part[1] == "tools" ? "tools" : "main")
      if (!(lib in rank)) { if (!(lib in unknown)) print file ": src/" lib " is in no layer of " layers; unknown[lib] = 1; bad++; next }
      target = $0; sub(/^[^"]*"/, "", target); sub(/\/.*/, "", target)
      if (target in alias) target = alias[target]
      if (!(target in rank) || target == lib) next
      if (rank[target] >= rank[lib]) {
        include = $0; sub(/^[^#]*#[[:space:]]*include[[:space:]]*/, "", include)
        print file ": " lib " includes " include " (layer " target " is not below " lib ")"
        bad++
      }
    }
    END {
      if (bad > 0) { print "check-layers: " bad " include(s) cross the layers of " layers; exit 1 }
      print "check-layers: every include respects " layers
    }'
