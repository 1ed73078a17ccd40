import Foundation

/// How long a run of seeds, steps or processes is: short when verify judges a change, long
/// when the soak runs (`scripts/soak.sh` sets `TEAMMATE_SOAK=1`). A test sized by it proves its
/// acceptance id in verify on a short run, and the soak runs it again at length (issue 62).
package enum Soak {
  /// Whether this run is the soak's.
  package static let isOn = ProcessInfo.processInfo.environment["TEAMMATE_SOAK"] == "1"

  /// `verify`'s size in verify, `soak`'s in the soak.
  package static func size<T>(verify: T, soak: T) -> T { isOn ? soak : verify }
}
