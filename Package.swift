// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Teammate",
  // NB: the lowest the code needs: the store's executor is an `ExecutorJob` (macOS 14, iOS 17).
  // Declared, not exercised: this machine builds and tests on Linux, which checks no
  // availability, so the scan `platform-floor` names each API known to need more.
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "TeammateKit", targets: ["TeammateKit"]),
    .library(name: "TeammateInMemory", targets: ["TeammateInMemory"]),
    .library(name: "TeammateSQLite", targets: ["TeammateSQLite"]),
    .library(name: "TeammatePostgres", targets: ["TeammatePostgres"]),
    .library(name: "TeammateSystem", targets: ["TeammateSystem"]),
    // The backend contract an adopter's backend must pass, with the test doubles it needs.
    .library(
      name: "TeammateConformance",
      targets: ["TeammateConformance", "TeammateTestSupport", "TeammateSimulation"]),
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
        "TeammateSystem", "TeammateTestSupport", "TeammateTestHarness",
      ]
    ),
    // The deterministic simulator: two partners, their phones and every fault, by seed.
    .target(
      name: "TeammateSimulation",
      dependencies: ["TeammateKit", "TeammateInMemory", "TeammateTestSupport"]
    ),
    .executableTarget(
      name: "teammate-sim", dependencies: ["TeammateSimulation", "TeammateTestHarness"]),
    // Fixed clocks, seeded randomness, faulty networks, fixtures and the backend factory.
    .target(name: "TeammateTestSupport", dependencies: ["TeammateKit", "TeammateInMemory"]),
    // The backend contract as checks any backend factory runs (Swift Testing's expectations).
    .target(
      name: "TeammateConformance",
      dependencies: [
        "TeammateKit", "TeammateInMemory", "TeammateTestSupport", "TeammateSimulation",
      ]
    ),
    // Our own test machinery: our four backends as factories, PostgreSQL servers of the
    // tests' own, programs run and left running.
    .target(
      name: "TeammateTestHarness",
      dependencies: [
        "TeammateKit", "TeammateSQLite", "TeammatePostgres", "TeammateTestSupport",
      ]
    ),
    .testTarget(
      name: "TeammateKitTests",
      dependencies: ["TeammateKit", "TeammateTestSupport"],
      // The stored forms of older versions are read by their path, not built.
      exclude: ["Fixtures"]
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
      dependencies: ["TeammateConformance", "TeammateTestHarness"]
    ),
    .testTarget(
      name: "TeammatePostgresTests",
      dependencies: [
        "TeammatePostgres", "TeammateKit", "TeammateTestSupport", "TeammateTestHarness",
      ]
    ),
    .testTarget(
      name: "TeammateSimulationTests",
      dependencies: [
        "TeammateSimulation", "TeammateKit", "TeammateTestSupport", "TeammateTestHarness",
        "TeammateConformance",
      ]
    ),
    // Shaped as a third party's test target: the conformance product and TeammateKit's public
    // API only (a package name of its own, so `package` declarations stay out of reach).
    .testTarget(
      name: "ConformanceAdopterTests",
      dependencies: ["TeammateKit", "TeammateConformance", "TeammateTestSupport"],
      swiftSettings: [.unsafeFlags(["-package-name", "ConformanceAdopter"])]
    ),
    .testTarget(
      name: "TeammateCLITests",
      dependencies: [
        "TeammateCLI", "TeammateKit", "TeammateSQLite", "TeammatePostgres", "TeammateTestSupport",
        "TeammateTestHarness",
      ],
      // The pinned help pages are read by their path, not built.
      exclude: ["HelpPages"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
