# Sourced by the scripts that read the debug build's modules (scripts/api.sh, scripts/docs.sh):
# where they are, the target triple, and the flags that let a tool import them, C modules too.
# Usage: . scripts/lib/built-modules.sh NAME   (NAME words the message when nothing is built)
modules_dir=.build/debug/Modules
[ -d "$modules_dir" ] || { echo "$1: no $modules_dir: build first (scripts/build.sh)" >&2; exit 2; }
target=$(swift -print-target-info 2>/dev/null | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)
module_flags=(-I "$modules_dir" -target "$target"
  -Xcc -fmodule-map-file=Sources/CSQLite/module.modulemap
  -Xcc -fmodule-map-file=Sources/CLibPQ/module.modulemap)

# extract_graph OUTPUT MODULE: the module's public symbol graph, as the API and docs read it.
extract_graph() {
  swift-symbolgraph-extract -module-name "$2" "${module_flags[@]}" -minimum-access-level public \
    -skip-synthesized-members -output-dir "$1"
}
