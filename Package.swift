// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Teammate",
  // NB: the store's executor is an `ExecutorJob` (macOS 14, iOS 17) and the command line reads
  // its arguments with `String(validating:as:)` (macOS 15, iOS 18). Declared, not exercised:
  // this machine builds and tests on Linux only.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "TeammateKit", targets: ["TeammateKit"]),
    .library(name: "TeammateInMemory", targets: ["TeammateInMemory"]),
    .library(name: "TeammateSQLite", targets: ["TeammateSQLite"]),
    .library(name: "TeammatePostgres", targets: ["TeammatePostgres"]),
    .library(name: "TeammateSystem", targets: ["TeammateSystem"]),
    .executable(name: "teammate", targets: ["teammate"]),
    .executable(name: "teammate-bench", targets: ["teammate-bench"]),
    .executable(name: "teammate-sim", targets: ["teammate-sim"]),
  ],
  targets: [
    // Pure rules, models and protocols: Foundation only.
    .target(name: "TeammateKit"),
    // What an app's device uses of the machine it runs on: the system clock.
    .target(name: "TeammateSystem", dependencies: ["TeammateKit"]),
    // Two simulated phones sharing one in-memory cloud.
    .target(name: "TeammateInMemory", dependencies: ["TeammateKit"]),
    // The durable store; the only target that sees SQLite's C API.
    .systemLibrary(
      name: "CSQLite",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "TeammateSQLite", dependencies: ["TeammateKit", "CSQLite"]),
    // The server backend; the only target that sees libpq.
    .systemLibrary(
      name: "CLibPQ",
      providers: [.apt(["libpq-dev"])]
    ),
    .target(name: "TeammatePostgres", dependencies: ["TeammateKit", "CLibPQ"]),
    // The command line: parsing, formatting and exit codes, no rules.
    .target(
      name: "TeammateCLI",
      dependencies: ["TeammateKit", "TeammateSQLite", "TeammatePostgres", "TeammateSystem"]),
    .executableTarget(name: "teammate", dependencies: ["TeammateCLI"]),
    .executableTarget(
      name: "teammate-bench",
      dependencies: [
        "TeammateKit", "TeammateInMemory", "TeammateSQLite", "TeammatePostgres", "TeammateCLI",
        "TeammateSystem", "TeammateTestSupport",
      ]
    ),
    // The deterministic simulator: two partners, their phones and every fault, by seed.
    .target(
      name: "TeammateSimulation",
      dependencies: [
        "TeammateKit", "TeammateInMemory", "TeammateSQLite", "TeammatePostgres",
        "TeammateTestSupport",
      ]
    ),
    .executableTarget(name: "teammate-sim", dependencies: ["TeammateSimulation"]),
    // Fixed clocks, seeded randomness and fixtures shared by the test targets.
    .target(
      name: "TeammateTestSupport",
      dependencies: ["TeammateKit", "TeammateInMemory", "TeammateSQLite", "TeammatePostgres"]
    ),
    .testTarget(
      name: "TeammateKitTests",
      dependencies: ["TeammateKit", "TeammateTestSupport"]
    ),
    .testTarget(
      name: "TeammateInMemoryTests",
      dependencies: ["TeammateInMemory", "TeammateTestSupport"]
    ),
    .testTarget(
      name: "TeammateSQLiteTests",
      dependencies: ["TeammateSQLite", "TeammateTestSupport"]
    ),
    .testTarget(
      name: "BackendContractTests",
      dependencies: [
        "TeammateKit", "TeammateInMemory", "TeammateSQLite", "TeammatePostgres",
        "TeammateTestSupport", "TeammateSimulation",
      ]
    ),
    .testTarget(
      name: "TeammatePostgresTests",
      dependencies: ["TeammatePostgres", "TeammateKit", "TeammateTestSupport"]
    ),
    .testTarget(
      name: "TeammateSimulationTests",
      dependencies: ["TeammateSimulation", "TeammateKit", "TeammateTestSupport"]
    ),
    .testTarget(
      name: "TeammateCLITests",
      dependencies: [
        "TeammateCLI", "TeammateKit", "TeammateSQLite", "TeammatePostgres", "TeammateTestSupport",
      ],
      // The pinned help pages are read by their path, not built.
      exclude: ["HelpPages"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
