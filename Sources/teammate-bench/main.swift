import Foundation

// Release build only: `swift run -c release teammate-bench`. Figures go to docs/benchmarks.md.
var rows = plannerBenchmarks()
printTable(rows)
